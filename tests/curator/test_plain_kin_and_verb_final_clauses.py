"""Family and home in plain sentences: a German noun for what a relative is after "ist" is no
name, a relative's name said of "their name", and a German subordinate clause that puts its
verb after the place or the employer. The phrasings here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

AT = "2026-05-20T10:00:00+02:00"


def _facts(*texts: str) -> set[tuple[str, str, str]]:
    return asserted_triples(*texts, at=AT)


@pytest.mark.parametrize(
    ("text", "noun"),
    [
        ("Mein Schwiegervater ist Pensionär und spielt viel Golf.", "pensionär"),
        ("meine Tante ist Hausfrau, ihr Mann fährt Bus", "hausfrau"),
        ("Mein Onkel ist Beamter in Mainz.", "beamter"),
    ],
)
def test_a_german_noun_for_a_kind_of_person_after_ist_names_no_relative(text, noun):
    assert not any(s == f"person:{noun}" for s, _, _ in _facts(text))


def test_a_first_name_after_ist_still_names_the_relative():
    assert ("person:marlene", "relation_to_user", "sister") in _facts(
        "Meine Schwester ist Marlene, die Jüngere von uns."
    )


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("our son's name is Theo, he's in year 2", "person:theo", "son"),
        ("My niece's name is Aisling and she's flying over in May.", "person:aisling", "niece"),
    ],
)
def test_a_relatives_name_said_of_their_name(text, person, relation):
    assert (person, "relation_to_user", relation) in _facts(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "Seitdem wir in Potsdam wohnen, gehen wir viel spazieren.",
            ("person:me", "lives_in", "place:potsdam"),
        ),
        (
            "Ich hab keine Zeit, weil ich in Gera lebe und jeden Tag pendle.",
            ("person:me", "lives_in", "place:gera"),
        ),
        (
            "Schön ist, dass meine Tochter in Jena wohnt.",
            ("person:tochter", "lives_in", "place:jena"),
        ),
    ],
)
def test_a_german_subordinate_clause_with_the_home_before_its_verb(text, fact):
    assert fact in _facts(text)


def test_a_subordinate_clause_is_about_its_own_subject():
    facts = _facts("Ich find es gut, dass meine Großeltern in Celle wohnen.")
    assert not any(p == "lives_in" and s == "person:me" for s, p, _ in facts)


def test_a_lower_case_employer_before_the_final_verb_is_the_employer_alone():
    facts = _facts("bin froh, weil ich seit januar bei der volksbank arbeite")
    assert ("person:me", "works_at", "org:volksbank") in facts
