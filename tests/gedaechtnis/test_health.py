from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import BOTH_DATABASES
from worldmemory.tasks import worker_heartbeat

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def test_healthz_reports_database_pgvector_migrations_and_worker():
    report = Client().get("/healthz").json()
    assert report["status"] == "ok"
    assert report["database"] is True
    assert report["pgvector"].count(".") == 2
    assert report["migrations_applied"] is True and report["pending_migrations"] == 0
    assert report["worker_heartbeat_age_seconds"] is None and report["worker_alive"] is False

    worker_heartbeat()
    report = Client().get("/healthz").json()
    assert 0 <= report["worker_heartbeat_age_seconds"] < 60
    assert report["worker_alive"] is True


def test_api_docs_and_schema_are_served():
    client = Client()
    docs = client.get("/api/v1/docs")
    assert docs.status_code == 200
    # its scripts come from our own static files, so a strict CSP (script-src 'self') holds
    assert "/static/ninja/swagger-ui-bundle.js" in docs.content.decode()
    assert "cdn." not in docs.content.decode()
    schema = client.get("/api/v1/openapi.json").json()
    assert "/api/v1/context" in schema["paths"] and "/api/v1/proposals" in schema["paths"]
