"""Owner-scoped vocabulary: learned and integration entries become the owner's own rows.

- ``entity_kinds``, ``relation_types`` and ``event_types`` keep core vocabulary only
  (``source = core``, a check): operators change it, every owner reads it.
- ``owner_entity_kinds``, ``owner_relation_types``, ``owner_event_types`` hold what an
  owner's trusted assertions taught (``learned``) and what its integrations registered
  (``integration``): tenant tables, RLS enabled and forced, one policy on
  ``app.current_owner``, unique per ``(owner_sub, key)``. Two owners registering the same
  domain and keys get two independent rows.
- ``resolved_*`` views (security invoker) show the current owner's own entries, then core;
  without an owner, core only. The application reads vocabulary only through them.
- ``entities.kind``, ``facts.predicate`` and ``world_events.event_type`` can no longer be
  foreign keys to one table: a trigger checks on insert that the key is the row owner's own
  or core, and a fact's functional cardinality is the owner's.
- Existing learned and integration rows are copied to every owner that uses them (facts,
  entities, events) or whose integration has their domain; rows nobody uses go.
  ``integration_domains`` (a count over all owners) goes: removing an integration
  deprecates that owner's types only.
"""

import django.contrib.postgres.fields
import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

import worldmemory.models

# Tenant tables the move reads: as their owner, with FORCE lifted inside this migration's
# transaction (the table owner then bypasses row-level security, as 0016 did).
READ_TABLES = ("entities", "facts", "world_events", "integrations")

KIND_COLUMNS = (
    "key, name, description, privileged, source, trust_tier, state, attribute_schema, rag, category"
)
PREDICATE_COLUMNS = (
    "predicate, name, description, privileged, source, trust_tier, state, inverse_predicate,"
    " cardinality, value_kind, subject_kinds, object_kinds, is_symmetric, is_transitive,"
    " is_hierarchical, inference_enabled"
)
EVENT_COLUMNS = "key, name, description, privileged, source, trust_tier, state, retention_class"

# registry, core table, owner table, key column, columns, the tenant table and column using it
REGISTRIES = (
    ("kind", "entity_kinds", "owner_entity_kinds", "key", KIND_COLUMNS, "entities", "kind"),
    (
        "predicate",
        "relation_types",
        "owner_relation_types",
        "predicate",
        PREDICATE_COLUMNS,
        "facts",
        "predicate",
    ),
    (
        "event_type",
        "event_types",
        "owner_event_types",
        "key",
        EVENT_COLUMNS,
        "world_events",
        "event_type",
    ),
)


def _force(on: bool) -> str:
    verb = "FORCE" if on else "NO FORCE"
    return "".join(f"ALTER TABLE {t} {verb} ROW LEVEL SECURITY;\n" for t in READ_TABLES)


def _move(core: str, owned: str, key: str, columns: str, used_in: str, column: str) -> str:
    """Copy each learned or integration entry to every owner whose memory uses it or whose
    integration (live or removed) has its domain. An integration entry takes the tier of
    the owner's live integration and is deprecated for an owner without one."""
    picked = ", ".join(
        {
            "trust_tier": "coalesce(live.trust_tier, c.trust_tier)",
            "state": "CASE WHEN c.source = 'integration' AND live.id IS NULL"
            " THEN 'deprecated' ELSE c.state END",
        }.get(name.strip(), f"c.{name.strip()}")
        for name in columns.split(",")
    )
    return f"""
INSERT INTO {owned} (id, owner_sub, org_id, created_at, {columns})
SELECT gen_random_uuid(), users.owner_sub, NULL, now(), {picked}
  FROM {core} c
  JOIN (SELECT DISTINCT {column} AS key, owner_sub FROM {used_in}
        UNION
        SELECT DISTINCT c2.{key}, i.owner_sub FROM {core} c2
          JOIN integrations i ON i.domain = split_part(c2.{key}, ':', 1)
         WHERE c2.source = 'integration') users ON users.key = c.{key}
  LEFT JOIN integrations live
    ON c.source = 'integration' AND live.owner_sub = users.owner_sub
   AND live.domain = split_part(c.{key}, ':', 1) AND live.removed_at IS NULL
 WHERE c.source <> 'core';
DELETE FROM {core} WHERE source <> 'core';
"""


def _move_back(core: str, owned: str, key: str, columns: str) -> str:
    """One global entry per key again; where owners differ, the least trusted one wins."""
    return f"""
INSERT INTO {core} ({columns})
SELECT DISTINCT ON ({key}) {columns} FROM {owned}
 ORDER BY {key}, trust_tier = 'untrusted' DESC, state = 'loaded' DESC, created_at
ON CONFLICT ({key}) DO NOTHING;
"""


MOVE = (
    _force(False)
    + "".join(
        _move(core, owned, key, cols, used, col)
        for _, core, owned, key, cols, used, col in REGISTRIES
    )
    + _force(True)
)
MOVE_REVERSE = (
    _force(False)
    + "".join(_move_back(core, owned, key, cols) for _, core, owned, key, cols, _, _ in REGISTRIES)
    + """
INSERT INTO integration_domains (domain, installations)
SELECT domain, count(*) FROM integrations WHERE removed_at IS NULL GROUP BY domain;
"""
    + _force(True)
)

OWNED_TABLES = ("owner_entity_kinds", "owner_relation_types", "owner_event_types")
OWNER_ROWS = "".join(
    f"""
ALTER TABLE {t} ENABLE ROW LEVEL SECURITY;
ALTER TABLE {t} FORCE ROW LEVEL SECURITY;
CREATE POLICY {t}_owner_isolation ON {t} FOR ALL
    USING (owner_sub = gd_current_owner())
    WITH CHECK (owner_sub = gd_current_owner());
"""
    for t in OWNED_TABLES
)
OWNER_ROWS_REVERSE = "".join(
    f"""
DROP POLICY IF EXISTS {t}_owner_isolation ON {t};
ALTER TABLE {t} NO FORCE ROW LEVEL SECURITY;
ALTER TABLE {t} DISABLE ROW LEVEL SECURITY;
"""
    for t in OWNED_TABLES
)

# A key a row names must be its owner's own entry or a core one. The lookups name the
# owner and run under row-level security as the inserting role: another owner's entries
# are never consulted, and without an owner nothing of anyone's is.
CHECKS = r"""
CREATE OR REPLACE FUNCTION gd_entities_kind_known() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM owner_entity_kinds o
                    WHERE o.owner_sub = NEW.owner_sub AND o.key = NEW.kind)
       AND NOT EXISTS (SELECT 1 FROM entity_kinds c WHERE c.key = NEW.kind) THEN
        RAISE EXCEPTION 'entity kind % is not in the vocabulary of this owner', NEW.kind
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION gd_world_events_type_known() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM owner_event_types o
                    WHERE o.owner_sub = NEW.owner_sub AND o.key = NEW.event_type)
       AND NOT EXISTS (SELECT 1 FROM event_types c WHERE c.key = NEW.event_type) THEN
        RAISE EXCEPTION 'event type % is not in the vocabulary of this owner', NEW.event_type
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NEW;
END
$$;

-- As in 0003, but the cardinality is the owner's: its own predicate first, then core.
CREATE OR REPLACE FUNCTION gd_facts_before_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
    slot_cardinality text;
BEGIN
    SELECT o.cardinality INTO slot_cardinality FROM owner_relation_types o
     WHERE o.owner_sub = NEW.owner_sub AND o.predicate = NEW.predicate;
    IF NOT FOUND THEN
        SELECT c.cardinality INTO slot_cardinality FROM relation_types c
         WHERE c.predicate = NEW.predicate;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'predicate % is not in the vocabulary of this owner', NEW.predicate
                USING ERRCODE = 'foreign_key_violation';
        END IF;
    END IF;
    NEW.is_functional := slot_cardinality = 'functional';
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

CREATE TRIGGER entities_kind_known BEFORE INSERT OR UPDATE OF kind ON entities
    FOR EACH ROW EXECUTE FUNCTION gd_entities_kind_known();
CREATE TRIGGER world_events_type_known BEFORE INSERT ON world_events
    FOR EACH ROW EXECUTE FUNCTION gd_world_events_type_known();
"""

CHECKS_REVERSE = r"""
DROP TRIGGER IF EXISTS world_events_type_known ON world_events;
DROP TRIGGER IF EXISTS entities_kind_known ON entities;
DROP FUNCTION IF EXISTS gd_world_events_type_known();
DROP FUNCTION IF EXISTS gd_entities_kind_known();
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
    NEW.belief_key := hashtextextended(concat_ws('|',
        NEW.owner_sub, NEW.subject_entity_id::text, NEW.predicate,
        coalesce(NEW.scope_entity_id::text, ''),
        CASE WHEN NEW.is_functional THEN '' ELSE NEW.object_key END), 0);
    RETURN NEW;
END
$$;
"""


def _view(view: str, core: str, owned: str, key: str, columns: str) -> str:
    # security_invoker: the reading role's row-level security applies, not the view owner's
    return f"""
CREATE VIEW {view} WITH (security_invoker = true) AS
SELECT {columns} FROM {owned} WHERE owner_sub = gd_current_owner()
UNION ALL
SELECT {columns} FROM {core} c
 WHERE NOT EXISTS (SELECT 1 FROM {owned} o
                    WHERE o.owner_sub = gd_current_owner() AND o.{key} = c.{key});
"""


VIEWS = "".join(
    _view(f"resolved_{core}", core, owned, key, cols)
    for _, core, owned, key, cols, _, _ in REGISTRIES
)
VIEWS_REVERSE = "".join(f"DROP VIEW IF EXISTS resolved_{core};\n" for _, core, *_ in REGISTRIES)


class Migration(migrations.Migration):
    dependencies = [
        ("worldmemory", "0018_supersede_chain_link_checked_at_commit"),
    ]

    operations = [
        migrations.CreateModel(
            name="OwnEntityKind",
            fields=[
                ("name", models.CharField(blank=True, max_length=200)),
                ("description", models.TextField(blank=True)),
                ("privileged", models.BooleanField(default=False)),
                (
                    "source",
                    models.CharField(
                        choices=[
                            ("core", "Core"),
                            ("integration", "Integration"),
                            ("learned", "Learned"),
                        ],
                        default="integration",
                        max_length=20,
                    ),
                ),
                (
                    "trust_tier",
                    models.CharField(
                        choices=[("trusted", "Trusted"), ("untrusted", "Untrusted")],
                        default="trusted",
                        max_length=20,
                    ),
                ),
                (
                    "state",
                    models.CharField(
                        choices=[("loaded", "Loaded"), ("deprecated", "Deprecated")],
                        default="loaded",
                        max_length=20,
                    ),
                ),
                ("attribute_schema", models.JSONField(blank=True, default=dict)),
                ("rag", models.BooleanField(default=False)),
                ("category", models.CharField(blank=True, max_length=50)),
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
                ("key", models.CharField(max_length=100)),
            ],
            options={
                "db_table": "owner_entity_kinds",
                "ordering": ["key"],
            },
        ),
        migrations.CreateModel(
            name="OwnEventType",
            fields=[
                ("name", models.CharField(blank=True, max_length=200)),
                ("description", models.TextField(blank=True)),
                ("privileged", models.BooleanField(default=False)),
                (
                    "source",
                    models.CharField(
                        choices=[
                            ("core", "Core"),
                            ("integration", "Integration"),
                            ("learned", "Learned"),
                        ],
                        default="integration",
                        max_length=20,
                    ),
                ),
                (
                    "trust_tier",
                    models.CharField(
                        choices=[("trusted", "Trusted"), ("untrusted", "Untrusted")],
                        default="trusted",
                        max_length=20,
                    ),
                ),
                (
                    "state",
                    models.CharField(
                        choices=[("loaded", "Loaded"), ("deprecated", "Deprecated")],
                        default="loaded",
                        max_length=20,
                    ),
                ),
                (
                    "retention_class",
                    models.CharField(
                        choices=[("permanent", "Permanent"), ("windowed", "Windowed")],
                        default="permanent",
                        max_length=20,
                    ),
                ),
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
                ("key", models.CharField(max_length=100)),
            ],
            options={
                "db_table": "owner_event_types",
                "ordering": ["key"],
            },
        ),
        migrations.CreateModel(
            name="OwnRelationType",
            fields=[
                ("name", models.CharField(blank=True, max_length=200)),
                ("description", models.TextField(blank=True)),
                ("privileged", models.BooleanField(default=False)),
                (
                    "source",
                    models.CharField(
                        choices=[
                            ("core", "Core"),
                            ("integration", "Integration"),
                            ("learned", "Learned"),
                        ],
                        default="integration",
                        max_length=20,
                    ),
                ),
                (
                    "trust_tier",
                    models.CharField(
                        choices=[("trusted", "Trusted"), ("untrusted", "Untrusted")],
                        default="trusted",
                        max_length=20,
                    ),
                ),
                (
                    "state",
                    models.CharField(
                        choices=[("loaded", "Loaded"), ("deprecated", "Deprecated")],
                        default="loaded",
                        max_length=20,
                    ),
                ),
                ("inverse_predicate", models.CharField(blank=True, max_length=100)),
                (
                    "cardinality",
                    models.CharField(
                        choices=[("functional", "Functional"), ("set", "Set")],
                        default="set",
                        max_length=20,
                    ),
                ),
                (
                    "value_kind",
                    models.CharField(
                        choices=[("literal", "Literal"), ("entity", "Entity")], max_length=20
                    ),
                ),
                (
                    "subject_kinds",
                    django.contrib.postgres.fields.ArrayField(
                        base_field=models.CharField(max_length=100),
                        blank=True,
                        default=list,
                        size=None,
                    ),
                ),
                (
                    "object_kinds",
                    django.contrib.postgres.fields.ArrayField(
                        base_field=models.CharField(max_length=100),
                        blank=True,
                        default=list,
                        size=None,
                    ),
                ),
                ("is_symmetric", models.BooleanField(default=False)),
                ("is_transitive", models.BooleanField(default=False)),
                ("is_hierarchical", models.BooleanField(default=False)),
                ("inference_enabled", models.BooleanField(default=False)),
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
                ("predicate", models.CharField(max_length=100)),
            ],
            options={
                "db_table": "owner_relation_types",
                "ordering": ["predicate"],
            },
        ),
        migrations.AddConstraint(
            model_name="ownentitykind",
            constraint=models.UniqueConstraint(
                fields=("owner_sub", "key"), name="owner_entity_kinds_owner_key"
            ),
        ),
        migrations.AddConstraint(
            model_name="ownentitykind",
            constraint=models.CheckConstraint(
                condition=models.Q(("source__in", ["learned", "integration"])),
                name="owner_entity_kinds_not_core",
            ),
        ),
        migrations.AddConstraint(
            model_name="owneventtype",
            constraint=models.UniqueConstraint(
                fields=("owner_sub", "key"), name="owner_event_types_owner_key"
            ),
        ),
        migrations.AddConstraint(
            model_name="owneventtype",
            constraint=models.CheckConstraint(
                condition=models.Q(("source__in", ["learned", "integration"])),
                name="owner_event_types_not_core",
            ),
        ),
        migrations.AddConstraint(
            model_name="ownrelationtype",
            constraint=models.UniqueConstraint(
                fields=("owner_sub", "predicate"), name="owner_relation_types_owner_key"
            ),
        ),
        migrations.AddConstraint(
            model_name="ownrelationtype",
            constraint=models.CheckConstraint(
                condition=models.Q(("source__in", ["learned", "integration"])),
                name="owner_relation_types_not_core",
            ),
        ),
        migrations.CreateModel(
            name="ResolvedEntityKind",
            fields=[
                ("name", models.CharField(blank=True, max_length=200)),
                ("description", models.TextField(blank=True)),
                ("privileged", models.BooleanField(default=False)),
                (
                    "source",
                    models.CharField(
                        choices=[
                            ("core", "Core"),
                            ("integration", "Integration"),
                            ("learned", "Learned"),
                        ],
                        default="integration",
                        max_length=20,
                    ),
                ),
                (
                    "trust_tier",
                    models.CharField(
                        choices=[("trusted", "Trusted"), ("untrusted", "Untrusted")],
                        default="trusted",
                        max_length=20,
                    ),
                ),
                (
                    "state",
                    models.CharField(
                        choices=[("loaded", "Loaded"), ("deprecated", "Deprecated")],
                        default="loaded",
                        max_length=20,
                    ),
                ),
                ("attribute_schema", models.JSONField(blank=True, default=dict)),
                ("rag", models.BooleanField(default=False)),
                ("category", models.CharField(blank=True, max_length=50)),
                ("key", models.CharField(max_length=100, primary_key=True, serialize=False)),
            ],
            options={
                "db_table": "resolved_entity_kinds",
                "ordering": ["key"],
                "managed": False,
            },
        ),
        migrations.CreateModel(
            name="ResolvedEventType",
            fields=[
                ("name", models.CharField(blank=True, max_length=200)),
                ("description", models.TextField(blank=True)),
                ("privileged", models.BooleanField(default=False)),
                (
                    "source",
                    models.CharField(
                        choices=[
                            ("core", "Core"),
                            ("integration", "Integration"),
                            ("learned", "Learned"),
                        ],
                        default="integration",
                        max_length=20,
                    ),
                ),
                (
                    "trust_tier",
                    models.CharField(
                        choices=[("trusted", "Trusted"), ("untrusted", "Untrusted")],
                        default="trusted",
                        max_length=20,
                    ),
                ),
                (
                    "state",
                    models.CharField(
                        choices=[("loaded", "Loaded"), ("deprecated", "Deprecated")],
                        default="loaded",
                        max_length=20,
                    ),
                ),
                (
                    "retention_class",
                    models.CharField(
                        choices=[("permanent", "Permanent"), ("windowed", "Windowed")],
                        default="permanent",
                        max_length=20,
                    ),
                ),
                ("key", models.CharField(max_length=100, primary_key=True, serialize=False)),
            ],
            options={
                "db_table": "resolved_event_types",
                "ordering": ["key"],
                "managed": False,
            },
        ),
        migrations.CreateModel(
            name="ResolvedRelationType",
            fields=[
                ("name", models.CharField(blank=True, max_length=200)),
                ("description", models.TextField(blank=True)),
                ("privileged", models.BooleanField(default=False)),
                (
                    "source",
                    models.CharField(
                        choices=[
                            ("core", "Core"),
                            ("integration", "Integration"),
                            ("learned", "Learned"),
                        ],
                        default="integration",
                        max_length=20,
                    ),
                ),
                (
                    "trust_tier",
                    models.CharField(
                        choices=[("trusted", "Trusted"), ("untrusted", "Untrusted")],
                        default="trusted",
                        max_length=20,
                    ),
                ),
                (
                    "state",
                    models.CharField(
                        choices=[("loaded", "Loaded"), ("deprecated", "Deprecated")],
                        default="loaded",
                        max_length=20,
                    ),
                ),
                ("inverse_predicate", models.CharField(blank=True, max_length=100)),
                (
                    "cardinality",
                    models.CharField(
                        choices=[("functional", "Functional"), ("set", "Set")],
                        default="set",
                        max_length=20,
                    ),
                ),
                (
                    "value_kind",
                    models.CharField(
                        choices=[("literal", "Literal"), ("entity", "Entity")], max_length=20
                    ),
                ),
                (
                    "subject_kinds",
                    django.contrib.postgres.fields.ArrayField(
                        base_field=models.CharField(max_length=100),
                        blank=True,
                        default=list,
                        size=None,
                    ),
                ),
                (
                    "object_kinds",
                    django.contrib.postgres.fields.ArrayField(
                        base_field=models.CharField(max_length=100),
                        blank=True,
                        default=list,
                        size=None,
                    ),
                ),
                ("is_symmetric", models.BooleanField(default=False)),
                ("is_transitive", models.BooleanField(default=False)),
                ("is_hierarchical", models.BooleanField(default=False)),
                ("inference_enabled", models.BooleanField(default=False)),
                ("predicate", models.CharField(max_length=100, primary_key=True, serialize=False)),
            ],
            options={
                "db_table": "resolved_relation_types",
                "ordering": ["predicate"],
                "managed": False,
            },
        ),
        migrations.AlterField(
            model_name="entity",
            name="kind",
            field=models.ForeignKey(
                db_column="kind",
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="worldmemory.resolvedentitykind",
            ),
        ),
        migrations.AlterField(
            model_name="worldevent",
            name="event_type",
            field=models.ForeignKey(
                db_column="event_type",
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="worldmemory.resolvedeventtype",
            ),
        ),
        migrations.AlterField(
            model_name="fact",
            name="predicate",
            field=models.ForeignKey(
                db_column="predicate",
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="worldmemory.resolvedrelationtype",
            ),
        ),
        migrations.AlterField(
            model_name="entitykind",
            name="source",
            field=models.CharField(
                choices=[("core", "Core"), ("integration", "Integration"), ("learned", "Learned")],
                default="core",
                max_length=20,
            ),
        ),
        migrations.AlterField(
            model_name="eventtype",
            name="source",
            field=models.CharField(
                choices=[("core", "Core"), ("integration", "Integration"), ("learned", "Learned")],
                default="core",
                max_length=20,
            ),
        ),
        migrations.AlterField(
            model_name="relationtype",
            name="source",
            field=models.CharField(
                choices=[("core", "Core"), ("integration", "Integration"), ("learned", "Learned")],
                default="core",
                max_length=20,
            ),
        ),
        migrations.RunSQL(MOVE, MOVE_REVERSE),
        migrations.AddConstraint(
            model_name="entitykind",
            constraint=models.CheckConstraint(
                condition=models.Q(("source", "core")), name="entity_kinds_core_only"
            ),
        ),
        migrations.AddConstraint(
            model_name="eventtype",
            constraint=models.CheckConstraint(
                condition=models.Q(("source", "core")), name="event_types_core_only"
            ),
        ),
        migrations.AddConstraint(
            model_name="relationtype",
            constraint=models.CheckConstraint(
                condition=models.Q(("source", "core")), name="relation_types_core_only"
            ),
        ),
        migrations.RunSQL(OWNER_ROWS, OWNER_ROWS_REVERSE),
        migrations.RunSQL(CHECKS, CHECKS_REVERSE),
        migrations.RunSQL(VIEWS, VIEWS_REVERSE),
        migrations.DeleteModel(
            name="IntegrationDomain",
        ),
    ]
