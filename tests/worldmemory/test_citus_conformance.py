"""The real schema keeps every rule Citus has for tables distributed by owner_sub."""

from __future__ import annotations

import importlib
import re

import psycopg
import pytest
from django.core.management import call_command
from django.db import connections

from tests import factories
from tests.conftest import BOTH_DATABASES
from worldmemory.citus import (
    COLOCATION_ANCHOR,
    REFERENCE_TABLES,
    conformance_problems,
    constraints_of,
    distribution_script,
)
from worldmemory.privileges import tenant_tables
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

MOVE = importlib.import_module("worldmemory.migrations.0024_citus_ready_primary_keys")


def test_the_schema_breaks_no_citus_rule():
    assert conformance_problems() == []


def test_every_tenant_table_is_keyed_by_owner_and_id():
    primary = {c.table: c.columns for c in constraints_of(tenant_tables()) if c.kind == "p"}
    assert primary == dict.fromkeys(tenant_tables(), ("owner_sub", "id"))


def test_the_rules_name_what_citus_would_refuse():
    with connections["default"].cursor() as cursor:
        cursor.execute(
            "CREATE TABLE gd_probe (id uuid PRIMARY KEY, owner_sub text, slug text UNIQUE,"
            " account integer REFERENCES owner_accounts (id),"
            " during tstzrange, EXCLUDE USING gist (during WITH &&))"
        )
    problems = conformance_problems(tables=[*tenant_tables(), "gd_probe"])
    assert any(p.startswith("gd_probe.gd_probe_pkey: owner_sub is not in") for p in problems)
    assert any(p.startswith("gd_probe.gd_probe_slug_key") for p in problems)
    assert any("references owner_accounts" in p for p in problems)
    assert any("exclusion without 'owner_sub WITH ='" in p for p in problems)
    assert len(problems) == 4, problems


def test_the_script_distributes_every_tenant_table_after_what_it_references():
    script = distribution_script()
    distributed = re.findall(r"create_distributed_table\('(\w+)', 'owner_sub'", script)
    assert sorted(distributed) == tenant_tables()
    assert distributed[0] == COLOCATION_ANCHOR
    assert script.count(f"colocate_with => '{COLOCATION_ANCHOR}'") == len(distributed) - 1
    references = re.findall(r"create_reference_table\('(\w+)'\)", script)
    assert set(REFERENCE_TABLES) <= set(references)
    position = {table: distributed.index(table) for table in distributed}
    for c in constraints_of(tenant_tables()):
        if c.kind == "f" and c.referenced_table != c.table:
            if c.referenced_table in position:
                assert position[c.referenced_table] < position[c.table], c.name
            else:  # a reference table, created before any distributed one
                assert script.index(f"'{c.referenced_table}'") < script.index(f"'{c.table}'")
    assert "gd_facts_one_current_belief()" in script  # trigger functions exist on workers


def test_gd_citus_prints_the_script_and_checks_the_schema(capsys):
    call_command("gd_citus", "--print")
    assert "SELECT create_distributed_table('facts', 'owner_sub'" in capsys.readouterr().out
    call_command("gd_citus", "--check")
    assert "can be distributed by owner_sub" in capsys.readouterr().out


def _primary_key(cursor, table: str) -> tuple[str, ...]:
    cursor.execute(
        "SELECT ARRAY(SELECT a.attname::text FROM unnest(conkey) WITH ORDINALITY k(n, o)"
        " JOIN pg_attribute a ON a.attrelid = conrelid AND a.attnum = k.n ORDER BY k.o)"
        " FROM pg_constraint WHERE conrelid = %s::regclass AND contype = 'p'",
        [table],
    )
    return tuple(cursor.fetchone()[0])


def _shape(cursor) -> tuple[int, dict[str, int]]:
    cursor.execute("SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND conparentid = 0")
    references = cursor.fetchone()[0]
    counts = {}
    for table in tenant_tables():
        cursor.execute(f"SELECT count(*) FROM {table}")
        counts[table] = cursor.fetchone()[0]
    return references, counts


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_the_key_move_keeps_every_row_and_reference_of_a_populated_database():
    with owner_scope("owner-a") as scope:
        factories.one_row_in_every_tenant_table(scope)
    params = connections["default"].settings_dict
    with psycopg.connect(
        dbname=params["NAME"],
        user=params["USER"],
        password=params["PASSWORD"] or None,
        host=params["HOST"] or None,
        port=params["PORT"] or None,
    ) as conn:
        cursor = conn.cursor()
        cursor.execute("SELECT set_config('app.current_owner', 'owner-a', false)")
        before = _shape(cursor)
        assert all(before[1].values()), before  # every tenant table holds a row
        cursor.execute(MOVE._SWAP_BACK)
        assert _primary_key(cursor, "facts") == ("id",)
        assert _shape(cursor) == before
        cursor.execute(MOVE._SWAP)
        assert _primary_key(cursor, "facts") == ("owner_sub", "id")
        assert _primary_key(cursor, "world_events_default") == ("owner_sub", "id")
        assert _shape(cursor) == before
        conn.rollback()


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_sizing_prints_bytes_per_fact_and_owners_per_node(capsys):
    with owner_scope("owner-a") as scope:
        luna = factories.entity(scope)
        for value in ("a", "b", "c"):
            factories.fact(scope, subject=luna, predicate="prefers", value=value)
    call_command("gd_bench", "sizing")
    out = capsys.readouterr().out
    per_fact = re.search(r"([\d,]+) bytes per fact", out)
    assert per_fact and int(per_fact.group(1).replace(",", "")) > 0, out
    assert re.search(r"^\s+10,000\s+[\d,]+ \(", out, re.MULTILINE), out
