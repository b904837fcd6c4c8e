"""Hostile and careless input answers 4xx saying what is wrong, and a failed request
writes nothing: bad times, huge or deeply nested bodies, malformed tokens."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory import intake
from worldmemory.models import Fact, SourceMessage
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


class Api:
    def __init__(self, owner: str) -> None:
        with owner_scope(owner) as scope:
            self.token = token_create(scope=scope, name="t")
        self.client = Client(raise_request_exception=False)
        self.headers = {"HTTP_AUTHORIZATION": f"Bearer {self.token}"}

    def post(self, path: str, body: object = None, *, raw: str | None = None):
        data = raw if raw is not None else json.dumps(body)
        return self.client.post(
            f"/api/v1{path}", data, content_type="application/json", **self.headers
        )

    def get(self, path: str, **params):
        return self.client.get(f"/api/v1{path}", params, **self.headers)


@pytest.fixture
def alice() -> Api:
    return Api("alice")


def turn(external_id: str, *, at: str | None = None, text: str = "Luna schläft.") -> dict:
    return {
        "session_external_id": "s1",
        "external_id": external_id,
        "role": "user",
        "speaker": "Anna",
        "text": text,
        "occurred_at": at or timezone.now().isoformat(),
    }


def _stored_messages(owner: str) -> int:
    with owner_scope(owner):
        return SourceMessage.objects.count()


# ---- a failed request writes nothing ----------------------------------------------------


@pytest.mark.parametrize("debug", [True, False])
def test_an_exception_after_a_write_rolls_the_request_back(alice, settings, monkeypatch, debug):
    settings.DEBUG = debug

    def fail_after_the_write(scope) -> None:
        raise RuntimeError("the embedder is gone")

    monkeypatch.setattr(intake, "schedule_embedding", fail_after_the_write)
    response = alice.post("/sources/messages", {"messages": [turn("m1")]})
    assert response.status_code == 500
    assert _stored_messages("alice") == 0
    monkeypatch.undo()
    assert alice.post("/sources/messages", {"messages": [turn("m1")]}).status_code == 200
    assert _stored_messages("alice") == 1


# ---- times outside the accepted years ---------------------------------------------------

EXTREMES = ["9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z", "1899-12-31T23:59:59Z"]


@pytest.mark.parametrize("moment", EXTREMES + ["2200-12-31T23:00:00-05:00"])
def test_a_message_time_outside_the_years_is_422_naming_the_field(alice, moment):
    response = alice.post("/sources/messages", {"messages": [turn("m1", at=moment)]})
    assert response.status_code == 422, response.content
    (problem,) = response.json()["detail"]
    assert problem["loc"][-1] == "occurred_at"
    assert "1900 to 2200" in problem["msg"]
    assert _stored_messages("alice") == 0


@pytest.mark.parametrize("field", ["valid_from", "observed_at"])
def test_a_proposal_time_outside_the_years_is_422_naming_the_field(alice, field):
    operation = {**p.fact("pet:luna", "status", "wach"), field: "9999-12-31T23:59:59+00:00"}
    response = alice.post("/proposals", p.proposal(p.entity("pet:luna", "Luna"), operation))
    assert response.status_code == 422, response.content
    assert field in {str(part) for e in response.json()["detail"] for part in e["loc"]}
    with owner_scope("alice"):
        assert not Fact.objects.exists()


def test_an_end_time_outside_the_years_is_422(alice):
    body = p.proposal(p.entity("pet:luna", "Luna"), p.fact("pet:luna", "status", "wach"))
    assert alice.post("/proposals", body).status_code == 200
    with owner_scope("alice"):
        fact = Fact.objects.get(predicate_id="status")
    response = alice.post(f"/facts/{fact.pk}/end", {"valid_to": "9999-12-31T00:00:00Z"})
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"][-1] == "valid_to"


@pytest.mark.parametrize(
    ("path", "params", "name"),
    [
        ("/tools/state_at", {"ref": "pet:luna", "valid_time": "9999-12-31"}, "valid_time"),
        (
            "/tools/state_as_known_at",
            {"ref": "pet:luna", "system_time": "0001-01-01"},
            "system_time",
        ),
        (
            "/tools/state_as_known_at",
            {"ref": "pet:luna", "system_time": "2020-01-01", "valid_time": "1800-01-01"},
            "valid_time",
        ),
        ("/tools/recall_sources", {"query": "Luna", "now": "0001-01-01"}, "now"),
        ("/tools/recall_sources", {"query": "Luna", "now": "9999-12-31T23:59:59Z"}, "now"),
        ("/tools/search_world_memory", {"query": "Luna", "valid_to": "9999-12-31"}, "valid_to"),
        ("/sources/search", {"q": "Luna", "from": "0001-01-01"}, "from"),
        ("/reflection/objects/thread:x", {"system_time": "9999-12-31"}, "system_time"),
    ],
)
def test_a_time_parameter_outside_the_years_is_422_naming_it(alice, path, params, name):
    response = alice.get(path, **params)
    assert response.status_code == 422, response.content
    assert response.json()["detail"].startswith(f"{name} must lie in the years 1900 to 2200")


def test_an_anchor_date_outside_the_years_is_422(alice):
    response = alice.post("/reflection/anchors/set", {"target": "thread:x", "due": "9999-12-31"})
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"][-1] == "due"


def test_the_accepted_years_are_a_setting(alice, settings):
    settings.GD_TIME_MAX_YEAR = 2100
    late = "2150-06-01T12:00:00Z"
    assert alice.post("/sources/messages", {"messages": [turn("m1", at=late)]}).status_code == 422
    settings.GD_TIME_MAX_YEAR = 2200
    assert alice.post("/sources/messages", {"messages": [turn("m1", at=late)]}).status_code == 200


def test_an_import_line_with_a_time_outside_the_years_is_refused(tmp_path):
    from django.core.management import CommandError, call_command

    path = tmp_path / "history.jsonl"
    path.write_text(json.dumps(turn("m1", at="9999-12-31T23:59:59Z")) + "\n")
    with pytest.raises(CommandError, match="occurred_at: .*1900 to 2200"):
        call_command("gd_import", str(path), owner="alice")
    assert _stored_messages("alice") == 0


# ---- malformed bearer tokens --------------------------------------------------------------

MALFORMED = [
    "gd.YQBi.x",  # "a\0b": a NUL in the owner part
    "gd.AA.x",  # a lone NUL
    "gd.__8.x",  # bytes that are not UTF-8
    "gd.YQ=b.x",  # padding inside
    "gd.%%%.x",  # not base64 at all
    "gd.w6Q.x.y.z",  # too many parts
    "gd..x",  # no owner
    "gd.YWJj",  # no secret
    "gd.G0ZvbwE.x",  # control characters
    "gd." + "YWFh" * 100 + ".x",  # longer than any owner
    "gd.äöü.x",  # not ASCII
    "\x00",
]


@pytest.mark.parametrize("token", MALFORMED)
@pytest.mark.parametrize(
    "path", ["/api/v1/entities", "/api/v1/tools/get_entity?ref=pet:luna", "/api/v1/live"]
)
def test_a_malformed_token_is_401_everywhere(token, path):
    client = Client(raise_request_exception=False)
    response = client.get(path, HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 401, (token, response.content[:300])


def test_a_malformed_integration_token_is_401():
    client = Client(raise_request_exception=False)
    response = client.post(
        "/api/v1/integrations/sync",
        "{}",
        content_type="application/json",
        HTTP_AUTHORIZATION="Bearer gd.YQBi.x",
    )
    assert response.status_code == 401


def test_proposals_at_the_edges_of_the_years_are_accepted(alice):
    first = "1900-01-01T00:00:00Z"
    last = (timezone.now().replace(year=2200, month=12, day=31) - timedelta(days=1)).isoformat()
    body = p.proposal(
        p.entity("pet:luna", "Luna"),
        {**p.fact("pet:luna", "born", "ja"), "valid_from": first},
        {**p.fact("pet:luna", "status", "wach"), "valid_from": last},
    )
    response = alice.post("/proposals", body)
    assert response.status_code == 200, response.content


# ---- body size ----------------------------------------------------------------------------


def test_the_documented_batch_of_ordinary_texts_fits(alice):
    # 1 000 messages of 2 700 characters, umlauts escaped as JSON does by default
    text = ("Grüße aus München, die Katze schläft auf dem Sofa. " * 60)[:2700]
    batch = {"messages": [turn(f"m{i}", text=text) for i in range(1000)]}
    body = json.dumps(batch)
    assert len(body) > 2_621_440  # more than Django's default limit
    response = alice.post("/sources/messages", raw=body)
    assert response.status_code == 200, response.content[:300]
    assert _stored_messages("alice") == 1000


def test_a_body_over_the_limit_is_413_naming_it(alice, settings):
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    text = "x" * 90_000
    count = limit // len(text) + 2
    body = json.dumps({"messages": [turn(f"m{i}", text=text) for i in range(count)]})
    assert len(body) > limit
    for debug in (True, False):
        settings.DEBUG = debug
        response = alice.post("/sources/messages", raw=body)
        assert response.status_code == 413, response.content[:300]
        assert response.json()["limit"] == limit
        assert str(limit) in response.json()["detail"]
    assert _stored_messages("alice") == 0


# ---- nesting depth ------------------------------------------------------------------------


def _nested(depth: int) -> object:
    value: object = "tief"
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


# Deeper than the JSON decoder reads (the interpreter's recursion limit less the stack below
# the view, which differs between a server thread and a test process) the body is refused as a
# whole: ``test_a_body_nested_beyond_what_json_can_parse_is_422``.
@pytest.mark.parametrize("depth", [33, 500])
def test_an_object_value_nested_too_deep_is_422_naming_the_field(alice, depth):
    body = p.proposal(p.entity("pet:luna", "Luna"), p.fact("pet:luna", "toy", _nested(depth)))
    response = alice.post("/proposals", body)
    assert response.status_code == 422, response.content[:300]
    (problem,) = response.json()["detail"]
    assert problem["loc"][-1] == "object_value"
    assert "nested deeper than 32 levels" in problem["msg"]
    with owner_scope("alice"):
        assert not Fact.objects.exists()


def test_an_object_value_at_the_depth_bound_is_stored(alice):
    body = p.proposal(p.entity("pet:luna", "Luna"), p.fact("pet:luna", "toy", _nested(32)))
    response = alice.post("/proposals", body)
    assert response.status_code == 200, response.content[:300]
    assert alice.get("/tools/get_entity", ref="pet:luna").status_code == 200


@pytest.mark.parametrize("field", ["metadata", "tool_calls"])
def test_message_json_fields_nested_too_deep_are_422_naming_the_field(alice, field):
    message = {**turn("m1"), field: {"k": _nested(700)}}
    response = alice.post("/sources/messages", {"messages": [message]})
    assert response.status_code == 422, response.content[:300]
    assert response.json()["detail"][0]["loc"][-1] == field
    assert _stored_messages("alice") == 0


def test_an_event_payload_nested_too_deep_is_422(alice):
    event = {
        "op": "record_event",
        "event_type": "state_change",
        "summary": "tief",
        "payload": {"k": _nested(100)},
        **p.provenance(),
    }
    response = alice.post("/proposals", p.proposal(event))
    assert response.status_code == 422
    assert "payload" in response.json()["detail"][0]["loc"]


def test_a_body_nested_beyond_what_json_can_parse_is_422(alice):
    response = alice.post("/proposals", raw="[" * 100_000 + "]" * 100_000)
    assert response.status_code == 422
    assert response.json()["detail"][0]["msg"] == "JSON nested too deeply"
