"""A possessive before a relative says its owner's gender ("my mate Ciaran and his wife",
"meine Kollegin Bea und ihr Mann"): a later pronoun of the other gender stands for someone
else, so what it says is not stored on the owner."""

from __future__ import annotations

from tests.curator.reading import asserted_triples


def test_the_other_gender_after_his_or_her_is_not_the_owner():
    found = asserted_triples("my mate Ciaran and his wife popped round. she's a dentist")
    assert not any(s == "person:ciaran" and p == "works_as" for s, p, _ in found), found
    found = asserted_triples("mein Kumpel Jonte und seine Freundin waren da. sie ist Köchin")
    assert not any(s == "person:jonte" and p == "works_as" for s, p, _ in found), found
    found = asserted_triples("my friend Alex and her husband stayed over. he is a roofer")
    assert not any(s == "person:alex" and p == "works_as" for s, p, _ in found), found


def test_the_same_gender_after_his_or_her_is_still_the_owner():
    found = asserted_triples("my mate Ciaran and his wife popped round. he's a dentist")
    assert ("person:ciaran", "works_as", "dentist") in found, found
