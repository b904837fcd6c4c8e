"""/readyz: not ready while migrations are pending or the worker heartbeat is stale."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connections
from django.test import Client
from django.utils import timezone

from infra.routers import APP_DB
from tests.conftest import BOTH_DATABASES
from worldmemory.models import WorkerHeartbeat
from worldmemory.tasks import worker_heartbeat

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _readyz():
    response = Client().get("/readyz")
    return response.status_code, response.json()


def test_ready_only_with_a_fresh_worker_heartbeat():
    status, report = _readyz()
    assert status == 503 and report["reasons"] == ["no worker heartbeat yet"]

    worker_heartbeat()
    status, report = _readyz()
    assert status == 200 and report["status"] == "ready" and report["reasons"] == []

    stale = timezone.now() - timedelta(seconds=settings.WORKER_HEARTBEAT_STALE_SECONDS + 5)
    WorkerHeartbeat.objects.update(beat_at=stale)
    status, report = _readyz()
    assert status == 503 and report["reasons"][0].startswith("worker heartbeat")
    # liveness is another question: /healthz stays green
    assert Client().get("/healthz").status_code == 200


def test_not_ready_while_a_migration_is_pending():
    worker_heartbeat()
    with connections[APP_DB].cursor() as cursor:
        # forget the newest migration inside the test's transaction (rolled back after it)
        cursor.execute(
            "DELETE FROM django_migrations WHERE app = 'worldmemory' AND name = ("
            " SELECT max(name) FROM django_migrations WHERE app = 'worldmemory')"
        )
    status, report = _readyz()
    assert status == 503
    assert report["reasons"] == ["1 migrations pending"]
