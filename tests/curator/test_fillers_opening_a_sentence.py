"""A joining word or a chat filler opening the sentence before an unnamed relative ("so my dad
lives in Derby now", "ja meine Oma wohnt in Celle", "ok so my brother is a nurse in Leeds"):
the relative is still who the clause is about, and their home or job is never the speaker's."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples


@pytest.mark.parametrize(
    ("text", "relative", "predicate"),
    [
        ("so my dad lives in Derby now", "person:dad", "lives_in"),
        ("yeah my aunt works as a midwife in Bristol", "person:aunt", "works_as"),
        ("ok so my brother is a nurse in Leeds", "person:brother", "works_as"),
        ("ja meine Oma wohnt noch in Celle", "person:oma", "lives_in"),
        ("also mein Vater wohnt jetzt in Kassel", "person:vater", "lives_in"),
        ("naja meine Schwester arbeitet als Erzieherin in Jena", "person:schwester", "works_as"),
    ],
)
def test_a_filler_before_the_relative_leaves_the_relative_the_subject(text, relative, predicate):
    found = asserted_triples(text)
    assert {t[:2] for t in found} >= {(relative, predicate), (relative, "relation_to_user")}, found
    assert not {t for t in found if t[0] == "person:me"}, found
