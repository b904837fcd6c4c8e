"""Rate limits per API token: a token bucket in PostgreSQL, exact across web workers.

Each API token has a bucket of ``GD_RATE_LIMIT_BURST`` requests that refills at
``GD_RATE_LIMIT_PER_MINUTE``; a request finding it empty gets 429 with
``Retry-After``. The bucket is taken by one function call (``gd_rate_limit_take``,
migration 0015) in autocommit, outside the request's transaction: inside it the
bucket row would stay locked until the request ends, so every request of a token
would wait for the slowest one before it. Those calls share one small pool per
process (``RATE_LIMIT_CONNECTIONS``), however many threads serve requests.
"""

from __future__ import annotations

import hashlib
import math
import threading

import psycopg
from django.conf import settings
from psycopg_pool import ConnectionPool

from infra.routers import app_role_conninfo
from worldmemory.errors import RateLimited

# at most this many connections per process; a take is one short function call
RATE_LIMIT_CONNECTIONS = 2

_pool: ConnectionPool | None = None
_pool_lock = threading.Lock()


def _bucket_pool() -> ConnectionPool:
    global _pool
    with _pool_lock:
        kwargs = app_role_conninfo()
        if _pool is not None and not _pool.closed and _pool.kwargs == kwargs:
            return _pool
        if _pool is not None:
            _pool.close()  # another database (the test database was set up meanwhile)
        _pool = ConnectionPool(
            kwargs=kwargs,
            min_size=1,
            max_size=RATE_LIMIT_CONNECTIONS,
            timeout=settings.GD_DB_POOL_TIMEOUT,
            name="rate-limits",
            open=True,
        )
        return _pool


def close_connections() -> None:
    """Close this process's bucket connections (before the test database is dropped)."""
    global _pool
    with _pool_lock:
        if _pool is not None:
            _pool.close()
            _pool = None


def rate_limit_take(*, key: str, capacity: float, per_minute: float) -> float:
    """Take one request from bucket ``key``: 0 when allowed, else seconds until one refills."""
    statement = "SELECT gd_rate_limit_take(%s, %s, %s)"
    values = [key, float(capacity), per_minute / 60.0]
    pool = _bucket_pool()
    try:
        with pool.connection() as conn:
            return conn.execute(statement, values).fetchone()[0]
    except psycopg.OperationalError:
        # a connection dropped while idle (server restart, failover): the pool has
        # discarded it; one fresh try on another
        with pool.connection() as conn:
            return conn.execute(statement, values).fetchone()[0]


def token_bucket_key(raw_token: str) -> str:
    # not the stored token hash: the bucket table is outside row-level security
    return hashlib.sha256(f"rate-limit:{raw_token}".encode()).hexdigest()


def token_rate_limit(*, raw_token: str) -> None:
    """Count one request of an authenticated token; raise ``RateLimited`` past the limit."""
    per_minute = settings.GD_RATE_LIMIT_PER_MINUTE
    if per_minute <= 0:
        return
    wait = rate_limit_take(
        key=token_bucket_key(raw_token),
        capacity=max(1, settings.GD_RATE_LIMIT_BURST),
        per_minute=per_minute,
    )
    if wait > 0:
        retry_after = max(1, math.ceil(wait))
        raise RateLimited(
            f"rate limit of {per_minute:g} requests per minute reached; retry in {retry_after} s",
            retry_after=retry_after,
        )
