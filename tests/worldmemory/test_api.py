"""The JSON API: auth, proposals, governance, temporal reads, and owner isolation."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory.models import Entity, Fact, Proposal, WorldEvent
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


class Api:
    def __init__(self, token: str) -> None:
        self.client = Client()
        self.headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}

    def post(self, path: str, body: object | None = None, raw: str | None = None):
        data = raw if raw is not None else json.dumps(body if body is not None else {})
        return self.client.post(
            f"/api/v1{path}", data=data, content_type="application/json", **self.headers
        )

    def get(self, path: str, **params):
        return self.client.get(f"/api/v1{path}", params, **self.headers)


def _token(owner: str) -> str:
    with owner_scope(owner) as scope:
        return token_create(scope=scope, name="test")


@pytest.fixture
def alice() -> Api:
    return Api(_token("alice"))


@pytest.fixture
def bob() -> Api:
    return Api(_token("bob"))


def test_proposal_roundtrip_over_http(alice):
    t1 = timezone.now() - timedelta(days=1)
    response = alice.post(
        "/proposals",
        p.proposal(
            p.entity("pet:luna", "Luna"),
            p.fact("pet:luna", "species", "cat", t1),
            p.fact("pet:luna", "feeding_time_evening", "19:00", t1),
        ),
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert [r["decision"] for r in body["results"]] == ["committed"] * 3
    changed = alice.post(
        "/proposals", p.proposal(p.fact("pet:luna", "feeding_time_evening", "18:00"))
    )
    assert changed.json()["notices"]

    entity = alice.get("/tools/get_entity", ref="pet:luna").json()
    assert "species = cat" in entity["text"] and "feeding_time_evening = 18:00" in entity["text"]
    past = alice.get(
        "/tools/state_at", ref="Luna", valid_time=(t1 + timedelta(hours=1)).isoformat()
    )
    assert "19:00" in past.json()["text"] and "now → 18:00" in past.json()["text"]
    history = alice.get("/tools/get_fact_history", ref="pet:luna", predicate="feeding_time_evening")
    values = [row["value"] for row in history.json()["data"]["history"]]
    assert values == ["19:00", "18:00"]
    known = alice.get(
        "/tools/state_as_known_at",
        ref="pet:luna",
        system_time=(t1 - timedelta(hours=1)).isoformat(),
    )
    assert known.status_code == 200 and known.json()["data"]["facts"] == []


def test_malformed_json_and_schema_errors_are_422_and_write_nothing(alice):
    response = alice.post("/proposals", raw="{not json")
    assert response.status_code == 422
    bad = p.proposal(p.fact("pet:luna", "species", "cat", confidence=1.5))
    response = alice.post("/proposals", bad)
    assert response.status_code == 422
    locs = [tuple(e["loc"]) for e in response.json()["detail"]]
    assert any("operations" in loc and "confidence" in loc for loc in locs), locs
    response = alice.post(
        "/proposals", {**p.proposal(p.fact("pet:luna", "x", 1)), "operations": []}
    )
    assert response.status_code == 422
    with owner_scope("alice"):
        assert not Proposal.objects.exists() and not Fact.objects.exists()


def test_missing_or_bad_token_is_401():
    for headers in ({}, {"HTTP_AUTHORIZATION": "Bearer gd.eA.nope"}):
        assert (
            Client().get("/api/v1/tools/get_entity", {"ref": "pet:x"}, **headers).status_code == 401
        )
        assert (
            Client()
            .post("/api/v1/proposals", "{}", content_type="application/json", **headers)
            .status_code
            == 401
        )


def test_bad_times_are_422(alice):
    alice.post("/proposals", p.proposal(p.fact("pet:luna", "species", "cat")))
    response = alice.get("/tools/state_at", ref="pet:luna", valid_time="gestern")
    assert response.status_code == 422 and "valid_time" in response.json()["detail"]
    assert alice.get("/tools/state_at", ref="pet:luna", valid_time="2026-01-01").status_code == 200


def _bob_world(bob: Api) -> dict[str, str]:
    bob.post("/proposals", p.proposal(p.entity("pet:rex", "Rex"), p.entity("pet:rexi", "Rexi")))
    made = bob.post("/proposals", p.proposal(p.fact("pet:rex", "species", "dog")))
    pending = bob.post(
        "/proposals", p.proposal(p.fact("pet:rex", "mood", "happy", memory_type="derived_pattern"))
    )
    return {
        "fact": made.json()["results"][0]["ids"]["fact_id"],
        "proposal": pending.json()["proposal_id"],
        "ref": "pet:rex",
    }


def test_another_owners_ids_and_refs_answer_exactly_like_missing_ones(alice, bob):
    theirs = _bob_world(bob)
    missing_id, missing_ref = str(uuid.uuid4()), "pet:nobody"
    until = {"valid_to": timezone.now().isoformat()}
    calls = [
        ("post", "/proposals/{id}/accept", None),
        ("post", "/proposals/{id}/reject", {"reason": "no"}),
        ("post", "/facts/{id}/invalidate", {"reason": "no"}),
        ("post", "/facts/{id}/end", until),
        ("post", "/entities/{ref}/merge", {"into": "pet:luna"}),
        ("post", "/entities/{ref}/split", None),
        ("post", "/entities/{ref}/rename", {"canonical_name": "Rexi"}),
        ("get", "/tools/get_entity?ref={ref}", None),
        ("get", "/tools/state_at?ref={ref}&valid_time=2026-01-01", None),
        ("get", "/tools/state_as_known_at?ref={ref}&system_time=2026-01-01", None),
        ("get", "/tools/get_fact_history?ref={ref}&predicate=species", None),
    ]
    alice.post("/proposals", p.proposal(p.entity("pet:luna", "Luna")))
    for method, template, body in calls:
        their_id = theirs["fact"] if "/facts/" in template else theirs["proposal"]
        responses = []
        for id_, ref in ((their_id, theirs["ref"]), (missing_id, missing_ref)):
            path = template.format(id=id_, ref=ref)
            if method == "get":
                response = alice.client.get(f"/api/v1{path}", **alice.headers)
            else:
                response = alice.post(path, body)
            responses.append(
                (
                    response.status_code,
                    response.content.decode().replace(id_, "X").replace(ref, "R"),
                )
            )
        assert responses[0] == responses[1], (template, responses)
        assert responses[0][0] == 404, (template, responses)
    # and bob's memory is untouched
    assert bob.get("/tools/get_entity", ref="pet:rex").json()["data"]["facts"][0]["value"] == "dog"


def test_governance_endpoints(alice):
    alice.post(
        "/proposals",
        p.proposal(p.entity("person:basti", "Basti"), p.entity("person:sebastian", "Sebastian")),
    )
    pending = alice.post(
        "/proposals",
        p.proposal(p.fact("person:basti", "prefers", "tea", memory_type="derived_preference")),
    ).json()
    assert pending["results"][0]["decision"] == "pending"
    accepted = alice.post(f"/proposals/{pending['proposal_id']}/accept")
    assert accepted.status_code == 200 and accepted.json()["results"][0]["decision"] == "committed"
    again = alice.post(f"/proposals/{pending['proposal_id']}/accept")
    assert again.status_code == 409
    assert alice.post(f"/proposals/{pending['proposal_id']}/reject", {}).status_code == 422

    fact_id = accepted.json()["results"][0]["ids"]["fact_id"]
    assert alice.post(f"/facts/{fact_id}/end", {"valid_to": "not a time"}).status_code == 422
    invalidated = alice.post(f"/facts/{fact_id}/invalidate", {"reason": "falsch"})
    assert invalidated.status_code == 200
    assert alice.post(f"/facts/{fact_id}/invalidate", {"reason": "x"}).status_code == 409

    merged = alice.post("/entities/person:sebastian/merge", {"into": "person:basti"})
    assert merged.json() == {
        "ref": "person:sebastian",
        "status": "merged",
        "merged_into": "person:basti",
    }
    assert (
        alice.post("/entities/person:sebastian/merge", {"into": "person:basti"}).status_code == 409
    )
    split = alice.post("/entities/person:sebastian/split")
    assert split.json()["status"] == "active"
    assert alice.post("/entities/person:basti/merge", {"into": "person:basti"}).status_code == 422


def test_the_owner_renames_an_entity_and_is_named_as_who_did(alice):
    alice.post("/proposals", p.proposal(p.entity("pet:luna", "Luna")))
    renamed = alice.post("/entities/pet:luna/rename", {"canonical_name": "Lunchen"})
    assert renamed.status_code == 200, renamed.content
    assert renamed.json()["results"][0]["decision"] == "committed"
    for name in ("Luna", "Lunchen"):
        found = alice.get("/tools/find_entity", query=name).json()["data"]["entities"]
        assert [e["ref"] for e in found] == ["pet:luna"], name
    with owner_scope("alice"):
        event = WorldEvent.objects.get(event_type_id="rename")
        assert event.source == "user:alice"
        assert Entity.objects.get(slug="luna").canonical_name == "Lunchen"
    again = alice.post("/entities/Luna/rename", {"canonical_name": "Lunchen"})
    assert again.json()["results"][0]["decision"] == "duplicate"
    for name, problem in (("", "empty"), ("   ", "empty"), ("x" * 301, "300")):
        refused = alice.post("/entities/pet:luna/rename", {"canonical_name": name})
        assert refused.status_code == 422, name
        (issue,) = refused.json()["detail"]
        assert issue["loc"][-1] == "canonical_name" and problem in issue["msg"], issue


def test_gd_token_command_creates_and_revokes():
    out = StringIO()
    call_command("gd_token", "create", "carol", "--name", "laptop", stdout=out)
    token = out.getvalue().strip().splitlines()[-1]
    api = Api(token)
    assert api.get("/entities").status_code == 200
    call_command("gd_token", "revoke", "carol", "--name", "laptop", stdout=StringIO())
    assert api.get("/entities").status_code == 401


def test_refs_with_a_slash_reach_their_routes(alice):
    """A ref the API accepts ("repo:octocat/hello-world") works in a path as well."""
    alice.post(
        "/proposals",
        p.proposal(
            p.entity("repo:octocat/hello-world", "hello-world"),
            p.entity("repo:octocat/hello", "hello"),
        ),
    )
    merged = alice.post("/entities/repo:octocat/hello/merge", {"into": "repo:octocat/hello-world"})
    assert merged.status_code == 200
    assert merged.json()["merged_into"] == "repo:octocat/hello-world"
    split = alice.post("/entities/repo:octocat/hello/split")
    assert split.status_code == 200 and split.json()["status"] == "active"
    assert alice.post("/entities/repo:nobody/x/merge", {"into": "repo:a"}).status_code == 404


@pytest.mark.parametrize("body", ["false", '""', "[]", "null", "0"])
def test_a_json_body_that_is_no_object_is_refused(alice, body):
    # every field of this body has a default: read leniently, any JSON would pass as {}
    response = alice.post("/reflection/consolidation/run", raw=body)
    assert response.status_code == 422
    (problem,) = response.json()["detail"]
    assert problem["loc"] == ["body"] and "must be a JSON object" in problem["msg"]
    assert alice.post("/reflection/consolidation/run", {}).json() == []


def test_ingest_answers_an_empty_notice_list(alice):
    message = {
        "session_external_id": "s-1",
        "external_id": "m-1",
        "role": "user",
        "text": "Hallo",
        "occurred_at": "2026-03-01T10:00:00+00:00",
    }
    answer = alice.post("/sources/messages", {"messages": [message]}).json()
    assert answer["notices"] == [] and answer["messages"][0]["stored"] is True


def test_a_validation_problem_names_its_place_in_the_body_and_counts_characters(alice):
    response = alice.post("/remember", {"text": "x" * 5000})
    assert response.status_code == 422
    problem = response.json()["detail"][0]
    assert problem["loc"] == ["body", "text"]
    assert problem["msg"] == "Text should have at most 4000 characters, not 5000"
    missing = alice.post("/facts/01a244de-0000-7000-8000-000000000000/invalidate", {"reason": ""})
    assert missing.json()["detail"][0] | {"ctx": None} == {
        "type": "too_short",
        "loc": ["body", "reason"],
        "msg": "Text should not be empty",
        "ctx": None,
    }


def test_fact_history_of_an_unknown_predicate_is_422_naming_the_known(alice):
    committed = alice.post("/proposals", p.proposal(p.fact("pet:luna", "species", "cat")))
    assert committed.status_code == 200, committed.content
    unknown = alice.get("/tools/get_fact_history", ref="pet:luna", predicate="banana")
    assert unknown.status_code == 422, unknown.content
    detail = unknown.json()["detail"]
    assert detail == "unknown predicate 'banana'; pet:luna has facts of: species"
    # a known predicate without rows is no mistake: an empty history, said in one language
    none = alice.get("/tools/get_fact_history", ref="pet:luna", predicate="feeding_time")
    assert none.status_code == 200 and "No facts about pet:luna.feeding_time" in none.text
