"""``world_events`` becomes a table partitioned by month.

The partition key is the event's id: a UUIDv7 whose first 48 bits are the
milliseconds of its creation, so a range of ids is a range of months (the month
the event was recorded). Why not ``occurred_at``: a unique constraint on a
partitioned table must contain the partition key, and other tables reference
events by ``(owner_sub, id)`` (same-owner composite foreign keys, 0003); keyed by
the id, those keys and their constraints stay exactly as they are. Ids that are
not UUIDv7 land in the default partition.

Each partition has row-level security forced with the parent's policy, and
``gedaechtnis``' grants leave the application role no privilege on partitions:
rows are reached only through ``world_events``. The row triggers (append-only,
intent-outcome counter) are cloned onto every partition by PostgreSQL.
``gd_world_events_partitions_ensure`` (run by the worker every minute) keeps
twelve months ahead in place.
"""

from django.db import migrations

FUNCTIONS = r"""
CREATE OR REPLACE FUNCTION gd_uuid7_floor(moment timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
    SELECT (lpad(to_hex((extract(epoch FROM moment) * 1000)::bigint), 12, '0')
            || '00000000000000000000')::uuid
$$;

CREATE OR REPLACE FUNCTION gd_world_events_partition_add(month date) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
DECLARE
    first_day date := date_trunc('month', month)::date;
    name text := 'world_events_' || to_char(first_day, 'YYYY_MM');
    lower_bound uuid := gd_uuid7_floor(first_day::timestamp AT TIME ZONE 'UTC');
    upper_bound uuid := gd_uuid7_floor((first_day + interval '1 month')::timestamp AT TIME ZONE 'UTC');
BEGIN
    IF to_regclass(name) IS NOT NULL THEN
        RETURN NULL;
    END IF;
    -- rows of that month already in the default partition would make the attach fail;
    -- they stay where they are (still found through world_events) and the month waits
    IF EXISTS (SELECT 1 FROM world_events_default
                WHERE id >= lower_bound AND id < upper_bound) THEN
        RAISE WARNING 'world_events_default holds rows of %; partition % not created',
            to_char(first_day, 'YYYY-MM'), name;
        RETURN NULL;
    END IF;
    EXECUTE format('CREATE TABLE %I PARTITION OF world_events FOR VALUES FROM (%L) TO (%L)',
                   name, lower_bound, upper_bound);
    PERFORM gd_world_events_partition_secure(name);
    RETURN name;
END
$$;

CREATE OR REPLACE FUNCTION gd_world_events_partition_secure(partition text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
DECLARE
    grantee text;
BEGIN
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', partition);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', partition);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE tablename = partition) THEN
        EXECUTE format('CREATE POLICY %I ON %I FOR ALL USING (owner_sub = gd_current_owner())'
                       ' WITH CHECK (owner_sub = gd_current_owner())',
                       partition || '_owner_isolation', partition);
    END IF;
    -- reached only through world_events, whose privileges and policy are what count
    FOR grantee IN SELECT DISTINCT g.grantee FROM information_schema.role_table_grants g
                    WHERE g.table_schema = 'public' AND g.table_name = partition
                      AND g.grantee <> current_user LOOP
        EXECUTE format('REVOKE ALL ON %I FROM %I', partition,
                       CASE WHEN grantee = 'PUBLIC' THEN 'public' ELSE grantee END);
    END LOOP;
END
$$;

CREATE OR REPLACE FUNCTION gd_world_events_partitions_ensure(months_ahead integer DEFAULT 12)
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
DECLARE
    created integer := 0;
    step integer;
BEGIN
    FOR step IN 0..months_ahead LOOP
        IF gd_world_events_partition_add(
               (date_trunc('month', now() AT TIME ZONE 'UTC') + step * interval '1 month')::date
           ) IS NOT NULL THEN
            created := created + 1;
        END IF;
    END LOOP;
    RETURN created;
END
$$;
REVOKE ALL ON FUNCTION gd_world_events_partition_add(date) FROM PUBLIC;
REVOKE ALL ON FUNCTION gd_world_events_partition_secure(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION gd_world_events_partitions_ensure(integer) FROM PUBLIC;
"""

# The swap, in this migration's transaction: remember every constraint, index,
# trigger and reference of the plain table, copy its rows into the partitioned one,
# drop it, then put everything back on the new table (constraints by their old names).
PARTITION = r"""
DO $$
DECLARE
    r record;
    references_in text[] := '{}';
    own_constraints text[] := '{}';
    own_indexes text[] := '{}';
    own_triggers text[] := '{}';
    statement text;
    first_month date;
    month date;
BEGIN
    FOR r IN SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
               FROM pg_constraint
              WHERE contype = 'f' AND confrelid = 'world_events'::regclass
                AND conrelid <> 'world_events'::regclass LOOP
        references_in := references_in
            || format('ALTER TABLE %s ADD CONSTRAINT %I %s', r.tbl, r.conname, r.def);
        EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.tbl, r.conname);
    END LOOP;
    FOR r IN SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
              WHERE conrelid = 'world_events'::regclass
              ORDER BY contype = 'f', conname LOOP
        own_constraints := own_constraints
            || format('ALTER TABLE world_events ADD CONSTRAINT %I %s', r.conname, r.def);
    END LOOP;
    FOR r IN SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
              WHERE i.indrelid = 'world_events'::regclass
                AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid) LOOP
        own_indexes := own_indexes || r.def;
    END LOOP;
    FOR r IN SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger
              WHERE tgrelid = 'world_events'::regclass AND NOT tgisinternal LOOP
        own_triggers := own_triggers || r.def;
    END LOOP;

    ALTER TABLE world_events RENAME TO world_events_unpartitioned;
    ALTER TABLE world_events_unpartitioned NO FORCE ROW LEVEL SECURITY;
    CREATE TABLE world_events (LIKE world_events_unpartitioned INCLUDING DEFAULTS)
        PARTITION BY RANGE (id);
    CREATE TABLE world_events_default PARTITION OF world_events DEFAULT;

    SELECT coalesce(min(date_trunc('month', to_timestamp(
               ('x' || substr(replace(id::text, '-', ''), 1, 12))::bit(48)::bigint / 1000.0)
               AT TIME ZONE 'UTC')::date), date_trunc('month', now() AT TIME ZONE 'UTC')::date)
      INTO first_month
      FROM world_events_unpartitioned WHERE substr(id::text, 15, 1) = '7';
    month := first_month;
    WHILE month <= (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '12 months')::date LOOP
        PERFORM gd_world_events_partition_add(month);
        month := (month + interval '1 month')::date;
    END LOOP;

    INSERT INTO world_events SELECT * FROM world_events_unpartitioned;
    DROP TABLE world_events_unpartitioned;

    FOREACH statement IN ARRAY own_constraints LOOP EXECUTE statement; END LOOP;
    FOREACH statement IN ARRAY own_indexes LOOP EXECUTE statement; END LOOP;
    FOREACH statement IN ARRAY own_triggers LOOP EXECUTE statement; END LOOP;
    FOREACH statement IN ARRAY references_in LOOP EXECUTE statement; END LOOP;

    ALTER TABLE world_events ENABLE ROW LEVEL SECURITY;
    ALTER TABLE world_events FORCE ROW LEVEL SECURITY;
    CREATE POLICY world_events_owner_isolation ON world_events FOR ALL
        USING (owner_sub = gd_current_owner())
        WITH CHECK (owner_sub = gd_current_owner());
    PERFORM gd_world_events_partition_secure('world_events_default');
END
$$;
"""

# Policies go with the dropped table: retention's narrow exception (0009) comes back too.
RETENTION_POLICY = r"""
DROP POLICY IF EXISTS world_events_delete_only_pruned ON world_events;
CREATE POLICY world_events_delete_only_pruned ON world_events AS RESTRICTIVE FOR DELETE
    USING (gd_event_prunable(retention_class, occurred_at, recorded_at));
"""


class Migration(migrations.Migration):
    dependencies = [("worldmemory", "0015_rate_limits_and_operations_counters")]

    operations = [
        migrations.RunSQL(FUNCTIONS, migrations.RunSQL.noop),
        migrations.RunSQL(PARTITION, migrations.RunSQL.noop),
        migrations.RunSQL(RETENTION_POLICY, migrations.RunSQL.noop),
    ]
