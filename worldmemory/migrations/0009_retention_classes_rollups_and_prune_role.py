"""Retention: windowed rows, rollups, and the narrow exception that lets pruning delete.

- ``retention_policy`` holds the hot window where the database can read it.
- A fact or event may be deleted only if it is windowed and ended before the hot
  window (restrictive RLS policies for DELETE, and the guard triggers say the same):
  permanent rows and sources can never be pruned, whoever asks. The application
  role still has no DELETE privilege at all; the prune role has it on these two tables.
- ``retention_runs`` is owner-private like every tenant table.
"""

from importlib import import_module

import django.utils.timezone
from django.db import migrations, models

import worldmemory.models

RETENTION_SQL = r"""
INSERT INTO retention_policy (id, hot_window_days) VALUES (1, 90) ON CONFLICT DO NOTHING;

-- NULL when the policy row is missing: then nothing is old enough (fail closed).
CREATE OR REPLACE FUNCTION gd_retention_horizon() RETURNS timestamptz
LANGUAGE sql STABLE
AS $$ SELECT now() - make_interval(days => hot_window_days) FROM retention_policy WHERE id = 1 $$;

-- A fact has left the hot window when it ended in valid time or was closed in
-- system time before the horizon (least() ignores the open end).
CREATE OR REPLACE FUNCTION gd_fact_prunable(retention text, valid_to timestamptz,
                                            superseded_at timestamptz) RETURNS boolean
LANGUAGE sql STABLE
AS $$ SELECT retention = 'windowed' AND least(valid_to, superseded_at) < gd_retention_horizon() $$;

CREATE OR REPLACE FUNCTION gd_event_prunable(retention text, occurred_at timestamptz,
                                             recorded_at timestamptz) RETURNS boolean
LANGUAGE sql STABLE
AS $$ SELECT retention = 'windowed' AND greatest(occurred_at, recorded_at) < gd_retention_horizon() $$;

CREATE POLICY facts_delete_only_pruned ON facts AS RESTRICTIVE FOR DELETE
    USING (gd_fact_prunable(retention_class, valid_to, superseded_at));
CREATE POLICY world_events_delete_only_pruned ON world_events AS RESTRICTIVE FOR DELETE
    USING (gd_event_prunable(retention_class, occurred_at, recorded_at));

CREATE OR REPLACE FUNCTION gd_facts_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
    closing text[] := ARRAY['superseded_at', 'status', 'invalidated_by_fact_id'];
BEGIN
    IF TG_OP = 'DELETE' THEN
        IF gd_fact_prunable(OLD.retention_class, OLD.valid_to, OLD.superseded_at) THEN
            RETURN OLD;  -- retention: a windowed row past the hot window, already rolled up
        END IF;
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

CREATE OR REPLACE FUNCTION gd_events_guard() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_OP = 'DELETE'
       AND gd_event_prunable(OLD.retention_class, OLD.occurred_at, OLD.recorded_at) THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'world_events is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END
$$;

DROP TRIGGER world_events_append_only ON world_events;
CREATE TRIGGER world_events_append_only BEFORE UPDATE OR DELETE ON world_events
    FOR EACH ROW EXECUTE FUNCTION gd_events_guard();

ALTER TABLE retention_runs ENABLE ROW LEVEL SECURITY;
ALTER TABLE retention_runs FORCE ROW LEVEL SECURITY;
CREATE POLICY retention_runs_owner_isolation ON retention_runs FOR ALL
    USING (owner_sub = gd_current_owner())
    WITH CHECK (owner_sub = gd_current_owner());
"""

RETENTION_REVERSE = r"""
DROP POLICY IF EXISTS retention_runs_owner_isolation ON retention_runs;
DROP TRIGGER IF EXISTS world_events_append_only ON world_events;
CREATE TRIGGER world_events_append_only BEFORE UPDATE OR DELETE ON world_events
    FOR EACH ROW EXECUTE FUNCTION gd_append_only();
DROP FUNCTION IF EXISTS gd_events_guard();
DROP POLICY IF EXISTS world_events_delete_only_pruned ON world_events;
DROP POLICY IF EXISTS facts_delete_only_pruned ON facts;
DROP FUNCTION IF EXISTS gd_event_prunable(text, timestamptz, timestamptz);
DROP FUNCTION IF EXISTS gd_fact_prunable(text, timestamptz, timestamptz);
DROP FUNCTION IF EXISTS gd_retention_horizon();
"""
# the guard functions as they were before
RETENTION_REVERSE += import_module(
    "worldmemory.migrations.0003_row_level_security_and_integrity"
).FUNCTIONS


class Migration(migrations.Migration):
    dependencies = [
        ("worldmemory", "0008_stored_projection_search_vector"),
    ]

    operations = [
        migrations.CreateModel(
            name="RetentionPolicy",
            fields=[
                ("id", models.SmallIntegerField(default=1, primary_key=True, serialize=False)),
                ("hot_window_days", models.PositiveIntegerField(default=90)),
            ],
            options={
                "db_table": "retention_policy",
            },
        ),
        migrations.CreateModel(
            name="RetentionRun",
            fields=[
                (
                    "id",
                    models.UUIDField(
                        default=worldmemory.models.uuid7,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("owner_sub", models.CharField(max_length=200)),
                ("org_id", models.CharField(blank=True, max_length=200, null=True)),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("ran_at", models.DateTimeField()),
                ("horizon", models.DateTimeField()),
                ("facts_pruned", models.IntegerField(default=0)),
                ("events_pruned", models.IntegerField(default=0)),
                ("rollups_written", models.IntegerField(default=0)),
            ],
            options={
                "db_table": "retention_runs",
            },
        ),
        migrations.AddField(
            model_name="eventtype",
            name="retention_class",
            field=models.CharField(
                choices=[("permanent", "Permanent"), ("windowed", "Windowed")],
                default="permanent",
                max_length=20,
            ),
        ),
        migrations.AddField(
            model_name="memoryprojection",
            name="details",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AlterField(
            model_name="fact",
            name="retention_class",
            field=models.CharField(
                choices=[("permanent", "Permanent"), ("windowed", "Windowed")],
                default="permanent",
                max_length=20,
            ),
        ),
        migrations.AlterField(
            model_name="worldevent",
            name="retention_class",
            field=models.CharField(
                choices=[("permanent", "Permanent"), ("windowed", "Windowed")],
                default="permanent",
                max_length=20,
            ),
        ),
        migrations.AddConstraint(
            model_name="memoryprojection",
            constraint=models.UniqueConstraint(
                condition=models.Q(("source_kind", "rollup")),
                fields=("owner_sub", "source_id"),
                name="projections_one_rollup_per_key",
            ),
        ),
        migrations.AddConstraint(
            model_name="retentionpolicy",
            constraint=models.CheckConstraint(
                condition=models.Q(("id", 1)), name="retention_policy_one_row"
            ),
        ),
        migrations.AddIndex(
            model_name="retentionrun",
            index=models.Index(
                fields=["owner_sub", "-horizon"], name="retention_owner_horizon_idx"
            ),
        ),
        migrations.AddConstraint(
            model_name="retentionrun",
            constraint=models.UniqueConstraint(
                fields=("owner_sub", "id"), name="retention_runs_owner_id_key"
            ),
        ),
        migrations.AddIndex(
            model_name="fact",
            index=models.Index(
                condition=models.Q(("retention_class", "windowed")),
                fields=["owner_sub", "valid_to"],
                name="facts_owner_windowed_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="worldevent",
            index=models.Index(
                condition=models.Q(("retention_class", "windowed")),
                fields=["owner_sub", "occurred_at"],
                name="events_owner_windowed_idx",
            ),
        ),
        migrations.RunSQL(RETENTION_SQL, RETENTION_REVERSE),
    ]
