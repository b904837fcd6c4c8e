"""Rate-limit buckets per API token, and the operations counters /metrics reads."""

from django.db import migrations, models

# Take one token from a bucket in one short transaction; return 0 when taken, else the
# seconds until one is there again. The row lock serialises concurrent requests of the
# same token, so the count is exact however many web workers run.
TAKE_FUNCTION = """
CREATE OR REPLACE FUNCTION gd_rate_limit_take(bucket text, capacity float8, per_second float8)
RETURNS float8
LANGUAGE plpgsql
AS $$
DECLARE
    level float8;
    at timestamptz;
BEGIN
    INSERT INTO rate_limit_buckets (key, tokens, updated_at)
    VALUES (bucket, capacity, clock_timestamp())
    ON CONFLICT (key) DO NOTHING;
    SELECT tokens, updated_at INTO level, at FROM rate_limit_buckets
     WHERE key = bucket FOR UPDATE;
    -- read the clock after the lock: a waiting caller must not refill from before it
    level := least(capacity,
                   level + greatest(0, extract(epoch FROM clock_timestamp() - at)) * per_second);
    IF level >= 1 THEN
        UPDATE rate_limit_buckets SET tokens = level - 1, updated_at = clock_timestamp()
         WHERE key = bucket;
        RETURN 0;
    END IF;
    UPDATE rate_limit_buckets SET tokens = level, updated_at = clock_timestamp()
     WHERE key = bucket;
    RETURN (1 - level) / per_second;
END
$$;
"""


# Operations counters (gedaechtnis.metrics): every row a counted table gains or changes
# adds increment rows to ops_counters, in the same transaction, so a rolled-back commit
# counts nothing. Op indexes from 10000 on are the committer's own review items (merge
# suggestions, deleted sources), not proposed operations.
COUNTER_FUNCTIONS = """
CREATE OR REPLACE FUNCTION gd_utc_day() RETURNS date
LANGUAGE sql STABLE
AS $$ SELECT (now() AT TIME ZONE 'UTC')::date $$;

CREATE OR REPLACE FUNCTION gd_count_proposal_ops_inserted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO ops_counters (name, day, value)
    SELECT name, gd_utc_day(), count(*)
      FROM (SELECT unnest(ARRAY[
                CASE WHEN op_index < 10000 THEN 'ops_proposed' END,
                CASE WHEN op_index < 10000 AND decision <> 'pending' THEN 'ops_' || decision END,
                CASE WHEN decision = 'pending' THEN 'review_queued' END]) AS name
              FROM inserted) counted
     WHERE name IS NOT NULL
     GROUP BY name;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION gd_count_proposal_ops_decided() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO ops_counters (name, day, value)
    SELECT name, gd_utc_day(), count(*)
      FROM (SELECT unnest(ARRAY[
                'review_decided',
                CASE WHEN new_rows.op_index < 10000 THEN 'ops_' || new_rows.decision END]) AS name
              FROM old_rows JOIN new_rows ON new_rows.id = old_rows.id
             WHERE old_rows.decision = 'pending' AND new_rows.decision <> 'pending') counted
     WHERE name IS NOT NULL
     GROUP BY name;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION gd_count_usage() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO ops_counters (name, day, value)
    SELECT name, gd_utc_day(), amount
      FROM (SELECT kind || '_tokens_in' AS name, sum(tokens_in) AS amount FROM inserted GROUP BY kind
            UNION ALL
            SELECT kind || '_tokens_out', sum(tokens_out) FROM inserted GROUP BY kind
            UNION ALL
            SELECT kind || '_cost_micros', sum(cost_micros) FROM inserted
             WHERE cost_micros IS NOT NULL GROUP BY kind) sums
     WHERE amount > 0;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION gd_count_intent_outcome() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    INSERT INTO ops_counters (name, day, value)
    VALUES ('intent_' || coalesce(NEW.payload ->> 'outcome', 'unknown'), gd_utc_day(), 1);
    RETURN NULL;
END
$$;

CREATE TRIGGER proposal_ops_count_inserted AFTER INSERT ON proposal_ops
    REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION gd_count_proposal_ops_inserted();
CREATE TRIGGER proposal_ops_count_decided AFTER UPDATE ON proposal_ops
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION gd_count_proposal_ops_decided();
CREATE TRIGGER usage_count AFTER INSERT ON usage
    REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION gd_count_usage();
CREATE TRIGGER world_events_count_intent_outcome AFTER INSERT ON world_events
    FOR EACH ROW WHEN (NEW.event_type = 'intent_outcome')
    EXECUTE FUNCTION gd_count_intent_outcome();
"""

COUNTER_FUNCTIONS_REVERSE = """
DROP TRIGGER IF EXISTS world_events_count_intent_outcome ON world_events;
DROP TRIGGER IF EXISTS usage_count ON usage;
DROP TRIGGER IF EXISTS proposal_ops_count_decided ON proposal_ops;
DROP TRIGGER IF EXISTS proposal_ops_count_inserted ON proposal_ops;
DROP FUNCTION IF EXISTS gd_count_intent_outcome();
DROP FUNCTION IF EXISTS gd_count_usage();
DROP FUNCTION IF EXISTS gd_count_proposal_ops_decided();
DROP FUNCTION IF EXISTS gd_count_proposal_ops_inserted();
DROP FUNCTION IF EXISTS gd_utc_day();
"""

# What existed before the counters: counted once, as the owner role, which sees every
# owner's rows only while row-level security is not forced on its own tables (it is
# forced again before this migration's transaction ends).
SEED_COUNTERS = """
ALTER TABLE proposal_ops NO FORCE ROW LEVEL SECURITY;
ALTER TABLE usage NO FORCE ROW LEVEL SECURITY;
ALTER TABLE world_events NO FORCE ROW LEVEL SECURITY;
INSERT INTO ops_counters (name, day, value)
SELECT name, day, count(*) FROM (
    SELECT (created_at AT TIME ZONE 'UTC')::date AS day, unnest(ARRAY[
        CASE WHEN op_index < 10000 THEN 'ops_proposed' END,
        CASE WHEN op_index < 10000 AND decision <> 'pending' THEN 'ops_' || decision END,
        CASE WHEN decision = 'pending' OR decided_by NOT IN ('', 'validator')
             THEN 'review_queued' END,
        CASE WHEN decision <> 'pending' AND decided_by NOT IN ('', 'validator')
             THEN 'review_decided' END]) AS name
      FROM proposal_ops) counted
 WHERE name IS NOT NULL GROUP BY name, day;
INSERT INTO ops_counters (name, day, value)
SELECT name, day, amount FROM (
    SELECT kind || '_tokens_in' AS name, (occurred_at AT TIME ZONE 'UTC')::date AS day,
           sum(tokens_in) AS amount FROM usage GROUP BY 1, 2
    UNION ALL
    SELECT kind || '_tokens_out', (occurred_at AT TIME ZONE 'UTC')::date, sum(tokens_out)
      FROM usage GROUP BY 1, 2
    UNION ALL
    SELECT kind || '_cost_micros', (occurred_at AT TIME ZONE 'UTC')::date, sum(cost_micros)
      FROM usage WHERE cost_micros IS NOT NULL GROUP BY 1, 2) sums
 WHERE amount > 0;
INSERT INTO ops_counters (name, day, value)
SELECT 'intent_' || coalesce(payload ->> 'outcome', 'unknown'),
       (recorded_at AT TIME ZONE 'UTC')::date, count(*)
  FROM world_events WHERE event_type = 'intent_outcome' GROUP BY 1, 2;
ALTER TABLE proposal_ops FORCE ROW LEVEL SECURITY;
ALTER TABLE usage FORCE ROW LEVEL SECURITY;
ALTER TABLE world_events FORCE ROW LEVEL SECURITY;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("worldmemory", "0014_reflection_registry"),
    ]

    operations = [
        migrations.CreateModel(
            name="RateLimitBucket",
            fields=[
                ("key", models.CharField(max_length=64, primary_key=True, serialize=False)),
                ("tokens", models.FloatField()),
                ("updated_at", models.DateTimeField()),
            ],
            options={
                "db_table": "rate_limit_buckets",
            },
        ),
        migrations.CreateModel(
            name="OperationsCounter",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=100)),
                ("day", models.DateField()),
                ("value", models.FloatField(default=0)),
            ],
            options={"db_table": "ops_counters"},
        ),
        migrations.RunSQL(COUNTER_FUNCTIONS, COUNTER_FUNCTIONS_REVERSE),
        migrations.RunSQL(SEED_COUNTERS, migrations.RunSQL.noop),
        migrations.RunSQL(
            TAKE_FUNCTION, "DROP FUNCTION IF EXISTS gd_rate_limit_take(text, float8, float8);"
        ),
    ]
