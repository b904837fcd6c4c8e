"""Live updates: ``memory_committed`` notifications and the server-sent-events stream.

The committer sends one notification per commit inside its transaction, so
PostgreSQL delivers it only if the commit succeeds. The payload carries ids and
counts, never content. It names its owner by a keyed digest instead of the owner
id itself: every process of the application role may LISTEN, and the stream of
one owner drops every payload whose digest is not its own, so no other owner's
notification ever reaches a client.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable, Iterator
from datetime import datetime
from uuid import UUID

import psycopg
from django.conf import settings
from django.db import connections, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from gedaechtnis.routers import APP_DB
from worldmemory.accounts import account_owner_sub
from worldmemory.tenancy import OwnerScope
from worldmemory.tokens import token_authenticate

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
        cursor.execute(
            "SELECT 'facts', subject_entity_id FROM facts"
            " WHERE owner_sub = %(o)s AND recorded_at = %(t)s"
            " UNION ALL SELECT 'events', target_entity_id FROM world_events"
            " WHERE owner_sub = %(o)s AND recorded_at = %(t)s"
            " UNION ALL SELECT 'entities', id FROM entities"
            " WHERE owner_sub = %(o)s AND updated_at = %(t)s",
            {"o": scope.owner_sub, "t": now},
        )
        rows = cursor.fetchall()
        review = 0
        if proposal_id is not None:
            cursor.execute(
                "SELECT count(*) FROM proposal_ops"
                " WHERE owner_sub = %s AND proposal_id = %s AND decision = 'pending'",
                [scope.owner_sub, proposal_id],
            )
            review = cursor.fetchone()[0]
        counts = {"facts": 0, "events": 0, "entities": 0, "review": review}
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


def _listen_connection() -> psycopg.Connection:
    params = connections[APP_DB].settings_dict
    return psycopg.connect(
        dbname=params["NAME"],
        user=params["USER"],
        password=params["PASSWORD"] or None,
        host=params["HOST"] or None,
        port=params["PORT"] or None,
        connect_timeout=5,
        autocommit=True,
    )


class LiveStream:
    """One client's stream: its own connection LISTENs from construction on, so nothing
    committed after the stream was opened is missed; iterating yields SSE frames."""

    def __init__(self, scope: OwnerScope, *, keepalive: float | None = None) -> None:
        self.owner = owner_digest(scope.owner_sub)
        self.keepalive = keepalive or KEEPALIVE_SECONDS
        self.connection = _listen_connection()
        self.connection.execute(f"LISTEN {CHANNEL}")

    def events(self, *, timeout: float | None = None) -> Iterator[dict]:
        """This owner's payloads, without the owner field; ends after ``timeout`` of quiet."""
        for note in self.connection.notifies(timeout=timeout):
            try:
                payload = json.loads(note.payload)
            except ValueError:
                continue
            if not isinstance(payload, dict) or not hmac.compare_digest(
                str(payload.pop("owner", "")), self.owner
            ):
                continue
            yield payload

    def __iter__(self) -> Iterator[bytes]:
        try:
            yield b"retry: 3000\n\n"
            while True:
                for payload in self.events(timeout=self.keepalive):
                    yield f"event: {CHANNEL}\ndata: {json.dumps(payload)}\n\n".encode()
                # a comment line: keeps proxies from closing the idle stream and finds out
                # when the client is gone (the write fails and the server closes us)
                yield b": keepalive\n\n"
        finally:
            self.close()

    def close(self) -> None:
        if not self.connection.closed:
            self.connection.close()


def _authenticated_scope(request: HttpRequest) -> OwnerScope | None:
    """A bearer token (the agent) or a logged-in owner account (the pages)."""
    header = request.headers.get("Authorization", "")
    scheme, _, raw = header.partition(" ")
    if scheme.lower() == "bearer" and raw.strip():
        with transaction.atomic(using=APP_DB):
            return token_authenticate(raw.strip())
    if request.user.is_authenticated:
        owner_sub = account_owner_sub(user=request.user)
        return OwnerScope(owner_sub=owner_sub) if owner_sub else None
    return None


@transaction.non_atomic_requests(using=APP_DB)  # the stream must not hold a transaction open
@require_GET
def live_events(request: HttpRequest) -> HttpResponse:
    """``text/event-stream`` of the caller's own ``memory_committed`` notifications."""
    scope = _authenticated_scope(request)
    if scope is None:
        response = JsonResponse({"detail": "Unauthorized"}, status=401)
        response["WWW-Authenticate"] = "Bearer"
        return response
    stream = LiveStream(scope)
    # the stream has its own connection; give the request's back while the client listens
    if not connections[APP_DB].in_atomic_block:
        connections[APP_DB].close()
    response = StreamingHttpResponse(stream, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
