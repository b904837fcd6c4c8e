"""A name that opens a clause is its subject even when the window never introduced it:
"Priya works as a midwife" is Priya's job, and "Callum worked as a roofer" is never the
speaker's."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Priya works as a midwife.", ("person:priya", "works_as", "midwife")),
        ("Callum worked as a roofer for years.", ("person:callum", "works_as", "roofer")),
        ("Dominik works for Bosch these days.", ("person:dominik", "works_at", "org:bosch")),
    ],
)
def test_a_name_opening_the_clause_is_its_subject(text, fact):
    found = facts(text)
    assert fact in found
    assert not [f for f in found if f[0] == ME]


def test_the_speaker_opening_the_clause_stays_the_speaker():
    assert (ME, "works_as", "plumber") in facts("I worked as a plumber.")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Marek lives in Gdansk these days.", ("person:marek", "lives_in", "place:gdansk")),
        ("Olu studies medicine in Cardiff.", ("person:olu", "studies", "medicine")),
        ("Olu studies medicine in Cardiff.", ("person:olu", "lives_in", "place:cardiff")),
    ],
)
def test_a_name_opening_the_clause_is_read_at_its_verb(text, fact):
    """A claim read at the verb itself ("lives", "studies") sees the name before it: the
    window never introduced Marek, and the speaker is never who studies medicine."""
    found = facts(text)
    assert fact in found
    assert not [f for f in found if f[0] == ME]


def test_a_taste_opening_on_a_noun_stays_the_speakers():
    assert not [f for f in facts("Rhabarberkuchen ist einfach Leben!") if f[0] != ME]


def test_a_noun_opening_a_later_clause_is_no_name():
    """ "…, meniskusriss sagt die ärztin": the clause opens after the comma, so the word at
    the claim is not a verb after a subject."""
    found = facts("bin beim joggen umgeknickt, meniskusriss sagt die ärztin")
    assert not [f for f in found if f[0] not in (ME,)]
