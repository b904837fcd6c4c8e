"""Rate limits per API token: a token bucket in PostgreSQL, exact across web workers.

Each API token has a bucket of ``GD_RATE_LIMIT_BURST`` requests that refills at
``GD_RATE_LIMIT_PER_MINUTE``; a request finding it empty gets 429 with
``Retry-After``. The bucket is taken by one function call (``gd_rate_limit_take``,
migration 0015) on a connection of its own in autocommit: inside the request's
transaction the bucket row would stay locked until the request ends, so every
request of a token would wait for the slowest one before it.
"""

from __future__ import annotations

import hashlib
import math
import threading

import psycopg
from django.conf import settings
from django.db import connections

from gedaechtnis.routers import APP_DB
from worldmemory.errors import RateLimited

_local = threading.local()
_opened: list[psycopg.Connection] = []
_opened_lock = threading.Lock()


def _connection() -> psycopg.Connection:
    conn = getattr(_local, "connection", None)
    params = connections[APP_DB].settings_dict
    if conn is not None and not conn.closed and conn.info.dbname == params["NAME"]:
        return conn
    conn = psycopg.connect(
        dbname=params["NAME"],
        user=params["USER"],
        password=params["PASSWORD"] or None,
        host=params["HOST"] or None,
        port=params["PORT"] or None,
        connect_timeout=5,
        autocommit=True,
    )
    _local.connection = conn
    with _opened_lock:
        _opened[:] = [c for c in _opened if not c.closed] + [conn]
    return conn


def close_connections() -> None:
    """Close every bucket connection of this process (before the test database is dropped)."""
    with _opened_lock:
        for conn in _opened:
            conn.close()
        _opened.clear()


def rate_limit_take(*, key: str, capacity: float, per_minute: float) -> float:
    """Take one request from bucket ``key``: 0 when allowed, else seconds until one refills."""
    statement = "SELECT gd_rate_limit_take(%s, %s, %s)"
    values = [key, float(capacity), per_minute / 60.0]
    try:
        return _connection().execute(statement, values).fetchone()[0]
    except psycopg.OperationalError:
        # a connection dropped while idle (server restart, failover): one fresh try
        _local.connection = None
        return _connection().execute(statement, values).fetchone()[0]


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
