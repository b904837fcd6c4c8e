"""Vectors of other dimensions: one table, owner-private like every tenant table.

Per-dimension HNSW indexes are not migrations: setup creates the one the configured
embedder needs (``worldmemory.vectorstore.ensure_dimension_index``).
"""

import django.utils.timezone
import pgvector.django.vector
from django.db import migrations, models

import worldmemory.models

RLS = """
ALTER TABLE wide_embeddings ENABLE ROW LEVEL SECURITY;
ALTER TABLE wide_embeddings FORCE ROW LEVEL SECURITY;
CREATE POLICY wide_embeddings_owner_isolation ON wide_embeddings FOR ALL
    USING (owner_sub = gd_current_owner())
    WITH CHECK (owner_sub = gd_current_owner());
"""
RLS_REVERSE = """
DROP POLICY IF EXISTS wide_embeddings_owner_isolation ON wide_embeddings;
ALTER TABLE wide_embeddings NO FORCE ROW LEVEL SECURITY;
ALTER TABLE wide_embeddings DISABLE ROW LEVEL SECURITY;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("worldmemory", "0011_code_mode_vocabulary"),
    ]

    operations = [
        migrations.CreateModel(
            name="WideEmbedding",
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
                ("item_kind", models.CharField(max_length=20)),
                ("item_id", models.UUIDField()),
                ("model", models.CharField(max_length=300)),
                ("dims", models.IntegerField()),
                ("embedding", pgvector.django.vector.VectorField()),
            ],
            options={
                "db_table": "wide_embeddings",
                "constraints": [
                    models.UniqueConstraint(
                        fields=("owner_sub", "id"), name="wide_embeddings_owner_id_key"
                    ),
                    models.UniqueConstraint(
                        fields=("owner_sub", "item_kind", "item_id", "model"),
                        name="wide_embeddings_key",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("dims__gte", 1), ("dims__lte", 2000)),
                        name="wide_embeddings_dims_range",
                    ),
                ],
            },
        ),
        migrations.RunSQL(RLS, RLS_REVERSE),
    ]
