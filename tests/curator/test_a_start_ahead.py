"""A new employer, home or job starting on a day ahead ("starting at KPMG on the 1st of July")
takes the place of the one held before only from that day: the old one holds until then,
in one window and across windows; "starting at" names an employer only where the speaker
starts there ("the film is starting at the Odeon" names none)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from curator.rules import Known, RuleCurator, Turn
from tests.conftest import BOTH_DATABASES
from tests.curator.test_newcomer_phrasing import Chat

JUNE = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def _employers(*texts: str) -> list[tuple[str, str]]:
    turns = [
        Turn(id=f"s{i}", role="user", text=text, occurred_at=JUNE + timedelta(minutes=i))
        for i, text in enumerate(texts)
    ]
    return [
        (op["object_ref"], op["valid_from"][:10])
        for op in RuleCurator().propose(turns, Known())
        if op.get("predicate") == "works_at"
    ]


def test_in_one_window_the_old_employer_holds_until_the_new_one_starts():
    assert _employers(
        "I've been working at Deloitte since 2018 as an auditor",
        "big news: I handed in my notice, starting at KPMG on the 1st of July",
    ) == [("org:deloitte", "2018-01-01"), ("org:kpmg", "2026-07-01")]


@pytest.mark.parametrize(
    "texts",
    [
        # said as left, in the turn before or beside the new start
        [
            "finished up at NAB on friday after 5 yrs as a UX designer",
            "starting at Canva on the 16th",
        ],
        [
            "finished up at NAB on friday after 5 yrs as a UX designer, "
            "starting at Canva as a product designer on the 16th"
        ],
    ],
)
def test_a_job_said_to_be_left_does_not_hold_until_the_new_one_starts(texts):
    assert _employers(*texts) == [("org:canva", "2026-06-16")]


def test_the_day_a_job_was_left_does_not_date_the_one_starting_ahead():
    assert _employers(
        "finished up at NAB on friday after 5 yrs, starting at Canva on the 16th"
    ) == [("org:canva", "2026-06-16")]


def test_a_change_said_as_done_replaces_the_old_employer_in_the_window():
    assert _employers(
        "I've been working at Deloitte since 2018",
        "I started at KPMG last week",
    ) == [("org:kpmg", "2026-05-25")]


@pytest.mark.parametrize(
    "text",
    ["starting at 9 at the Grand Hotel for the wedding", "the film is starting at the Odeon at 8"],
)
def test_starting_at_names_an_employer_only_for_the_speakers_start(text):
    assert _employers(text) == []


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_across_windows_the_history_shows_both_with_the_change_on_the_day():
    chat = Chat(owner="gemma-start")
    chat.say("I've been working at Deloitte since 2018", at="2026-06-01T09:00:00+01:00")
    chat.say(
        "big news: I handed in my notice, starting at KPMG on the 1st of July",
        at="2026-06-01T09:05:00+01:00",
    )
    local = timezone(timedelta(hours=1))

    def day(moment: datetime | None) -> str:
        return moment.astimezone(local).date().isoformat() if moment else ""

    rows = {
        r["object_ref"]: (day(r["valid_from"]), day(r["valid_to"]))
        for r in chat.history("person:me", "works_at")
    }
    assert rows == {
        "org:deloitte": ("2018-01-01", "2026-07-01"),
        "org:kpmg": ("2026-07-01", ""),
    }


def test_a_day_ahead_in_a_clause_that_starts_nothing_leaves_the_earlier_date():
    turn = Turn(
        id="h0",
        role="user",
        text="bin seit montag krankgeschrieben, bandscheibenvorfall 😖 übermorgen hab ich "
        "nochmal termin beim orthopäden",
        occurred_at=JUNE,
    )
    [condition] = [
        op
        for op in RuleCurator().propose([turn], Known())
        if op.get("predicate") == "health_condition"
    ]
    assert condition["valid_from"].startswith("2026-05-25")  # the Monday before
