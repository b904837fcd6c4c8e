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
    ],
)
def test_a_name_before_a_verb_in_the_third_person_is_the_subject(text, fact):
    found = facts(text)
    assert fact in found
    assert not [f for f in found if f[0] == ME and f[1:] == fact[1:]]


@pytest.mark.parametrize(
    "text",
    ["Jonas wohnt in Köln", "Tom fängt im Februar bei Siemens an", "Malte zieht nach Wien"],
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
