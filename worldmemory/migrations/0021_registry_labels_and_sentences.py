"""Registry labels and sentences: every entity kind, predicate and event type gets a German
and an English label, and every predicate a sentence per language ("{subject} wohnt in
{object}"), so the pages show words instead of keys. Operators edit them in the admin.

- Columns ``label_de``/``label_en`` on all six registry tables, ``sentence_de``/
  ``sentence_en`` on the two predicate tables (database default ``''``: older inserts that
  name no label still work).
- The ``resolved_*`` views of 0019 (security invoker) are recreated with the new columns.
- Core vocabulary is filled from ``worldmemory.vocabulary_labels`` by key: a key that is not
  there (a predicate of a migration that has not run) is skipped, a later migration's
  predicates fall back to the same words at display time. Empty labels only: a label an
  operator already set stays.
"""

import importlib

from django.db import migrations, models

VOCABULARY = importlib.import_module("worldmemory.migrations.0019_owner_scoped_vocabulary")
LABELS = "label_de, label_en"
SENTENCES = "sentence_de, sentence_en"


def _registries(with_labels: bool):
    for _, core, owned, key, cols, _, _ in VOCABULARY.REGISTRIES:
        if with_labels:
            cols = f"{cols}, {LABELS}" + (f", {SENTENCES}" if key == "predicate" else "")
        yield f"resolved_{core}", core, owned, key, cols


def _views(with_labels: bool) -> str:
    drop = "".join(f"DROP VIEW IF EXISTS {view};\n" for view, *_ in _registries(with_labels))
    return drop + "".join(VOCABULARY._view(*spec) for spec in _registries(with_labels))


def fill_labels(apps, schema_editor) -> None:
    label_vocabulary(apps, schema_editor.connection.alias)


def label_vocabulary(apps, db: str) -> None:
    """Labels and sentences for the core rows that have none (also after a test flush)."""
    from worldmemory.vocabulary_labels import EVENT_LABELS, KIND_LABELS, PREDICATES

    EntityKind = apps.get_model("worldmemory", "EntityKind")
    RelationType = apps.get_model("worldmemory", "RelationType")
    EventType = apps.get_model("worldmemory", "EventType")
    for model, labels in ((EntityKind, KIND_LABELS), (EventType, EVENT_LABELS)):
        for key, (de, en) in labels.items():
            model.objects.using(db).filter(key=key, label_de="").update(label_de=de)
            model.objects.using(db).filter(key=key, label_en="").update(label_en=en)
    for predicate, (de, en, sentence_de, sentence_en) in PREDICATES.items():
        rows = RelationType.objects.using(db).filter(predicate=predicate)
        rows.filter(label_de="").update(label_de=de)
        rows.filter(label_en="").update(label_en=en)
        rows.filter(sentence_de="").update(sentence_de=sentence_de)
        rows.filter(sentence_en="").update(sentence_en=sentence_en)


class Migration(migrations.Migration):
    dependencies = [
        ("worldmemory", "0020_everyday_core_predicates"),
    ]

    operations = [
        migrations.AddField(
            model_name="entitykind",
            name="label_de",
            field=models.CharField(
                blank=True, db_default="", default="", max_length=200, verbose_name="label (German)"
            ),
        ),
        migrations.AddField(
            model_name="entitykind",
            name="label_en",
            field=models.CharField(
                blank=True,
                db_default="",
                default="",
                max_length=200,
                verbose_name="label (English)",
            ),
        ),
        migrations.AddField(
            model_name="eventtype",
            name="label_de",
            field=models.CharField(
                blank=True, db_default="", default="", max_length=200, verbose_name="label (German)"
            ),
        ),
        migrations.AddField(
            model_name="eventtype",
            name="label_en",
            field=models.CharField(
                blank=True,
                db_default="",
                default="",
                max_length=200,
                verbose_name="label (English)",
            ),
        ),
        migrations.AddField(
            model_name="ownentitykind",
            name="label_de",
            field=models.CharField(
                blank=True, db_default="", default="", max_length=200, verbose_name="label (German)"
            ),
        ),
        migrations.AddField(
            model_name="ownentitykind",
            name="label_en",
            field=models.CharField(
                blank=True,
                db_default="",
                default="",
                max_length=200,
                verbose_name="label (English)",
            ),
        ),
        migrations.AddField(
            model_name="owneventtype",
            name="label_de",
            field=models.CharField(
                blank=True, db_default="", default="", max_length=200, verbose_name="label (German)"
            ),
        ),
        migrations.AddField(
            model_name="owneventtype",
            name="label_en",
            field=models.CharField(
                blank=True,
                db_default="",
                default="",
                max_length=200,
                verbose_name="label (English)",
            ),
        ),
        migrations.AddField(
            model_name="ownrelationtype",
            name="label_de",
            field=models.CharField(
                blank=True, db_default="", default="", max_length=200, verbose_name="label (German)"
            ),
        ),
        migrations.AddField(
            model_name="ownrelationtype",
            name="label_en",
            field=models.CharField(
                blank=True,
                db_default="",
                default="",
                max_length=200,
                verbose_name="label (English)",
            ),
        ),
        migrations.AddField(
            model_name="ownrelationtype",
            name="sentence_de",
            field=models.CharField(
                blank=True,
                db_default="",
                default="",
                max_length=300,
                verbose_name="sentence (German)",
            ),
        ),
        migrations.AddField(
            model_name="ownrelationtype",
            name="sentence_en",
            field=models.CharField(
                blank=True,
                db_default="",
                default="",
                max_length=300,
                verbose_name="sentence (English)",
            ),
        ),
        migrations.AddField(
            model_name="relationtype",
            name="label_de",
            field=models.CharField(
                blank=True, db_default="", default="", max_length=200, verbose_name="label (German)"
            ),
        ),
        migrations.AddField(
            model_name="relationtype",
            name="label_en",
            field=models.CharField(
                blank=True,
                db_default="",
                default="",
                max_length=200,
                verbose_name="label (English)",
            ),
        ),
        migrations.AddField(
            model_name="relationtype",
            name="sentence_de",
            field=models.CharField(
                blank=True,
                db_default="",
                default="",
                max_length=300,
                verbose_name="sentence (German)",
            ),
        ),
        migrations.AddField(
            model_name="relationtype",
            name="sentence_en",
            field=models.CharField(
                blank=True,
                db_default="",
                default="",
                max_length=300,
                verbose_name="sentence (English)",
            ),
        ),
        migrations.RunSQL(_views(True), _views(False)),
        migrations.RunPython(fill_labels, migrations.RunPython.noop),
    ]
