"""Live updates: ``memory_committed`` notifications and the server-sent-events stream.

The committer sends one notification per commit inside its transaction, so
PostgreSQL delivers it only if the commit succeeds. The payload carries ids and
counts, never content. It names its owner by a keyed digest instead of the owner
id itself: every process of the application role may LISTEN, and a stream is
handed only the payloads whose digest is its own owner's, so no other owner's
notification ever reaches a client.

One ``LISTEN`` connection per process (``LiveHub``, on a thread of its own) fans
the notifications out to every open stream of that process. Under ASGI a stream is
an async generator waiting on its queue: it holds neither a thread nor a database
connection while the client listens. Under WSGI (the test server) the same stream
is iterated synchronously, a thread per stream as WSGI has it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import queue
import threading
from collections import Counter
from collections.abc import AsyncIterator, Iterable, Iterator
from datetime import datetime
from uuid import UUID

import psycopg
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from infra.routers import APP_DB, app_role_conninfo
from worldmemory.accounts import account_owner_sub
from worldmemory.ratelimit import token_bucket_key
from worldmemory.tenancy import OwnerScope
from worldmemory.tokens import token_authenticate

log = logging.getLogger(__name__)

CHANNEL = "memory_committed"
# NOTIFY payloads must stay under 8000 bytes: at most this many ids, then "more": true
MAX_ENTITY_IDS = 100
KEEPALIVE_SECONDS = 15.0


def owner_digest(owner_sub: str) -> str:
    """The owner as the notification names it: stable, not reversible without the secret."""
    key = settings.SECRET_KEY.encode()
    return hmac.new(key, f"live:{owner_sub}".encode(), hashlib.sha256).hexdigest()[:32]


def commit_notify(
    *, scope: OwnerScope, now: datetime, proposal_id: UUID | None, decided: Iterable[UUID] = ()
) -> dict:
    """Queue the notification of the commit recorded at ``now`` (delivered on commit).

    Every row a commit writes carries its system time ``now``, so what changed is
    read back by the owner's recorded-time indexes: the subjects of facts
    written, the targets of events recorded, the entities created or updated.
    """
    with connections[APP_DB].cursor() as cursor:
        # the proposal's review items in the same round trip: one row each, no entity
        cursor.execute(
            "SELECT 'facts', subject_entity_id FROM facts"
            " WHERE owner_sub = %(o)s AND recorded_at = %(t)s"
            " UNION ALL SELECT 'events', target_entity_id FROM world_events"
            " WHERE owner_sub = %(o)s AND recorded_at = %(t)s"
            " UNION ALL SELECT 'entities', id FROM entities"
            " WHERE owner_sub = %(o)s AND updated_at = %(t)s"
            " UNION ALL SELECT 'review', NULL FROM proposal_ops"
            " WHERE owner_sub = %(o)s AND proposal_id = %(p)s AND decision = 'pending'",
            {"o": scope.owner_sub, "t": now, "p": proposal_id},
        )
        rows = cursor.fetchall()
        counts = {"facts": 0, "events": 0, "entities": 0, "review": 0}
        entity_ids: list[str] = list(dict.fromkeys(str(pk) for pk in decided))
        for kind, entity_id in rows:
            counts[kind] += 1
            if entity_id is not None and str(entity_id) not in entity_ids:
                entity_ids.append(str(entity_id))
        payload = {
            "owner": owner_digest(scope.owner_sub),
            "proposal_id": str(proposal_id) if proposal_id else None,
            "entity_ids": entity_ids[:MAX_ENTITY_IDS],
            "more": len(entity_ids) > MAX_ENTITY_IDS,
            "counts": counts,
        }
        cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, json.dumps(payload)])
    return payload


class StreamLimitReached(Exception):
    """The caller already holds as many open streams in this process as allowed."""


class LiveUnavailable(Exception):
    """The process could not LISTEN (the database is unreachable)."""


# handed to a stream when the hub lost its connection: the stream ends, the browser
# reconnects (``retry``) and the pages' fallback check covers the gap
CLOSED = object()


class Subscriber:
    """One open stream's queue, filled by the hub's thread, read sync or async."""

    def __init__(self, *, owner: str, holder: str) -> None:
        self.owner = owner
        self.holder = holder
        self._items: queue.SimpleQueue = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None

    def deliver(self, item: object) -> None:
        self._items.put(item)
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None:
            # a closed event loop means that stream is gone as well
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(wake.set)

    def get(self, timeout: float | None) -> object | None:
        """The next payload (or ``CLOSED``); ``None`` after ``timeout`` of quiet."""
        try:
            return self._items.get(timeout=timeout)
        except queue.Empty:
            return None

    async def aget(self, timeout: float) -> object | None:
        if self._wake is None:
            self._wake = asyncio.Event()
            self._loop = asyncio.get_running_loop()
        while True:
            try:
                return self._items.get_nowait()
            except queue.Empty:
                pass
            self._wake.clear()
            # a delivery between the first look and the clear would be lost otherwise
            try:
                return self._items.get_nowait()
            except queue.Empty:
                pass
            try:
                await asyncio.wait_for(self._wake.wait(), timeout)
            except TimeoutError:
                return None


class LiveHub:
    """This process's single ``LISTEN memory_committed`` connection and its subscribers."""

    POLL_SECONDS = 0.5  # how soon the listening thread notices that it should stop

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_owner: dict[str, set[Subscriber]] = {}
        self._per_holder: Counter[str] = Counter()
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop = threading.Event()

    def subscribe(self, *, owner_sub: str, holder: str, limit: int | None = None) -> Subscriber:
        """A queue of ``owner_sub``'s notifications from now on; ``holder`` (a token or a
        login) may hold at most ``limit`` of them at once."""
        self._ensure_listening()
        subscriber = Subscriber(owner=owner_digest(owner_sub), holder=holder)
        with self._lock:
            if limit is not None and self._per_holder[holder] >= limit:
                raise StreamLimitReached
            self._per_holder[holder] += 1
            self._by_owner.setdefault(subscriber.owner, set()).add(subscriber)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        with self._lock:
            owners = self._by_owner.get(subscriber.owner)
            if owners is None or subscriber not in owners:
                return
            owners.discard(subscriber)
            if not owners:
                del self._by_owner[subscriber.owner]
            self._per_holder[subscriber.holder] -= 1
            if self._per_holder[subscriber.holder] <= 0:
                del self._per_holder[subscriber.holder]

    def open_streams(self, holder: str | None = None) -> int:
        with self._lock:
            if holder is not None:
                return self._per_holder[holder]
            return sum(len(subscribers) for subscribers in self._by_owner.values())

    def _ensure_listening(self) -> None:
        with self._lock:
            running = self._thread is not None and self._thread.is_alive()
            if not running:
                self._ready.clear()
                self._stop.clear()
                self._thread = threading.Thread(
                    target=self._listen,
                    args=(app_role_conninfo(),),
                    name="live-listen",
                    daemon=True,
                )
                self._thread.start()
        if not self._ready.wait(timeout=10):
            raise LiveUnavailable

    def _listen(self, conninfo: dict) -> None:
        try:
            with psycopg.connect(**conninfo) as conn:
                conn.execute(f"LISTEN {CHANNEL}")
                self._ready.set()
                while not self._stop.is_set():
                    for note in conn.notifies(timeout=self.POLL_SECONDS):
                        self._dispatch(note.payload)
        except psycopg.Error as error:
            log.warning("live updates: the listening connection ended: %s", error)
        finally:
            self._ready.clear()
            self._end_all()

    def _dispatch(self, raw: str) -> None:
        try:
            payload = json.loads(raw)
        except ValueError:
            return
        if not isinstance(payload, dict):
            return
        owner = str(payload.pop("owner", ""))
        with self._lock:
            subscribers = list(self._by_owner.get(owner, ()))
        for subscriber in subscribers:
            subscriber.deliver(payload)

    def _end_all(self) -> None:
        with self._lock:
            subscribers = [s for owners in self._by_owner.values() for s in owners]
            self._by_owner.clear()
            self._per_holder.clear()
        for subscriber in subscribers:
            subscriber.deliver(CLOSED)

    def close(self) -> None:
        """Stop listening (tests, before the test database is dropped)."""
        with self._lock:
            thread = self._thread
            self._thread = None
        self._stop.set()
        if thread is not None:
            thread.join(timeout=5)


HUB = LiveHub()


def close_connections() -> None:
    HUB.close()


def _frame(payload: dict) -> bytes:
    return f"event: {CHANNEL}\ndata: {json.dumps(payload)}\n\n".encode()


class LiveStream:
    """One client's stream: subscribed from construction on, so nothing committed after
    the stream was opened is missed; iterating (sync or async) yields SSE frames."""

    def __init__(
        self,
        scope: OwnerScope,
        *,
        holder: str | None = None,
        limit: int | None = None,
        keepalive: float | None = None,
    ) -> None:
        self.keepalive = keepalive or KEEPALIVE_SECONDS
        self.subscriber = HUB.subscribe(
            owner_sub=scope.owner_sub, holder=holder or f"owner:{scope.owner_sub}", limit=limit
        )

    def events(self, *, timeout: float | None = None) -> Iterator[dict]:
        """This owner's payloads, without the owner field; ends after ``timeout`` of quiet."""
        while True:
            item = self.subscriber.get(timeout)
            if item is None or item is CLOSED:
                return
            yield item

    def __iter__(self) -> Iterator[bytes]:
        try:
            yield b"retry: 3000\n\n"
            while True:
                item = self.subscriber.get(self.keepalive)
                if item is CLOSED:
                    return
                # a comment line when quiet: keeps proxies from closing the idle stream and
                # finds out when the client is gone (the write fails and the server closes us)
                yield b": keepalive\n\n" if item is None else _frame(item)
        finally:
            self.close()

    async def __aiter__(self) -> AsyncIterator[bytes]:
        # the server cancels this generator when the client disconnects
        try:
            yield b"retry: 3000\n\n"
            while True:
                item = await self.subscriber.aget(self.keepalive)
                if item is CLOSED:
                    return
                yield b": keepalive\n\n" if item is None else _frame(item)
        finally:
            self.close()

    def close(self) -> None:
        HUB.unsubscribe(self.subscriber)


class _Body:
    """The response body; its ``close`` (called when the response closes) frees the stream's
    place even when the body was never read."""

    def __init__(self, stream: LiveStream) -> None:
        self.stream = stream

    def close(self) -> None:
        self.stream.close()


class _SyncBody(_Body):
    def __iter__(self) -> Iterator[bytes]:
        return iter(self.stream)


class _AsyncBody(_Body):
    def __aiter__(self) -> AsyncIterator[bytes]:
        return self.stream.__aiter__()


def _authenticated_scope(request: HttpRequest) -> tuple[OwnerScope, str] | None:
    """A bearer token (the agent) or a logged-in owner account (the pages), with the key
    its open streams are counted under."""
    header = request.headers.get("Authorization", "")
    scheme, _, raw = header.partition(" ")
    if scheme.lower() == "bearer" and raw.strip():
        with transaction.atomic(using=APP_DB):
            scope = token_authenticate(raw.strip())
        return (scope, f"token:{token_bucket_key(raw.strip())}") if scope else None
    if request.user.is_authenticated:
        owner_sub = account_owner_sub(user=request.user)
        return (OwnerScope(owner_sub=owner_sub), f"user:{request.user.pk}") if owner_sub else None
    return None


@transaction.non_atomic_requests(using=APP_DB)  # the stream must not hold a transaction open
@require_GET
def live_events(request: HttpRequest) -> HttpResponse:
    """``text/event-stream`` of the caller's own ``memory_committed`` notifications."""
    try:
        authenticated = _authenticated_scope(request)
        if authenticated is None:
            response = JsonResponse({"detail": "Unauthorized"}, status=401)
            response["WWW-Authenticate"] = "Bearer"
            return response
        scope, holder = authenticated
        limit = settings.GD_LIVE_STREAMS_PER_TOKEN
        try:
            stream = LiveStream(scope, holder=holder, limit=limit)
        except StreamLimitReached:
            return JsonResponse(
                {"detail": f"at most {limit} live streams may be open per token; close one first"},
                status=429,
            )
        except LiveUnavailable:
            return JsonResponse({"detail": "live updates are unavailable"}, status=503)
    finally:
        # the stream needs no connection: give the request's back while the client listens
        if not connections[APP_DB].in_atomic_block:
            connections[APP_DB].close()
    # under ASGI the stream waits on the event loop; under WSGI it iterates in its thread
    body = _AsyncBody(stream) if isinstance(request, ASGIRequest) else _SyncBody(stream)
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
