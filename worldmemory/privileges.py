"""The tenant tables and what each database role may do with them.

Row-level security (``tenancy``) decides which rows an owner sees; these grants decide which
statements the runtime and prune roles may run at all. They read the models to find the
tenant tables, so they sit above them; ``tenancy`` sits below the models, which use it.
"""

from __future__ import annotations

from django.apps import apps
from django.db import connections

from worldmemory.models import OwnedModel


def tenant_tables() -> list[str]:
    """Every table holding owner-private rows: the concrete subclasses of ``OwnedModel``."""
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
