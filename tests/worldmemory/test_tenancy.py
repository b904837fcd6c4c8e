"""Row-level security is owner-private and fails closed, in the database itself."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, IntegrityError, connections, transaction

from tests import factories
from tests.conftest import BOTH_DATABASES, app_role_connection
from worldmemory.models import Entity, EntityAlias, Fact, WorldEvent
from worldmemory.privileges import tenant_tables
from worldmemory.tenancy import current_owner, owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)


def _count(conn, table: str) -> int:
    return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


@pytest.fixture
def two_owners_everywhere():
    for owner in ("owner-a", "owner-b"):
        with owner_scope(owner) as scope:
            factories.one_row_in_every_tenant_table(scope)


def test_factories_cover_every_tenant_table():
    with owner_scope("owner-a") as scope:
        rows = factories.one_row_in_every_tenant_table(scope)
    assert sorted(rows) == tenant_tables()


@pytest.mark.usefixtures("two_owners_everywhere")
def test_no_owner_or_empty_owner_sees_no_row_in_any_tenant_table():
    with app_role_connection() as conn:
        for table in tenant_tables():
            assert _count(conn, table) == 0, f"{table} visible with no owner set"

        with conn.transaction():
            conn.execute("SELECT set_config('app.current_owner', 'owner-a', true)")
            # The rows are there: owner A sees exactly its own.
            for table in tenant_tables():
                assert _count(conn, table) >= 1, table
                owners = conn.execute(f"SELECT DISTINCT owner_sub FROM {table}").fetchall()
                assert owners == [("owner-a",)], table
        # after COMMIT the transaction-local setting is gone
        assert all(_count(conn, t) == 0 for t in tenant_tables())

        conn.execute("SET app.current_owner = ''")
        assert all(_count(conn, t) == 0 for t in tenant_tables())

        conn.execute("SET app.current_owner = 'owner-a'")
        assert _count(conn, "entities") == 1
        conn.execute("RESET app.current_owner")
        assert all(_count(conn, t) == 0 for t in tenant_tables())

        conn.execute("SET app.current_owner = 'owner-b'")
        conn.execute("DISCARD ALL")
        assert all(_count(conn, t) == 0 for t in tenant_tables())


def test_rows_cannot_be_written_for_another_owner_or_for_nobody():
    with owner_scope("owner-a") as scope:
        mine = factories.entity(scope)
        with pytest.raises(DatabaseError, match="row-level security"), transaction.atomic("app"):
            Entity.objects.create(
                owner_sub="owner-b", kind_id="pet", slug="stolen", canonical_name="Stolen"
            )
        with pytest.raises(DatabaseError, match="row-level security"), transaction.atomic("app"):
            Entity.objects.filter(pk=mine.pk).update(owner_sub="owner-b")
    assert current_owner() is None
    with pytest.raises(DatabaseError, match="row-level security"), transaction.atomic("app"):
        Entity.objects.create(owner_sub="owner-a", kind_id="pet", slug="x", canonical_name="X")
    with pytest.raises(DatabaseError, match="row-level security"), transaction.atomic("app"):
        Entity.objects.create(owner_sub="", kind_id="pet", slug="y", canonical_name="Y")


def test_a_row_can_never_reference_another_owners_entity():
    with owner_scope("owner-b") as scope_b:
        theirs = factories.entity(scope_b, name="Rex")
        their_event = factories.event(scope_b, target=theirs)
    with owner_scope("owner-a") as scope:
        mine = factories.entity(scope)
        attempts = {
            "fact object": lambda: factories.fact(
                scope, subject=mine, predicate="cares_for", obj=Entity(pk=theirs.pk)
            ),
            "fact subject": lambda: factories.fact(scope, subject=Entity(pk=theirs.pk)),
            "alias": lambda: EntityAlias.objects.create(
                owner_sub="owner-a", entity_id=theirs.pk, alias="Rex", alias_norm="rex"
            ),
            "event target": lambda: WorldEvent.objects.create(
                owner_sub="owner-a",
                event_type_id="state_change",
                occurred_at=mine.created_at,
                recorded_at=mine.created_at,
                source="t",
                target_entity_id=theirs.pk,
            ),
            "event cause": lambda: WorldEvent.objects.create(
                owner_sub="owner-a",
                event_type_id="state_change",
                occurred_at=mine.created_at,
                recorded_at=mine.created_at,
                source="t",
                caused_by_event_id=their_event.pk,
            ),
        }
        for _name, attempt in attempts.items():
            with pytest.raises(IntegrityError, match="same_owner"), transaction.atomic("app"):
                attempt()
        assert Fact.objects.count() == 0


def test_explain_of_owner_scoped_fact_query_uses_an_owner_led_index():
    with owner_scope("owner-a") as scope:
        luna = factories.entity(scope)
        factories.fact(scope, subject=luna)
        with connections["app"].cursor() as cursor:
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute(
                "EXPLAIN (FORMAT JSON) SELECT * FROM facts "
                "WHERE owner_sub = %s AND subject_entity_id = %s AND predicate = %s",
                ["owner-a", luna.pk, "status"],
            )
            plan = cursor.fetchone()[0][0]["Plan"]
            index_names = _index_names(plan)
            assert index_names, plan
            cursor.execute(
                "SELECT c.relname, a.attname FROM pg_index i "
                "JOIN pg_class c ON c.oid = i.indexrelid "
                "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] "
                "WHERE c.relname = ANY(%s)",
                [index_names],
            )
            leading = dict(cursor.fetchall())
    assert leading and set(leading.values()) == {"owner_sub"}, leading


def _index_names(plan: dict) -> list[str]:
    names = [plan["Index Name"]] if "Index Name" in plan else []
    for child in plan.get("Plans", []):
        names += _index_names(child)
    return names
