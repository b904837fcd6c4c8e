"""A bare year in a German clause its past participle closes says when it happened ("wir
sind 2020 nach Lindau gezogen"), wherever the year stands in the clause; a number counting
something ("2020 Euro bezahlt") and a year outside the participle's clause say no time. A
later turn dating the same fact otherwise is the speaker's last word on when it began."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from curator.language.dates import resolve_times
from curator.rules import Known, RuleCurator, Turn

SUMMER = datetime(2026, 7, 16, 10, 0, tzinfo=timezone(timedelta(hours=2)))


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("wir sind 2020 nach Lindau gezogen", 2020),
        ("2019 haben wir in Kiel geheiratet", 2019),
        ("ich bin 2021 mit meiner Frau nach Köln gezogen", 2021),
        ("ich bin 2020 nach Berlin gezogen und arbeite dort", 2020),
        ("wir sind 2018 nach hamburg gezogen", 2018),
    ],
)
def test_a_year_before_the_participle_closing_its_clause(text, year):
    [found] = resolve_times(text, anchor=SUMMER, lang="de")
    assert found.text == str(year)
    assert (found.valid_from.date(), found.granularity) == (date(year, 1, 1), "year")


@pytest.mark.parametrize(
    "text",
    [
        "ich hab 2020 Euro bezahlt",
        "ich hab 2020 Euro bezahlt und bin pleite",
        "das haus hat 2020 quadratmeter",
        "2020 war ein schweres jahr, wir sind dann umgezogen",
    ],
)
def test_a_count_or_a_year_outside_the_participles_clause_is_no_time(text):
    assert resolve_times(text, anchor=SUMMER, lang="de") == []


def test_the_move_holds_from_the_year_said():
    turn = Turn(id="m0", role="user", text="wir sind 2020 nach Lindau gezogen", occurred_at=SUMMER)
    [move] = [o for o in RuleCurator().propose([turn], Known()) if o.get("predicate") == "lives_in"]
    assert move["object_ref"] == "place:lindau"
    assert move["valid_from"].startswith("2020-01-01")


def test_a_later_turn_dating_the_same_move_otherwise_is_the_last_word():
    turns = [
        Turn(id="m0", role="user", text="ich wohn seit 2019 in Lindau", occurred_at=SUMMER),
        Turn(
            id="m1",
            role="user",
            text="oh warte: wir sind erst 2020 nach lindau gezogen",
            occurred_at=SUMMER + timedelta(minutes=2),
        ),
    ]
    [move] = [o for o in RuleCurator().propose(turns, Known()) if o.get("predicate") == "lives_in"]
    assert move["valid_from"].startswith("2020-01-01")
