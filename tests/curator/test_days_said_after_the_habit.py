"""Days said after the habit in a segment of their own ("…, immer montags abends", "…, every
tuesday and saturday", "…, jeden zweiten Sonntag um 17 Uhr") say when the clause before them
is done; a single day said after a clause ("…, am Montag") is one occasion, no habit."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_routines


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "ich mach seit dem frühjahr nen yogakurs im gemeindehaus, immer donnerstags abends",
            ("yogakurs", "donnerstags"),
        ),
        (
            "i do a pottery class at the arts centre, every wednesday and friday",
            ("pottery", "wednesday"),
        ),
        ("ich spiel skat in der kneipe, jeden zweiten freitag um 20 uhr", ("skat", "freitag")),
        (
            "ich geh joggen, immer dienstags und samstags mit meiner schwester",
            ("joggen", "dienstags"),
        ),
    ],
)
def test_days_after_the_habit_give_it_its_days(text, words):
    found = my_routines(text)
    assert any(all(w in value.lower() for w in words) for value in found), found


@pytest.mark.parametrize(
    "text",
    [
        "ich geh schwimmen, am montag",
        "i'm seeing the dentist, next tuesday",
    ],
)
def test_one_day_after_a_clause_is_no_habit(text):
    assert not my_routines(text)
