"""The curator's queue and window state move to the curator's app (``curator/models.py``).

Django's state only: the tables keep their names, columns, constraints, indexes, row-level
security, same-owner foreign keys and grants, so no SQL runs. ``curator``'s migration
``0001_curator_tables`` takes them into its state after this one.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("worldmemory", "0024_citus_ready_primary_keys"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="CuratorQueue"),
                migrations.DeleteModel(name="CuratorState"),
            ],
            database_operations=[],
        ),
    ]
