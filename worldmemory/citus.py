"""Distribution on Citus by owner: the rules the schema keeps, and the script that applies them.

Every tenant table is distributed by ``owner_sub`` and co-located with ``entities``, so one
owner's memory lives on one shard group and every owner-scoped query is routed to one
node. The core registries are reference tables (a copy on every node, read by the tenant
triggers); everything else (accounts, the curator's queue, the job queue, counters, Django's
own tables) stays on the coordinator.

Citus is not installable here, so the proof is by rule: ``conformance_problems`` reads the
real catalog and names every constraint Citus would refuse; the suite asserts there are none
(tests/worldmemory/test_citus_conformance.py). ``distribution_script`` prints the SQL an
operator runs on a Citus coordinator after ``migrate`` (``manage.py gd_citus --print``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connections

from infra.routers import OWNER_DB
from worldmemory.privileges import tenant_tables

DISTRIBUTION_COLUMN = "owner_sub"
COLOCATION_ANCHOR = "entities"
REFERENCE_TABLES = ("entity_kinds", "relation_types", "event_types")
# Triggers that write a coordinator table from a tenant row: a shard cannot, so on Citus the
# counters they keep are made a reference table (written from the workers through the
# coordinator's metadata, Citus ≥ 11).
COUNTER_TABLE = "ops_counters"


@dataclass(frozen=True)
class Constraint:
    table: str
    name: str
    kind: str  # p, u, x, f or i (a unique index without a constraint)
    columns: tuple[str, ...]
    definition: str
    referenced_table: str | None = None
    referenced_columns: tuple[str, ...] = ()


def _rows(sql: str, params: list | None = None, *, using: str) -> list[tuple]:
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params or [])
        return cursor.fetchall()


def constraints_of(tables: list[str], *, using: str = OWNER_DB) -> list[Constraint]:
    """Primary keys, unique, exclusion and foreign-key constraints and unique indexes of
    ``tables`` (top-level only: a partition's constraints follow its parent)."""
    rows = _rows(
        "SELECT c.relname, con.conname, con.contype::text, "
        " ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, o)"
        "       JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n"
        "       ORDER BY k.o), "
        " pg_get_constraintdef(con.oid), fc.relname, "
        " ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, o)"
        "       JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n"
        "       ORDER BY k.o) "
        "FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid "
        "LEFT JOIN pg_class fc ON fc.oid = con.confrelid "
        "WHERE c.relname = ANY(%s) AND con.contype IN ('p', 'u', 'x', 'f') "
        "AND con.conparentid = 0 AND c.relnamespace = 'public'::regnamespace",
        [tables],
        using=using,
    )
    found = [
        Constraint(table, name, kind, tuple(cols), definition, ref, tuple(ref_cols))
        for table, name, kind, cols, definition, ref, ref_cols in rows
    ]
    indexes = _rows(
        "SELECT t.relname, i.relname, "
        " ARRAY(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY k(n, o)"
        "       LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.n"
        "       ORDER BY k.o), pg_get_indexdef(x.indexrelid) "
        "FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid "
        "JOIN pg_class t ON t.oid = x.indrelid "
        "WHERE t.relname = ANY(%s) AND x.indisunique AND NOT t.relispartition "
        "AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = x.indexrelid)",
        [tables],
        using=using,
    )
    found += [
        Constraint(table, name, "i", tuple(c or "(expression)" for c in cols), definition)
        for table, name, cols, definition in indexes
    ]
    return found


def partition_keys(*, using: str = OWNER_DB) -> dict[str, tuple[str, ...]]:
    rows = _rows(
        "SELECT c.relname, ARRAY(SELECT a.attname::text FROM unnest(p.partattrs) n"
        "  JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = n) "
        "FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid "
        "WHERE c.relnamespace = 'public'::regnamespace",
        using=using,
    )
    return {table: tuple(columns) for table, columns in rows}


def conformance_problems(*, using: str = OWNER_DB, tables: list[str] | None = None) -> list[str]:
    """Every way the schema breaks what Citus requires of distributed tables, in words.

    Rules (Citus 12 docs, "Distributing tables"): the distribution column is part of every
    primary key, unique constraint, unique index and exclusion constraint (in an exclusion
    constraint with ``=``); a foreign key between distributed tables includes the
    distribution column on both sides; a distributed table references only co-located
    distributed tables and reference tables; a partitioned table's primary key holds its
    partition key and the distribution column.
    """
    tenants = tables if tables is not None else tenant_tables()
    problems = []
    for c in constraints_of(tenants, using=using):
        where = f"{c.table}.{c.name}"
        if c.kind in {"p", "u", "i"} and DISTRIBUTION_COLUMN not in c.columns:
            problems.append(f"{where}: {DISTRIBUTION_COLUMN} is not in {c.columns}")
        if c.kind == "x" and f"{DISTRIBUTION_COLUMN} WITH =" not in c.definition:
            problems.append(f"{where}: exclusion without '{DISTRIBUTION_COLUMN} WITH ='")
        if c.kind == "f":
            if c.referenced_table in tenants:
                pairs = dict(zip(c.columns, c.referenced_columns, strict=True))
                if pairs.get(DISTRIBUTION_COLUMN) != DISTRIBUTION_COLUMN:
                    problems.append(
                        f"{where}: a reference between tenant tables without"
                        f" {DISTRIBUTION_COLUMN} = {DISTRIBUTION_COLUMN}"
                    )
            elif c.referenced_table not in REFERENCE_TABLES:
                problems.append(
                    f"{where}: references {c.referenced_table}, which is neither distributed"
                    " nor a reference table"
                )
    primary = {c.table: c.columns for c in constraints_of(tenants, using=using) if c.kind == "p"}
    for table in tenants:
        if table not in primary:
            problems.append(f"{table}: no primary key")
    for table, key in partition_keys(using=using).items():
        if table in tenants:
            missing = {*key, DISTRIBUTION_COLUMN} - set(primary.get(table, ()))
            if missing:
                problems.append(f"{table}: primary key lacks {sorted(missing)}")
    for c in constraints_of(list(REFERENCE_TABLES), using=using):
        if c.kind == "f" and c.referenced_table in tenants:
            problems.append(f"{c.table}.{c.name}: a reference table points at a tenant table")
    return problems


def _trigger_functions(tables: list[str], *, using: str) -> list[str]:
    """Functions the tenant tables' triggers and policies call: they must exist on every
    node that holds a shard."""
    rows = _rows(
        "SELECT DISTINCT p.oid::regprocedure::text FROM pg_trigger t "
        "JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid "
        "WHERE NOT t.tgisinternal AND c.relname = ANY(%s) "
        "UNION SELECT 'gd_current_owner()' ORDER BY 1",
        [tables],
        using=using,
    )
    return [name for (name,) in rows]


def _referenced_first(tables: list[str], *, using: str) -> list[str]:
    """``tables`` ordered so that a table comes after every tenant table it references:
    Citus distributes a referencing table only once its target is distributed."""
    targets = {table: set() for table in tables}
    for c in constraints_of(tables, using=using):
        if c.kind == "f" and c.referenced_table in targets and c.referenced_table != c.table:
            targets[c.table].add(c.referenced_table)
    ordered: list[str] = []
    while targets:
        ready = sorted(t for t, refs in targets.items() if refs <= set(ordered))
        if not ready:
            raise ValueError(f"tenant tables reference each other in a cycle: {sorted(targets)}")
        ordered += ready
        for table in ready:
            del targets[table]
    return ordered


def distribution_script(*, using: str = OWNER_DB) -> str:
    """The SQL that turns a migrated database into a Citus cluster, in the order it must run."""
    tenants = tenant_tables()
    others = [t for t in _referenced_first(tenants, using=using) if t != COLOCATION_ANCHOR]
    app_role = connections["app"].settings_dict["USER"]
    lines = [
        "-- Gedächtnis on Citus: run as the database owner on the coordinator, after",
        "-- `manage.py migrate` and after the workers are added (docs/deploy.md).",
        "-- Generated from the migrated schema by `manage.py gd_citus --print`.",
        "CREATE EXTENSION IF NOT EXISTS citus;",
        "",
        "-- The functions the tenant triggers and row-level security policies call exist on",
        "-- every node before the first shard does.",
        *(
            f"SELECT create_distributed_function('{fn}');"
            for fn in _trigger_functions(tenants, using=using)
        ),
        "",
        "-- Core vocabulary: one copy on every node (the tenant triggers read it).",
        *(f"SELECT create_reference_table('{table}');" for table in REFERENCE_TABLES),
        "-- Counters written by tenant triggers: a reference table, so a shard can write it.",
        f"SELECT create_reference_table('{COUNTER_TABLE}');",
        "",
        "-- Tenant tables: distributed by owner, all co-located, so one owner is one shard",
        "-- group and the same-owner foreign keys hold within it. The triggers on them",
        "-- touch only their own shard or reference tables.",
        "SET citus.enable_unsafe_triggers = on;",
        f"SELECT create_distributed_table('{COLOCATION_ANCHOR}', '{DISTRIBUTION_COLUMN}');",
        *(
            f"SELECT create_distributed_table('{table}', '{DISTRIBUTION_COLUMN}',"
            f" colocate_with => '{COLOCATION_ANCHOR}');"
            for table in others
        ),
        "",
        "-- Row-level security: the policies travel with each table to its shards; the",
        "-- runtime role must exist on every node (later grants follow it there).",
        f"SELECT run_command_on_workers($$DO $x$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles"
        f" WHERE rolname = '{app_role}') THEN CREATE ROLE \"{app_role}\" LOGIN; END IF;"
        " END $x$$$);",
        *(
            f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY;"  # propagated to every shard
            for table in tenants
        ),
        "",
        "-- Then run `manage.py migrate` once more: with nothing to migrate it re-applies the",
        "-- application and prune roles' narrower grants (append-only tables, the closing",
        "-- columns of facts), which Citus propagates to the shards.",
    ]
    return "\n".join(lines) + "\n"
