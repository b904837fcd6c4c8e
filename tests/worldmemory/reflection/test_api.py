"""The reflection endpoints: thin over the services, 4xx for bad input, owners apart."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from django.test import Client

from tests.conftest import BOTH_DATABASES
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


class Api:
    def __init__(self, owner: str) -> None:
        with owner_scope(owner) as scope:
            token = token_create(scope=scope, name="test")
        self.client = Client()
        self.headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}

    def post(self, path: str, body: object | None = None):
        return self.client.post(
            f"/api/v1{path}",
            data=json.dumps(body or {}),
            content_type="application/json",
            **self.headers,
        )

    def get(self, path: str, **params):
        return self.client.get(f"/api/v1{path}", params, **self.headers)


def _ingest(api: Api, text: str, at: str, external_id: str, session: str = "s-1") -> str:
    response = api.post(
        "/sources/messages",
        {
            "messages": [
                {
                    "session_external_id": session,
                    "external_id": external_id,
                    "role": "user",
                    "speaker": "user",
                    "text": text,
                    "occurred_at": at,
                }
            ]
        },
    )
    assert response.status_code == 200, response.content
    return response.json()["messages"][0]["id"]


def test_experience_thread_and_recall_over_http_and_owners_apart():
    alice, bob = Api("alice-r"), Api("bob-r")
    message = _ingest(
        alice,
        "Zum ersten Mal habe ich beim Meditieren meinen Körper verlassen, tiefgreifend.",
        "2026-08-19T09:00:00+02:00",
        "m-1",
    )
    space = alice.post("/reflection/spaces/resolve", {"name": "Meditation", "message_id": message})
    assert space.status_code == 200 and space.json()["created"] is True
    thread = alice.post(
        "/reflection/threads/place",
        {"message_id": message, "topic": "Meditationsreise", "space": space.json()["ref"]},
    )
    assert thread.json()["action"] == "created"
    experience = alice.post(
        "/reflection/experiences/record",
        {
            "message_id": message,
            "spaces": [space.json()["ref"]],
            "threads": [thread.json()["thread"]],
        },
    )
    assert experience.status_code == 200, experience.content
    assert experience.json()["state"] == "candidate"

    listed = alice.get("/reflection/threads")
    assert [t["ref"] for t in listed.json()] == [thread.json()["thread"]]
    assert listed.json()[0]["state"] == "active"
    detail = alice.get(f"/reflection/objects/{experience.json()['ref']}")
    assert detail.json()["sources"][0]["message_id"] == message
    assert detail.json()["state"] == "candidate"

    recalled = alice.get(
        "/tools/recall_sources",
        query="Was habe ich am 19. August 2026 über meine Meditation gesagt?",
        now="2026-12-02",
    )
    assert recalled.status_code == 200
    assert [p["message_id"] for p in recalled.json()["data"]["passages"]] == [message]

    # another owner's ids behave like missing ones
    assert bob.get(f"/reflection/objects/{experience.json()['ref']}").status_code == 404
    assert bob.post("/reflection/experiences/record", {"message_id": message}).status_code == 404
    assert bob.get("/reflection/threads").json() == []
    assert (
        bob.get("/tools/recall_sources", query="am 19.08.2026", now="2026-12-02").json()["data"][
            "passages"
        ]
        == []
    )


def test_bad_input_is_a_clear_4xx_and_writes_nothing():
    alice = Api("alice-bad")
    message = _ingest(alice, "Jobwechsel?", datetime(2026, 1, 1, tzinfo=UTC).isoformat(), "m-1")
    placed = alice.post("/reflection/threads/place", {"message_id": message, "topic": "Jobwechsel"})
    ref = placed.json()["thread"]
    wrong = alice.post(f"/reflection/threads/{ref}/state", {"state": "paused", "trigger": "x"})
    assert wrong.status_code == 422 and "thread state must be one of" in wrong.json()["detail"]
    alice.post(f"/reflection/threads/{ref}/state", {"state": "resolved", "trigger": "klar"})
    refused = alice.post(f"/reflection/threads/{ref}/state", {"state": "active", "trigger": "x"})
    assert refused.status_code == 409 and "reopened" in refused.json()["detail"]
    assert alice.post("/reflection/anchors/set", {"target": ref}).status_code == 422
    assert alice.get("/tools/recall_sources", query="x", now="gestern").status_code == 422
    assert alice.get("/reflection/nonsense").status_code == 422
    history = alice.get(f"/reflection/objects/{ref}").json()["history"]
    assert [h["value"]["state"] for h in history if h["superseded_at"] is None][-1] == "resolved"


def test_session_close_reground_and_working_state_over_http():
    alice, bob = Api("alice-close"), Api("bob-close")
    space_message = _ingest(alice, "Meditation ist mein Thema.", "2026-09-01T08:00:00Z", "m-1")
    alice.post("/reflection/spaces/resolve", {"name": "Meditation", "message_id": space_message})
    _ingest(alice, "Heute Meditation im Park.", "2026-09-02T08:00:00Z", "m-2", session="s-2")
    state = alice.get("/reflection/sessions/s-2/state")
    assert state.status_code == 200
    assert state.json()["primary_space"] == "reflection_space:meditation"  # noted at ingest
    assert state.json()["turns"] == 1
    closed = alice.post("/sources/sessions/s-2/close")
    assert closed.status_code == 200 and closed.json()["changed"] is True
    summary = closed.json()["changes"][0]["summary"]
    grounded = alice.get("/tools/reground", ref=summary)
    assert grounded.status_code == 200
    assert [p["text"] for p in grounded.json()["data"]["passages"]] == ["Heute Meditation im Park."]
    assert alice.post("/sources/sessions/s-2/close").json()["changed"] is False
    # another owner: the same session and refs do not exist
    assert bob.post("/sources/sessions/s-2/close").status_code == 404
    assert bob.get("/reflection/sessions/s-2/state").status_code == 404
    assert bob.get("/tools/reground", ref=summary).status_code == 404
    assert alice.post("/reflection/consolidation/run", {}).json() == []


def test_an_object_read_at_a_past_moment_on_either_axis():
    alice = Api("alice-asof")
    message = _ingest(alice, "Jobwechsel?", "2026-01-01T09:00:00+00:00", "m-1")
    ref = alice.post(
        "/reflection/threads/place", {"message_id": message, "topic": "Jobwechsel"}
    ).json()["thread"]
    before_resolving = datetime.now(UTC).isoformat()
    # said today, about March: the thread was resolved then
    march = _ingest(alice, "Im März war das geklärt.", "2026-03-01T09:00:00+00:00", "m-2")
    resolved = alice.post(
        f"/reflection/threads/{ref}/state",
        {"state": "resolved", "trigger": "geklärt", "message_id": march},
    )
    assert resolved.status_code == 200, resolved.content

    def state(**at):
        answer = alice.get(f"/reflection/objects/{ref}", **at)
        assert answer.status_code == 200, answer.content
        return answer.json()["state"]

    assert state() == "resolved"
    # valid time, as believed now: running in February, resolved by June
    assert state(valid_time="2026-02-01") == "active"
    assert state(valid_time="2026-06-01") == "resolved"
    # system time: before the resolution was recorded, June looked still active ...
    assert state(system_time=before_resolving, valid_time="2026-06-01") == "active"
    # ... and before the thread was recorded the agent knew nothing of it
    assert state(system_time="2025-12-31", valid_time="2026-06-01") is None
    # system time alone asks about that same moment: right after placing, still active
    assert state(system_time=before_resolving) == "active"
    for name in ("valid_time", "system_time"):
        bad = alice.get(f"/reflection/objects/{ref}", **{name: "letzten Juni"})
        assert bad.status_code == 422 and name in bad.json()["detail"]


@pytest.mark.parametrize("listing", ["threads", "questions", "experiences", "anchors"])
def test_an_unknown_state_filter_is_422_naming_the_states(listing):
    response = Api("alice-filter").get(f"/reflection/{listing}", state="banana")
    assert response.status_code == 422, response.content
    (problem,) = response.json()["detail"]
    assert problem["loc"] == ["query", "state"] and problem["type"] == "enum"
    assert all(f"'{state}'" in problem["msg"] for state in ("resolved", "answered", "surfaced"))


def test_a_known_state_filter_lists_as_before():
    alice = Api("alice-filter-ok")
    assert alice.get("/reflection/threads", state="resolved").json() == []
    assert alice.get("/reflection/questions", state="open").status_code == 200
    # a state of another kind lists nothing, as the one schema for all listings allows it
    assert alice.get("/reflection/threads", state="answered").json() == []
