"""The curator takes its tables into its own state: ``curator_queue`` and ``curator_state``.

The tables exist already (``worldmemory`` migrations 0001, 0003, 0006 and 0024 created them,
their row-level security and their keys); ``worldmemory`` 0025 dropped them from its state,
this migration adds them to the curator's with the same table, constraint and index names,
so no schema SQL runs. The content types (and with them any permissions) follow the models
to their new app label.
"""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

import worldmemory.models

MOVED = ("curatorqueue", "curatorstate")


def relabel_content_types(apps, schema_editor) -> None:
    """Keep the existing content types' ids: a fresh database has none yet (they are made
    after migrate), a migrated one keeps whatever refers to them."""
    content_type = apps.get_model("contenttypes", "ContentType")
    rows = content_type.objects.using(schema_editor.connection.alias)
    if not rows.filter(app_label="curator", model__in=MOVED).exists():
        rows.filter(app_label="worldmemory", model__in=MOVED).update(app_label="curator")


def unlabel_content_types(apps, schema_editor) -> None:
    content_type = apps.get_model("contenttypes", "ContentType")
    rows = content_type.objects.using(schema_editor.connection.alias)
    if not rows.filter(app_label="worldmemory", model__in=MOVED).exists():
        rows.filter(app_label="curator", model__in=MOVED).update(app_label="worldmemory")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("worldmemory", "0025_curator_tables_to_curator_app"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="CuratorQueue",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("owner_sub", models.CharField(max_length=200)),
                        ("chat_id", models.CharField(max_length=200)),
                        ("due_at", models.DateTimeField()),
                    ],
                    options={
                        "db_table": "curator_queue",
                        "indexes": [models.Index(fields=["due_at"], name="curator_queue_due_idx")],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("owner_sub", "chat_id"), name="curator_queue_chat_key"
                            )
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="CuratorState",
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
                        ("chat_id", models.CharField(max_length=200)),
                        ("pending_turns", models.IntegerField(default=0)),
                        ("due_at", models.DateTimeField(blank=True, null=True)),
                        ("last_run_at", models.DateTimeField(blank=True, null=True)),
                        ("updated_at", models.DateTimeField(default=django.utils.timezone.now)),
                        ("run_id", models.CharField(blank=True, max_length=200)),
                        ("decisions", models.JSONField(blank=True, default=list)),
                        (
                            "watermark_message",
                            models.ForeignKey(
                                blank=True,
                                db_constraint=False,
                                db_index=False,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="worldmemory.sourcemessage",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "curator_state",
                        "indexes": [
                            models.Index(
                                fields=["owner_sub", "due_at"], name="curator_state_due_idx"
                            )
                        ],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("owner_sub", "chat_id"), name="curator_state_chat_key"
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(relabel_content_types, unlabel_content_types, elidable=True),
    ]
