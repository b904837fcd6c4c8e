"""The forward link of the supersede chain is checked at commit, not per statement.

A fact is closed before the row that replaces it is inserted (the exclusion
constraint must never see both as current beliefs), so the closing ``UPDATE`` names
``invalidated_by_fact_id`` of a row that exists only later in the same transaction.
The same-owner composite key stays; only its check moves to the end of the
transaction.
"""

from django.db import migrations

CONSTRAINT = "facts_invalidated_by_fact_id_same_owner"


class Migration(migrations.Migration):
    dependencies = [
        ("worldmemory", "0017_projections_newest_first_index"),
    ]

    operations = [
        migrations.RunSQL(
            f"ALTER TABLE facts ALTER CONSTRAINT {CONSTRAINT} DEFERRABLE INITIALLY DEFERRED;",
            f"ALTER TABLE facts ALTER CONSTRAINT {CONSTRAINT} NOT DEFERRABLE;",
        ),
    ]
