"""A clause that opens with a name and a verb in the third person is about that person, never
the speaker: "Tom fängt im Februar bei Siemens an" is Tom's new job, not the owner's."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Tom fängt im Februar bei Siemens an", ("person:tom", "works_at", "org:siemens")),
        ("Lisa fängt nächste Woche als Lehrerin an", ("person:lisa", "works_as", "Lehrerin")),
        ("Ich wohne in Köln und Jonas wohnt in Bonn", ("person:jonas", "lives_in", "place:bonn")),
        (
            "ich hab gehört, dass Paul nach Hamburg gezogen ist",
            ("person:paul", "lives_in", "place:hamburg"),
        ),
    ],
)
def test_a_name_before_a_verb_in_the_third_person_is_the_subject(text, fact):
    found = facts(text)
    assert fact in found
    assert not [f for f in found if f[0] == ME and f[1:] == fact[1:]]


@pytest.mark.parametrize(
    "text",
    [
        "Jonas wohnt in Köln",
        "Tom fängt im Februar bei Siemens an",
        "Malte zieht nach Wien",
        "ich hab gehört dass Paul nach Hamburg gezogen ist",
    ],
)
def test_someone_elses_clause_is_never_the_speakers(text):
    assert not [f for f in facts(text) if f[0] == ME]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("wohne seit 2019 in Trier", (ME, "lives_in", "place:trier")),
        ("Ich wohne in Köln und Jonas wohnt in Bonn", (ME, "lives_in", "place:koln")),
        ("bin seit Montag bei Edeka", (ME, "works_at", "org:edeka")),
    ],
)
def test_the_speakers_own_clauses_stay_theirs(text, fact):
    assert fact in facts(text)


def test_a_name_the_window_knows_counts_in_lower_case_and_with_either_languages_verb():
    found = facts(
        "jaa meine schwester Bea und ich überlegen ne ballonfahrt. bea is pilotin bei Condor"
    )
    assert ("person:bea", "works_at", "org:condor") in found
    assert not [f for f in found if f[0] == ME and f[1] in ("works_at", "works_as")]


@pytest.mark.parametrize(
    "text",
    [
        "I'm thinking about moving to Lisbon",
        "ich überlege nach Wien zu ziehen",
        "we're considering a move to Bristol next year",
        "spiele mit dem gedanken, nach Hamburg zu gehen",
    ],
)
def test_a_step_only_weighed_is_no_fact(text):
    assert not [f for f in facts(text) if f[1] == "lives_in"]


def test_what_a_clause_said_before_a_step_weighed_stands():
    found = facts(
        "me and my girlfriend Sophie have been together since 2022 and I'm thinking of proposing"
    )
    assert ("person:sophie", "relation_to_user", "partner") in found
    assert (ME, "lives_in", "place:leeds") in facts("I live in Leeds but I'm thinking about York")


def test_a_pet_the_window_knows_stays_the_pet():
    found = facts("Luna ist meine Katze. Luna bekommt um 19 Uhr Futter.")
    assert ("pet:luna", "feeding_time", "19:00") in found
    assert not [f for f in found if f[0] == "person:luna"]
