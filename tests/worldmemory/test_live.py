"""Live updates: one notification per commit, delivered on commit, to its own owner only."""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db import transaction
from django.test import AsyncClient, Client, override_settings

from infra.routers import APP_DB
from tests import proposals as p
from tests.conftest import BOTH_DATABASES, app_role_connection
from worldmemory import live
from worldmemory.accounts import account_ensure
from worldmemory.committer import proposal_commit, proposal_reject
from worldmemory.models import Entity
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES, transaction=True)

SECRET_TEXT = "bei der Tierärztin Dr. Kowalski"


@pytest.fixture(autouse=True)
def _short_keepalive(monkeypatch):
    # a broken filter shows as keepalives instead of events; don't wait 15 s for each
    monkeypatch.setattr(live, "KEEPALIVE_SECONDS", 0.2)


def _commit(owner: str, value: str):
    with owner_scope(owner) as scope:
        proposal = p.parsed(p.fact("pet:luna", "status", value))
        return proposal_commit(scope=scope, proposal=proposal)


def _token(owner: str) -> str:
    with owner_scope(owner) as scope:
        return token_create(scope=scope, name="live")


def _first_event(frames, limit: int = 50) -> dict:
    """The first data frame of an SSE byte stream (keepalives and retry lines skipped)."""
    for _, frame in zip(range(limit), frames, strict=False):
        text = frame.decode()
        if text.startswith("event: memory_committed\n"):
            return json.loads(text.split("data: ", 1)[1])
    raise AssertionError("no event arrived")


def test_payload_has_ids_and_counts_and_arrives_only_after_commit():
    with owner_scope("owner-a") as scope:
        stream = live.LiveStream(scope)
    try:
        with pytest.raises(RuntimeError), transaction.atomic(using=APP_DB):
            _commit("owner-a", "rolled back")
            raise RuntimeError("abort the commit")
        result = _commit("owner-a", SECRET_TEXT)
        event = next(stream.events(timeout=5))
    finally:
        stream.close()
    # the rolled-back commit sent nothing: the first event is the committed one
    assert event["proposal_id"] == str(result.proposal_id)
    with owner_scope("owner-a"):
        luna = Entity.objects.get(slug="luna")
    assert event["entity_ids"] == [str(luna.pk)]
    assert event["counts"] == {"facts": 1, "events": 1, "entities": 1, "review": 0}
    assert event["more"] is False
    assert "owner" not in event  # the stream strips the routing digest
    assert SECRET_TEXT not in json.dumps(event)


def test_sse_client_of_owner_b_receives_nothing_from_owner_a():
    client_a, client_b = Client(), Client()
    stream_a = client_a.get("/api/v1/live", HTTP_AUTHORIZATION=f"Bearer {_token('owner-a')}")
    stream_b = client_b.get("/api/v1/live", HTTP_AUTHORIZATION=f"Bearer {_token('owner-b')}")
    assert stream_a.status_code == stream_b.status_code == 200
    assert stream_b["Content-Type"] == "text/event-stream"
    frames_a, frames_b = iter(stream_a.streaming_content), iter(stream_b.streaming_content)
    try:
        from_a = [_commit("owner-a", f"{SECRET_TEXT} {n}").proposal_id for n in range(3)]
        from_b = _commit("owner-b", SECRET_TEXT).proposal_id
        # B's first event is B's own commit, though A committed three times before it
        event_b = _first_event(frames_b)
        assert event_b["proposal_id"] == str(from_b)
        assert [_first_event(frames_a)["proposal_id"] for _ in from_a] == [str(i) for i in from_a]
    finally:
        stream_a.close()
        stream_b.close()


def test_session_login_streams_its_owner_and_anonymous_is_refused():
    user, _ = account_ensure(username="anna", owner_sub="owner-a", password="pw-long-enough")
    client = Client()
    assert client.get("/api/v1/live").status_code == 401
    assert (
        client.get("/api/v1/live", HTTP_AUTHORIZATION="Bearer gd.b3duZXItYQ.forged").status_code
        == 401
    )
    client.force_login(user)
    response = client.get("/api/v1/live")
    assert response.status_code == 200
    try:
        committed = _commit("owner-a", "at home").proposal_id
        assert _first_event(iter(response.streaming_content))["proposal_id"] == str(committed)
    finally:
        response.close()


def test_notification_payload_stays_under_the_notify_limit():
    with owner_scope("owner-a") as scope:
        stream = live.LiveStream(scope)
        ops = [p.fact(f"pet:tier-{n}", "status", "ok") for n in range(live.MAX_ENTITY_IDS + 20)]
    try:
        with owner_scope("owner-a") as scope:
            proposal_commit(scope=scope, proposal=p.parsed(*ops))
        event = next(stream.events(timeout=5))
    finally:
        stream.close()
    assert len(event["entity_ids"]) == live.MAX_ENTITY_IDS and event["more"] is True
    assert event["counts"]["facts"] == live.MAX_ENTITY_IDS + 20


def test_a_rejection_is_announced_with_its_subject_and_the_review_count():
    with owner_scope("owner-a") as scope:
        luna = proposal_commit(scope=scope, proposal=p.parsed(p.entity("pet:luna", "Luna")))
        assert luna.results[0].decision == "committed"
        queued = proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.fact("pet:luna", "likes", "Thunfisch", memory_type="derived_preference")
            ),
        )
        assert queued.results[0].decision == "pending"
    with owner_scope("owner-a") as scope:  # listening from after those commits on
        stream = live.LiveStream(scope)
    try:
        with owner_scope("owner-a") as scope:
            proposal_reject(
                scope=scope, item_id=queued.proposal_id, reason="stimmt nicht", actor="test"
            )
            luna_id = str(Entity.objects.get(slug="luna").pk)
        event = next(stream.events(timeout=5))
    finally:
        stream.close()
    # nothing was written, yet open pages learn that Luna's review item is decided
    assert event["proposal_id"] == str(queued.proposal_id)
    assert event["entity_ids"] == [luna_id]
    assert event["counts"] == {"facts": 0, "events": 0, "entities": 0, "review": 0}


def _app_role_backends() -> int:
    with app_role_connection() as conn:
        return conn.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE usename = current_user AND datname = current_database()"
        ).fetchone()[0]


@override_settings(GD_LIVE_STREAMS_PER_TOKEN=2)
def test_open_streams_are_capped_per_token_and_free_again_when_closed():
    token, other = _token("owner-a"), _token("owner-a")
    client = Client()

    def open_stream(raw: str):
        return client.get("/api/v1/live", HTTP_AUTHORIZATION=f"Bearer {raw}")

    first, second = open_stream(token), open_stream(token)
    try:
        assert first.status_code == second.status_code == 200
        refused = open_stream(token)
        assert refused.status_code == 429
        assert "at most 2 live streams" in refused.json()["detail"]
        beside = open_stream(other)  # every token has its own count
        assert beside.status_code == 200
        beside.close()
        first.close()
        again = open_stream(token)
        assert again.status_code == 200
        again.close()
    finally:
        first.close()
        second.close()


def test_asgi_streams_share_one_listening_connection_and_hold_none_each():
    tokens = [_token("owner-a") for _ in range(8)]
    live.HUB.close()  # count this process's listener from zero
    before = _app_role_backends()

    async def scenario() -> tuple[int, dict]:
        client = AsyncClient()
        streams = [
            await client.get("/api/v1/live", headers={"Authorization": f"Bearer {token}"})
            for token in tokens
        ]
        assert [s.status_code for s in streams] == [200] * len(tokens)
        chunks = [aiter(s.streaming_content) for s in streams]
        try:
            assert await anext(chunks[0]) == b"retry: 3000\n\n"
            open_now = await sync_to_async(_app_role_backends)()
            committed = await sync_to_async(_commit)("owner-a", SECRET_TEXT)
            event: dict = {}
            while not event:
                frame = (await asyncio.wait_for(anext(chunks[-1]), timeout=10)).decode()
                if frame.startswith("event: memory_committed\n"):
                    event = json.loads(frame.split("data: ", 1)[1])
            assert event["proposal_id"] == str(committed.proposal_id)
            return open_now, event
        finally:
            for stream in streams:  # as the server does when the client has gone
                await sync_to_async(stream.close)()

    open_now, _ = async_to_sync(scenario)()
    # eight open streams: one more connection at most (this process's listener), not eight
    assert open_now - before <= 1
    assert live.HUB.open_streams() == 0  # closing a stream unsubscribes it
