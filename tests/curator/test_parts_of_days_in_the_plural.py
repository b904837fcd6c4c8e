"""A weekday's part said in the plural after "on" or after a run of days ("I kayak on sunday
mornings", "i coach monday and wednesday evenings") is every such part of those days: a
habit. The singular ("on sunday morning") is one occasion, and a day's part that is only
loved or hated is a taste."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_routines


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("i kayak on the river on sunday mornings", ("kayak", "sunday mornings")),
        ("i teach a spin class on thursday evenings", ("spin class", "thursday evenings")),
        ("i volunteer at the library on tuesday afternoons", ("library", "tuesday")),
        ("i sing with a gospel choir on sunday mornings", ("sing", "sunday mornings")),
    ],
)
def test_a_plural_part_of_a_day_is_a_habit(text, words):
    found = my_routines(text)
    assert any(all(w in value.lower() for w in words) for value in found), found


@pytest.mark.parametrize(
    "text",
    [
        "i'm kayaking on sunday morning",
        "i hate monday mornings",
    ],
)
def test_one_morning_or_a_taste_is_no_habit(text):
    assert not my_routines(text)


def test_the_start_of_the_habit_is_no_part_of_it():
    """ "since the thursday before last": when the habit began dates it and is cut from it."""
    (value,) = my_routines(
        "since the thursday before last i've been running the asthma clinic on tuesday mornings"
    )
    assert "asthma clinic on tuesday mornings" in value
    assert "since" not in value and "before last" not in value
