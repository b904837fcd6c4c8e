"""The source layer: idempotent ingest, versions, search, and the owner's audited deletion."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta

import pytest
from django.db import DatabaseError, connections, transaction
from django.test import Client
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory.committer import proposal_accept, proposal_commit
from worldmemory.models import Fact, ProposalOp, SourceDeletion, SourceMessage
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


class Api:
    def __init__(self, owner: str) -> None:
        with owner_scope(owner) as scope:
            self.token = token_create(scope=scope, name="t")
        self.client = Client()
        self.headers = {"HTTP_AUTHORIZATION": f"Bearer {self.token}"}

    def post(self, path, body):
        return self.client.post(
            f"/api/v1{path}", json.dumps(body), content_type="application/json", **self.headers
        )

    def delete(self, path, body):
        return self.client.delete(
            f"/api/v1{path}", json.dumps(body), content_type="application/json", **self.headers
        )

    def get(self, path, **params):
        return self.client.get(f"/api/v1{path}", params, **self.headers)


# One clock for the module: an edited turn keeps its place however long the suite takes.
BASE = timezone.now() - timedelta(hours=1)


def turn(external_id: str, text: str, *, speaker="user", minutes=0, session="s1") -> dict:
    moment = BASE + timedelta(minutes=minutes)
    return {
        "session_external_id": session,
        "external_id": external_id,
        "role": "user",
        "speaker": speaker,
        "text": text,
        "occurred_at": moment.isoformat(),
    }


@pytest.fixture
def alice() -> Api:
    return Api("alice")


BATCH = {
    "sessions": [{"external_id": "s1", "title": "Abendessen", "channel": "chat"}],
    "messages": [
        turn("m1", "Luna ist meine Katze", minutes=1),
        turn("m2", "Sie bekommt um 19 Uhr Futter", minutes=2),
        turn("m3", "Okay, notiert.", speaker="assistant", minutes=3),
    ],
}


def test_ingest_is_idempotent_and_edits_become_versions(alice):
    first = alice.post("/sources/messages", BATCH).json()["messages"]
    again = alice.post("/sources/messages", BATCH).json()["messages"]
    assert [m["id"] for m in again] == [m["id"] for m in first]
    assert all(m["stored"] for m in first) and not any(m["stored"] for m in again)
    with owner_scope("alice"):
        assert SourceMessage.objects.count() == 3

    edited = alice.post(
        # the edit keeps the turn's time (BATCH was built at import, maybe minutes ago)
        "/sources/messages",
        {"messages": [{**BATCH["messages"][1], "text": "Sie bekommt um 18 Uhr Futter"}]},
    ).json()["messages"][0]
    assert edited["version"] == 2 and edited["stored"]
    with owner_scope("alice"):
        new = SourceMessage.objects.get(pk=edited["id"])
        assert str(new.supersedes_message_id) == first[1]["id"]
        assert SourceMessage.objects.filter(pk=first[1]["id"]).exists()  # kept forever
    session = alice.get("/sources/sessions/s1").json()
    assert session["session"]["title"] == "Abendessen"
    assert [m["text"] for m in session["messages"]] == [
        "Luna ist meine Katze",
        "Sie bekommt um 18 Uhr Futter",
        "Okay, notiert.",
    ]


def test_too_large_a_batch_is_413_with_the_limit_and_stores_nothing(alice):
    batch = {"messages": [turn(f"m{i}", "x") for i in range(1001)]}
    response = alice.post("/sources/messages", batch)
    assert response.status_code == 413
    assert response.json()["limit"] == 1000 and "1000" in response.json()["detail"]
    with owner_scope("alice"):
        assert not SourceMessage.objects.exists()


def test_invalid_messages_are_422_and_store_nothing(alice):
    bad = {"messages": [turn("m1", "ok"), {**turn("m2", "x"), "role": "robot"}]}
    assert alice.post("/sources/messages", bad).status_code == 422
    with owner_scope("alice"):
        assert not SourceMessage.objects.exists()


def test_an_empty_message_is_422_unless_it_calls_tools(alice):
    empty = alice.post("/sources/messages", {"messages": [turn("m1", "ok"), turn("m2", "  ")]})
    assert empty.status_code == 422
    assert "text is empty" in json.dumps(empty.json())
    with owner_scope("alice"):
        assert not SourceMessage.objects.exists()
    calling = {**turn("m3", ""), "role": "assistant", "tool_calls": [{"name": "weather"}]}
    assert alice.post("/sources/messages", {"messages": [calling]}).status_code == 200


def test_search_matches_any_term_filters_and_stays_private(alice):
    alice.post("/sources/messages", BATCH)
    bob = Api("bob")
    bob.post("/sources/messages", {"messages": [turn("b1", "Meine Katze heißt Mimi")]})
    hits = alice.get("/sources/search", q="Wann bekommt die Katze Futter?").json()
    assert {h["external_id"] for h in hits} == {"m1", "m2"}
    assert all(h["session_external_id"] == "s1" and h["snippet"] and h["text"] for h in hits)
    only_assistant = alice.get("/sources/search", q="notiert Katze", speaker="assistant").json()
    assert [h["external_id"] for h in only_assistant] == ["m3"]
    assert alice.get("/sources/search", q="Mimi").json() == []
    later = (timezone.now() + timedelta(days=1)).isoformat()
    assert alice.get("/sources/search", q="Katze", **{"from": later}).json() == []


def test_owner_deletion_leaves_a_tombstone_and_flags_dependents(alice):
    stored = alice.post("/sources/messages", BATCH).json()["messages"]
    message_id = stored[1]["id"]
    with owner_scope("alice") as scope:
        commit = proposal_commit(
            scope=scope,
            proposal=p.parsed(
                p.fact(
                    "pet:luna",
                    "feeding_time_evening",
                    "19:00",
                    evidence={
                        "kind": "conversation_quote",
                        "text": "um 19 Uhr Futter",
                        "ref": f"source_message:{message_id}",
                    },
                )
            ),
        )
        fact_id = commit.results[0].ids["fact_id"]

    assert alice.delete(f"/sources/messages/{message_id}", {}).status_code == 422
    deleted = alice.delete(f"/sources/messages/{message_id}", {"reason": "privat"}).json()
    assert deleted["flagged"] == 1 and deleted["tombstone_id"]
    again = alice.delete(f"/sources/messages/{message_id}", {"reason": "privat"}).json()
    assert again["already_deleted"] is True

    with owner_scope("alice") as scope:
        message = SourceMessage.objects.get(pk=message_id)
        assert message.text == "" and message.external_id == "m2"
        tombstone = SourceDeletion.objects.get(message_id=message_id)
        assert (tombstone.deleted_by, tombstone.reason) == ("user:alice", "privat")
        review = ProposalOp.objects.get(op="source_deleted")
        assert review.payload["fact_id"] == fact_id
        proposal_accept(scope=scope, item_id=review.pk, actor="user:alice")
        assert Fact.objects.get(pk=fact_id).status == Fact.Status.INVALIDATED
    assert alice.get("/sources/search", q="Futter").json() == []


def test_deletion_is_owner_private_and_the_only_way_to_change_a_message(alice):
    stored = alice.post("/sources/messages", BATCH).json()["messages"]
    bob = Api("bob")
    theirs = bob.delete(f"/sources/messages/{stored[0]['id']}", {"reason": "x"})
    missing = bob.delete(f"/sources/messages/{uuid.uuid4()}", {"reason": "x"})
    assert theirs.status_code == missing.status_code == 404
    with owner_scope("alice"):
        assert SourceMessage.objects.get(pk=stored[0]["id"]).text == "Luna ist meine Katze"
        with pytest.raises(DatabaseError, match="permission denied"), transaction.atomic("app"):
            SourceMessage.objects.filter(pk=stored[0]["id"]).update(text="")
    # no owner set: the function refuses
    with (
        pytest.raises(DatabaseError, match="no owner"),
        transaction.atomic("app"),
        connections["app"].cursor() as cursor,
    ):
        cursor.execute("SELECT set_config('app.current_owner', '', true)")
        cursor.execute("SELECT gd_delete_source_message(%s, 'x', 'y')", [stored[0]["id"]])
