"""The moments of a trip as a chat tells them once back: a mishap on the way home the owner
waves off ("nicht der Rede wert", "no bother") is still a moment, with their word on it;
a place written in lower case ("in görlitz", "at conwy") is a place, and names the trip;
"we're back." opens a telling of the days away."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.test_trips import _told, _turn
from worldmemory.reflection.enrichment import experience_cue
from worldmemory.reflection.significance import significance_assess
from worldmemory.reflection.trips import (
    place_in_lower_case,
    tells_days_away,
    trip_name,
    trips_find,
)

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
SAID_AT = datetime(2026, 9, 16, 20, 0, tzinfo=ZoneInfo("Europe/Berlin"))
CENTRAL = timezone(timedelta(hours=-5))


@pytest.mark.parametrize(
    "text",
    [
        "am montag standen wir drei stunden im stau vor basel. war mir aber egal, echt nicht "
        "der rede wert.",
        "monday we sat on the train outside crewe for two hours playing cards. no bother, "
        "honestly.",
    ],
)
def test_a_mishap_the_owner_waves_off_is_a_moment_they_judged(multilingual, text):
    cue = experience_cue(text=text, said_at=SAID_AT)
    assert cue is not None
    assert cue.when == {"value": "2026-09-14", "granularity": "day", "cue": cue.when["cue"]}
    assert significance_assess(text=text).user_word == "not_important"


@pytest.mark.parametrize(
    "text",
    [
        "am samstag saß manu mit mir im café, draußen regen. war mir ganz recht so.",
        "saturday the kids made pancakes, the kitchen is a mess. no idea why.",
    ],
)
def test_no_shrug_no_judgement(multilingual, text):
    assert significance_assess(text=text).user_word is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (
            "samstag früh sind wir in görlitz über die brücke gelaufen, ich war so glücklich.",
            "de",
        ),
        ("saturday morning we walked the walls at conwy, my sister got soaked.", "en"),
    ],
)
def test_a_place_in_lower_case_is_a_place_of_the_moment(multilingual, text, code):
    cue = experience_cue(text=text, said_at=SAID_AT)
    assert cue is not None and "place" in cue.reasons


@pytest.mark.parametrize(
    ("word", "code", "place"),
    [
        ("görlitz", "de", True),
        ("conwy", "en", True),
        ("garten", "de", False),
        ("küche", "de", False),
        ("van", "en", False),
        ("pub", "en", False),
    ],
)
def test_a_word_of_the_language_in_lower_case_is_no_place(word, code, place):
    assert place_in_lower_case(word, code=code) is place


def test_a_trip_written_in_lower_case_is_named_by_its_place():
    back = datetime(2026, 9, 22, 20, tzinfo=timezone(timedelta(hours=1)))
    walls = _turn("s2", "back home. saturday we walked the walls at conwy in the wind.", back)
    chips = _turn("s2", "sunday we had chips on the quay, sat on the wall for an hour.", back)
    trip = [_told(walls, date(2026, 9, 19)), _told(chips, date(2026, 9, 20))]
    assert trip_name(trip=trip, turns=[walls, chips]) == "Trip to Conwy"


def test_a_telling_that_opens_on_being_back_holds_the_days_away():
    back = datetime(2026, 10, 6, 21, tzinfo=CENTRAL)
    opened = _turn("s2", "we're back. three nights up at the lake, friday to monday.", back)
    dunes = _turn("s2", "saturday we climbed the big dune at sunrise, i was out of breath.", back)
    pie = _turn("s2", "sunday night we had cherry pie at the diner, it was fine.", back)
    told = [_told(dunes, date(2026, 10, 3)), _told(pie, date(2026, 10, 4))]
    trips = trips_find(told=told, turns=[opened, dunes, pie])
    assert [{t.experience for t in trip} for trip in trips] == [{dunes.text, pie.text}]


def test_being_back_at_something_is_no_telling_of_days_away():
    said = datetime(2026, 10, 6, 21, tzinfo=CENTRAL)
    opened = _turn("s2", "i'm back at the gym. three mornings this week.", said)
    squats = _turn("s2", "saturday i did squats with the trainer, i was out of breath.", said)
    spin = _turn("s2", "sunday i did a spin class, it was fine.", said)
    told = [_told(squats, date(2026, 10, 3)), _told(spin, date(2026, 10, 4))]
    assert trips_find(told=told, turns=[opened, squats, spin]) == []


@pytest.mark.parametrize(
    "text",
    [
        "sunday the flight home was delayed, four hours at the gate in alicante. no bother really.",
        "sonntag fiel die fähre nach sylt aus, zwei stunden im wartesaal in dagebüll. war aber "
        "nicht der rede wert.",
    ],
)
def test_told_among_days_away_a_moment_without_the_owners_word_is_theirs(multilingual, text):
    cue = experience_cue(text=text, said_at=SAID_AT, away=True)
    assert cue is not None and "days away" in cue.reasons
    # told at home, nothing in it says whose moment it was
    assert experience_cue(text=text, said_at=SAID_AT) is None


@pytest.mark.parametrize(
    ("text", "away"),
    [
        ("back from the lakes. the cabin was freezing at night.", True),
        ("grüße aus bansin! heute nur strand.", True),
        ("i'm back at the office tomorrow, dreading it.", False),
        ("the printer at work jammed again.", False),
    ],
)
def test_a_turn_says_the_owner_is_away_or_back(text, away):
    assert tells_days_away(text) is away
