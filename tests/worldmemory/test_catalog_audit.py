"""The database catalog itself says what the tenancy rules promise."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connections

from tests.conftest import BOTH_DATABASES
from worldmemory.privileges import tenant_tables

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

REGISTRIES = ["entity_kinds", "relation_types", "event_types"]


def _rows(sql: str, params: list | None = None) -> list[tuple]:
    with connections["default"].cursor() as cursor:
        cursor.execute(sql, params or [])
        return cursor.fetchall()


def test_every_table_with_an_owner_column_is_a_tenant_table():
    with_owner = {
        table
        for (table,) in _rows(
            "SELECT table_name FROM information_schema.columns "
            "WHERE table_schema = 'public' AND column_name = 'owner_sub'"
        )
    }
    # partitions are reached through their tenant table (test_event_partitions.py)
    partitions = {name for (name,) in _rows("SELECT relname FROM pg_class WHERE relispartition")}
    # owner_accounts maps a login to its owner and curator_queue says which chat is due:
    # ids only, no memory
    assert with_owner - partitions - {"owner_accounts", "curator_queue"} == set(tenant_tables())


def test_every_tenant_table_has_forced_rls_with_using_and_with_check():
    flags = {
        name: (enabled, forced)
        for name, enabled, forced in _rows(
            "SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class "
            "WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')"
        )
    }
    for table in tenant_tables():
        assert flags[table] == (True, True), table
        policies = _rows(
            "SELECT cmd, qual, with_check FROM pg_policies "
            "WHERE tablename = %s AND permissive = 'PERMISSIVE'",
            [table],
        )
        assert len(policies) == 1, (table, policies)
        cmd, using, with_check = policies[0]
        assert cmd == "ALL", table
        assert "gd_current_owner()" in using and "owner_sub" in using, table
        assert "gd_current_owner()" in with_check and "owner_sub" in with_check, table


def test_only_retention_narrows_deletes_beyond_the_owner_policy():
    """Every other policy is restrictive (it can only take rows away) and concerns DELETE."""
    others = _rows(
        "SELECT tablename, cmd, qual FROM pg_policies "
        "WHERE schemaname = 'public' AND permissive = 'RESTRICTIVE' ORDER BY tablename"
    )
    assert [(table, cmd) for table, cmd, _ in others] == [
        ("facts", "DELETE"),
        ("world_events", "DELETE"),
    ]
    assert all("prunable" in qual and "retention_class" in qual for *_, qual in others)


def test_prune_role_may_delete_facts_and_events_only():
    prune_role = settings.DATABASES["prune"]["USER"]
    rows = _rows(
        "SELECT table_name, privilege_type FROM information_schema.role_table_grants "
        "WHERE grantee = %s AND privilege_type IN ('DELETE', 'UPDATE', 'TRUNCATE')",
        [prune_role],
    )
    assert sorted(rows) == [
        ("facts", "DELETE"),
        ("memory_projections", "UPDATE"),
        ("retention_runs", "UPDATE"),
        ("world_events", "DELETE"),
    ]
    (superuser, bypass) = _rows(
        "SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = %s", [prune_role]
    )[0]
    assert not (superuser or bypass)


def test_owner_function_is_stable_and_fails_closed_on_empty():
    (volatility,) = _rows("SELECT provolatile FROM pg_proc WHERE proname = 'gd_current_owner'")[0]
    assert volatility == "s"
    (body,) = _rows("SELECT prosrc FROM pg_proc WHERE proname = 'gd_current_owner'")[0]
    assert "nullif" in body and "app.current_owner" in body


def test_registries_have_no_row_level_security():
    rows = _rows(
        "SELECT relname, relrowsecurity FROM pg_class WHERE relname = ANY(%s)", [REGISTRIES]
    )
    assert dict(rows) == dict.fromkeys(REGISTRIES, False)
    assert _rows("SELECT 1 FROM pg_policies WHERE tablename = ANY(%s)", [REGISTRIES]) == []


def test_runtime_role_is_unprivileged_and_owns_nothing():
    app_role = settings.DATABASES["app"]["USER"]
    owner_role = settings.DATABASES["default"]["USER"]
    with connections["app"].cursor() as cursor:
        cursor.execute("SELECT current_user")
        assert cursor.fetchone()[0] == app_role
    (superuser, bypass, createrole, createdb) = _rows(
        "SELECT rolsuper, rolbypassrls, rolcreaterole, rolcreatedb FROM pg_roles "
        "WHERE rolname = %s",
        [app_role],
    )[0]
    assert not (superuser or bypass or createrole or createdb)
    owned = _rows(
        "SELECT relname FROM pg_class WHERE relowner = (SELECT oid FROM pg_roles "
        "WHERE rolname = %s)",
        [app_role],
    )
    assert owned == []
    assert _rows("SELECT 1 FROM pg_namespace WHERE nspowner = %s::regrole", [app_role]) == []
    member_of_owner = _rows("SELECT pg_has_role(%s, %s, 'MEMBER')", [app_role, owner_role])[0][0]
    assert member_of_owner is False


def test_no_view_lacks_security_invoker():
    views = _rows(
        "SELECT c.relname, coalesce(c.reloptions, '{}') FROM pg_class c "
        "WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm')"
    )
    for name, options in views:
        assert "security_invoker=true" in options or "security_invoker=on" in options, name


def test_every_unique_constraint_on_a_tenant_table_includes_owner_sub():
    rows = _rows(
        "SELECT t.relname, i.relname, array_agg(a.attname::text) FROM pg_index x "
        "JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid "
        "JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(x.indkey) "
        "WHERE x.indisunique AND NOT x.indisprimary AND t.relname = ANY(%s) "
        "GROUP BY t.relname, i.relname",
        [tenant_tables()],
    )
    assert rows, "expected unique constraints on tenant tables"
    for table, index, columns in rows:
        assert "owner_sub" in columns, (table, index, columns)


def test_every_btree_index_on_a_tenant_table_is_led_by_owner_sub():
    rows = _rows(
        "SELECT t.relname, i.relname, a.attname, am.amname FROM pg_index x "
        "JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid "
        "JOIN pg_am am ON am.oid = i.relam "
        "LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0] "
        "WHERE NOT x.indisprimary AND t.relname = ANY(%s)",
        [tenant_tables()],
    )
    for table, index, leading, method in rows:
        if method in {"hnsw", "gin"}:
            continue  # vector and full-text indexes cannot lead with a text column here
            # (no btree_gin in the embedded server); RLS filters after them
        assert leading == "owner_sub", (table, index, leading)
