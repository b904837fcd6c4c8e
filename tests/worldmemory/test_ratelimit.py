"""Rate limits per API token: exact in PostgreSQL, 429 with Retry-After past the limit."""

from __future__ import annotations

import threading

import pytest
from django.conf import settings
from django.db import connections
from django.test import Client, override_settings

from tests.conftest import BOTH_DATABASES, app_role_connection
from worldmemory.ratelimit import (
    RATE_LIMIT_CONNECTIONS,
    close_connections,
    rate_limit_take,
    token_bucket_key,
)
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _token(owner: str, name: str = "agent") -> str:
    with owner_scope(owner) as scope:
        return token_create(scope=scope, name=name)


def _get(token: str):
    return Client().get("/api/v1/entities", HTTP_AUTHORIZATION=f"Bearer {token}")


@override_settings(GD_RATE_LIMIT_BURST=3, GD_RATE_LIMIT_PER_MINUTE=1)
def test_429_with_retry_after_past_the_limit_then_refilled():
    token, other = _token("owner-a"), _token("owner-a", "second")
    assert [_get(token).status_code for _ in range(3)] == [200, 200, 200]
    limited = _get(token)
    assert limited.status_code == 429
    retry_after = int(limited["Retry-After"])
    assert 1 <= retry_after <= 60  # one request per minute refills one
    assert limited.json()["retry_after"] == retry_after
    assert "rate limit" in limited.json()["detail"]
    # every token has its own bucket
    assert _get(other).status_code == 200
    # a minute later the bucket holds one request again (moved back in time, not waited for)
    with app_role_connection() as conn:
        conn.execute(
            "UPDATE rate_limit_buckets SET updated_at = updated_at - interval '61 seconds'"
            " WHERE key = %s",
            [token_bucket_key(token)],
        )
    assert _get(token).status_code == 200
    assert _get(token).status_code == 429


@override_settings(GD_RATE_LIMIT_BURST=1, GD_RATE_LIMIT_PER_MINUTE=1)
def test_invalid_tokens_are_refused_before_any_bucket_is_touched():
    forged = "gd.b3duZXItYQ.not-a-real-secret"
    assert [_get(forged).status_code for _ in range(3)] == [401, 401, 401]
    with app_role_connection() as conn:
        found = conn.execute(
            "SELECT count(*) FROM rate_limit_buckets WHERE key = %s", [token_bucket_key(forged)]
        ).fetchone()[0]
    assert found == 0


@override_settings(GD_RATE_LIMIT_PER_MINUTE=0)
def test_limit_zero_turns_it_off():
    token = _token("owner-a")
    assert {_get(token).status_code for _ in range(5)} == {200}


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_concurrent_requests_never_take_more_than_the_bucket_holds():
    key, takers, capacity = "test-concurrency", 16, 5
    barrier = threading.Barrier(takers)
    waits: list[float] = []
    lock = threading.Lock()

    def take():
        barrier.wait(timeout=10)
        # practically no refill: the outcome cannot depend on how fast the machine is
        wait = rate_limit_take(key=key, capacity=capacity, per_minute=0.0001)
        with lock:
            waits.append(wait)

    threads = [threading.Thread(target=take) for _ in range(takers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    close_connections()
    assert len(waits) == takers
    assert sum(1 for wait in waits if wait == 0) == capacity


@pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)
def test_requests_on_many_new_threads_stay_within_the_connection_bound():
    """A threaded server serves each connection on a new thread: the bucket connections
    and the request connections come from bounded pools, never one per thread."""
    token = _token("owner-a")
    statuses: list[int] = []

    def request() -> None:
        try:
            statuses.append(_get(token).status_code)
        finally:
            # what a server does when a request ends (the test client leaves it out)
            connections.close_all()

    for _ in range(10):  # 40 threads in all, four at a time
        threads = [threading.Thread(target=request) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
    with app_role_connection() as conn:
        backends = conn.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE usename = current_user AND datname = current_database()"
        ).fetchone()[0]
    assert statuses == [200] * 40
    # the request pool, the bucket pool, this test's own connections and the one above
    bound = settings.GD_DB_POOL_SIZE + RATE_LIMIT_CONNECTIONS + 3
    assert backends <= bound, f"{backends} connections of the application role"
