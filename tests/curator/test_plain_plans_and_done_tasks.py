"""Plans said by the speaker together with someone else, things to do said done in passing,
and weekdays a week further on, in plain German and English. The phrasings here are not those
of the evaluation set."""

from __future__ import annotations

from datetime import datetime

import pytest

from curator.language.dates import resolve_times
from tests.curator.reading import asserted_triples

AT = "2026-03-10T19:00:00+01:00"  # a Tuesday


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("my husband Raj and I are planning a trip to Norway this summer", "trip Norway"),
        ("Paula und ich machen im Juni eine Wanderung im Harz", "Wanderung im Harz"),
        ("me and Dev are planning a week in Porto", "week in Porto"),
    ],
)
def test_the_speaker_with_someone_else_plans_as_we(text, plan):
    assert ("person:me", "plans", plan) in asserted_triples(text)


def test_a_plan_denied_by_the_speaker_and_someone_else_is_none():
    assert not any(
        p == "plans" for _, p, _ in asserted_triples("Ben and I are not planning anything")
    )


@pytest.mark.parametrize(
    ("text", "task"),
    [
        (
            "die Stromrechnung hab ich heute überwiesen, kannst du streichen",
            "task:stromrechnung-uberweisen",
        ),
        ("i renewed the parking permit this morning, tick that off", "task:renew-parking-permit"),
        ("hab den Antrag gestern endlich abgegeben", "task:antrag-abgeben"),
        ("finally paid the water bill", "task:pay-water-bill"),
    ],
)
def test_a_thing_said_done_and_crossed_off_is_a_task_done(text, task):
    assert (task, "status", "done") in asserted_triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "hab endlich die neue Staffel gesehen",
        "finally watched that film",
        "hab's endlich geschafft",
        "will endlich mal nach Island, hab grad Urlaub eingereicht",
    ],
)
def test_finally_doing_something_unsettled_is_no_task(text):
    assert not any(s.startswith("task:") for s, _, _ in asserted_triples(text))


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("the Wednesday after next", "2026-03-18"),
        ("last Thursday but one", "2026-02-26"),
        ("next Saturday but one", "2026-03-21"),
    ],
)
def test_a_weekday_a_week_further_on(said, day):
    times = resolve_times(f"see you {said}", anchor=datetime.fromisoformat(AT), lang="en")
    assert times and times[0].valid_from.date().isoformat() == day
