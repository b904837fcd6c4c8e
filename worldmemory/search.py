"""Finding candidates: full-text over aliases, fact values and projections, fused by
reciprocal rank fusion. An embedder plugs in as one more ranked list ("vectors")
handed to ``fuse``; without one, search is full-text only.

Search finds refs and passages; it never decides what is true — current values
are read structurally afterwards. Terms are OR-ed (a question rarely contains
every word of a passage), each source is ranked by ``ts_rank`` and the ranks are
fused, so one strong source does not drown the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from uuid import UUID

from django.db import connections

from gedaechtnis.routers import APP_DB
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope

RRF_K = 60
PER_SOURCE = 30

# The same expressions as migration 0004's indexes.
ALIAS_FTS = "to_tsvector('simple', a.alias)"
FACT_FTS = (
    "to_tsvector('simple', replace(f.predicate, '_', ' ') || ' ' || "
    "coalesce(f.object_value #>> '{}', ''))"
)
PROJECTION_FTS = (
    "(to_tsvector('german', p.text) || to_tsvector('english', p.text) || "
    "to_tsvector('simple', p.text))"
)
PROJECTION_QUERY = (
    "(to_tsquery('german', %(q)s) || to_tsquery('english', %(q)s) || to_tsquery('simple', %(q)s))"
)


@dataclass
class Hit:
    kind: str  # entity | fact | projection
    id: UUID
    entity_id: UUID | None
    text: str
    score: float = 0.0
    sources: list[str] = field(default_factory=list)


def or_query(text: str) -> str | None:
    """``"Wann füttere ich Luna?"`` → ``"wann:* | futtere:* | ich:* | luna:*"`` (accent-free)."""
    words = [w for w in re.findall(r"\w+", normalize_alias(text)) if len(w) > 1]
    if not words:
        return None
    return " | ".join(f"{word}:*" if len(word) >= 3 else word for word in dict.fromkeys(words))


def _rows(sql: str, params: dict) -> list[tuple]:
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _alias_hits(params: dict, kind_filter: str) -> list[Hit]:
    rows = _rows(
        f"SELECT a.entity_id, max(ts_rank({ALIAS_FTS}, to_tsquery('simple', %(q)s))) AS rank,"
        " min(e.canonical_name) FROM entity_aliases a JOIN entities e ON e.id = a.entity_id"
        f" WHERE a.owner_sub = %(owner)s AND a.superseded_at IS NULL"
        f" AND {ALIAS_FTS} @@ to_tsquery('simple', %(q)s) {kind_filter}"
        " GROUP BY a.entity_id ORDER BY rank DESC LIMIT %(limit)s",
        params,
    )
    return [Hit("entity", entity_id, entity_id, name) for entity_id, _, name in rows]


def _fact_hits(params: dict, kind_filter: str, time_filter: str) -> list[Hit]:
    rows = _rows(
        f"SELECT f.id, f.subject_entity_id, f.predicate, f.object_value #>> '{{}}',"
        f" ts_rank({FACT_FTS}, to_tsquery('simple', %(q)s)) AS rank"
        " FROM facts f JOIN entities e ON e.id = f.subject_entity_id"
        f" WHERE f.owner_sub = %(owner)s AND f.superseded_at IS NULL"
        f" AND {FACT_FTS} @@ to_tsquery('simple', %(q)s) {kind_filter} {time_filter}"
        " ORDER BY rank DESC LIMIT %(limit)s",
        params,
    )
    return [
        Hit("fact", fact_id, subject, f"{predicate} = {value}")
        for fact_id, subject, predicate, value, _ in rows
    ]


def _projection_hits(params: dict) -> list[Hit]:
    rows = _rows(
        f"SELECT p.id, p.entity_ids[1], p.text, ts_rank({PROJECTION_FTS}, {PROJECTION_QUERY})"
        f" AS rank FROM memory_projections p WHERE p.owner_sub = %(owner)s"
        f" AND {PROJECTION_FTS} @@ {PROJECTION_QUERY} ORDER BY rank DESC LIMIT %(limit)s",
        params,
    )
    return [Hit("projection", pid, entity, text) for pid, entity, text, _ in rows]


def fuse(ranked_lists: dict[str, list[Hit]], *, limit: int) -> list[Hit]:
    """Reciprocal rank fusion: each list adds 1 / (60 + rank) to an item's score."""
    fused: dict[tuple[str, UUID], Hit] = {}
    for source, hits in ranked_lists.items():
        for rank, hit in enumerate(hits, start=1):
            key = (hit.kind, hit.id)
            item = fused.setdefault(key, hit)
            item.score += 1 / (RRF_K + rank)
            item.sources.append(source)
    return sorted(fused.values(), key=lambda h: h.score, reverse=True)[:limit]


def search(
    *,
    scope: OwnerScope,
    query: str,
    kind: str | None = None,
    valid_between: tuple[datetime, datetime] | None = None,
    limit: int = 10,
) -> list[Hit]:
    """Ranked candidates (entities, facts, projections) for a natural-language query."""
    tsquery = or_query(query)
    if tsquery is None:
        return []
    params: dict = {"owner": scope.owner_sub, "q": tsquery, "limit": PER_SOURCE}
    kind_filter = ""
    if kind:
        kind_filter = "AND e.kind = %(kind)s"
        params["kind"] = kind
    time_filter = ""
    if valid_between:
        time_filter = (
            "AND f.valid_from <= %(until)s AND (f.valid_to IS NULL OR f.valid_to > %(since)s)"
        )
        params["since"], params["until"] = valid_between
    lists = {
        "names": _alias_hits(params, kind_filter),
        "facts": _fact_hits(params, kind_filter, time_filter),
    }
    if not kind:
        lists["passages"] = _projection_hits(params)
    return fuse(lists, limit=limit)
