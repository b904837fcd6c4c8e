"""A said age moves on at each birthday memory knows, through the committer, keeping the said
value true before it."""

from __future__ import annotations

from datetime import date, datetime, time

import pytest
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import tasks, tools
from worldmemory.ages import ages_advance, birthdays_between
from worldmemory.committer import proposal_commit
from worldmemory.models import Fact
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def local(day: date, hour: int = 0) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(hour)))


def said(scope, *ops) -> None:
    proposal_commit(scope=scope, proposal=p.parsed(*ops))


def age_now(scope, ref: str) -> str | None:
    facts = tools.get_entity(scope=scope, ref=ref)["data"]["facts"]
    return next((str(f["value"]) for f in facts if f["predicate"] == "age"), None)


def ages(scope, slug: str) -> list[tuple[str, date]]:
    """The person's ages believed now, with the local day each holds from."""
    rows = Fact.objects.filter(
        owner_sub=scope.owner_sub,
        predicate_id="age",
        subject_entity__slug=slug,
        superseded_at__isnull=True,
    ).order_by("valid_from")
    return [(str(f.object_value), timezone.localtime(f.valid_from).date()) for f in rows]


def test_birthdays_between_counts_each_year_and_keeps_29_february_on_the_28th():
    until = date(2026, 12, 4)
    assert birthdays_between(month=11, day=7, after=date(2026, 11, 6), until=until) == [
        date(2026, 11, 7)
    ]
    assert birthdays_between(month=11, day=7, after=date(2026, 11, 7), until=until) == []
    assert birthdays_between(month=2, day=29, after=date(2025, 1, 1), until=date(2028, 3, 1)) == [
        date(2025, 2, 28),
        date(2026, 2, 28),
        date(2027, 2, 28),
        date(2028, 2, 29),
    ]


def test_an_age_moves_on_past_the_birthday_and_the_said_age_stays_true_before_it():
    with owner_scope("owner-ages") as scope:
        said(
            scope,
            p.fact("person:carla", "birthday", "--11-07", local(date(2026, 11, 2), 19)),
            p.fact("person:carla", "age", "30", local(date(2026, 11, 6), 8)),
            p.fact("pet:fips", "age", "4", local(date(2026, 11, 6), 8)),  # no birthday known
        )
        assert ages_advance(scope=scope, today=date(2026, 12, 4)) == 1
        assert ages(scope, "carla") == [("30", date(2026, 11, 6)), ("31", date(2026, 11, 7))]
        assert age_now(scope, "person:carla") == "31"
        before = tools.state_at(
            scope=scope, ref="person:carla", valid_time=local(date(2026, 11, 6), 12)
        )
        assert [str(f["value"]) for f in before["data"]["facts"] if f["predicate"] == "age"] == [
            "30"
        ]
        assert age_now(scope, "pet:fips") == "4"
        # the same day again, or a day before the next birthday: nothing more to do
        assert ages_advance(scope=scope, today=date(2026, 12, 4)) == 0
        assert ages_advance(scope=scope, today=date(2027, 11, 6)) == 0
        assert ages_advance(scope=scope, today=date(2028, 11, 7)) == 1
        assert ages(scope, "carla")[-1] == ("33", date(2028, 11, 7))


def test_an_age_said_on_or_after_the_birthday_is_already_that_years():
    with owner_scope("owner-ages-said-late") as scope:
        said(
            scope,
            p.fact("person:jo", "birthday", "1990-03-01", local(date(2026, 1, 5))),
            p.fact("person:jo", "age", "36", local(date(2026, 3, 1), 9)),
        )
        assert ages_advance(scope=scope, today=date(2026, 12, 4)) == 0
        assert age_now(scope, "person:jo") == "36"


def test_the_daily_task_moves_every_owners_ages(monkeypatch):
    monkeypatch.setattr("worldmemory.retention.owners.known_owners", lambda: ["owner-ages-task"])
    with owner_scope("owner-ages-task") as scope:
        said(
            scope,
            p.fact("person:ben", "birthday", "--01-02", local(date(2025, 12, 1))),
            p.fact("person:ben", "age", "8", local(date(2025, 12, 1))),
        )
    assert tasks.ages_daily() == {"owner-ages-task": 1}
    with owner_scope("owner-ages-task") as scope:
        assert age_now(scope, "person:ben") == "9"
