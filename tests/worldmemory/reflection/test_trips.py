"""Trips: the moments of one span of days away form one trip, whether told while away,
written from another time zone, or told only once back; moments of home do not."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from worldmemory.models import SourceMessage
from worldmemory.reflection.trips import Told, trip_name, trips_find


def _turn(session: str, text: str, at: datetime) -> SourceMessage:
    offset = at.utcoffset()
    return SourceMessage(
        role="user",
        text=text,
        session_external_id=session,
        occurred_at=at,
        utc_offset_minutes=int(offset.total_seconds() // 60) if offset is not None else None,
    )


def _told(turn: SourceMessage, day: date) -> Told:
    return Told(experience=turn.text, turn=turn, day=day)


BERLIN_SUMMER = timezone(timedelta(hours=2))
BERLIN_WINTER = timezone(timedelta(hours=1))
TOKYO = timezone(timedelta(hours=9))


def test_a_trip_told_only_once_back_is_one_trip():
    before = _turn(
        "s1",
        "nächsten samstag fahren wir ans meer.",
        datetime(2026, 5, 20, 21, tzinfo=BERLIN_SUMMER),
    )
    back = datetime(2026, 5, 27, 21, tzinfo=BERLIN_SUMMER)
    seals = _turn("s2", "wieder da. samstagabend lagen auf der sandbank zwanzig seehunde.", back)
    phone = _turn("s2", "montag aufm rückweg hab ich mein handy auf der fähre vergessen.", back)
    turns = [before, seals, phone]
    trips = trips_find(
        told=[_told(seals, date(2026, 5, 23)), _told(phone, date(2026, 5, 25))], turns=turns
    )
    assert [[t.experience for t in trip] for trip in trips] == [[seals.text, phone.text]]


def test_moments_of_home_told_once_back_make_no_trip_of_their_own():
    away = datetime(2026, 11, 1, 20, tzinfo=BERLIN_WINTER)
    boat = _turn("s1", "Boat trip this morning, dolphins right by the hull.", away)
    walk = _turn("s1", "Greetings from the cottage, we walked the cliffs yesterday.", away)
    back = datetime(2026, 11, 7, 20, tzinfo=BERLIN_WINTER)
    drive = _turn("s2", "Back home. Driving home on Wednesday we stopped for chips.", back)
    coffee = _turn("s2", "Yesterday I ordered two coffees in Welsh at the corner café.", back)
    told = [
        _told(boat, date(2026, 11, 1)),
        _told(walk, date(2026, 10, 31)),
        _told(drive, date(2026, 11, 4)),
        _told(coffee, date(2026, 11, 6)),
    ]
    trips = trips_find(told=told, turns=[boat, walk, drive, coffee])
    assert len(trips) == 1
    assert coffee.text not in {t.experience for t in trips[0]}


def test_moments_written_from_another_time_zone_are_a_trip():
    home = [
        _turn(
            "s1",
            "Tired again, the tablets don't help yet.",
            datetime(2026, 4, 1, 20, tzinfo=BERLIN_SUMMER),
        ),
        _turn("s2", "Planted the radishes today.", datetime(2026, 4, 5, 20, tzinfo=BERLIN_SUMMER)),
    ]
    path = _turn(
        "s3",
        "Yesterday I walked the path by the canal at six, petals everywhere.",
        datetime(2026, 4, 15, 21, tzinfo=TOKYO),
    )
    bath = _turn(
        "s4",
        "Yesterday in the hot spring for the first time, I cried a little.",
        datetime(2026, 4, 20, 20, tzinfo=TOKYO),
    )
    told = [_told(path, date(2026, 4, 14)), _told(bath, date(2026, 4, 19))]
    trips = trips_find(told=told, turns=[*home, path, bath])
    assert [[t.experience for t in trip] for trip in trips] == [[path.text, bath.text]]


def test_summer_time_is_no_journey():
    winter = _turn(
        "s1",
        "Long day, the meeting ran until six.",
        datetime(2026, 3, 20, 20, tzinfo=BERLIN_WINTER),
    )
    first = _turn(
        "s2",
        "Yesterday I swam in the lake after work, freezing.",
        datetime(2026, 3, 30, 20, tzinfo=BERLIN_SUMMER),
    )
    second = _turn(
        "s3",
        "On Thursday I ran along the river, felt great.",
        datetime(2026, 4, 3, 20, tzinfo=BERLIN_SUMMER),
    )
    more = _turn(
        "s3", "Dinner with Mum, nothing special.", datetime(2026, 4, 3, 20, 5, tzinfo=BERLIN_SUMMER)
    )
    told = [_told(first, date(2026, 3, 29)), _told(second, date(2026, 4, 2))]
    assert trips_find(told=told, turns=[winter, first, second, more]) == []


IRISH_SUMMER = timezone(timedelta(hours=1))
CROATIA_SUMMER = timezone(timedelta(hours=2))


def test_an_hour_off_between_sessions_at_home_is_a_journey():
    before = _turn(
        "s1", "dress fitting is on thursday.", datetime(2026, 5, 31, 11, tzinfo=IRISH_SUMMER)
    )
    dinner = _turn(
        "s2",
        "rehearsal dinner tonight down by the harbour, i knew nobody.",
        datetime(2026, 6, 12, 23, tzinfo=CROATIA_SUMMER),
    )
    back = datetime(2026, 6, 17, 20, tzinfo=IRISH_SUMMER)
    toast = _turn("s3", "home since monday night. my voice went in the toast.", back)
    told = [_told(dinner, date(2026, 6, 12)), _told(toast, date(2026, 6, 13))]
    trips = trips_find(told=told, turns=[before, dinner, toast])
    assert [[t.experience for t in trip] for trip in trips] == [[dinner.text, toast.text]]


def test_summer_time_between_sessions_is_no_journey_there_and_back():
    winter = _turn("s1", "der melder ging um elf.", datetime(2026, 3, 15, 11, tzinfo=BERLIN_WINTER))
    summer = datetime(2026, 3, 30, 21, tzinfo=BERLIN_SUMMER)
    first = _turn("s2", "gestern abend hab ich ihr die haare geschoren.", summer)
    second = _turn("s2", "am samstag hat er am küchentisch gesagt, er steigt ein.", summer)
    told = [_told(first, date(2026, 3, 29)), _told(second, date(2026, 3, 28))]
    assert trips_find(told=told, turns=[winter, first, second]) == []


def test_a_trip_told_once_back_holds_its_undated_moment():
    before = _turn(
        "s1",
        "und morgen früh gehts mit den landfrauen für drei tage nach dresden!",
        datetime(2026, 3, 15, 11, tzinfo=BERLIN_WINTER),
    )
    back = datetime(2026, 3, 21, 20, tzinfo=BERLIN_WINTER)
    opera = _turn("s2", "so, seit mittwochabend wieder da. die oper war ein reinfall.", back)
    rock = _turn("s2", "das eigentliche war der dienstag, oben auf dem felsen.", back)
    told = [_told(opera, date(2026, 3, 21)), _told(rock, date(2026, 3, 17))]
    trips = trips_find(told=told, turns=[before, opera, rock])
    assert [{t.experience for t in trip} for trip in trips] == [{opera.text, rock.text}]


def test_one_moment_before_a_telling_at_home_is_no_trip():
    back = datetime(2026, 6, 7, 21, tzinfo=IRISH_SUMMER)
    kettle = _turn("s1", "home. came in and heard the kettle click for the first time.", back)
    lesson = _turn("s2", "at my lesson on tuesday she said I'm sharp on the E string.", back)
    told = [_told(kettle, date(2026, 6, 5)), _told(lesson, date(2026, 6, 2))]
    assert trips_find(told=told, turns=[kettle, lesson]) == []


def test_days_away_never_called_a_holiday_are_a_journey_not_a_holiday():
    back = datetime(2026, 10, 12, 20, tzinfo=BERLIN_SUMMER)
    hall = _turn("s2", "zurück. freitag haben wir in der großen halle gespielt.", back)
    ferry = _turn("s2", "auf der rückfahrt sonntag saßen wir alle auf dem sonnendeck.", back)
    trip = [_told(hall, date(2026, 10, 9)), _told(ferry, date(2026, 10, 11))]
    assert trip_name(trip=trip, turns=[hall, ferry]) == "Reise im Oktober 2026"


def test_days_away_the_owner_calls_a_holiday_are_a_holiday():
    back = datetime(2026, 10, 12, 20, tzinfo=BERLIN_SUMMER)
    hall = _turn("s2", "zurück aus dem urlaub. freitag waren wir in der großen therme.", back)
    ferry = _turn("s2", "auf der rückfahrt sonntag saßen wir alle auf dem sonnendeck.", back)
    trip = [_told(hall, date(2026, 10, 9)), _told(ferry, date(2026, 10, 11))]
    assert trip_name(trip=trip, turns=[hall, ferry]) == "Urlaub im Oktober 2026"
