"""Read tools on a read replica (``DATABASE_REPLICA_URL``), never staler than the caller.

A read tool runs on the replica only when the replica has replayed a transaction
committed at least ``GD_REPLICA_MARGIN_SECONDS`` after the owner's latest write
(WAL is replayed in commit order, so the owner's own commits are there too, as
long as no write transaction takes longer than the margin). Otherwise, or when the
replica cannot be asked, the read stays on the primary: an agent that wrote a
moment ago reads what it wrote.

Inside the block the ``app`` alias of this thread is the replica connection, so
the read code needs no change: it opens its own transaction there, with the
owner set as on the primary (row-level security holds on the replica too).
"""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.conf import settings
from django.db import DatabaseError, connections, transaction

from infra.routers import APP_DB
from worldmemory.tenancy import OwnerScope, activate_owner

REPLICA_DB = "replica"
log = logging.getLogger(__name__)


def replica_configured() -> bool:
    return REPLICA_DB in settings.DATABASES


def replica_has_write(
    *, last_write: datetime | None, in_recovery: bool, replayed: datetime | None, margin: float
) -> bool:
    """Whether a replica in this state holds a write made at ``last_write``."""
    if not in_recovery:
        return True  # not a standby at all: it is (or is as current as) the primary
    if replayed is None:
        return False
    return last_write is None or replayed >= last_write + timedelta(seconds=margin)


def owner_last_write(*, scope: OwnerScope) -> datetime | None:
    """On the primary: the system time of the owner's latest commit or entity change."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT greatest("
            " (SELECT max(recorded_at) FROM world_events WHERE owner_sub = %(o)s),"
            " (SELECT max(recorded_at) FROM facts WHERE owner_sub = %(o)s),"
            " (SELECT max(updated_at) FROM entities WHERE owner_sub = %(o)s))",
            {"o": scope.owner_sub},
        )
        return cursor.fetchone()[0]


def _replica_state() -> tuple[bool, datetime | None]:
    with connections[REPLICA_DB].cursor() as cursor:
        cursor.execute("SELECT pg_is_in_recovery(), pg_last_xact_replay_timestamp()")
        return cursor.fetchone()


@contextmanager
def read_replica(*, scope: OwnerScope) -> Iterator[str]:
    """Run the block's reads on the replica when it is current enough for this owner;
    yield the alias that serves them."""
    if not replica_configured():
        yield APP_DB
        return
    try:
        in_recovery, replayed = _replica_state()
    except DatabaseError as error:
        log.warning("read replica unavailable, reading from the primary: %s", error)
        connections[REPLICA_DB].close()
        yield APP_DB
        return
    last_write = owner_last_write(scope=scope) if in_recovery else None
    current = replica_has_write(
        last_write=last_write,
        in_recovery=in_recovery,
        replayed=replayed,
        margin=settings.GD_REPLICA_MARGIN_SECONDS,
    )
    if not current:
        yield APP_DB
        return
    primary = connections[APP_DB]
    connections[APP_DB] = connections[REPLICA_DB]
    try:
        with transaction.atomic(using=APP_DB):
            with connections[APP_DB].cursor() as cursor:
                # a standby refuses writes anyway; say so, so the same holds wherever it runs
                cursor.execute("SET TRANSACTION READ ONLY")
            activate_owner(scope.owner_sub)
            yield REPLICA_DB
    finally:
        connections[APP_DB] = primary


def on_replica(view: Callable) -> Callable:
    """For an API operation that only reads: run it inside ``read_replica``."""

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        with read_replica(scope=request.auth):
            return view(request, *args, **kwargs)

    # django-ninja reads the parameters from the signature; evaluate its annotations in
    # the view's own module, since this wrapper's module does not know their names
    wrapper.__signature__ = inspect.signature(view, eval_str=True)
    return wrapper
