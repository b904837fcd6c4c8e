"""History cannot be rewritten by the application role."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import DatabaseError, IntegrityError, connections, transaction
from django.utils import timezone

from tests import factories
from tests.conftest import BOTH_DATABASES
from worldmemory.models import Fact, SourceDeletion, SourceMessage, WorldEvent
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _rejected(statement: str, params: list | None = None) -> str:
    """Run SQL as the application role in a savepoint; return the database's refusal."""
    with (
        pytest.raises(DatabaseError) as caught,
        transaction.atomic("app"),
        connections["app"].cursor() as cursor,
    ):
        cursor.execute(statement, params or [])
    return str(caught.value)


@pytest.fixture
def history():
    with owner_scope("owner-a") as scope:
        luna = factories.entity(scope)
        a_session = factories.session(scope)
        yield {
            "scope": scope,
            "fact": factories.fact(scope, subject=luna, predicate="status", value="hungry"),
            "world_events": factories.event(scope, target=luna),
            "source_messages": factories.message(scope, in_session=a_session),
            "source_deletions": factories.deletion(
                scope, of=factories.message(scope, in_session=a_session)
            ),
        }


@pytest.mark.parametrize("table", ["world_events", "source_messages", "source_deletions"])
def test_append_only_tables_refuse_update_delete_truncate(history, table):
    row_id = history[table].pk
    column = {"world_events": "summary", "source_messages": "text", "source_deletions": "reason"}[
        table
    ]
    for statement in (
        f"UPDATE {table} SET {column} = 'rewritten' WHERE id = %s",
        f"DELETE FROM {table} WHERE id = %s",
    ):
        assert "permission denied" in _rejected(statement, [row_id])
    assert "permission denied" in _rejected(f"TRUNCATE {table}")
    model = {
        "world_events": WorldEvent,
        "source_messages": SourceMessage,
        "source_deletions": SourceDeletion,
    }[table]
    assert model.objects.filter(pk=row_id).exists()


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_append_only_trigger_holds_even_where_grants_would_allow():
    """The trigger is the second wall: even the owner role cannot rewrite an event, and a
    permanent one is not even visible to a DELETE (retention's restrictive policy)."""
    with owner_scope("owner-a") as scope:
        event = factories.event(scope)
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic("default"),
        connections["default"].cursor() as cursor,
    ):
        cursor.execute("SELECT set_config('app.current_owner', 'owner-a', true)")
        cursor.execute("UPDATE world_events SET summary = 'x' WHERE id = %s", [event.pk])
    with transaction.atomic("default"), connections["default"].cursor() as cursor:
        cursor.execute("SELECT set_config('app.current_owner', 'owner-a', true)")
        cursor.execute("DELETE FROM world_events WHERE id = %s", [event.pk])
        assert cursor.rowcount == 0
        # the trigger says no too, where no policy stands in front of it
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic("default"):
            cursor.execute("ALTER TABLE world_events NO FORCE ROW LEVEL SECURITY")
            cursor.execute("DELETE FROM world_events WHERE id = %s", [event.pk])
    with owner_scope("owner-a"):
        assert WorldEvent.objects.filter(pk=event.pk).exists()


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("object_value", '"full"'),
        ("valid_from", "2020-01-01T00:00:00Z"),
        ("recorded_at", "2020-01-01T00:00:00Z"),
        ("confidence", "0.1"),
    ],
)
def test_fact_value_and_times_cannot_change(history, column, value):
    cast = "::jsonb" if column == "object_value" else ""
    error = _rejected(
        f"UPDATE facts SET {column} = %s{cast} WHERE id = %s", [value, history["fact"].pk]
    )
    assert "permission denied" in error


def test_fact_cannot_be_deleted(history):
    assert "permission denied" in _rejected("DELETE FROM facts WHERE id = %s", [history["fact"].pk])


def test_fact_closes_once_and_only_by_closing(history):
    fact = history["fact"]
    # Changing status alone is not a close.
    assert "changes only by being closed" in _rejected(
        "UPDATE facts SET status = 'superseded' WHERE id = %s", [fact.pk]
    )
    closed = Fact.objects.filter(pk=fact.pk).update(
        superseded_at=timezone.now(), status=Fact.Status.INVALIDATED
    )
    assert closed == 1
    with pytest.raises(DatabaseError, match="already closed"), transaction.atomic("app"):
        Fact.objects.filter(pk=fact.pk).update(
            superseded_at=timezone.now() + timedelta(seconds=1), status=Fact.Status.SUPERSEDED
        )
    fact.refresh_from_db()
    assert fact.status == Fact.Status.INVALIDATED


def test_database_sets_the_belief_columns(history):
    fact = Fact.objects.get(pk=history["fact"].pk)
    assert fact.is_functional is True  # "status" is functional in the core vocabulary
    assert fact.object_key and fact.belief_key is not None


def test_two_current_beliefs_for_one_functional_key_are_refused(history):
    scope, first = history["scope"], history["fact"]
    with pytest.raises(IntegrityError, match="facts_one_current_belief"), transaction.atomic("app"):
        factories.fact(scope, subject=first.subject_entity, predicate="status", value="fed")
    # Adjacent valid intervals are fine: the old value until T, the new one from T.
    later = first.valid_from + timedelta(hours=1)
    Fact.objects.filter(pk=first.pk).update(
        superseded_at=timezone.now(), status=Fact.Status.SUPERSEDED
    )
    factories.fact(
        scope,
        subject=first.subject_entity,
        value="hungry",
        valid_from=first.valid_from,
        valid_to=later,
    )
    factories.fact(scope, subject=first.subject_entity, value="fed", valid_from=later)


def test_set_predicates_refuse_a_duplicate_active_edge_but_allow_another_object(history):
    scope = history["scope"]
    person = factories.entity(scope, kind="person", name="Basti")
    luna = history["fact"].subject_entity
    rex = factories.entity(scope, name="Rex")
    factories.fact(scope, subject=person, predicate="cares_for", obj=luna)
    factories.fact(scope, subject=person, predicate="cares_for", obj=rex)
    with pytest.raises(IntegrityError, match="facts_one_current_belief"), transaction.atomic("app"):
        factories.fact(scope, subject=person, predicate="cares_for", obj=luna)
