"""A habit said with a proviso on what the speaker's body, the weather or work allows ("if
me knees let me", "wenn das Knie mitmacht", "weather permitting") is still a habit, and the
proviso is no part of it; "saturdays it's …" names what the days are for, "it" points to
nothing. A wish or a plan that depends on something stays unread."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_routines


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("sundays i cycle out to the coast if my back lets me", "cycle"),
        ("samstags geh ich schwimmen, wenn das knie mitmacht", "schwimmen"),
        ("i walk the dogs on the beach every morning, weather permitting", "walk"),
        ("thursdays it's five-a-side at the leisure centre if me ankle holds up", "five-a-side"),
    ],
)
def test_a_habit_with_a_proviso_is_a_habit(text, word):
    found = my_routines(text)
    assert any(word in value for value in found), found
    assert not any(w in value.split() for value in found for w in ("if", "wenn", "it")), found


@pytest.mark.parametrize(
    "text",
    [
        "if my knee lets me i'd love to run a marathon",
        "maybe a week in porto in june, depends if work lets me off",
        "fridays i do it with my sister",
    ],
)
def test_a_wish_or_a_pointer_stays_unread(text):
    assert not my_routines(text)
