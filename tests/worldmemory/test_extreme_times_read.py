"""Reads never fail on stored data: every read tool and page answers with the earliest and
latest times the API accepts, and with rows from before the limit (year 1 and 9999)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from django.test import Client

from tests import factories
from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.world import login
from worldmemory.models import Entity, SourceMessage
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

FIRST = "1900-01-01T00:00:00Z"
LAST = "2200-12-31T23:59:59Z"
# what older versions stored before the limit existed
LEGACY = (datetime(1, 1, 1, tzinfo=UTC), datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC))


def _op(operation: dict, moment: str) -> dict:
    return {**operation, "valid_from": moment}


@pytest.fixture
def extreme_world() -> dict:
    with owner_scope("owner-a") as scope:
        token = token_create(scope=scope, name="t")
    client = Client(raise_request_exception=False)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}

    def post(path: str, body: dict) -> dict:
        response = client.post(
            f"/api/v1{path}", json.dumps(body), content_type="application/json", **headers
        )
        assert response.status_code == 200, response.content
        return response.json()

    turns = [
        {
            "session_external_id": "edge",
            "external_id": f"m{index}",
            "role": "user",
            "speaker": "Anna",
            "text": f"Luna schläft am Rand der Zeit {index}",
            "occurred_at": moment,
        }
        for index, moment in enumerate((FIRST, LAST))
    ]
    messages = post(
        "/sources/messages",
        {"messages": turns, "sessions": [{"external_id": "edge", "started_at": FIRST}]},
    )["messages"]
    post(
        "/proposals",
        p.proposal(
            _op(p.entity("pet:luna", "Luna"), FIRST),
            _op(p.entity("person:anna", "Anna"), FIRST),
            _op(p.fact("pet:luna", "status", "draußen"), FIRST),
            _op(p.fact("pet:luna", "status", "drinnen"), LAST),
            _op(p.relationship("person:anna", "owns", "pet:luna"), FIRST),
            {
                "op": "record_event",
                "event_type": "state_change",
                "target_ref": "pet:luna",
                "summary": "Luna kratzt an der Tür",
                "occurred_at": LAST,
                **p.provenance(),
                "valid_from": LAST,
            },
            {
                **p.fact("pet:luna", "note", "zitiert"),
                "valid_from": FIRST,
                "evidence": {
                    "kind": "conversation_quote",
                    "text": "Luna schläft",
                    "ref": f"source_message:{messages[1]['id']}",
                },
            },
        ),
    )
    with owner_scope("owner-a") as scope:
        luna = Entity.objects.get(slug="luna")
        session = SourceMessage.objects.filter(session_external_id="edge").first().session
        early, late = LEGACY
        factories.fact(scope, subject=luna, predicate="species", valid_from=early, valid_to=late)
        factories.fact(scope, subject=luna, predicate="species", valid_from=late, recorded_at=late)
        for moment in LEGACY:
            factories.message(scope, in_session=session, text="Luna alt", occurred_at=moment)
    return {"client": client, "headers": headers, "message_id": messages[1]["id"]}


READ_TOOLS = [
    ("/tools/get_entity", {"ref": "pet:luna"}),
    ("/tools/state_at", {"ref": "pet:luna", "valid_time": "2200-12-31T23:59:59Z"}),
    ("/tools/state_at", {"ref": "pet:luna", "valid_time": "1900-01-01"}),
    ("/tools/state_as_known_at", {"ref": "pet:luna", "system_time": "2200-12-31"}),
    ("/tools/state_as_known_at", {"ref": "pet:luna", "system_time": "1900-01-01"}),
    ("/tools/get_fact_history", {"ref": "pet:luna", "predicate": "status"}),
    ("/tools/get_fact_history", {"ref": "pet:luna", "predicate": "species"}),
    ("/tools/find_entity", {"query": "Luna"}),
    ("/tools/recall_facts_about", {"ref_or_query": "pet:luna"}),
    ("/tools/get_neighbors", {"ref": "pet:luna", "depth": 2}),
    ("/tools/explain_change", {"ref": "pet:luna", "predicate": "status"}),
    ("/tools/effects_of", {"run_id": "x"}),
    ("/tools/search_world_memory", {"query": "Luna", "valid_from": "1900-01-01"}),
    ("/tools/search_world_memory", {"query": "Luna", "valid_to": "2200-12-31"}),
    ("/tools/recall_sources", {"query": "Luna schläft"}),
    ("/tools/recall_sources", {"query": "Luna", "now": "2200-12-31T23:59:59Z"}),
    ("/tools/recall_sources", {"query": "Luna", "now": "1900-01-01"}),
    ("/tools/recall_sources", {"query": "Luna gestern"}),
    ("/tools/reground", {"ref": "pet:luna"}),
    ("/sources/search", {"q": "Luna"}),
    ("/sources/search", {"q": "Luna", "from": "1900-01-01", "to": "2200-12-31"}),
    ("/sources/sessions/edge", {}),
    ("/context", {"message": "Wie geht es Luna?", "scope": "pet:luna"}),
    ("/recall", {"query": "Luna"}),
    ("/review/digest", {}),
    ("/entities", {}),
    ("/reflection/threads", {}),
    ("/reflection/objects/pet:luna", {"system_time": "2200-12-31"}),
    ("/reflection/sessions/edge/state", {}),
]


@pytest.mark.parametrize(("path", "params"), READ_TOOLS)
def test_every_read_tool_answers_with_extreme_stored_times(extreme_world, path, params):
    client, headers = extreme_world["client"], extreme_world["headers"]
    response = client.get(f"/api/v1{path}", params, **headers)
    assert response.status_code < 500, (path, response.content[:500])


PAGES = [
    ("/gedaechtnis/", {}),
    ("/gedaechtnis/e/pet:luna", {}),
    ("/gedaechtnis/e/pet:luna", {"at": "2200-12-31T23:59"}),
    ("/gedaechtnis/e/pet:luna", {"at": "1900-01-01T00:00", "axis": "system"}),
    ("/gedaechtnis/e/pet:luna", {"at": "9999-12-31T23:59"}),
    ("/gedaechtnis/graph/", {}),
    ("/gedaechtnis/graph/pet:luna", {"at": "2200-12-31T23:59"}),
    ("/gedaechtnis/logbuch/", {}),
    ("/gedaechtnis/logbuch/", {"from": "1900-01-01", "to": "2200-12-31"}),
    ("/gedaechtnis/reflexion/", {}),
    ("/gedaechtnis/reflexion/", {"at": "2200-12-31T23:59"}),
    ("/gedaechtnis/quellen/", {}),
    ("/gedaechtnis/quellen/", {"q": "Luna"}),
    ("/gedaechtnis/quellen/sitzung/edge", {}),
    ("/gedaechtnis/pruefen/", {}),
    ("/gedaechtnis/spielwiese/", {}),
]


@pytest.mark.parametrize(("path", "params"), PAGES)
def test_every_page_answers_with_extreme_stored_times(extreme_world, path, params):
    client = Client(raise_request_exception=False)
    client.force_login(login("owner-a", "alice"))
    response = client.get(path, params)
    assert response.status_code < 500, (path, response.content[:500])


def test_the_fact_and_message_pages_answer_with_extreme_stored_times(extreme_world):
    client = Client(raise_request_exception=False)
    client.force_login(login("owner-a", "alice"))
    with owner_scope("owner-a"):
        luna = Entity.objects.get(slug="luna")
        facts = list(luna.facts.values_list("pk", flat=True))
        messages = list(SourceMessage.objects.values_list("pk", flat=True))
    for fact_id in facts:
        response = client.get(f"/gedaechtnis/e/pet:luna/f/{fact_id}")
        assert response.status_code < 500, response.content[:500]
    for message_id in messages:
        response = client.get(f"/gedaechtnis/quellen/nachricht/{message_id}")
        assert response.status_code < 500, response.content[:500]
