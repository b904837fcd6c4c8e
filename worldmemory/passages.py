"""Ranking the owner's dialogue for a question: which turns answer it.

Two retrievals run side by side — BM25 over the stored lexemes (``lexical``) and, with
an embedder, the nearest message vectors — and are fused by reciprocal rank. A turn of a
dialogue rarely stands alone: "sie. dr. sommer." answers "who looked at my knee?" only
beside the turn before it. So each candidate passes part of its score to its neighbours
in the same session (``NEIGHBOUR_WEIGHTS`` by distance), and a turn is ranked by its own
evidence plus the best its context lends it. Only turns with evidence of their own are
results: a neighbour's context lifts them, it never makes "Okay, notiert." one.
"""

from __future__ import annotations

from uuid import UUID

from django.db import connections

from gedaechtnis.routers import APP_DB
from worldmemory.lexical import messages_bm25
from worldmemory.models import SourceMessage
from worldmemory.search import RRF_K, query_vector_soon
from worldmemory.tenancy import OwnerScope
from worldmemory.vectorstore import nearest_messages

# candidates taken from each retrieval before fusion
POOL = 50
# the share of a turn's score its neighbours receive, by distance in the session
NEIGHBOUR_WEIGHTS = {1: 0.5, 2: 0.25}

NEIGHBOURS_SQL = """
WITH hit AS (
    SELECT id, session_id, occurred_at FROM source_messages
    WHERE owner_sub = %(owner)s AND id = ANY(%(ids)s)
)
SELECT hit.id, n.id, n.distance FROM hit CROSS JOIN LATERAL (
    (SELECT m.id, -row_number() OVER (ORDER BY m.occurred_at DESC, m.id DESC) AS distance
     FROM source_messages m
     WHERE m.owner_sub = %(owner)s AND m.session_id = hit.session_id AND m.text <> ''
       AND (m.occurred_at, m.id) < (hit.occurred_at, hit.id)
     ORDER BY m.occurred_at DESC, m.id DESC LIMIT %(reach)s)
    UNION ALL
    (SELECT m.id, row_number() OVER (ORDER BY m.occurred_at, m.id) AS distance
     FROM source_messages m
     WHERE m.owner_sub = %(owner)s AND m.session_id = hit.session_id AND m.text <> ''
       AND (m.occurred_at, m.id) > (hit.occurred_at, hit.id)
     ORDER BY m.occurred_at, m.id LIMIT %(reach)s)
) AS n
"""


def _semantic(scope: OwnerScope, embedded, filters: dict) -> list[UUID]:
    if embedded is None:
        return []
    vector, space = embedded
    # filters apply after the nearest neighbours are found: fetch more when some drop
    near = [
        pk
        for pk, _ in nearest_messages(
            scope=scope, space=space, vector=vector, limit=POOL * (3 if filters else 1)
        )
    ]
    if not filters:
        return near
    wanted = SourceMessage.objects.filter(owner_sub=scope.owner_sub, **filters).exclude(text="")
    allowed = set(wanted.filter(pk__in=near).values_list("pk", flat=True))
    return [pk for pk in near if pk in allowed]


def _neighbours(scope: OwnerScope, ids: list[UUID]) -> list[tuple[UUID, UUID, int]]:
    """(turn, neighbour, distance) within each turn's session, up to the widest weight."""
    if not ids:
        return []
    params = {"owner": scope.owner_sub, "ids": ids, "reach": max(NEIGHBOUR_WEIGHTS)}
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(NEIGHBOURS_SQL, params)
        return [(hit, neighbour, abs(distance)) for hit, neighbour, distance in cursor.fetchall()]


def passages_rank(
    *, scope: OwnerScope, query: str, k: int, filters: dict | None = None
) -> list[tuple[UUID, float]]:
    """The ``k`` best turns for ``query`` with their scores, best first."""
    filters = filters or {}
    embedding = query_vector_soon(query)
    lists = [[pk for pk, _ in messages_bm25(scope=scope, query=query, limit=POOL, filters=filters)]]
    lists.append(_semantic(scope, embedding.result(), filters))
    own: dict[UUID, float] = {}
    for ranked in lists:
        for rank, message_id in enumerate(ranked, start=1):
            own[message_id] = own.get(message_id, 0.0) + 1 / (RRF_K + rank)
    # context lifts a turn that has evidence of its own; it never makes one a result
    lent: dict[UUID, float] = {}
    for hit, neighbour, distance in _neighbours(scope, list(own)):
        if neighbour in own:
            share = own[hit] * NEIGHBOUR_WEIGHTS[distance]
            lent[neighbour] = max(lent.get(neighbour, 0.0), share)
    scores = {pk: score + lent.get(pk, 0.0) for pk, score in own.items()}
    return sorted(scores.items(), key=lambda item: item[1], reverse=True)[:k]
