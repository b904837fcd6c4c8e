"""``gd_bench ingest``: messages per second through ``POST /api/v1/sources/messages``,
and rule-based curation windows per second.

Batches of 100 new messages over HTTP (a WSGI server on 127.0.0.1), then the
same batches again (the idempotent path); then windows of three turns curated."""

from __future__ import annotations

import http.client
import json
import threading
import time
import uuid
from datetime import timedelta
from wsgiref.simple_server import make_server

from django.core.wsgi import get_wsgi_application
from django.utils import timezone

from worldmemory.benchmarks.context import QuietHandler
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

OWNER = "bench-ingest"
BATCH = 100


def _batches(count: int) -> list[bytes]:
    run = uuid.uuid4().hex[:8]
    start = timezone.now() - timedelta(days=1)
    bodies = []
    for batch in range(count):
        messages = [
            {
                "session_external_id": f"{run}-s{batch // 10}",
                "external_id": f"{run}-{batch}-{index}",
                "role": "user" if index % 2 == 0 else "assistant",
                "speaker": "user" if index % 2 == 0 else "assistant",
                "text": f"Nachricht {index} in Stapel {batch}: Luna bekommt um 19 Uhr Futter.",
                "occurred_at": (start + timedelta(seconds=batch * BATCH + index)).isoformat(),
            }
            for index in range(BATCH)
        ]
        bodies.append(json.dumps({"messages": messages}).encode())
    return bodies


def _post_all(port: int, token: str, bodies: list[bytes]) -> float:
    started = time.perf_counter()
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for body in bodies:
        client.request(
            "POST",
            "/api/v1/sources/messages",
            body=body,
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        response = client.getresponse()
        response.read()
        assert response.status == 200, response.status
        client.close()
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    return time.perf_counter() - started


def _curation(windows: int, write) -> None:
    """Rule-based curation windows per second: each window three triggering turns."""
    from curator.pipeline import curate_due
    from curator.window import note_turns
    from worldmemory.sources import IncomingMessage, messages_ingest

    run = uuid.uuid4().hex[:8]
    start = timezone.now() - timedelta(hours=1)
    with owner_scope(OWNER) as scope:
        for window in range(windows):
            texts = [
                f"Tier{window} ist meine Katze, sie bekommt um 19 Uhr Futter",
                f"Ab jetzt bitte Bericht {window} auf Deutsch",
                f"Ich muss noch Aufgabe {window} erledigen bis Freitag",
            ]
            messages = [
                IncomingMessage(
                    session_external_id=f"{run}-w{window}",
                    external_id=f"{run}-{window}-{index}",
                    role="user",
                    speaker="user",
                    text=text,
                    occurred_at=start + timedelta(seconds=window * 3 + index),
                )
                for index, text in enumerate(texts)
            ]
            note_turns(scope=scope, messages=messages_ingest(scope=scope, messages=messages).new)
    started = time.perf_counter()
    done = curate_due(limit=windows, now=timezone.now() + timedelta(minutes=1))
    elapsed = time.perf_counter() - started
    write(f"rule-based curation: {done} windows of 3 turns, {done / elapsed:,.1f} windows/s")


def run(*, batches: int, write) -> None:
    with owner_scope(OWNER) as scope:
        token = token_create(scope=scope, name="bench")
    bodies = _batches(batches)
    server = make_server("127.0.0.1", 0, get_wsgi_application(), handler_class=QuietHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        _post_all(server.server_port, token, _batches(3))  # warm up
        fresh = _post_all(server.server_port, token, bodies)
        again = _post_all(server.server_port, token, bodies)
    finally:
        server.shutdown()
        server.server_close()
    total = batches * BATCH
    write(f"ingest over HTTP, {batches} batches of {BATCH}:")
    write(f"  new messages    {total / fresh:8,.0f} messages/s")
    write(f"  same again      {total / again:8,.0f} messages/s (idempotent, nothing stored)")
    _curation(batches, write)
