"""The ``rename`` event type: an entity's canonical name changed (``rename_entity``), its
former name kept as an alias. The event's source says who renamed it.

Core vocabulary, updated in place when re-run.
"""

import importlib

from django.db import migrations

LABELS = importlib.import_module("worldmemory.migrations.0021_registry_labels_and_sentences")


def seed_rename(apps, db: str) -> None:
    EventType = apps.get_model("worldmemory", "EventType")
    EventType.objects.using(db).update_or_create(
        key="rename",
        defaults={
            "name": "rename",
            "description": "An entity's canonical name changed; the former name stays an alias.",
            "source": "core",
        },
    )


def forwards(apps, schema_editor):
    db = schema_editor.connection.alias
    seed_rename(apps, db)
    LABELS.label_vocabulary(apps, db)  # its German and English words


class Migration(migrations.Migration):
    dependencies = [("worldmemory", "0027_model_names_for_the_admin")]

    # Reversing keeps the vocabulary: events may use it (as in 0014).
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
