"""Prometheus metrics at ``/metrics``.

Two kinds of figures. What happens in the web process (context-builder latency)
is measured in process with ``prometheus_client``; with several worker
processes set ``PROMETHEUS_MULTIPROC_DIR`` and every process's samples are
merged. What happens anywhere (commits in the web or the worker, on any host)
is counted in PostgreSQL: triggers on ``proposal_ops``, ``usage`` and
``world_events`` (migration 0015) and the worker's own counts add rows to
``ops_counters`` in the committing transaction, so the figures are exact across
processes and hosts without reading any owner's memory.
"""

from __future__ import annotations

import hmac
import os

from django.conf import settings
from django.db import connections
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.registry import Collector

from infra.routers import APP_DB

PROCESS_REGISTRY = CollectorRegistry(auto_describe=True)

CONTEXT_BUILD_SECONDS = Histogram(
    "gd_context_build_seconds",
    "Time to build the Known World State block.",
    buckets=(0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
    registry=PROCESS_REGISTRY,
)
CONTEXT_BUILD_ERRORS = Counter(
    "gd_context_build_errors",
    "Context builds that failed and answered with an empty block.",
    registry=PROCESS_REGISTRY,
)

DECISIONS = ("committed", "rejected", "duplicate")
INTENT_OUTCOMES = ("fulfilled", "partial", "unfulfilled")
RATIO_DAYS = 7


def context_build_observe(*, seconds: float, failed: bool) -> None:
    CONTEXT_BUILD_SECONDS.observe(seconds)
    if failed:
        CONTEXT_BUILD_ERRORS.inc()


def counter_add(*, name: str, amount: float = 1) -> None:
    """Add to a counter of today (UTC); inside a transaction it counts only if that commits."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "INSERT INTO ops_counters (name, day, value) VALUES (%s, gd_utc_day(), %s)",
            [name, amount],
        )


def counters_compact() -> int:
    """Fold the increment rows of each (name, day) into one; return how many rows went.

    Safe beside concurrent increments and concurrent folds: a row is deleted and
    summed by exactly one statement, rows written meanwhile wait for the next fold.
    """
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "WITH many AS (SELECT name, day FROM ops_counters GROUP BY name, day"
            " HAVING count(*) > 1),"
            " folded AS (DELETE FROM ops_counters c USING many"
            " WHERE c.name = many.name AND c.day = many.day RETURNING c.name, c.day, c.value)"
            " INSERT INTO ops_counters (name, day, value)"
            " SELECT name, day, sum(value) FROM folded GROUP BY name, day"
        )
        return cursor.rowcount


def counters_read() -> dict[str, dict[str, float]]:
    """``{name: {"total", "today", "recent"}}``; recent = the last ``RATIO_DAYS`` UTC days."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT name, sum(value), coalesce(sum(value) FILTER (WHERE day = gd_utc_day()), 0),"
            " coalesce(sum(value) FILTER (WHERE day > gd_utc_day() - %s), 0)"
            " FROM ops_counters GROUP BY name",
            [RATIO_DAYS],
        )
        return {
            name: {"total": total, "today": today, "recent": recent}
            for name, total, today, recent in cursor.fetchall()
        }


def _queue_ages() -> dict[str, float]:
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT count(*), coalesce(extract(epoch FROM now() - min(due_at)), 0)"
            " FROM curator_queue WHERE due_at <= now()"
        )
        due, due_age = cursor.fetchone()
        figures = {"curator_due": due, "curator_due_age": float(due_age)}
        if "redis" not in settings.Q_CLUSTER:
            # the ORM broker stamps a waiting task's lock with its enqueue time; a task
            # being worked on has its lock in the future
            cursor.execute(
                "SELECT count(*), coalesce(extract(epoch FROM now() - min(lock)), 0)"
                " FROM django_q_ormq WHERE lock <= now()"
            )
            waiting, age = cursor.fetchone()
            figures |= {"tasks_waiting": waiting, "tasks_age": float(age)}
        cursor.execute("SELECT extract(epoch FROM now() - max(beat_at)) FROM worker_heartbeats")
        (beat,) = cursor.fetchone()
        if beat is not None:
            figures["heartbeat_age"] = float(beat)
        return figures


def _ratio(numerator: float, denominator: float) -> float | None:
    return numerator / denominator if denominator else None


class DatabaseCollector(Collector):
    """Figures read from PostgreSQL at scrape time (counters and queue ages)."""

    def collect(self):
        counts = counters_read()

        def total(name: str) -> float:
            return counts.get(name, {}).get("total", 0.0)

        def part(name: str, key: str) -> float:
            return counts.get(name, {}).get(key, 0.0)

        proposed = CounterMetricFamily(
            "gd_curator_ops_proposed", "Operations proposed to the committer."
        )
        proposed.add_metric([], total("ops_proposed"))
        yield proposed
        decided = CounterMetricFamily(
            "gd_curator_ops_decided", "Proposed operations by decision.", labels=["decision"]
        )
        for decision in DECISIONS:
            decided.add_metric([decision], total(f"ops_{decision}"))
        yield decided
        accept = _ratio(part("ops_committed", "recent"), part("ops_proposed", "recent"))
        if accept is not None:
            yield GaugeMetricFamily(
                "gd_curator_accept_ratio",
                f"Committed / proposed operations over the last {RATIO_DAYS} days.",
                value=accept,
            )

        depth = total("review_queued") - total("review_decided")
        yield GaugeMetricFamily(
            "gd_review_queue_depth", "Review items waiting for the owner.", value=depth
        )
        queued = CounterMetricFamily("gd_review_items_queued", "Review items ever queued.")
        queued.add_metric([], total("review_queued"))
        yield queued

        tokens = CounterMetricFamily(
            "gd_curator_tokens", "Tokens used by the LLM curator.", labels=["direction"]
        )
        tokens.add_metric(["in"], total("curator_tokens_in"))
        tokens.add_metric(["out"], total("curator_tokens_out"))
        yield tokens
        cost = CounterMetricFamily(
            "gd_curator_cost_micros", "Curator cost where the provider reports it (1e-6 units)."
        )
        cost.add_metric([], total("curator_cost_micros"))
        yield cost
        yield GaugeMetricFamily(
            "gd_curator_tokens_today",
            "Curator tokens (in + out) used today (UTC).",
            value=part("curator_tokens_in", "today") + part("curator_tokens_out", "today"),
        )
        yield GaugeMetricFamily(
            "gd_curator_cost_micros_today",
            "Curator cost today (UTC), where the provider reports it.",
            value=part("curator_cost_micros", "today"),
        )

        outcomes = CounterMetricFamily(
            "gd_intent_outcomes", "Recorded intent outcomes.", labels=["outcome"]
        )
        for outcome in INTENT_OUTCOMES:
            outcomes.add_metric([outcome], total(f"intent_{outcome}"))
        yield outcomes
        mismatch = _ratio(
            part("intent_partial", "recent") + part("intent_unfulfilled", "recent"),
            sum(part(f"intent_{o}", "recent") for o in INTENT_OUTCOMES),
        )
        if mismatch is not None:
            yield GaugeMetricFamily(
                "gd_intent_mismatch_ratio",
                f"Partial or unfulfilled / all intent outcomes over the last {RATIO_DAYS} days.",
                value=mismatch,
            )

        for name, help_text in (
            ("curator_runs", "Curations of a due chat that were attempted."),
            ("curator_errors", "Curations that failed (retried a minute later)."),
            ("commit_conflicts_retried", "Commits that met a concurrent change and were retried."),
        ):
            family = CounterMetricFamily(f"gd_{name}", help_text)
            family.add_metric([], total(name))
            yield family

        ages = _queue_ages()
        yield GaugeMetricFamily(
            "gd_curator_due_chats", "Chats due for curation now.", value=ages["curator_due"]
        )
        yield GaugeMetricFamily(
            "gd_curator_queue_age_seconds",
            "How long the longest-due chat has waited for curation.",
            value=ages["curator_due_age"],
        )
        if "tasks_waiting" in ages:
            yield GaugeMetricFamily(
                "gd_task_queue_depth", "django-q2 tasks waiting.", value=ages["tasks_waiting"]
            )
            yield GaugeMetricFamily(
                "gd_task_queue_age_seconds",
                "How long the oldest waiting django-q2 task has waited.",
                value=ages["tasks_age"],
            )
        if "heartbeat_age" in ages:
            yield GaugeMetricFamily(
                "gd_worker_heartbeat_age_seconds",
                "Seconds since the worker's last heartbeat.",
                value=ages["heartbeat_age"],
            )


def metrics_exposition() -> bytes:
    registry = CollectorRegistry(auto_describe=False)
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.MultiProcessCollector(registry)
    else:
        registry.register(_ProcessMetrics())
    registry.register(DatabaseCollector())
    return generate_latest(registry)


class _ProcessMetrics(Collector):
    def collect(self):
        yield from PROCESS_REGISTRY.collect()


def _allowed(request: HttpRequest) -> bool:
    """A scrape token (``GD_METRICS_TOKEN``) or a staff login; nothing else."""
    expected = settings.GD_METRICS_TOKEN
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    if expected and scheme.lower() == "bearer":
        return hmac.compare_digest(given.strip().encode(), expected.encode())
    return bool(request.user.is_authenticated and request.user.is_staff)


@require_GET
def metrics(request: HttpRequest) -> HttpResponse:
    if not _allowed(request):
        response = HttpResponse("metrics need the scrape token or a staff login\n", status=401)
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    return HttpResponse(metrics_exposition(), content_type=CONTENT_TYPE_LATEST)
