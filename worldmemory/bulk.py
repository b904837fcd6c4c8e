"""Multi-row INSERT without the ORM's per-field preparation, for the committer's flush.

Only for plain columns, JSON and arrays (what tenant rows hold); values are read
from the instances' attributes and sent with server-side binding, one pipelined
execution per row.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connections, models
from psycopg.types.json import Jsonb

from infra.routers import APP_DB


def insert_many(model: type[models.Model], objects: Sequence[models.Model]) -> None:
    if not objects:
        return
    fields = [f for f in model._meta.concrete_fields if not f.generated]
    json_columns = {f.attname for f in fields if isinstance(f, models.JSONField)}
    columns = ", ".join(f'"{f.column}"' for f in fields)
    placeholders = ", ".join(["%s"] * len(fields))
    sql = f'INSERT INTO "{model._meta.db_table}" ({columns}) VALUES ({placeholders})'
    rows = [
        [
            Jsonb(value) if field.attname in json_columns else value
            for field in fields
            for value in (getattr(obj, field.attname),)
        ]
        for obj in objects
    ]
    # one statement text, pipelined executions: parsed and planned once
    with connections[APP_DB].cursor() as cursor:
        cursor.executemany(sql, rows)
