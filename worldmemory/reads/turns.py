"""A turn among its neighbours: the turns just before and after a message in its session.

A dialogue turn rarely stands alone ("sie. dr. sommer." answers a question only beside
"wer hat sich dein Knie angeschaut?"), so search lends a turn its neighbours' evidence
and a message is embedded together with the turns around it.
"""

from __future__ import annotations

from uuid import UUID

from django.db import connections

from infra.routers import APP_DB
from worldmemory.tenancy import OwnerScope

NEIGHBOURS_SQL = """
WITH hit AS (
    SELECT id, session_id, occurred_at FROM source_messages
    WHERE owner_sub = %(owner)s AND id = ANY(%(ids)s)
)
SELECT hit.id, n.id, n.distance, n.text FROM hit CROSS JOIN LATERAL (
    (SELECT m.id, -row_number() OVER (ORDER BY m.occurred_at DESC, m.id DESC) AS distance,
            m.text
     FROM source_messages m
     WHERE m.owner_sub = %(owner)s AND m.session_id = hit.session_id AND m.text <> ''
       AND (m.occurred_at, m.id) < (hit.occurred_at, hit.id)
     ORDER BY m.occurred_at DESC, m.id DESC LIMIT %(reach)s)
    UNION ALL
    (SELECT m.id, row_number() OVER (ORDER BY m.occurred_at, m.id) AS distance, m.text
     FROM source_messages m
     WHERE m.owner_sub = %(owner)s AND m.session_id = hit.session_id AND m.text <> ''
       AND (m.occurred_at, m.id) > (hit.occurred_at, hit.id)
     ORDER BY m.occurred_at, m.id LIMIT %(reach)s)
) AS n
"""


def _rows(scope: OwnerScope, ids: list[UUID], reach: int) -> list[tuple[UUID, UUID, int, str]]:
    if not ids:
        return []
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(NEIGHBOURS_SQL, {"owner": scope.owner_sub, "ids": ids, "reach": reach})
        return cursor.fetchall()


def turn_neighbours(
    *, scope: OwnerScope, message_ids: list[UUID], reach: int
) -> list[tuple[UUID, UUID, int]]:
    """``(message, neighbour, distance)`` for up to ``reach`` turns on either side of each
    message in its session; the distance is negative before the message, positive after."""
    return [(hit, near, distance) for hit, near, distance, _ in _rows(scope, message_ids, reach)]


def turn_windows(*, scope: OwnerScope, messages: list) -> list[str]:
    """Each message's text between the turn before and the turn after it, in order."""
    around: dict[UUID, dict[int, str]] = {}
    for hit, _, distance, text in _rows(scope, [m.pk for m in messages], 1):
        around.setdefault(hit, {})[distance] = text
    windows = []
    for message in messages:
        near = around.get(message.pk, {})
        windows.append("\n".join(t for t in (near.get(-1), message.text, near.get(1)) if t))
    return windows


# The messages themselves beside their neighbours: one round trip for a caller that has ids
# only (``NEIGHBOURS_SQL`` reads the hits' rows anyway)
WINDOWS_SQL = f"""
WITH found AS ({NEIGHBOURS_SQL})
SELECT id, id, 0, text FROM source_messages WHERE owner_sub = %(owner)s AND id = ANY(%(ids)s)
UNION ALL
SELECT * FROM found
"""


def turn_windows_of(*, scope: OwnerScope, message_ids: list[UUID]) -> list[str]:
    """``turn_windows`` for messages known by id, in the order of ``message_ids`` (a message
    not found has no window)."""
    if not message_ids:
        return []
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(WINDOWS_SQL, {"owner": scope.owner_sub, "ids": message_ids, "reach": 1})
        rows = cursor.fetchall()
    around: dict[UUID, dict[int, str]] = {}
    for hit, _, distance, text in rows:
        around.setdefault(hit, {})[distance] = text
    return [
        "\n".join(t for t in (near.get(-1), near[0], near.get(1)) if t)
        for near in (around[pk] for pk in message_ids if pk in around)
    ]
