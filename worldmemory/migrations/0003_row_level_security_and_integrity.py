"""Owner-private row-level security, same-owner references, and immutability rules.

- Every tenant table: RLS enabled and forced, one policy for all commands,
  ``USING`` and ``WITH CHECK`` against ``gd_current_owner()`` (unset or empty
  setting → no row visible, none writable).
- Foreign-key checks ignore RLS, so each reference between tenant rows is also a
  composite key ``(owner_sub, x_id) → (owner_sub, id)``: a row can never point at
  another owner's row.
- ``world_events`` and ``source_messages`` are append-only; a fact changes only
  by being closed once in system time. The database sets a fact's
  ``is_functional``, ``object_key`` and ``belief_key`` and refuses two current
  beliefs with the same key over overlapping valid time (core range operators
  only: the embedded server has no btree_gist).
"""

from django.db import migrations

TENANT_TABLES = [
    "entities",
    "facts",
    "entity_aliases",
    "world_events",
    "memory_projections",
    "source_sessions",
    "source_messages",
    "proposals",
    "proposal_ops",
    "suppressions",
    "curator_state",
    "usage",
    "api_tokens",
]

# table, column, referenced table
SAME_OWNER_REFERENCES = [
    ("entities", "merged_into_id", "entities"),
    ("world_events", "actor_entity_id", "entities"),
    ("world_events", "target_entity_id", "entities"),
    ("world_events", "goal_ref_id", "entities"),
    ("world_events", "caused_by_event_id", "world_events"),
    ("facts", "subject_entity_id", "entities"),
    ("facts", "object_entity_id", "entities"),
    ("facts", "changed_by_entity_id", "entities"),
    ("facts", "scope_entity_id", "entities"),
    ("facts", "caused_by_event_id", "world_events"),
    ("facts", "supersedes_fact_id", "facts"),
    ("facts", "invalidated_by_fact_id", "facts"),
    ("entity_aliases", "entity_id", "entities"),
    ("source_messages", "session_id", "source_sessions"),
    ("source_messages", "supersedes_message_id", "source_messages"),
    ("proposal_ops", "proposal_id", "proposals"),
    ("suppressions", "proposal_op_id", "proposal_ops"),
    ("curator_state", "watermark_message_id", "source_messages"),
]

FUNCTIONS = r"""
CREATE OR REPLACE FUNCTION gd_current_owner() RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT nullif(current_setting('app.current_owner', true), '') $$;

CREATE OR REPLACE FUNCTION gd_is_table_owner(rel oid) RETURNS boolean
LANGUAGE sql STABLE
AS $$ SELECT pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = rel), 'MEMBER') $$;

CREATE OR REPLACE FUNCTION gd_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    -- The owner role may empty a table (test teardown); nobody rewrites history.
    IF TG_OP = 'TRUNCATE' AND gd_is_table_owner(TG_RELID) THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE OR REPLACE FUNCTION gd_facts_before_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    NEW.is_functional := coalesce(
        (SELECT cardinality = 'functional' FROM relation_types WHERE predicate = NEW.predicate),
        false);
    NEW.object_key := CASE
        WHEN NEW.object_entity_id IS NOT NULL THEN NEW.object_entity_id::text
        ELSE md5(coalesce(NEW.object_value, 'null'::jsonb)::text)
    END;
    -- One key per "slot": functional predicates hold one value per (subject,
    -- predicate, scope); set predicates one row per distinct object.
    NEW.belief_key := hashtextextended(concat_ws('|',
        NEW.owner_sub, NEW.subject_entity_id::text, NEW.predicate,
        coalesce(NEW.scope_entity_id::text, ''),
        CASE WHEN NEW.is_functional THEN '' ELSE NEW.object_key END), 0);
    RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION gd_facts_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
    closing text[] := ARRAY['superseded_at', 'status', 'invalidated_by_fact_id'];
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'facts are never deleted: end or invalidate fact % instead', OLD.id
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF OLD.superseded_at IS NOT NULL THEN
        RAISE EXCEPTION 'fact % is already closed', OLD.id
            USING ERRCODE = 'check_violation';
    END IF;
    IF (to_jsonb(NEW) - closing) IS DISTINCT FROM (to_jsonb(OLD) - closing) THEN
        RAISE EXCEPTION 'facts are immutable: only superseded_at, status and invalidated_by_fact_id may change'
            USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.superseded_at IS NULL
       OR NEW.status NOT IN ('superseded', 'invalidated', 'expired', 'archived') THEN
        RAISE EXCEPTION 'a fact changes only by being closed: superseded_at and a closed status together'
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END
$$;
"""

DROP_FUNCTIONS = """
DROP FUNCTION IF EXISTS gd_facts_guard();
DROP FUNCTION IF EXISTS gd_facts_before_insert();
DROP FUNCTION IF EXISTS gd_append_only();
DROP FUNCTION IF EXISTS gd_is_table_owner(oid);
DROP FUNCTION IF EXISTS gd_current_owner();
"""


def rls_sql(table: str) -> str:
    return f"""
ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
ALTER TABLE {table} FORCE ROW LEVEL SECURITY;
CREATE POLICY {table}_owner_isolation ON {table} FOR ALL
    USING (owner_sub = gd_current_owner())
    WITH CHECK (owner_sub = gd_current_owner());
"""


def rls_reverse_sql(table: str) -> str:
    return f"""
DROP POLICY IF EXISTS {table}_owner_isolation ON {table};
ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY;
ALTER TABLE {table} DISABLE ROW LEVEL SECURITY;
"""


def same_owner_sql(table: str, column: str, target: str) -> tuple[str, str]:
    name = f"{table}_{column}_same_owner"
    return (
        f"ALTER TABLE {table} ADD CONSTRAINT {name} "
        f"FOREIGN KEY (owner_sub, {column}) REFERENCES {target} (owner_sub, id);",
        f"ALTER TABLE {table} DROP CONSTRAINT IF EXISTS {name};",
    )


APPEND_ONLY = """
CREATE TRIGGER {t}_append_only BEFORE UPDATE OR DELETE ON {t}
    FOR EACH ROW EXECUTE FUNCTION gd_append_only();
CREATE TRIGGER {t}_no_truncate BEFORE TRUNCATE ON {t}
    FOR EACH STATEMENT EXECUTE FUNCTION gd_append_only();
"""

FACTS = """
CREATE TRIGGER facts_before_insert BEFORE INSERT ON facts
    FOR EACH ROW EXECUTE FUNCTION gd_facts_before_insert();
CREATE TRIGGER facts_guard BEFORE UPDATE OR DELETE ON facts
    FOR EACH ROW EXECUTE FUNCTION gd_facts_guard();
ALTER TABLE facts ADD CONSTRAINT facts_one_current_belief EXCLUDE USING gist (
    int8range(belief_key, belief_key, '[]') WITH &&,
    tstzrange(valid_from, valid_to) WITH &&
) WHERE (superseded_at IS NULL);
"""

FACTS_REVERSE = """
ALTER TABLE facts DROP CONSTRAINT IF EXISTS facts_one_current_belief;
DROP TRIGGER IF EXISTS facts_guard ON facts;
DROP TRIGGER IF EXISTS facts_before_insert ON facts;
"""


def operations() -> list:
    ops = [migrations.RunSQL(FUNCTIONS, DROP_FUNCTIONS)]
    ops += [migrations.RunSQL(rls_sql(t), rls_reverse_sql(t)) for t in TENANT_TABLES]
    ops += [migrations.RunSQL(*same_owner_sql(*ref)) for ref in SAME_OWNER_REFERENCES]
    for table in ("world_events", "source_messages"):
        ops.append(
            migrations.RunSQL(
                APPEND_ONLY.format(t=table),
                f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};"
                f"DROP TRIGGER IF EXISTS {table}_no_truncate ON {table};",
            )
        )
    ops.append(migrations.RunSQL(FACTS, FACTS_REVERSE))
    return ops


class Migration(migrations.Migration):
    dependencies = [("worldmemory", "0002_seed_core_vocabulary")]

    operations = operations()
