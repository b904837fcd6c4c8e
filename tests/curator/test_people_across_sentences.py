"""People said across sentences and turns: someone else's relative who is the speaker's too
("her little brother", "ihr großer Bruder"), a relative named after a question ("kennst du
meine Schwester? die heißt …"), and an age said of a pronoun with words between ("sie ist
übrigens schon 9")."""

from __future__ import annotations

from tests.curator.reading import asserted_triples


def test_a_childs_sibling_is_the_speakers_child():
    found = asserted_triples("my daughter Maisie is 9. her little brother Alfie is 5")
    assert ("person:alfie", "relation_to_user", "son") in found, found
    found = asserted_triples("unser Sohn Paul ist 12", "seine kleine Schwester Ida ist 8")
    assert ("person:ida", "relation_to_user", "daughter") in found, found


def test_a_siblings_child_is_a_nephew_or_niece_by_name_pronoun_or_kin_word():
    found = asserted_triples("meine Nichte Greta wird konfirmiert. ihr Bruder Hannes ist 12")
    assert ("person:hannes", "relation_to_user", "nephew") in found, found
    found = asserted_triples("my brother Owen lives in Hull. Owen's daughter Nia is 4")
    assert ("person:nia", "relation_to_user", "niece") in found, found
    found = asserted_triples("my sister's son Rhys starts school in september")
    assert ("person:rhys", "relation_to_user", "nephew") in found, found


def test_a_parents_parent_and_sibling_are_the_speakers_grandparent_aunt_and_uncle():
    found = asserted_triples("meine Mutter Renate und ihr Bruder Klaus kommen zu Besuch")
    assert ("person:klaus", "relation_to_user", "uncle") in found, found
    found = asserted_triples("my dad Huw is 70", "his mum Enid is 96 and still drives")
    assert ("person:enid", "relation_to_user", "grandmother") in found, found


def test_a_partners_relatives_and_a_pronoun_for_nobody_known_say_nothing_to_the_speaker():
    found = asserted_triples("my wife Hannah and her brother Josh came round")
    assert not any(s == "person:josh" and p == "relation_to_user" for s, p, _ in found), found
    found = asserted_triples("her little brother Sam is 6")
    assert not any(p == "relation_to_user" for _, p, _ in found), found


def test_a_relative_asked_about_and_then_named_by_a_demonstrative():
    found = asserted_triples("kennst du eigentlich meinen bruder? der heißt jörn und wohnt in kiel")
    assert {
        ("person:jorn", "relation_to_user", "brother"),
        ("person:jorn", "lives_in", "place:kiel"),
    } <= found, found


def test_an_age_after_a_pronoun_with_words_between():
    found = asserted_triples(
        "ich war mit meinem Kater Moritz beim Tierarzt", "ja, er ist übrigens schon 13"
    )
    assert ("pet:moritz", "age", "13") in found, found
    found = asserted_triples("my gran Edna lives alone. she's only 20 minutes from me")
    assert not any(p == "age" for _, p, _ in found), found


def test_someone_once_called_he_is_not_whom_the_next_she_stands_for():
    found = asserted_triples(
        "speech for my mate Rowan, he's marrying Freya in june. he's a joiner, she's a midwife"
    )
    assert ("person:rowan", "works_as", "joiner") in found, found
    assert ("person:rowan", "works_as", "midwife") not in found, found
