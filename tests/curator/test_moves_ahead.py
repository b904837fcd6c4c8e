"""A move still ahead is a plan, not a home: the speaker's is kept as a plan, another's is
not kept, and the current home stays."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


def _homes(*texts: str) -> set[tuple[str, str]]:
    return {(s, str(o)) for s, p, o in facts(*texts) if p == "lives_in"}


@pytest.mark.parametrize(
    ("texts", "plan"),
    [
        (("wir ziehen im August nach Lübeck",), "Umzug nach Lübeck"),
        (("I'm moving to Norwich at the end of the month",), "moving to Norwich"),
        (("ich wohne in Gera und ziehe nach Weimar",), "Umzug nach Weimar"),
    ],
)
def test_the_speakers_move_ahead_is_a_plan(texts, plan):
    found = facts(*texts)
    assert (ME, "plans", plan) in found
    assert not [o for s, p, o in found if s == ME and p == "lives_in" and o != "place:gera"]


def test_the_current_home_stays():
    assert (ME, "place:gera") in _homes("ich wohne in Gera und ziehe nach Weimar")


@pytest.mark.parametrize(
    "text",
    [
        "my cousin Niamh's moving out to Sligo in july",
        "Oma Irmgard zieht nächsten Monat nach Celle ins Heim",
    ],
)
def test_anothers_move_ahead_is_no_home(text):
    assert not _homes(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("we moved to Ipswich in March", "place:ipswich"),
        ("wir sind letztes Jahr nach Fulda gezogen", "place:fulda"),
    ],
)
def test_a_move_done_is_a_home(text, place):
    assert (ME, place) in _homes(text)


def test_where_the_speaker_moves_to_someone_is_their_home():
    homes = _homes("ich zieh im September zu meinem Bruder Jannik nach Rostock")
    assert ("person:jannik", "place:rostock") in homes
