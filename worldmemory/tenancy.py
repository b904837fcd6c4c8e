"""Owner scoping: the only way code reaches tenant rows.

Row-level security compares ``owner_sub`` with ``app.current_owner``, a
transaction-local setting. ``owner_scope`` opens a transaction (or savepoint) on
the application-role connection and sets it from an identity the caller has
already authenticated — never from a request parameter, never session-wide, so a
pooled connection cannot carry one owner's scope into the next request.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.apps import apps
from django.db import connections, transaction

from infra.routers import APP_DB

OWNER_SETTING = "app.current_owner"


@dataclass(frozen=True)
class OwnerScope:
    """An authenticated owner; every owner-scoped service takes one explicitly."""

    owner_sub: str
    org_id: str | None = None


def current_owner(*, using: str = APP_DB) -> str | None:
    with connections[using].cursor() as cursor:
        cursor.execute("SELECT nullif(current_setting(%s, true), '')", [OWNER_SETTING])
        return cursor.fetchone()[0]


def _set_owner(value: str, *, using: str) -> None:
    with connections[using].cursor() as cursor:
        cursor.execute("SELECT set_config(%s, %s, true)", [OWNER_SETTING, value])
    _remember_owner(value, using=using)


def _remember_owner(value: str, *, using: str) -> None:
    # What ``scoped_owner`` answers without a round trip. A stale value is harmless: once
    # the transaction ends the setting is empty, and row-level security shows nothing.
    connections[using].gd_owner = value


def scoped_owner(*, using: str = APP_DB) -> str | None:
    """The owner this connection's transaction is scoped to, as last set through here."""
    return getattr(connections[using], "gd_owner", None) or None


@contextmanager
def owner_scope(
    owner_sub: str, *, org_id: str | None = None, using: str = APP_DB
) -> Iterator[OwnerScope]:
    """Run the block in a transaction whose rows are those of ``owner_sub`` only.

    Nested scopes (another owner inside a request transaction, or tests) restore
    the outer owner on exit; on an exception the savepoint rollback does it.
    """
    if not owner_sub or not owner_sub.strip():
        raise ValueError("owner_scope needs a non-empty owner_sub")
    with transaction.atomic(using=using):
        previous = current_owner(using=using) or ""
        _set_owner(owner_sub, using=using)
        try:
            yield OwnerScope(owner_sub=owner_sub, org_id=org_id)
        finally:
            _remember_owner(previous, using=using)  # a rollback restores the setting itself
        if not connections[using].needs_rollback:
            _set_owner(previous, using=using)


def activate_owner(owner_sub: str, *, using: str = APP_DB) -> OwnerScope:
    """Set the owner for the rest of the current transaction (request authentication).

    Only valid inside a transaction: the setting is transaction-local and ends
    with it, whether it commits or rolls back.
    """
    if not connections[using].in_atomic_block:
        raise RuntimeError("activate_owner must run inside a transaction")
    _set_owner(owner_sub, using=using)
    return OwnerScope(owner_sub=owner_sub)


def tenant_tables() -> list[str]:
    """Every table holding owner-private rows: the concrete subclasses of ``OwnedModel``."""
    from worldmemory.models import OwnedModel

    return sorted(
        model._meta.db_table
        for model in apps.get_models()
        if issubclass(model, OwnedModel) and not model._meta.abstract
    )


APPEND_ONLY_TABLES = ("world_events", "source_messages", "source_deletions")
VOCABULARY_TABLES = (
    "entity_kinds",
    "relation_types",
    "event_types",
    "owner_entity_kinds",
    "owner_relation_types",
    "owner_event_types",
)
# The only columns of a fact the application role may ever change, each once.
FACT_CLOSING_COLUMNS = ("superseded_at", "status", "invalidated_by_fact_id")


def grant_application_privileges(*, using: str, app_role: str) -> None:
    """Grant the runtime role what it needs, and nothing the append-only rules forbid.

    Runs after every migrate (as the owner role), so tables added later are
    covered and the revocations are always re-applied after the broad grant.
    """
    role = connections[using].ops.quote_name(app_role)
    statements = [
        f"GRANT USAGE ON SCHEMA public TO {role}",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {role}",
        f"REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM {role}",
    ]
    for table in APPEND_ONLY_TABLES:
        statements.append(f"REVOKE UPDATE, DELETE ON {table} FROM {role}")
    # the hot window is configuration: the owner role writes it from the settings
    statements.append(f"REVOKE INSERT, UPDATE, DELETE ON retention_policy FROM {role}")
    # vocabulary is deprecated, never deleted: rows name its keys without a foreign key
    for table in VOCABULARY_TABLES:
        statements.append(
            f"DO $$ BEGIN IF to_regclass('{table}') IS NOT NULL THEN"
            f" REVOKE DELETE ON {table} FROM {role}; END IF; END $$"
        )
    closing = ", ".join(FACT_CLOSING_COLUMNS)
    statements += [
        # the audited deletion of a message's content is the only one there is
        "DO $$ BEGIN IF to_regprocedure('gd_delete_source_message(uuid,text,text)') IS NOT NULL"
        f" THEN GRANT EXECUTE ON FUNCTION gd_delete_source_message(uuid, text, text) TO {role};"
        " END IF; END $$",
        "DO $$ BEGIN IF to_regprocedure('gd_world_events_partitions_ensure(integer)') IS NOT NULL"
        " THEN GRANT EXECUTE ON FUNCTION gd_world_events_partitions_ensure(integer)"
        f" TO {role}; END IF; END $$",
        # a partition is reached only through its parent, whose grants and policy count
        "DO $$ DECLARE part text; BEGIN FOR part IN SELECT relname FROM pg_class"
        " WHERE relispartition AND relkind = 'r' AND relnamespace = 'public'::regnamespace"
        f" LOOP EXECUTE format('REVOKE ALL ON %I FROM {role}', part); END LOOP; END $$",
        f"REVOKE UPDATE, DELETE ON facts FROM {role}",
        f"GRANT UPDATE ({closing}) ON facts TO {role}",
    ]
    with connections[using].cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


# What retention reads, what it writes (rollups, its own record), and what it may delete;
# the delete is further held by the restrictive policies of migration 0009.
PRUNE_READS = ("entities", "relation_types", "event_types", "retention_policy")
PRUNE_WRITES = ("memory_projections", "retention_runs")
PRUNE_DELETES = ("facts", "world_events")


def grant_prune_privileges(*, using: str, prune_role: str) -> None:
    """The prune role sees owner rows under RLS like the application role; beyond reading,
    it writes rollups and run records and deletes windowed rows past the hot window."""
    role = connections[using].ops.quote_name(prune_role)
    statements = [
        f"GRANT USAGE ON SCHEMA public TO {role}",
        f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {role}",
        f"GRANT SELECT ON {', '.join(PRUNE_READS)} TO {role}",
        f"GRANT SELECT, INSERT, UPDATE ON {', '.join(PRUNE_WRITES)} TO {role}",
        f"GRANT SELECT, DELETE ON {', '.join(PRUNE_DELETES)} TO {role}",
    ]
    with connections[using].cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
