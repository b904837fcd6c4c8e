"""``gd_bench context``: the Known World State block on a hot owner.

Two owners are loaded once next to the temporal store: one with 10 000 facts
(1 000 entities) and one with 50 000 facts (5 000 entities); each also has 20
policies and 100 preferences. Messages name 0–5 known entities. Latency is
measured inside the process and through HTTP (a WSGI server on 127.0.0.1), for the
agents' English markdown and for the block in the person's language.
"""

from __future__ import annotations

import http.client
import random
import statistics
import threading
import time
from datetime import timedelta
from urllib.parse import urlencode
from wsgiref.simple_server import WSGIRequestHandler, make_server

from django.core.wsgi import get_wsgi_application
from django.db import connections
from django.utils import timezone

from infra.routers import APP_DB
from worldmemory.context import build_context
from worldmemory.models import Fact, OwnRelationType
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

OWNERS = {"bench-ctx-10k": 1_000, "bench-ctx-50k": 5_000}  # owner → entities (10 facts each)
POLICIES, PREFERENCES = 20, 100

ENTITIES_SQL = """
INSERT INTO entities (id, owner_sub, created_at, kind, slug, canonical_name, description,
                      metadata, status, rag_pending, updated_at)
SELECT gen_random_uuid(), %(owner)s, now(), 'task', 'task-' || n, 'Aufgabe ' || n, '', '{}'::jsonb,
       'active', false, now()
FROM generate_series(1, %(entities)s) AS n
UNION ALL SELECT gen_random_uuid(), %(owner)s, now(), 'person', 'me', 'Basti', '', '{}'::jsonb,
       'active', false, now()
"""

ALIASES_SQL = """
INSERT INTO entity_aliases (id, owner_sub, created_at, entity_id, alias, alias_norm, namespace,
                            valid_from, recorded_at, source, source_trust_tier, confidence,
                            evidence)
SELECT gen_random_uuid(), owner_sub, now(), id, canonical_name, lower(canonical_name), 'chat',
       now(), now(), 'user:bench', 'trusted', 1, '{}'::jsonb
FROM entities WHERE owner_sub = %(owner)s
"""

# per task: 4 attributes with a history row each, plus one blocked_by edge (10 facts)
FACTS_SQL = """
INSERT INTO facts (id, owner_sub, created_at, subject_entity_id, predicate, object_kind,
                   object_value, object_entity_id, object_key, is_functional, valid_from,
                   valid_to, recorded_at, source, source_trust_tier, confidence, memory_type,
                   status, priority, retention_class, evidence)
SELECT gen_random_uuid(), e.owner_sub, now(), e.id, 'bench_attr_' || a, 'literal',
       to_jsonb(CASE WHEN r.kind = 2 THEN 'new-' ELSE 'old-' END || a), NULL, '', false,
       CASE WHEN r.kind = 2 THEN %(t1)s::timestamptz ELSE %(t0)s::timestamptz END,
       CASE WHEN r.kind = 1 THEN %(t1)s::timestamptz END, %(t1)s, 'user:bench', 'trusted',
       0.9, 'user_assertion', 'active', 0, 'permanent', '{}'::jsonb
FROM entities e CROSS JOIN generate_series(0, 3) AS a CROSS JOIN (VALUES (1), (2)) AS r(kind)
WHERE e.owner_sub = %(owner)s AND e.kind = 'task'
UNION ALL
SELECT gen_random_uuid(), e.owner_sub, now(), e.id, 'blocked_by', 'entity', NULL, o.id, '',
       false, %(t0)s, NULL, %(t1)s, 'user:bench', 'trusted', 0.9, 'user_assertion', 'active',
       0, 'permanent', '{}'::jsonb
FROM entities e JOIN entities o ON o.owner_sub = e.owner_sub AND o.kind = 'task'
     AND o.slug = 'task-' || (substr(e.slug, 6)::int %% %(entities)s + 1)
WHERE e.owner_sub = %(owner)s AND e.kind = 'task'
UNION ALL
SELECT gen_random_uuid(), e.owner_sub, now(), e.id, 'bench_pref_' || n, 'literal',
       to_jsonb('preference ' || n), NULL, '', false, %(t0)s, NULL, %(t1)s, 'user:bench',
       'trusted', 1, 'user_assertion', 'active', 0, 'permanent', '{}'::jsonb
FROM entities e CROSS JOIN generate_series(1, %(preferences)s) AS n
WHERE e.owner_sub = %(owner)s AND e.kind = 'person'
UNION ALL
SELECT gen_random_uuid(), e.owner_sub, now(), e.id, 'bench_rule_' || n, 'literal',
       to_jsonb('policy rule ' || n), NULL, '', false, %(t0)s, NULL, %(t1)s, 'user:bench',
       'trusted', 1, 'policy', 'active', 0, 'permanent', '{}'::jsonb
FROM entities e CROSS JOIN generate_series(1, %(policies)s) AS n
WHERE e.owner_sub = %(owner)s AND e.kind = 'person'
"""


def _percentiles(samples: list[float]) -> str:
    cut = statistics.quantiles(sorted(samples), n=100, method="inclusive")
    return f"p50 {cut[49]:6.2f} ms   p95 {cut[94]:6.2f} ms   p99 {cut[98]:6.2f} ms"


def _load(write, owners: dict[str, int]) -> None:
    names = (
        [f"bench_attr_{i}" for i in range(4)]
        + [f"bench_pref_{n}" for n in range(1, PREFERENCES + 1)]
        + [f"bench_rule_{n}" for n in range(1, POLICIES + 1)]
    )
    now = timezone.now()
    for owner, entities in owners.items():
        with owner_scope(owner):
            if Fact.objects.filter(owner_sub=owner).exists():
                continue
            for predicate in names:  # learned vocabulary is the owner's own
                OwnRelationType.objects.get_or_create(
                    owner_sub=owner,
                    predicate=predicate,
                    defaults={
                        "cardinality": "functional",
                        "value_kind": "literal",
                        "source": "learned",
                    },
                )
            started = time.perf_counter()
            params = {
                "owner": owner,
                "entities": entities,
                "t0": now - timedelta(days=60),
                "t1": now - timedelta(days=30),
                "preferences": PREFERENCES,
                "policies": POLICIES,
            }
            with connections[APP_DB].cursor() as cursor:
                cursor.execute(ENTITIES_SQL, params)
                cursor.execute(ALIASES_SQL, params)
                cursor.execute(FACTS_SQL, params)
            write(f"loaded {owner}: {entities} entities in {time.perf_counter() - started:.0f} s")


def _messages(entities: int, count: int) -> list[str]:
    rng = random.Random(5)
    messages = []
    for index in range(count):
        named = [f"Aufgabe {rng.randint(1, entities)}" for _ in range(index % 6)]
        messages.append("Wie steht es um " + (" und ".join(named) or "das Wetter") + "?")
    return messages


def _in_process(owner: str, messages: list[str], *, language: str | None = None) -> list[float]:
    timings = []
    for message in messages:
        with owner_scope(owner) as scope:
            result = build_context(scope=scope, message=message, language=language)
        assert "error" not in result, result.get("error")
        timings.append(result["elapsed_ms"])
    return timings


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args) -> None:
        pass


def _over_http(owner: str, messages: list[str], *, style: str) -> list[float]:
    with owner_scope(owner) as scope:
        token = token_create(scope=scope, name="bench")
    server = make_server("127.0.0.1", 0, get_wsgi_application(), handler_class=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    timings = []
    try:
        for message in messages:
            path = "/api/v1/context?" + urlencode({"message": message, "style": style})
            started = time.perf_counter()
            client = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=10)
            client.request("GET", path, headers={"Authorization": f"Bearer {token}"})
            response = client.getresponse()
            response.read()
            timings.append((time.perf_counter() - started) * 1000)
            client.close()
            assert response.status == 200, response.status
    finally:
        server.shutdown()
        server.server_close()
    return timings


def run(*, samples: int, write, owners: dict[str, int] | None = None) -> None:
    owners = owners or OWNERS
    _load(write, owners)
    with connections["default"].cursor() as cursor:
        cursor.execute("VACUUM ANALYZE facts, entities, entity_aliases")
    with connections[APP_DB].cursor() as cursor:  # an estimate: RLS hides other owners' rows
        cursor.execute("SELECT reltuples::bigint FROM pg_class WHERE relname = 'facts'")
        write(f"store: about {cursor.fetchone()[0]:,} facts in all")
    for owner, entities in owners.items():
        messages = _messages(entities, samples)
        _in_process(owner, messages[:50])  # warm up
        write(
            f"{owner} ({entities * 10:,} facts, {POLICIES} policies, "
            f"{PREFERENCES} preferences), {samples} messages naming 0–5 entities:"
        )
        # the agents' markdown (the default of build_context and of the API) and the
        # person's language, each in process and through HTTP
        write(f"  in-process    {_percentiles(_in_process(owner, messages))}")
        person = _in_process(owner, messages, language="auto")
        write(f"  in-process, person's language  {_percentiles(person)}")
        write(f"  through HTTP  {_percentiles(_over_http(owner, messages, style='agent'))}")
        person = _over_http(owner, messages, style="person")
        write(f"  through HTTP, style=person     {_percentiles(person)}")
