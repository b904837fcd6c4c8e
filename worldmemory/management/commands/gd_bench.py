"""Benchmarks that print figures (never timed tests):
``gd_bench temporal|context|ingest|search|reflection|reflection-load|curator|retrieval|soak``
and ``gd_bench sizing``.

``reflection`` feeds the reflection evaluation set through the ingest API and the worker and
scores the threads, experiences, open questions, spaces and summaries formed from it;
``reflection-load`` measures the context block over a year of reflection objects.
``sizing`` reads the database's own figures and prints how many owners one Citus worker holds.

``curator`` replays the curator's evaluation dialogues (``curator/evaluation``) and prints
precision, recall, false memories and the rest per language and category; ``retrieval``
asks the retrieval evaluation set's questions of the source search and two baselines.

``soak`` serves the app as ``make run`` does and sends it mixed traffic.

``temporal`` loads a synthetic store once (owners ``bench-*``: one big owner and
many small ones; every attribute has a supersede history, so a third of the rows
are closed in system time) and then measures the read tools and the committer
as the application role, with row-level security in force.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError
from django.db import connections, transaction
from django.test import override_settings
from django.utils import timezone

from infra.routers import APP_DB, OWNER_DB
from worldmemory import tools
from worldmemory.benchmarks import context as context_bench
from worldmemory.benchmarks import ingest as ingest_bench
from worldmemory.benchmarks import reflection as reflection_bench
from worldmemory.benchmarks import reflection_quality
from worldmemory.benchmarks import retrieval as retrieval_bench
from worldmemory.benchmarks import search as search_bench
from worldmemory.benchmarks import sizing as sizing_bench
from worldmemory.benchmarks import soak as soak_bench
from worldmemory.committer import proposal_commit
from worldmemory.contracts import MemoryMutationProposal
from worldmemory.models import Cardinality, Entity, Fact, OwnRelationType, Source, ValueKind
from worldmemory.tenancy import owner_scope

ATTRIBUTES = [f"bench_attr_{i}" for i in range(5)]
ROWS_PER_SLOT = 3  # the closed original, its history copy, the current value
BIG_OWNER = "bench-big"
WARM_UP = 5  # proposals committed before the clock starts

ENTITIES_SQL = """
INSERT INTO entities (id, owner_sub, created_at, kind, slug, canonical_name, description,
                      metadata, status, rag_pending, updated_at)
SELECT gen_random_uuid(), %(owner)s, now(), 'task', 'task-' || n, 'Task ' || n, '', '{}',
       'active', false, now()
FROM generate_series(1, %(entities)s) AS n
"""

FACTS_SQL = """
INSERT INTO facts (id, owner_sub, created_at, subject_entity_id, predicate, object_kind,
                   object_value, object_key, is_functional, valid_from, valid_to, recorded_at,
                   superseded_at, source, source_trust_tier, confidence, memory_type, status,
                   priority, retention_class, evidence)
SELECT gen_random_uuid(), e.owner_sub, now(), e.id, 'bench_attr_' || a, 'literal',
       to_jsonb(CASE WHEN r.kind = 3 THEN 'new-' ELSE 'old-' END || a), '', false,
       CASE WHEN r.kind = 3 THEN %(t1)s::timestamptz ELSE %(t0)s::timestamptz END,
       CASE WHEN r.kind = 2 THEN %(t1)s::timestamptz END,
       CASE WHEN r.kind = 1 THEN %(r0)s::timestamptz ELSE %(r1)s::timestamptz END,
       CASE WHEN r.kind = 1 THEN %(r1)s::timestamptz END,
       'user:bench', 'trusted', 0.9, 'user_assertion',
       CASE WHEN r.kind = 1 THEN 'superseded' ELSE 'active' END,
       0, 'permanent', '{}'
FROM entities e
CROSS JOIN generate_series(0, 4) AS a
CROSS JOIN (VALUES (1), (2), (3)) AS r(kind)
WHERE e.owner_sub = %(owner)s
"""


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    cut = statistics.quantiles(ordered, n=100, method="inclusive")
    return f"p50 {cut[49]:7.2f} ms   p95 {cut[94]:7.2f} ms   p99 {cut[98]:7.2f} ms"


class Command(BaseCommand):
    help = (
        "gd_bench temporal|context|ingest|search|reflection|curator|retrieval|soak — print "
        "latencies, throughput, curation and retrieval quality"
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "suite",
            choices=[
                "temporal",
                "context",
                "ingest",
                "search",
                "reflection",
                "reflection-load",
                "curator",
                "retrieval",
                "soak",
                "sizing",
            ],
        )
        parser.add_argument("--curator", choices=["rules", "llm"], default="rules")
        parser.add_argument("--limit", type=int, default=None, help="curator: first N dialogues")
        parser.add_argument(
            "--ids",
            default=None,
            help="curator: only dialogues whose id starts with or matches (*-009) one of these "
            "comma-separated patterns; reflection: only conversations whose id starts with one",
        )
        parser.add_argument(
            "--show-misses",
            action="store_true",
            help="curator, reflection: list what was missed and what was formed unasked per "
            "dialogue (dev split only)",
        )
        parser.add_argument(
            "--requests", type=int, default=20_000, help="soak: requests in all (≥ 20 000)"
        )
        parser.add_argument("--clients", type=int, default=20, help="soak: concurrent clients")
        parser.add_argument("--streams", type=int, default=50, help="soak: open live streams")
        parser.add_argument("--owners", type=int, default=200)
        parser.add_argument("--facts", type=int, default=1_000_000)
        parser.add_argument("--big", type=int, default=50_000, help="facts of the biggest owner")
        parser.add_argument("--samples", type=int, default=1000)
        parser.add_argument("--batches", type=int, default=40, help="proposals of 50 ops")
        parser.add_argument("--search-rows", type=int, default=1_000_000)
        parser.add_argument("--search-owner-rows", type=int, default=100_000)
        parser.add_argument(
            "--alone",
            action="store_true",
            help="context: without the temporal store (to compare a small store with a big one)",
        )
        parser.add_argument(
            "--split",
            choices=retrieval_bench.SPLITS,
            default="dev",
            help="curator, retrieval, reflection: which part of the set (never tune on holdout)",
        )
        parser.add_argument(
            "--method",
            action="append",
            choices=retrieval_bench.METHODS,
            help="retrieval: a method to measure (repeatable; default every one)",
        )
        parser.add_argument(
            "--served",
            action="store_true",
            help="retrieval: time the search over real HTTP on `make run`'s server as well",
        )

    def handle(
        self,
        *args,
        suite: str,
        owners: int,
        facts: int,
        big: int,
        samples: int,
        batches: int,
        **options,
    ) -> None:
        # a benchmark measures latency: one token sends far more than the rate limit allows
        with override_settings(GD_RATE_LIMIT_PER_MINUTE=0):
            self._run(
                suite,
                owners=owners,
                facts=facts,
                big=big,
                samples=samples,
                batches=batches,
                **options,
            )

    def _run(
        self,
        suite: str,
        *,
        owners: int,
        facts: int,
        big: int,
        samples: int,
        batches: int,
        **options,
    ) -> None:
        if suite == "curator":
            self._curator(**options)
            return
        if suite == "soak":
            soak_bench.run(
                requests=options["requests"],
                clients=options["clients"],
                streams=options["streams"],
                write=self.stdout.write,
            )
            return
        if suite == "sizing":
            sizing_bench.run(write=self.stdout.write)
            return
        if suite == "ingest":
            ingest_bench.run(batches=batches, write=self.stdout.write)
            return
        if suite == "reflection-load":
            reflection_bench.run(samples=min(samples, 300), write=self.stdout.write)
            return
        if suite == "reflection":
            if options["split"] not in reflection_quality.SPLITS:
                raise CommandError("reflection: --split dev or --split holdout")
            if options["show_misses"] and options["split"] == "holdout":
                raise CommandError("misses are shown for the dev split only")
            reflection_quality.run(
                split=options["split"],
                write=self.stdout.write,
                ids=options["ids"],
                show_misses=options["show_misses"],
            )
            return
        if suite == "retrieval":
            retrieval_bench.run(
                split=options["split"],
                methods=options["method"] or list(retrieval_bench.METHODS),
                write=self.stdout.write,
                served=options["served"],
            )
            return
        if suite == "search":
            search_bench.run(
                rows=options["search_rows"],
                owner_rows=options["search_owner_rows"],
                samples=min(samples, 500),
                write=self.stdout.write,
            )
            return
        if owners < 2 or big >= facts:
            raise CommandError("need at least two owners and --big below --facts")
        if not (suite == "context" and options["alone"]):
            self._load(owners=owners, facts=facts, big=big)
        if suite == "context":
            # the context suite runs on the temporal store, next to its hot owners
            small = {"bench-ctx-10k": context_bench.OWNERS["bench-ctx-10k"]}
            context_bench.run(
                samples=samples, write=self.stdout.write, owners=small if options["alone"] else None
            )
            return
        self._reads(samples=samples)
        self._writes(batches=batches)

    def _curator(
        self,
        *,
        split: str,
        curator: str,
        limit: int | None,
        ids: str | None,
        show_misses: bool,
        **_,
    ):
        from curator import llm
        from curator.evaluation import bench as curator_bench

        if curator == "llm" and (problem := llm.model_problem()):
            raise CommandError(problem)
        if show_misses and split == "holdout":
            raise CommandError("misses are shown for the dev split only")
        curator_bench.run(
            split=split,
            curator=curator,
            limit=limit,
            ids=ids,
            show_misses=show_misses,
            write=self.stdout.write,
        )

    # --- data ----------------------------------------------------------------------------

    def _owner_names(self, owners: int) -> list[str]:
        return [BIG_OWNER] + [f"bench-{i:03d}" for i in range(1, owners)]

    def _load(self, *, owners: int, facts: int, big: int) -> None:
        per_slot = len(ATTRIBUTES) * ROWS_PER_SLOT
        small = (facts - big) // (owners - 1)
        now = timezone.now()
        times = {
            "t0": now - timedelta(days=60),
            "t1": now - timedelta(days=30),
            "r0": now - timedelta(days=59),
            "r1": now - timedelta(days=29),
        }
        started, loaded = time.perf_counter(), 0
        for name in self._owner_names(owners):
            target = big if name == BIG_OWNER else small
            with owner_scope(name):
                if Fact.objects.filter(owner_sub=name).exists():
                    continue
                for predicate in ATTRIBUTES:  # learned vocabulary is the owner's own
                    OwnRelationType.objects.get_or_create(
                        owner_sub=name,
                        predicate=predicate,
                        defaults={
                            "cardinality": Cardinality.FUNCTIONAL,
                            "value_kind": ValueKind.LITERAL,
                            "source": Source.LEARNED,
                        },
                    )
                with connections[APP_DB].cursor() as cursor:
                    cursor.execute(ENTITIES_SQL, {"owner": name, "entities": target // per_slot})
                    cursor.execute(FACTS_SQL, {"owner": name, **times})
                    loaded += cursor.rowcount
        # Maintenance is the owner role's (the application role may not VACUUM): settle the
        # freshly loaded or grown tables so every run measures a steady state.
        with connections[OWNER_DB].cursor() as cursor:
            cursor.execute("VACUUM ANALYZE facts, entities, world_events, proposal_ops")
        if loaded:
            self.stdout.write(
                f"loaded {loaded:,} facts for {owners} owners in "
                f"{time.perf_counter() - started:.0f} s"
            )
        with owner_scope(BIG_OWNER):
            total = Fact.objects.count()
        self.stdout.write(f"store: {owners} owners, biggest owner {total:,} facts")

    # --- reads -----------------------------------------------------------------------------

    def _sample_refs(self, samples: int) -> list[tuple[str, str]]:
        rng = random.Random(7)
        with owner_scope(BIG_OWNER):
            slugs = list(Entity.objects.filter(owner_sub=BIG_OWNER).values_list("slug", flat=True))
        return [(BIG_OWNER, f"task:{rng.choice(slugs)}") for _ in range(samples)]

    def _time(self, refs, call: Callable) -> list[float]:
        timings = []
        for owner, ref in refs:
            with owner_scope(owner) as scope:
                started = time.perf_counter()
                call(scope, ref)
                timings.append((time.perf_counter() - started) * 1000)
        return timings

    def _reads(self, *, samples: int) -> None:
        refs = self._sample_refs(samples)
        now = timezone.now()
        past, known = now - timedelta(days=45), now - timedelta(days=40)
        self._time(refs[:50], lambda s, r: tools.state_at(scope=s, ref=r, valid_time=past))
        measured = {
            "state_at": lambda s, r: tools.state_at(scope=s, ref=r, valid_time=past),
            "state_as_known_at": lambda s, r: tools.state_as_known_at(
                scope=s, ref=r, system_time=known
            ),
            "get_fact_history": lambda s, r: tools.get_fact_history(
                scope=s, ref=r, predicate="bench_attr_0"
            ),
        }
        self.stdout.write(f"reads on the biggest owner, {samples} samples each:")
        for name, call in measured.items():
            self.stdout.write(f"  {name:<18} {percentiles(self._time(refs, call))}")

    # --- writes ----------------------------------------------------------------------------

    def _writes(self, *, batches: int) -> None:
        rng = random.Random(11)
        with owner_scope(BIG_OWNER):
            slugs = list(Entity.objects.filter(owner_sub=BIG_OWNER).values_list("slug", flat=True))
        stamp = timezone.now().isoformat()
        proposals = []
        for batch in range(batches + WARM_UP):
            operations = [
                {
                    "op": "assert_fact",
                    "subject_ref": f"task:{rng.choice(slugs)}",
                    "predicate": rng.choice(ATTRIBUTES),
                    "object_value": f"{stamp}-{batch}-{index}",
                    "confidence": 0.9,
                    "source": "user:bench",
                    "memory_type": "user_assertion",
                    "valid_from": stamp,
                    "evidence": {"kind": "conversation_quote", "text": "bench"},
                }
                for index in range(50)
            ]
            proposals.append(
                MemoryMutationProposal(
                    run_id=f"bench-{stamp}-{batch}", created_at=stamp, operations=operations
                )
            )
        warm_up, proposals = proposals[:WARM_UP], proposals[WARM_UP:]
        for proposal in warm_up:
            with owner_scope(BIG_OWNER) as scope:
                proposal_commit(scope=scope, proposal=proposal)
        started = time.perf_counter()
        committed = 0
        for proposal in proposals:
            with owner_scope(BIG_OWNER) as scope, transaction.atomic(using=APP_DB):
                result = proposal_commit(scope=scope, proposal=proposal)
            committed += sum(r.decision == "committed" for r in result.results)
        elapsed = time.perf_counter() - started
        self.stdout.write(
            f"committer: {batches} proposals of 50 supersedes (after {WARM_UP} to warm up), "
            f"{committed} committed, "
            f"{committed / elapsed:,.0f} ops/s"
        )
