"""Monthly partitions of ``world_events`` (migration 0016): the months ahead exist before
any event of theirs is recorded."""

from __future__ import annotations

from django.db import connections

from infra.routers import APP_DB

MONTHS_AHEAD = 12


def event_partitions_ensure(*, months_ahead: int = MONTHS_AHEAD) -> int:
    """Create the missing partitions from this month to ``months_ahead``; return how many.

    Runs as the owner role inside ``gd_world_events_partitions_ensure`` (security
    definer): the application role may not create tables itself."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute("SELECT gd_world_events_partitions_ensure(%s)", [months_ahead])
        return cursor.fetchone()[0]
