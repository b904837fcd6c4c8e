"""A long routine keeps what is done and when: the people it is done with ("w my sister
Jo", "with the lads from work") and a remark on it ("which …", "while …") are no part of it;
a short one keeps its company, a vehicle after "mit" is no company."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_routines


@pytest.mark.parametrize(
    ("text", "kept", "left"),
    [
        ("tuesdays are squash night w my cousin Dev", "squash", "Dev"),
        ("every friday i play darts at the legion with the lads from work", "darts", "lads"),
        (
            "samstags spiel ich mit meinen Kumpels aus der Schule im Park Fußball",
            "Fußball",
            "Kumpels",
        ),
        ("i do the ironing every sunday night, which i hate", "ironing", "hate"),
        ("every morning i stretch for ten minutes while the kettle boils", "stretch", "kettle"),
    ],
)
def test_company_and_remarks_leave_a_long_habit(text, kept, left):
    found = my_routines(text)
    assert any(kept in value for value in found), found
    assert not any(left in value for value in found), found


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("sonntags telefonier ich mit meiner schwester", "schwester"),
        ("jeden tag um 7 fahr ich mit dem bus nach bern", "bus"),
    ],
)
def test_a_short_habit_or_a_vehicle_keeps_what_follows_with(text, kept):
    found = my_routines(text)
    assert any(kept in value for value in found), found
