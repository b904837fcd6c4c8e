"""world_events partitioned by month: rows land in their month, partitions are reached only
through the parent, and causal and as-of queries still use their indexes."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from django.conf import settings
from django.db import connections

from infra.routers import APP_DB
from tests import factories
from tests.conftest import BOTH_DATABASES, app_role_connection
from worldmemory.models import WorldEvent
from worldmemory.partitions import event_partitions_ensure
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _owner_rows(sql: str, params: list | None = None, *, using: str = "default") -> list[tuple]:
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params or [])
        return cursor.fetchall()


def _partitions(*, using: str = "default") -> list[str]:
    return [
        name
        for (name,) in _owner_rows(
            "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
            " WHERE i.inhparent = 'world_events'::regclass ORDER BY c.relname",
            using=using,
        )
    ]


def _month_name(moment: datetime) -> str:
    return f"world_events_{moment:%Y_%m}"


def test_world_events_is_partitioned_by_month_with_the_year_ahead():
    assert _owner_rows("SELECT relkind FROM pg_class WHERE relname = 'world_events'") == [("p",)]
    now = datetime.now(UTC)
    names = set(_partitions())
    assert "world_events_default" in names
    month = now.replace(day=1)
    for _ in range(13):
        assert _month_name(month) in names
        month = (month + timedelta(days=32)).replace(day=1)


def test_an_event_lands_in_the_partition_of_its_month(scope_a):
    event = factories.event(scope_a, target=factories.entity(scope_a))
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT tableoid::regclass::text FROM world_events WHERE id = %s", [event.pk]
        )
        assert cursor.fetchone()[0] == _month_name(datetime.now(UTC))


def test_partitions_are_reached_only_through_the_parent(scope_a):
    app_role = settings.DATABASES["app"]["USER"]
    for partition in _partitions():
        flags = _owner_rows(
            "SELECT relrowsecurity, relforcerowsecurity FROM pg_class WHERE relname = %s",
            [partition],
        )
        assert flags == [(True, True)], partition
        (using,) = _owner_rows("SELECT qual FROM pg_policies WHERE tablename = %s", [partition])[0]
        assert "gd_current_owner()" in using, partition
        privileges = _owner_rows(
            "SELECT has_table_privilege(%s, %s, 'SELECT'), has_table_privilege(%s, %s, 'INSERT')",
            [app_role, partition, app_role, partition],
        )
        assert privileges == [(False, False)], partition
    month = _month_name(datetime.now(UTC))
    with app_role_connection() as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute(f"SELECT count(*) FROM {month}")


def test_ensure_adds_missing_months_once_and_secures_them():
    created = event_partitions_ensure(months_ahead=14)  # two more than the migration made
    assert created == 2
    assert event_partitions_ensure(months_ahead=14) == 0
    today = datetime.now(UTC)
    months = today.year * 12 + today.month - 1 + 14
    far = today.replace(year=months // 12, month=months % 12 + 1, day=1)
    # created in this test's transaction: seen on its connection
    assert _month_name(far) in _partitions(using=APP_DB)
    assert _owner_rows(
        "SELECT relforcerowsecurity FROM pg_class WHERE relname = %s",
        [_month_name(far)],
        using=APP_DB,
    ) == [(True,)]


def _plan(sql: str, params: dict) -> str:
    with connections[APP_DB].cursor() as cursor:
        # tiny tables are read sequentially anyway; forbid that to see which index serves
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("SET LOCAL enable_seqscan = on")
        return plan


CAUSAL_AND_AS_OF = {
    "events_owner_cause_idx": "SELECT id FROM world_events"
    " WHERE owner_sub = %(o)s AND caused_by_event_id = %(id)s",
    "events_owner_corr_idx": "SELECT id FROM world_events"
    " WHERE owner_sub = %(o)s AND correlation_id = %(run)s",
    "events_owner_target_idx": "SELECT id FROM world_events"
    " WHERE owner_sub = %(o)s AND target_entity_id = %(id)s ORDER BY occurred_at DESC LIMIT 10",
    "events_owner_recorded_idx": "SELECT id FROM world_events"
    " WHERE owner_sub = %(o)s AND recorded_at <= %(t)s ORDER BY recorded_at DESC LIMIT 10",
    "events_owner_type_idx": "SELECT payload FROM world_events WHERE owner_sub = %(o)s"
    " AND event_type IN ('merge', 'split') AND recorded_at <= %(t)s",
    "events_owner_time_idx": "SELECT id FROM world_events"
    " WHERE owner_sub = %(o)s ORDER BY occurred_at DESC LIMIT 10",
}


@pytest.fixture
def analyzed_events():
    """Committed events of two owners, analyzed: the planner chooses as it would in use."""
    for owner in ("owner-a", "owner-b"):
        with owner_scope(owner) as scope:
            targets = [factories.entity(scope, name=f"E{n}") for n in range(20)]
            now = datetime.now(UTC)
            WorldEvent.objects.bulk_create(
                WorldEvent(
                    owner_sub=owner,
                    event_type_id="state_change",
                    occurred_at=now - timedelta(minutes=n),
                    recorded_at=now - timedelta(minutes=n),
                    source="test",
                    target_entity=targets[n % 20],
                    correlation_id=f"run-{n // 4}",
                )
                for n in range(400)
            )
            cause = WorldEvent.objects.filter(owner_sub=owner).first()
            WorldEvent.objects.create(
                owner_sub=owner,
                event_type_id="state_change",
                occurred_at=now,
                recorded_at=now,
                source="test",
                caused_by_event=cause,
            )
    with connections["default"].cursor() as cursor:
        cursor.execute("ANALYZE world_events")
    with owner_scope("owner-a"):
        effect = WorldEvent.objects.filter(caused_by_event__isnull=False).get()
    return {"o": "owner-a", "id": effect.caused_by_event_id, "run": "run-7", "t": datetime.now(UTC)}


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_causal_and_as_of_queries_still_use_their_indexes(analyzed_events):
    for index, sql in sorted(CAUSAL_AND_AS_OF.items()):
        with owner_scope("owner-a"):
            plan = _plan(sql, analyzed_events)
        assert "Seq Scan" not in plan, (index, plan)
        used = re.findall(r"(?:Scan (?:Backward )?using|Bitmap Index Scan on) (\S+)", plan)
        served = set(
            _owner_rows(
                "SELECT pg_partition_root(indexrelid)::text, indrelid::regclass::text"
                " FROM pg_index WHERE indexrelid = ANY(%s::regclass[])",
                [used],
            )
        )
        # the partition holding the rows reads through its copy of the parent's index (the
        # other partitions are empty: any index will do there)
        assert (index, _month_name(datetime.now(UTC))) in served, (index, plan)


def test_a_lookup_by_id_reads_one_partition(scope_a):
    event = factories.event(scope_a, target=factories.entity(scope_a))
    plan = _plan(
        "SELECT * FROM world_events WHERE owner_sub = %(o)s AND id = %(id)s",
        {"o": "owner-a", "id": event.pk},
    )
    scanned = {line for line in plan.splitlines() if " on world_events" in line}
    assert len(scanned) == 1 and _month_name(datetime.now(UTC)) in plan, plan
    with owner_scope("owner-b"), connections[APP_DB].cursor() as cursor:
        cursor.execute("SELECT count(*) FROM world_events WHERE id = %s", [event.pk])
        assert cursor.fetchone()[0] == 0  # row-level security through the parent
