"""A habit's value holds what is done and when it recurs, not that it is the usual thing
("wie gewohnt", "as usual"), nor the one week it is told for as usual."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_routines


@pytest.mark.parametrize(
    ("text", "words", "gone"),
    [
        ("ich geh wie gewohnt jeden freitag zum stammtisch", ("freitag", "stammtisch"), ("wie",)),
        (
            "nächste woche bin ich dienstags und donnerstags wie immer im büro",
            ("dienstags", "büro"),
            ("nächste", "woche", "wie"),
        ),
        (
            "diese woche geh ich wie üblich montags und mittwochs zum training",
            ("montags", "training"),
            ("diese", "woche", "wie"),
        ),
        ("as usual i'm at the allotment on sundays", ("allotment", "sundays"), ("usual",)),
        ("like always i do the big shop on saturdays", ("shop", "saturdays"), ("like",)),
        (
            "this week i'm at choir on tuesdays and thursdays as per usual",
            ("choir", "tuesdays"),
            ("this", "week", "usual"),
        ),
    ],
)
def test_the_usual_is_no_part_of_the_habit(text, words, gone):
    found = my_routines(text)
    assert any(all(w in value.lower() for w in words) for value in found), found
    assert not any(g in value.lower().split() for value in found for g in gone), found
