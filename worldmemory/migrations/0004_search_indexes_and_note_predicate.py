"""Full-text search indexes (expression GIN, core configurations only), an index of
active policies for the context block, and the `note` predicate that the
remember/recall shim writes.

GIN cannot lead with owner_sub without btree_gin (absent from the embedded server);
row-level security filters after the index scan, as for the vector index.
"""

from django.db import migrations

# The expressions must match worldmemory/search.py exactly, or the indexes go unused.
INDEXES = {
    "entities_name_fts": (
        "entities",
        "to_tsvector('simple', canonical_name)",
        "",
    ),
    "aliases_alias_fts": (
        "entity_aliases",
        "to_tsvector('simple', alias)",
        "WHERE superseded_at IS NULL",
    ),
    "facts_value_fts": (
        "facts",
        "to_tsvector('simple', replace(predicate, '_', ' ') || ' ' || coalesce(object_value #>> '{}', ''))",
        "WHERE superseded_at IS NULL",
    ),
    "projections_text_fts": (
        "memory_projections",
        "(to_tsvector('german', text) || to_tsvector('english', text) || to_tsvector('simple', text))",
        "",
    ),
}


# Every active policy is in every context block: find them without scanning the facts.
POLICY_INDEX = (
    "CREATE INDEX facts_owner_policy_idx ON facts (owner_sub)"
    " WHERE superseded_at IS NULL AND memory_type = 'policy';"
)


def create_sql() -> str:
    return "\n".join(
        [
            *(
                f"CREATE INDEX {name} ON {table} USING gin (({expression})) {where};"
                for name, (table, expression, where) in INDEXES.items()
            ),
            POLICY_INDEX,
        ]
    )


def drop_sql() -> str:
    return "\n".join(
        f"DROP INDEX IF EXISTS {name};" for name in [*INDEXES, "facts_owner_policy_idx"]
    )


def seed_note_predicate(apps, db: str) -> None:
    RelationType = apps.get_model("worldmemory", "RelationType")
    RelationType.objects.using(db).update_or_create(
        predicate="note",
        defaults={
            "name": "note",
            "description": "A remembered note (the remember/recall interface).",
            "cardinality": "set",
            "value_kind": "literal",
            "source": "core",
        },
    )


def add_note_predicate(apps, schema_editor):
    seed_note_predicate(apps, schema_editor.connection.alias)


class Migration(migrations.Migration):
    dependencies = [("worldmemory", "0003_row_level_security_and_integrity")]

    operations = [
        migrations.RunSQL(create_sql(), drop_sql()),
        migrations.RunPython(add_note_predicate, migrations.RunPython.noop),
    ]
