"""``/healthz``: is the database there, is the schema current, is the worker alive.

``/readyz``: may this instance take traffic? Only with every migration applied and
a worker heartbeat younger than ``WORKER_HEARTBEAT_STALE_SECONDS``; a load balancer
or orchestrator keeps requests away until then (``/healthz`` stays the liveness
check, which a stale worker does not fail)."""

from __future__ import annotations

from django.conf import settings
from django.db import DatabaseError, connections, transaction
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from infra.routers import APP_DB
from worldmemory.models import WorkerHeartbeat
from worldmemory.tasks import WORKER_NAME


def health_report() -> dict:
    report: dict = {
        "database": False,
        "pgvector": None,
        "migrations_applied": False,
        "pending_migrations": None,
        "worker_heartbeat_age_seconds": None,
        "worker_alive": False,
    }
    connection = connections[APP_DB]
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
            row = cursor.fetchone()
        report["database"] = True
        report["pgvector"] = row[0] if row else None
        executor = MigrationExecutor(connection)
        pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
        report["pending_migrations"] = len(pending)
        report["migrations_applied"] = not pending
        beat = WorkerHeartbeat.objects.filter(name=WORKER_NAME).first()
    except DatabaseError as error:
        report["error"] = str(error).strip().splitlines()[0] if str(error).strip() else "error"
        return report
    if beat is not None:
        age = (timezone.now() - beat.beat_at).total_seconds()
        report["worker_heartbeat_age_seconds"] = round(age, 1)
        report["worker_alive"] = age <= settings.WORKER_HEARTBEAT_STALE_SECONDS
    return report


@transaction.non_atomic_requests(using=APP_DB)  # must answer even when no transaction can start
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    report = health_report()
    healthy = report["database"] and report["pgvector"] and report["migrations_applied"]
    report["status"] = "ok" if healthy else "error"
    return JsonResponse(report, status=200 if healthy else 503)


@transaction.non_atomic_requests(using=APP_DB)
@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    report = health_report()
    reasons = []
    if not (report["database"] and report["pgvector"]):
        reasons.append("database unavailable or pgvector missing")
    elif not report["migrations_applied"]:
        reasons.append(f"{report['pending_migrations']} migrations pending")
    if report["database"] and not report["worker_alive"]:
        age = report["worker_heartbeat_age_seconds"]
        reasons.append(
            "no worker heartbeat yet" if age is None else f"worker heartbeat {age:.0f} s old"
        )
    report["status"] = "ready" if not reasons else "not ready"
    report["reasons"] = reasons
    return JsonResponse(report, status=200 if not reasons else 503)
