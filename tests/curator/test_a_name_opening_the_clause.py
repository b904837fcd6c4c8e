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
