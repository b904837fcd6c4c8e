"""A habit said with how many times a week and then with its days: the days say when, so
the value is the doing on those days, without the count, and the count said alone is no
habit of its own. Of what the days' segment adds, the time the habit is done around stays
and the place goes when both are said."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_routines


@pytest.mark.parametrize(
    ("text", "words", "gone"),
    [
        (
            "wir spielen einmal pro woche badminton, immer mittwochs",
            ("badminton", "mittwochs"),
            ("einmal",),
        ),
        (
            "geh zweimal die woche zum yoga, dienstags und donnerstags nach der arbeit im studio",
            ("yoga", "dienstags", "donnerstags", "arbeit"),
            ("zweimal", "studio"),
        ),
        (
            "geh dreimal die woche laufen, montags mittwochs und samstags im stadtpark",
            ("laufen", "montags", "samstags", "stadtpark"),
            ("dreimal",),
        ),
        (
            "i go to the pool twice a week, on tuesdays and fridays",
            ("pool", "tuesdays", "fridays"),
            ("twice",),
        ),
        (
            "i do pilates twice a week, mondays and thursdays before work at the studio",
            ("pilates", "mondays", "thursdays", "work"),
            ("twice", "studio"),
        ),
        (
            "we play squash three times a week, tuesdays thursdays and saturdays",
            ("squash", "tuesdays", "saturdays"),
            ("three",),
        ),
    ],
)
def test_the_days_stand_for_the_count(text, words, gone):
    found = my_routines(text)
    assert len(found) == 1, found
    (value,) = found
    assert all(w in value.lower() for w in words), found
    assert not any(w in value.lower() for w in gone), found


def test_a_count_without_days_stays():
    found = my_routines("ich geh dreimal die woche schwimmen")
    assert any("dreimal" in v and "schwimmen" in v for v in found), found
