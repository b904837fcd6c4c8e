"""One owner's request never leaks its scope into the next request on the same connection."""

from __future__ import annotations

import pytest
from django.db import connections
from django.test import Client

from tests import factories
from tests.conftest import BOTH_DATABASES
from worldmemory.models import Entity
from worldmemory.tenancy import current_owner, owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)


@pytest.fixture
def tokens():
    issued = {}
    for owner, pet in (("owner-a", "Luna"), ("owner-b", "Rex")):
        with owner_scope(owner) as scope:
            factories.entity(scope, name=pet)
            issued[owner] = token_create(scope=scope, name="test")
    return issued


def _backend_pid() -> int:
    with connections["app"].cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def _names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [row["canonical_name"] for row in response.json()]


def test_request_b_after_request_a_sees_only_b(tokens):
    client = Client()
    pid = _backend_pid()
    assert _names(
        client.get("/api/v1/entities", HTTP_AUTHORIZATION=f"Bearer {tokens['owner-a']}")
    ) == ["Luna"]
    assert current_owner() is None
    assert _names(
        client.get("/api/v1/entities", HTTP_AUTHORIZATION=f"Bearer {tokens['owner-b']}")
    ) == ["Rex"]
    assert client.get("/api/v1/entities").status_code == 401
    assert _backend_pid() == pid, "the test must exercise one reused connection"


@pytest.mark.urls("tests.urls_raising")
def test_request_a_failing_midway_leaks_neither_rows_nor_scope(tokens):
    client = Client(raise_request_exception=False)
    pid = _backend_pid()
    response = client.get("/fail-midway", HTTP_AUTHORIZATION=f"Bearer {tokens['owner-a']}")
    assert response.status_code == 500
    assert current_owner() is None
    assert _names(
        client.get("/api/v1/entities", HTTP_AUTHORIZATION=f"Bearer {tokens['owner-b']}")
    ) == ["Rex"]
    assert _backend_pid() == pid
    with owner_scope("owner-a"):
        # A's half-written entity was rolled back with A's request.
        assert list(Entity.objects.values_list("canonical_name", flat=True)) == ["Luna"]


def test_bad_and_forged_tokens_are_refused(tokens):
    client = Client()
    forged = tokens["owner-a"].split(".")
    forged[2] = "x" * len(forged[2])
    for header in ("Bearer nonsense", "Bearer gd.!!.x", f"Bearer {'.'.join(forged)}", "Basic abc"):
        response = client.get("/api/v1/entities", HTTP_AUTHORIZATION=header)
        assert response.status_code == 401, header
    # B's secret with A's owner part is not A's token.
    b_secret = tokens["owner-b"].split(".")[2]
    a_owner = tokens["owner-a"].split(".")[1]
    response = client.get("/api/v1/entities", HTTP_AUTHORIZATION=f"Bearer gd.{a_owner}.{b_secret}")
    assert response.status_code == 401
