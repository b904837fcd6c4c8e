"""Citus-ready keys: every tenant table is keyed by ``(owner_sub, id)``.

Citus distributes a table by one column and requires that column in every primary key,
unique and exclusion constraint. ``owner_sub`` is the distribution column of every tenant
table (docs/deploy.md), so:

- The database primary key of every tenant table (an ``owner_sub`` column and forced row
  security) becomes ``(owner_sub, id)``. The ``(owner_sub, id)`` unique constraints that
  were the targets of the same-owner foreign keys go: the primary key is now their
  target. The models keep ``id`` as their Django primary key (UUIDv7, unique in practice),
  because Django 5.2 forbids foreign keys to, and admin registration of, models with a
  composite primary key.
- ``facts_one_current_belief`` was an exclusion constraint on a hash; Citus accepts one
  only with ``owner_sub WITH =`` in it, which needs ``btree_gist`` for a text column, and the
  embedded server has no ``btree_gist``. It becomes a trigger of the same name: it takes a
  transaction lock on the belief key (so a second writer waits for the first, as it waited
  on the constraint) and then refuses an overlapping current belief with the same SQLSTATE
  (23P01, exclusion violation) and constraint name. It reads the table it fires on
  (``TG_TABLE_NAME``), so on a Citus worker it checks its own shard, where all of one
  owner's facts live.

The move is generic over the catalog: it runs on a populated database (the foreign keys are
recreated and checked against the data) and covers every tenant table that exists when it
runs. A tenant table added later declares ``(owner_sub, id)`` itself; the conformance tests
(tests/worldmemory/test_citus_conformance.py) fail otherwise.
"""

from django.db import migrations

TENANT_TABLES_WITH_OWNER_ID_KEY = (
    "entities",
    "world_events",
    "facts",
    "entity_aliases",
    "memory_projections",
    "source_sessions",
    "source_messages",
    "message_embeddings",
    "wide_embeddings",
    "source_deletions",
    "proposals",
    "proposal_ops",
    "suppressions",
    "curator_state",
    "usage",
    "integrations",
    "api_tokens",
    "retention_runs",
    "session_working_state",
    "curator_notices",
)

MODEL_OF_TABLE = {
    "entities": "entity",
    "world_events": "worldevent",
    "facts": "fact",
    "entity_aliases": "entityalias",
    "memory_projections": "memoryprojection",
    "source_sessions": "sourcesession",
    "source_messages": "sourcemessage",
    "message_embeddings": "messageembedding",
    "wide_embeddings": "wideembedding",
    "source_deletions": "sourcedeletion",
    "proposals": "proposal",
    "proposal_ops": "proposalop",
    "suppressions": "suppression",
    "curator_state": "curatorstate",
    "usage": "usage",
    "integrations": "integration",
    "api_tokens": "apitoken",
    "retention_runs": "retentionrun",
    "session_working_state": "sessionworkingstate",
    "curator_notices": "curatornotice",
}

# For every tenant table: drop the foreign keys that reference it (remembering them), swap
# the primary key, recreate them. Only top-level constraints are touched: a partitioned
# table's clones follow their parent.
_SWAP = """
DO $$
DECLARE
    t record;
    fk record;
    saved text[] := '{}';
    pk_columns text[];
BEGIN
    FOR t IN
        SELECT c.oid, c.relname FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
          AND NOT c.relispartition AND c.relforcerowsecurity
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid
                      AND a.attname = 'owner_sub' AND NOT a.attisdropped)
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid
                      AND a.attname = 'id' AND NOT a.attisdropped)
        ORDER BY c.relname
    LOOP
        SELECT array_agg(a.attname::text ORDER BY k.ord) INTO pk_columns
        FROM pg_constraint con
        CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
        WHERE con.conrelid = t.oid AND con.contype = 'p';
        CONTINUE WHEN pk_columns = ARRAY['owner_sub', 'id'];

        FOR fk IN
            SELECT con.conrelid::regclass AS rel, con.conname, pg_get_constraintdef(con.oid) AS def
            FROM pg_constraint con
            WHERE con.confrelid = t.oid AND con.contype = 'f' AND con.conparentid = 0
        LOOP
            saved := saved || format('ALTER TABLE %s ADD CONSTRAINT %I %s',
                                     fk.rel, fk.conname, fk.def);
            EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.rel, fk.conname);
        END LOOP;

        EXECUTE format('ALTER TABLE %I DROP CONSTRAINT IF EXISTS %I',
                       t.relname, t.relname || '_pkey');
        EXECUTE format('ALTER TABLE %I DROP CONSTRAINT IF EXISTS %I',
                       t.relname, t.relname || '_owner_id_key');
        EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (owner_sub, id)',
                       t.relname, t.relname || '_pkey');
    END LOOP;
    -- recreated only now: a reference may point at a table swapped after its own
    FOR i IN 1 .. coalesce(array_length(saved, 1), 0) LOOP
        EXECUTE saved[i];
    END LOOP;
END $$;
"""

_SWAP_BACK = """
DO $$
DECLARE
    t record;
    fk record;
    saved text[] := '{}';
BEGIN
    FOR t IN
        SELECT c.oid, c.relname FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
          AND NOT c.relispartition AND c.relforcerowsecurity
          AND EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conrelid = c.oid
                      AND con.contype = 'p' AND array_length(con.conkey, 1) = 2)
    LOOP
        FOR fk IN
            SELECT con.conrelid::regclass AS rel, con.conname, pg_get_constraintdef(con.oid) AS def
            FROM pg_constraint con
            WHERE con.confrelid = t.oid AND con.contype = 'f' AND con.conparentid = 0
        LOOP
            saved := saved || format('ALTER TABLE %s ADD CONSTRAINT %I %s',
                                     fk.rel, fk.conname, fk.def);
            EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.rel, fk.conname);
        END LOOP;
        EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t.relname, t.relname || '_pkey');
        EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (id)',
                       t.relname, t.relname || '_pkey');
        IF t.relname = ANY(TABLES_WITH_OWNER_ID_KEY) THEN
            EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I UNIQUE (owner_sub, id)',
                           t.relname, t.relname || '_owner_id_key');
        END IF;
    END LOOP;
    FOR i IN 1 .. coalesce(array_length(saved, 1), 0) LOOP
        EXECUTE saved[i];
    END LOOP;
END $$;
"""
_SWAP_BACK = _SWAP_BACK.replace(
    "TABLES_WITH_OWNER_ID_KEY", f"ARRAY{list(TENANT_TABLES_WITH_OWNER_ID_KEY)}"
)

_ONE_CURRENT_BELIEF = """
ALTER TABLE facts DROP CONSTRAINT facts_one_current_belief;
CREATE INDEX facts_current_belief_idx ON facts (owner_sub, belief_key, valid_from)
    WHERE superseded_at IS NULL;

CREATE FUNCTION gd_facts_one_current_belief() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
    conflicting uuid;
BEGIN
    IF NEW.superseded_at IS NOT NULL THEN
        RETURN NEW;
    END IF;
    -- two writers of one belief: the second waits here until the first ends
    PERFORM pg_advisory_xact_lock(NEW.belief_key);
    EXECUTE format(
        'SELECT id FROM %I.%I WHERE owner_sub = $1 AND belief_key = $2'
        ' AND superseded_at IS NULL AND id <> $3'
        ' AND tstzrange(valid_from, valid_to) && tstzrange($4, $5) LIMIT 1',
        TG_TABLE_SCHEMA, TG_TABLE_NAME)
    INTO conflicting
    USING NEW.owner_sub, NEW.belief_key, NEW.id, NEW.valid_from, NEW.valid_to;
    IF conflicting IS NOT NULL THEN
        RAISE EXCEPTION 'conflicting key value violates exclusion constraint "facts_one_current_belief"'
            USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'facts_one_current_belief',
                  DETAIL = format('Fact %s is already believed for this subject, predicate'
                                  ' and scope over an overlapping valid time.', conflicting);
    END IF;
    RETURN NEW;
END
$$;

-- after facts_before_insert (triggers fire in name order), which sets belief_key
CREATE TRIGGER facts_one_current_belief BEFORE INSERT ON facts
    FOR EACH ROW EXECUTE FUNCTION gd_facts_one_current_belief();
"""

_ONE_CURRENT_BELIEF_BACK = """
DROP TRIGGER facts_one_current_belief ON facts;
DROP FUNCTION gd_facts_one_current_belief();
DROP INDEX facts_current_belief_idx;
ALTER TABLE facts ADD CONSTRAINT facts_one_current_belief EXCLUDE USING gist (
    int8range(belief_key, belief_key, '[]') WITH &&,
    tstzrange(valid_from, valid_to) WITH &&
) WHERE (superseded_at IS NULL);
"""


def _state_operations() -> list:
    return [
        migrations.RemoveConstraint(model_name=model, name=f"{table}_owner_id_key")
        for table, model in MODEL_OF_TABLE.items()
    ]


class Migration(migrations.Migration):
    dependencies = [("worldmemory", "0023_curator_notices")]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    _SWAP,
                    _SWAP_BACK,
                ),
            ],
            state_operations=_state_operations(),
        ),
        migrations.RunSQL(_ONE_CURRENT_BELIEF, _ONE_CURRENT_BELIEF_BACK),
    ]
