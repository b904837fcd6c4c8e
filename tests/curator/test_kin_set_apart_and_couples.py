"""A relative's name set apart from the kin noun (by a comma with a regional article, a
bracket or a dash: "mei schwesta, d'Burgi", "my brother (Callum)", "mein Onkel – Heinz –"),
a kin word used as a title before a name ("hubby Dean", "mama Petra", "grandad (Alfred)"),
a couple said by a verb ("bin mit Timo verheiratet", "Nadia and I got married", "i've been
dating Priya") and a birthday's day said beside other days of the sentence (a deadline
before it, a party's day after it)."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("mei schwesda, d'Burgi, hod a neie wohnung", "person:burgi", "sister"),
        ("mei bruada, da Sepp, is scho wieder krank", "person:sepp", "brother"),
        ("unser sohn, dä Mattes, studiert in Aachen", "person:mattes", "son"),
        ("my brother (Callum) lives in Leith", "person:callum", "brother"),
        ("meine Tante (Hilde) wohnt in Kassel", "person:hilde", "aunt"),
        ("my cousin – Ravi – is over from Delhi", "person:ravi", "cousin"),
    ],
)
def test_a_name_set_apart_from_the_kin_noun_is_the_relatives(text, person, relation):
    assert (person, "relation_to_user", relation) in asserted_triples(text)


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("hubby Dean is off fishing again", "person:dean", "husband"),
        ("mama Petra kommt am wochenende", "person:petra", "mother"),
        ("grandad (Alfred) still drives to the allotment", "person:alfred", "grandfather"),
    ],
)
def test_a_kin_word_as_a_title_before_a_name(text, person, relation):
    assert (person, "relation_to_user", relation) in asserted_triples(text)


def test_a_title_after_someone_elses_possessive_is_theirs():
    found = asserted_triples("my husband's mum Brenda is coming for christmas")
    assert ("person:brenda", "relation_to_user", "mother") not in found, found


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("bin seit 2012 mit Timo verheiratet", "person:timo", "husband"),
        ("Nadia and I got married in 2019", "person:nadia", "wife"),
        ("me and Colin got married last spring", "person:colin", "husband"),
        ("Leyla und ich sind vor zwei jahren zusammengekommen 😊", "person:leyla", "partner"),
        ("ich bin seit ostern mit Bastian zusammen", "person:bastian", "partner"),
        ("i've been dating Priya since the summer", "person:priya", "partner"),
        ("Marco proposed last night!!", "person:marco", "fiancee"),
    ],
)
def test_a_couple_said_by_a_verb(text, person, relation):
    assert (person, "relation_to_user", relation) in asserted_triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "Jonas und ich waren zusammen essen",
        "Jonas und ich sind nicht mehr zusammen",
        "if Nadia and I got married would we move?",
        "i'm going out with Priya tonight",
    ],
)
def test_no_couple_without_one_said(text):
    assert not any(p == "relation_to_user" for _, p, _ in asserted_triples(text))


def test_a_birthday_is_the_day_said_beside_its_cue():
    found = asserted_triples(
        "1) steuer bis 20. juni abgeben 2) geschenk für mama (Ingrid), die hat am 4. mai geburtstag"
    )
    assert ("person:ingrid", "birthday", "--05-04") in found, found
    assert not any(p == "birthday" and v == "--06-20" for _, p, v in found), found


def test_a_birthday_is_the_day_of_the_cues_own_clause():
    found = asserted_triples("am 12.06. hab ich geburtstag, am 14.06. steigt dann die feier")
    assert ("person:me", "birthday", "--06-12") in found, found
