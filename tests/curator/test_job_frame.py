""" "arbeite als …"/"work as …" says the next noun is a job, whether or not the occupation
lexicon knows it."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("ich arbeite als Texterin", "Texterin"),
        ("I work as a roofer", "roofer"),
        ("ich war früher Lehrerin, jetzt arbeite ich als Texterin", "Texterin"),
        ("seit März arbeite ich als Kassiererin bei Rewe", "Kassiererin"),
    ],
)
def test_a_noun_after_the_job_frame_is_the_job(text, job):
    assert (ME, "works_as", job) in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "we work as a team",
        "ich arbeite als Teil eines Teams",
        "I work as part of a crew",
        # a house number before a street named after a trade
        "my new address is 21 Gardener Street, Leeds",
        "the flat is 9 Carpenter Close",
    ],
)
def test_a_noun_that_names_no_job_is_none(text):
    assert not [f for f in facts(text) if f[1] == "works_as"]


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("früher Lehrerin, jetzt bin ich Floristin", "Floristin"),
        ("bin seit zwei Jahren Köchin in einer Kantine", "Köchin"),
    ],
)
def test_a_feminine_job_noun_is_known_by_its_masculine_form(text, job):
    assert (ME, "works_as", job) in facts(text)


def test_words_ending_in_in_that_name_no_job_stay_none():
    assert not [
        f for f in facts("ich hab morgen nen Termin wegen der Medizin") if f[1] == "works_as"
    ]
