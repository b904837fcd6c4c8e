"""A German town written together with its district in lower-case chat ("wohn in
köln-ehrenfeld") is the town one lives in, the district the speaker's way of saying it; a
town whose own name has a hyphen is left whole. The sentences here are not those of the
evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("ich wohn seit märz in köln-ehrenfeld", "place:koln"),
        ("wir wohnen in leipzig-connewitz, zwei zimmer", "place:leipzig"),
        ("bin 41 und wohne in berlin-pankow", "place:berlin"),
    ],
)
def test_a_town_written_with_its_district_is_the_town(text, town):
    assert {v for s, p, v in facts(text) if s == ME and p == "lives_in"} == {town}


def test_a_hyphenated_town_no_city_opens_is_not_cut():
    homes = {v for s, p, v in facts("ich wohn in rheda-wiedenbrück") if p == "lives_in"}
    assert homes == {"place:rheda-wiedenbruck"}
