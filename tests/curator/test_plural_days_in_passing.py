"""Habits said in passing with a plural day: a doer, a pointer ("it's") or an hour after
"saturdays"/"sunday mornings" makes it every such day, short English days joined by "n" or
"and" are a list of days, "most arvos" is a frequency, and a lower-case "i" after an hour
opens a sentence of its own."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_routines


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("saturday mornings i coach the under 9s hockey team", "hockey"),
        ("pottery class wednesdays at 6, it's my one quiet hour", "pottery"),
        ("i do the big shop sat n sun", "shop"),
        ("i go bouldering most afternoons after uni", "bouldering"),
    ],
)
def test_a_plural_day_said_in_passing_is_a_habit(text, word):
    found = my_routines(text)
    assert any(word in value for value in found), found


@pytest.mark.parametrize(
    "text", ["i hate mondays", "i sat and sun bathed by the pool", "mondays are the worst"]
)
def test_a_day_without_a_doing_is_no_habit(text):
    assert not my_routines(text)


def test_a_lower_case_i_after_an_hour_opens_a_new_sentence():
    found = my_routines("book club thursdays at 8. i bring the wine, my treat")
    assert any("book club" in value for value in found), found
    assert not any("wine" in value for value in found), found
