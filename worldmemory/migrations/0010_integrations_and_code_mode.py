"""Integrations as API clients, and stale instances.

- ``integrations`` is a tenant table (owner-private by RLS like the others); an API
  token may belong to one, which makes it an integration token (same-owner reference).
- ``integration_domains`` is global like the registries: a count of live integrations
  per domain, so one owner's removal deprecates shared types only when nobody uses them.
- ``entities.stale_since`` marks instances of a removed integration (nothing is deleted).
"""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

import worldmemory.models

RLS_INTEGRATIONS = """
ALTER TABLE integrations ENABLE ROW LEVEL SECURITY;
ALTER TABLE integrations FORCE ROW LEVEL SECURITY;
CREATE POLICY integrations_owner_isolation ON integrations FOR ALL
    USING (owner_sub = gd_current_owner())
    WITH CHECK (owner_sub = gd_current_owner());
CREATE INDEX integrations_owner_idx ON integrations (owner_sub, domain);
"""
RLS_INTEGRATIONS_REVERSE = """
DROP INDEX IF EXISTS integrations_owner_idx;
DROP POLICY IF EXISTS integrations_owner_isolation ON integrations;
ALTER TABLE integrations NO FORCE ROW LEVEL SECURITY;
ALTER TABLE integrations DISABLE ROW LEVEL SECURITY;
"""
SAME_OWNER_TOKEN = (
    "ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_integration_id_same_owner "
    "FOREIGN KEY (owner_sub, integration_id) REFERENCES integrations (owner_sub, id);"
)
SAME_OWNER_TOKEN_REVERSE = (
    "ALTER TABLE api_tokens DROP CONSTRAINT IF EXISTS api_tokens_integration_id_same_owner;"
)


class Migration(migrations.Migration):
    dependencies = [
        ("worldmemory", "0009_retention_classes_rollups_and_prune_role"),
    ]

    operations = [
        migrations.CreateModel(
            name="IntegrationDomain",
            fields=[
                ("domain", models.CharField(max_length=50, primary_key=True, serialize=False)),
                ("installations", models.IntegerField(default=0)),
            ],
            options={
                "db_table": "integration_domains",
            },
        ),
        migrations.AddField(
            model_name="entity",
            name="stale_since",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.CreateModel(
            name="Integration",
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
                ("domain", models.CharField(max_length=50)),
                ("name", models.CharField(blank=True, max_length=200)),
                (
                    "trust_tier",
                    models.CharField(
                        choices=[("trusted", "Trusted"), ("untrusted", "Untrusted")],
                        default="untrusted",
                        max_length=20,
                    ),
                ),
                ("removed_at", models.DateTimeField(blank=True, null=True)),
            ],
            options={
                "db_table": "integrations",
                "constraints": [
                    models.UniqueConstraint(
                        fields=("owner_sub", "id"), name="integrations_owner_id_key"
                    ),
                    models.UniqueConstraint(
                        condition=models.Q(("removed_at__isnull", True)),
                        fields=("owner_sub", "domain"),
                        name="integrations_owner_live_domain_key",
                    ),
                ],
            },
        ),
        migrations.AddField(
            model_name="apitoken",
            name="integration",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="tokens",
                to="worldmemory.integration",
            ),
        ),
        migrations.RunSQL(RLS_INTEGRATIONS, RLS_INTEGRATIONS_REVERSE),
        migrations.RunSQL(SAME_OWNER_TOKEN, SAME_OWNER_TOKEN_REVERSE),
    ]
