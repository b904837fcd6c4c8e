"""Two writers superseding the same key at once never leave two current beliefs."""

from __future__ import annotations

import threading
from datetime import timedelta

import psycopg
import pytest
from django.db import connections
from django.utils import timezone

from tests import factories
from tests import proposals as p
from tests.conftest import BOTH_DATABASES, app_role_connection
from worldmemory.committer import proposal_commit
from worldmemory.models import Fact
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)


def _in_threads(*targets) -> list:
    barrier = threading.Barrier(len(targets))
    results: list = [None] * len(targets)

    def run(index, target):
        try:
            barrier.wait(timeout=10)
            results[index] = target()
        except Exception as error:  # reported to the test, not swallowed
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, t)) for i, t in enumerate(targets)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def _supersede(value: str):
    def commit():
        with owner_scope("owner-a") as scope:
            proposal = p.parsed(p.fact("pet:luna", "status", value))
            return proposal_commit(scope=scope, proposal=proposal).results[0].decision

    return commit


def test_concurrent_committers_serialise_per_owner():
    with owner_scope("owner-a") as scope:
        proposal_commit(scope=scope, proposal=p.parsed(p.fact("pet:luna", "status", "start")))
    for _ in range(3):
        results = _in_threads(_supersede("x"), _supersede("y"))
        assert all(r in {"committed", "duplicate"} for r in results), results
        with owner_scope("owner-a"):
            current = Fact.objects.filter(
                predicate_id="status", superseded_at__isnull=True, valid_to__isnull=True
            )
            assert current.count() == 1


def test_the_database_refuses_a_concurrent_second_current_belief_without_the_lock():
    """Writers that skip the committer's lock still cannot create a dual-active: the second
    waits for the first and then fails with an exclusion violation."""
    with owner_scope("owner-a") as scope:
        luna = factories.entity(scope)
    start = timezone.now() - timedelta(days=1)
    first, second = app_role_connection(), app_role_connection()
    try:
        for conn in (first, second):
            conn.autocommit = False
            conn.execute("SELECT set_config('app.current_owner', 'owner-a', true)")
        first.execute(_insert_sql(), [luna.pk, '"x"', start])
        outcome: list = []

        def second_writer():
            try:
                second.execute(_insert_sql(), [luna.pk, '"y"', start])
                outcome.append("inserted")
            except psycopg.errors.ExclusionViolation:
                outcome.append("refused")

        thread = threading.Thread(target=second_writer)
        thread.start()
        thread.join(timeout=1)
        assert thread.is_alive(), "the second writer must wait for the first"
        first.commit()
        thread.join(timeout=10)
        assert outcome == ["refused"]
    finally:
        first.close()
        second.close()
    with owner_scope("owner-a"):
        assert Fact.objects.filter(superseded_at__isnull=True).count() == 1


def test_exclusion_conflict_is_reported_to_the_loser():
    with owner_scope("owner-a") as scope:
        luna = factories.entity(scope)
    start = timezone.now() - timedelta(days=1)
    with app_role_connection() as first, app_role_connection() as second:
        first.autocommit = second.autocommit = False
        for conn in (first, second):
            conn.execute("SELECT set_config('app.current_owner', 'owner-a', true)")
        statement = _insert_sql()
        first.execute(statement, [luna.pk, '"x"', start])
        first.commit()
        with pytest.raises(psycopg.errors.ExclusionViolation):
            second.execute("SELECT set_config('app.current_owner', 'owner-a', true)")
            second.execute(statement, [luna.pk, '"y"', start])
        second.rollback()
    with owner_scope("owner-a"):
        assert Fact.objects.filter(superseded_at__isnull=True).count() == 1


def _insert_sql() -> str:
    return (
        "INSERT INTO facts (id, owner_sub, created_at, subject_entity_id, predicate, object_kind,"
        " object_value, object_key, is_functional, valid_from, recorded_at, source, confidence,"
        " memory_type, status, priority, retention_class, evidence, source_trust_tier)"
        " VALUES (gen_random_uuid(), 'owner-a', now(), %s, 'status', 'literal', %s, '', false,"
        " %s, now(), 't', 1, 'user_assertion', 'active', 0, 'permanent', '{}', 'trusted')"
    )
