"""Vocabulary of the enrichment path: when an experience happened, the activity state of
spaces and sessions, and the cited sentences of an extractive summary.

Rows are core vocabulary, updated in place when re-run.
"""

import importlib

from django.db import migrations

LABELS = importlib.import_module("worldmemory.migrations.0021_registry_labels_and_sentences")

# predicate, cardinality, value_kind, subject_kinds, object_kinds, description
PREDICATES = [
    (
        "occurred_on",
        "functional",
        "literal",
        ["experience"],
        [],
        "when it happened, at the granularity the words give (day, week, month, year)",
    ),
    (
        "activity_state",
        "functional",
        "literal",
        ["reflection_space", "session"],
        [],
        "active, dormant or archived, with the trigger and the last activity",
    ),
    (
        "summary_sentences",
        "functional",
        "literal",
        ["session_summary", "thread"],
        [],
        "the sentences of an extractive summary, each with the message it comes from",
    ),
]


def forwards(apps, schema_editor):
    RelationType = apps.get_model("worldmemory", "RelationType")
    db = schema_editor.connection.alias
    for predicate, cardinality, value_kind, subjects, objects, description in PREDICATES:
        RelationType.objects.using(db).update_or_create(
            predicate=predicate,
            defaults={
                "name": predicate.replace("_", " "),
                "description": description,
                "cardinality": cardinality,
                "value_kind": value_kind,
                "subject_kinds": subjects,
                "object_kinds": objects,
                "source": "core",
            },
        )
    LABELS.label_vocabulary(apps, db)  # their German and English words


class Migration(migrations.Migration):
    dependencies = [("worldmemory", "0021_registry_labels_and_sentences")]

    # Reversing keeps the vocabulary: facts may use it (as in 0014).
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
