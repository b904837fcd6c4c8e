"""Retention: windowed rows roll up and go after the hot window; nothing else is touched."""

from __future__ import annotations

import uuid
from datetime import timedelta

import psycopg
import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connections
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from tests import factories
from tests.conftest import app_role_connection
from tests.proposals import fact, proposal
from worldmemory.committer import proposal_commit
from worldmemory.contracts import MemoryMutationProposal
from worldmemory.models import (
    EventType,
    Fact,
    MemoryProjection,
    RetentionPolicy,
    RetentionRun,
    SourceMessage,
    WorldEvent,
)
from worldmemory.retention import event_retention, fact_retention, retention_run
from worldmemory.tenancy import owner_scope
from worldmemory.tools import state_as_known_at, state_at

ALL_DATABASES = ["default", "app", "prune"]
pytestmark = pytest.mark.django_db(databases=ALL_DATABASES, transaction=True)

SENSOR = {"source": "integration:weather", "memory_type": "observed_state"}


def _owner() -> str:
    return f"retention-{uuid.uuid4().hex[:10]}"


def _commit(owner: str, *ops: dict) -> dict:
    with owner_scope(owner) as scope:
        result = proposal_commit(scope=scope, proposal=MemoryMutationProposal(**proposal(*ops)))
    return result.as_dict()


def _readings(owner: str, days_ago: list[int], value=lambda day: 20.0 + day % 7) -> None:
    now = timezone.now()
    for day in days_ago:
        when = now - timedelta(days=day)
        _commit(
            owner, fact("place:wohnzimmer", "temperature", value(day), valid_from=when, **SENSOR)
        )


def _snapshot(owner: str, **filters) -> dict:
    with owner_scope(owner):
        return {row["id"]: row for row in Fact.objects.filter(**filters).values()}


def _prunable_beliefs(owner: str) -> list[Fact]:
    """Straight from the raw rows: windowed, current beliefs, ended before the window."""
    horizon = timezone.now() - timedelta(days=90)
    with owner_scope(owner):
        return list(
            Fact.objects.filter(
                retention_class="windowed",
                superseded_at__isnull=True,
                valid_to__lt=horizon,
            )
        )


def test_classes_follow_what_a_row_is():
    assert fact_retention(memory_type="observed_state", source="integration:weather") == "windowed"
    assert fact_retention(memory_type="observed_state", source="user:chat") == "permanent"
    assert fact_retention(memory_type="user_assertion", source="integration:x") == "permanent"
    assert fact_retention(memory_type="correction", source="integration:x") == "permanent"
    assert event_retention(type_retention="windowed", intent=None) == "windowed"
    assert event_retention(type_retention="windowed", intent="fix the build") == "permanent"
    assert event_retention(type_retention="permanent", intent=None) == "permanent"


def test_old_observations_roll_up_exactly_then_go_and_the_rest_stays():
    owner = _owner()
    _commit(owner, fact("place:wohnzimmer", "note", "Südseite, großes Fenster"))
    # a reading a day from 200 to 101 days ago, then one ten days ago
    old_days = list(range(200, 100, -1))
    _readings(owner, [*old_days, 10])
    with owner_scope(owner) as scope:
        message = factories.message(scope, in_session=factories.session(scope))
    permanent_before = _snapshot(owner, retention_class="permanent")
    expected = _prunable_beliefs(owner)
    # every reading except the last old one (valid until ten days ago) has left the window
    assert len(expected) == len(old_days) - 1

    report = retention_run(owner_sub=owner)

    assert {f.pk for f in expected} <= set(report.facts)
    with owner_scope(owner) as scope:
        assert not Fact.objects.filter(pk__in=report.facts).exists()
        rollups = list(MemoryProjection.objects.filter(source_kind="rollup"))
        figures = [r.details for r in rollups]
        assert sum(f["count"] for f in figures) == len(expected)
        values = [f.object_value for f in expected]
        numbers = [f["numbers"] for f in figures]
        assert sum(n["sum"] for n in numbers) == pytest.approx(sum(values))
        assert min(n["min"] for n in numbers) == min(values)
        assert max(n["max"] for n in numbers) == max(values)
        firsts = sorted(f.valid_from for f in expected)
        assert min(f["first"] for f in figures) == firsts[0].isoformat()
        assert all(r.valid_from <= timezone.now() - timedelta(days=100) for r in rollups)
        assert all(r.rag_pending and r.entity_ids for r in rollups)
        assert RetentionRun.objects.get().facts_pruned == len(report.facts)
        # permanent rows are exactly as they were, the source message too
        assert _snapshot(owner, retention_class="permanent") == permanent_before
        assert SourceMessage.objects.filter(pk=message.pk, text=message.text).exists()

        # beyond the window the answer says it comes from a rollup; inside it is exact
        old = state_at(scope=scope, ref="place:wohnzimmer", valid_time=firsts[5])
        assert old["data"]["retention"]["from_rollup"] is True
        assert (
            "from rollups" in old["text"]
            and "Rollup" in old["data"]["retention"]["rollups"][0]["text"]
        )
        recent = state_at(scope=scope, ref="place:wohnzimmer", valid_time=timezone.now())
        assert recent["data"]["retention"] is None
        assert [f["value"] for f in recent["data"]["facts"] if f["predicate"] == "temperature"] == [
            20.0 + 10 % 7
        ]
        known = state_as_known_at(
            scope=scope, ref="place:wohnzimmer", system_time=timezone.now(), valid_time=firsts[5]
        )
        assert known["data"]["retention"]["from_rollup"] is True


def _hot_window(days: int) -> None:
    RetentionPolicy.objects.using("default").filter(id=1).update(hot_window_days=days)


def test_a_later_run_merges_into_the_same_period():
    owner = _owner()
    middle = timezone.localtime().replace(day=15, hour=12) - timedelta(days=250)
    middle = middle.replace(day=15)
    age = (timezone.now() - middle).days
    _readings(owner, [age + 8, age + 4, age, age - 4, age - 8, 5])
    try:
        _hot_window(age + 2)  # only the first reading ended before the cut
        first = retention_run(owner_sub=owner)
        _hot_window(90)
        second = retention_run(owner_sub=owner)
    finally:
        _hot_window(settings.GD_RETENTION_DAYS)
    assert (len(first.facts), len(second.facts)) == (1, 3)
    with owner_scope(owner):
        rollup = MemoryProjection.objects.get(source_kind="rollup")
        assert RetentionRun.objects.count() == 2
    assert rollup.details["count"] == 4
    assert rollup.details["numbers"]["count"] == 4
    assert "4 Beobachtungen" in rollup.text


def test_dry_run_changes_nothing_and_the_command_says_what_it_would_do(capsys):
    owner = _owner()
    _readings(owner, [200, 199, 198, 5])
    before = _snapshot(owner)
    call_command("gd_retention", owner=[owner], dry_run=True)
    out = capsys.readouterr().out
    assert "would prune 2 facts" in out and "Rollup" in out and "temperature" in out
    assert _snapshot(owner) == before
    with owner_scope(owner):
        assert not MemoryProjection.objects.filter(source_kind="rollup").exists()
        assert not RetentionRun.objects.exists()
    call_command("gd_retention", owner=[owner])
    assert "pruned 2 facts" in capsys.readouterr().out


def test_windowed_events_roll_up_but_a_cause_of_what_stays_is_kept():
    owner = _owner()
    EventType.objects.update_or_create(
        key="ci:test_run", defaults={"name": "test run", "retention_class": "windowed"}
    )
    old = timezone.now() - timedelta(days=120)
    with owner_scope(owner) as scope:
        repo = factories.entity(scope, kind="place", name="repo")

        def event(event_type: str, **extra) -> WorldEvent:
            return WorldEvent.objects.create(
                owner_sub=owner,
                event_type_id=event_type,
                occurred_at=old,
                recorded_at=old,
                source="integration:ci",
                target_entity=repo,
                retention_class="windowed" if event_type == "ci:test_run" else "permanent",
                **extra,
            )

        trivial = [event("ci:test_run") for _ in range(3)]
        cause = event("ci:test_run")
        kept_effect = event("state_change", caused_by_event=cause)
    report = retention_run(owner_sub=owner)
    assert set(report.events) == {e.pk for e in trivial}
    with owner_scope(owner):
        assert set(WorldEvent.objects.values_list("pk", flat=True)) == {cause.pk, kept_effect.pk}
        rollup = MemoryProjection.objects.get(source_kind="rollup")
    assert rollup.details["count"] == 3 and "ci:test_run" in rollup.text


def _as_role(role_connection: psycopg.Connection, owner: str, statement: str) -> int:
    with role_connection.transaction():
        role_connection.execute("SELECT set_config('app.current_owner', %s, true)", [owner])
        return role_connection.execute(statement).rowcount


def _prune_role_connection() -> psycopg.Connection:
    params = connections["prune"].settings_dict
    return psycopg.connect(
        dbname=params["NAME"],
        user=params["USER"],
        host=params["HOST"] or None,
        port=params["PORT"] or None,
        autocommit=True,
    )


def test_the_prune_role_can_delete_only_old_windowed_rows_and_the_app_role_nothing():
    owner = _owner()
    _commit(
        owner,
        fact("place:wohnzimmer", "note", "alt", valid_from=timezone.now() - timedelta(days=400)),
    )
    _readings(owner, [300, 299, 2, 1])
    with owner_scope(owner) as scope:
        factories.message(scope, in_session=factories.session(scope))
    with _prune_role_connection() as prune:
        assert _as_role(prune, owner, "DELETE FROM facts WHERE retention_class = 'permanent'") == 0
        young = "DELETE FROM facts WHERE retention_class = 'windowed' AND valid_to IS NULL"
        assert _as_role(prune, owner, young) == 0
        # another owner's old windowed rows are out of sight
        other = "DELETE FROM facts WHERE retention_class = 'windowed'"
        assert _as_role(prune, "someone-else", other) == 0
        for forbidden in (
            "DELETE FROM source_messages",
            "UPDATE facts SET confidence = 0",
            "DELETE FROM entities",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                _as_role(prune, owner, forbidden)
    with app_role_connection() as app, pytest.raises(psycopg.errors.InsufficientPrivilege):
        _as_role(app, owner, "DELETE FROM facts WHERE retention_class = 'windowed'")
    with owner_scope(owner):
        assert Fact.objects.filter(retention_class="permanent").count() >= 1


ROW = st.fixed_dictionaries(
    {
        "retention": st.sampled_from(["permanent", "windowed"]),
        "memory_type": st.sampled_from(
            ["user_assertion", "observed_state", "policy", "correction", "agent_action"]
        ),
        "ended_days_ago": st.one_of(st.none(), st.integers(min_value=0, max_value=400)),
        "closed": st.booleans(),
    }
)


@given(rows=st.lists(ROW, min_size=1, max_size=12))
def test_retention_never_touches_permanent_rows_or_sources(rows):
    owner = _owner()
    now = timezone.now()
    with owner_scope(owner) as scope:
        subject = factories.entity(scope, kind="place", name="Keller")
        message = factories.message(scope, in_session=factories.session(scope))
        for index, row in enumerate(rows):
            ended = row["ended_days_ago"]
            valid_to = None if ended is None else now - timedelta(days=ended)
            created = Fact.objects.create(
                owner_sub=owner,
                subject_entity=subject,
                predicate_id="note",
                object_kind="literal",
                object_value=f"v{index}",
                valid_from=now - timedelta(days=500 + index),
                valid_to=valid_to,
                recorded_at=now - timedelta(days=500),
                source="integration:test",
                memory_type=row["memory_type"],
                retention_class=row["retention"],
            )
            if row["closed"]:
                Fact.objects.filter(pk=created.pk).update(
                    superseded_at=now - timedelta(days=200), status="superseded"
                )
    before = _snapshot(owner)
    permanent = {pk: row for pk, row in before.items() if row["retention_class"] == "permanent"}

    report = retention_run(owner_sub=owner)

    assert _snapshot(owner, retention_class="permanent") == permanent
    gone = set(before) - set(_snapshot(owner))
    assert gone == set(report.facts)
    horizon = timezone.now() - timedelta(days=90)
    for pk in gone:
        row = before[pk]
        ended = min(t for t in (row["valid_to"], row["superseded_at"]) if t is not None)
        assert row["retention_class"] == "windowed" and ended < horizon
    with owner_scope(owner):
        assert SourceMessage.objects.filter(pk=message.pk, text=message.text).exists()


def test_a_relationship_rolls_up_by_the_names_of_what_it_pointed_at():
    owner = _owner()
    now = timezone.now()
    with owner_scope(owner) as scope:
        luna = factories.entity(scope, kind="pet", name="Luna")
        rooms = [factories.entity(scope, kind="place", name=n) for n in ("Küche", "Flur")]
        for day, room in zip((200, 199, 198), (rooms[0], rooms[0], rooms[1]), strict=True):
            Fact.objects.create(
                owner_sub=owner,
                subject_entity=luna,
                predicate_id="lives_in",
                object_kind="entity",
                object_entity=room,
                valid_from=now - timedelta(days=day),
                valid_to=now - timedelta(days=day - 1),
                recorded_at=now - timedelta(days=day),
                source="integration:tracker",
                memory_type="observed_state",
                retention_class="windowed",
            )
    retention_run(owner_sub=owner)
    with owner_scope(owner):
        rollup = MemoryProjection.objects.get(source_kind="rollup")
    assert rollup.details["values"] == {"Küche": 2, "Flur": 1}
    assert "„Küche“ (2×)" in rollup.text and "Luna · lives_in" in rollup.text
