"""The same batch or proposal sent by several callers at once: every caller gets 200 and the
same ids, and the memory holds it once. Real threads, real connections, real commits."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable

import pytest
from django.db import connections
from django.test import Client
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory.models import Entity, Fact, Proposal, SourceMessage, SourceSession
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)

CALLERS = 8


def _all_at_once(call: Callable[[], object], copies: int = CALLERS) -> list:
    barrier = threading.Barrier(copies)
    results: list = [None] * copies

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except Exception as error:  # reported to the test, not swallowed
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(copies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.fixture
def token() -> str:
    with owner_scope("owner-a") as scope:
        return token_create(scope=scope, name="t")


def _post(token: str, path: str, body: dict) -> Callable[[], tuple[int, dict]]:
    data = json.dumps(body)

    def call() -> tuple[int, dict]:
        response = Client(raise_request_exception=False).post(
            f"/api/v1{path}",
            data,
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        try:
            return response.status_code, response.json()
        except ValueError:
            return response.status_code, {"body": response.content[:300]}

    return call


def _batch(session: str) -> dict:
    now = timezone.now()
    return {
        "messages": [
            {
                "session_external_id": session if i % 2 else f"{session}-b",
                "external_id": f"m{i}",
                "role": "user",
                "speaker": "Anna",
                "text": f"Luna schläft, Runde {i}",
                "occurred_at": now.isoformat(),
            }
            for i in range(20)
        ],
        "sessions": [{"external_id": session, "title": "Neue Sitzung"}],
    }


def test_concurrent_copies_of_a_batch_in_new_sessions_answer_the_same_ids(token):
    results = _all_at_once(_post(token, "/sources/messages", _batch("fresh")))
    assert [status for status, _ in results] == [200] * CALLERS, results
    answers = [[m["id"] for m in body["messages"]] for _, body in results]
    assert all(ids == answers[0] for ids in answers)
    assert sum(m["stored"] for _, body in results for m in body["messages"]) == 20
    with owner_scope("owner-a"):
        assert SourceMessage.objects.count() == 20
        assert SourceSession.objects.count() == 2


def test_concurrent_copies_of_a_batch_in_an_existing_session_answer_the_same_ids(token):
    first = _post(token, "/sources/messages", {"messages": _batch("known")["messages"][:1]})()
    assert first[0] == 200
    results = _all_at_once(_post(token, "/sources/messages", _batch("known")))
    assert [status for status, _ in results] == [200] * CALLERS, results
    answers = [[m["id"] for m in body["messages"]] for _, body in results]
    assert all(ids == answers[0] for ids in answers)
    with owner_scope("owner-a"):
        assert SourceMessage.objects.count() == 20


def test_concurrent_copies_of_a_proposal_answer_the_same_ids(token):
    body = p.proposal(
        p.entity("pet:luna", "Luna"),
        p.fact("pet:luna", "status", "draußen"),
        run_id="run-concurrent",
    )
    results = _all_at_once(_post(token, "/proposals", body))
    assert [status for status, _ in results] == [200] * CALLERS, results
    outcomes = [[r["ids"] for r in answer["results"]] for _, answer in results]
    assert all(ids == outcomes[0] for ids in outcomes)
    assert sorted(answer["replayed"] for _, answer in results) == [False] + [True] * 7
    with owner_scope("owner-a"):
        assert Proposal.objects.count() == 1
        assert Entity.objects.count() == 1
        assert Fact.objects.count() == 1
