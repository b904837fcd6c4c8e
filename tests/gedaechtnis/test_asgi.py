"""The served ASGI application: a request's way through Django is one thread hop."""

from __future__ import annotations

import asyncio
import warnings

import pytest
from asgiref.sync import SyncToAsync, async_to_sync

from gedaechtnis.asgi import application
from tests.conftest import BOTH_DATABASES
from worldmemory import live
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)


def _served(path: str, *, token: str = "") -> tuple[int, dict[bytes, bytes], bytes]:
    """Status, headers and the first body of a GET of ``path`` through the application, as
    uvicorn calls it; the client leaves once a body has arrived."""
    auth = [(b"authorization", f"Bearer {token}".encode())] if token else []
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"accept-language", b"de"), *auth],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    sent: list[dict] = []
    received: list[bool] = []
    body_sent = asyncio.Event()

    async def receive() -> dict:
        if received:
            await body_sent.wait()
            return {"type": "http.disconnect"}
        received.append(True)
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)
        if message["type"] == "http.response.body":
            body_sent.set()

    async def served() -> None:
        await application(scope, receive, send)

    async_to_sync(served)()
    start, body = sent[0], sent[1]
    return start["status"], {name.lower(): v for name, v in start["headers"]}, body["body"]


def test_the_middleware_and_the_view_run_in_one_hop_and_still_act(monkeypatch):
    hops = []
    hop = SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        hops.append(getattr(self.func, "__qualname__", repr(self.func)))
        return await hop(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counted)
    status, headers, _ = _served("/gedaechtnis/anmelden/")
    assert status == 200
    # the security, clickjacking and CSRF middleware still answered for the page
    assert headers[b"x-frame-options"] == b"DENY"
    assert b"csrftoken=" in headers[b"set-cookie"]
    # the request-started signal, the chain with its view, and closing the response: as an
    # async chain, each middleware's hooks hopped on their own (about twenty a request)
    assert len(hops) <= 3, hops


def test_an_unknown_address_served_through_the_chain_is_the_german_404():
    status, headers, body = _served("/gibt-es-nicht")
    assert status == 404
    assert headers[b"content-type"].startswith(b"text/html") and b"Nicht gefunden" in body


def test_a_live_stream_through_the_chain_streams_until_the_client_leaves():
    with owner_scope("owner-a") as scope:
        token = token_create(scope=scope, name="live")
    status, headers, first = _served("/api/v1/live", token=token)
    assert status == 200 and headers[b"content-type"] == b"text/event-stream"
    assert first == b"retry: 3000\n\n"
    assert live.HUB.open_streams() == 0  # leaving closed the stream and unsubscribed it


def test_a_static_file_is_served_whole_without_a_warning():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        status, headers, body = _served("/static/css/gedaechtnis.css")
    assert status == 200 and headers[b"content-type"].startswith(b"text/css")
    assert b"main {" in body and int(headers[b"content-length"]) == len(body)
    assert not [w for w in caught if "StreamingHttpResponse" in str(w.message)]
