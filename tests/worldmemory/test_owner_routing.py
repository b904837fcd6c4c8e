"""Every statement on the hot paths names its owner, so Citus can route it to one shard.

Row-level security alone keeps owners apart; a query whose only owner filter is the policy
would be sent to every shard. Captured from the real SQL of the hot paths: the context
block, the read tools, the searches, a commit, an ingest and a retention run.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.db import connections
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory.privileges import tenant_tables
from worldmemory.retention.prune import PRUNE_DB, retention_run
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

OWNER = "owner-routing"
TENANT_TABLES = frozenset(tenant_tables())


NOT_ALIASES = {"where", "on", "join", "left", "inner", "cross", "group", "order", "limit", "set"}
TABLE_REF = re.compile(
    r'(?:FROM|JOIN|UPDATE)\s+"?(\w+)"?(?:\s+(?:AS\s+)?"?(\w+)"?)?', re.IGNORECASE
)
SAME_OWNER = re.compile(r'"?(\w+)"?\."?owner_sub"?\s*=\s*"?(\w+)"?\."?owner_sub"?')


def _segments(sql: str) -> list[str]:
    """A statement's SELECTs one by one: unions and subqueries each pin their own tables."""
    return [part for part in re.split(r"\bUNION(?: ALL)?\b|\(\s*SELECT\b", sql) if part.strip()]


def _refs(segment: str) -> list[tuple[str, str]]:
    return [
        (table, alias if alias and alias.lower() not in NOT_ALIASES else table)
        for table, alias in TABLE_REF.findall(segment)
        if table in TENANT_TABLES
    ]


def _pinned(segment: str) -> set[str]:
    refs = _refs(segment)
    if re.match(r"\s*UPDATE|\s*DELETE", segment, re.IGNORECASE):
        segment = segment[segment.upper().find(" WHERE ") :]  # SET may name owner_sub too
    owner = re.escape(f"'{OWNER}'")
    pinned = {
        alias
        for _, alias in refs
        if re.search(rf'"?{alias}"?\."?owner_sub"?\s*=\s*{owner}', segment)
    }
    if len(refs) == 1 and re.search(rf'(?<![.\w"])"?owner_sub"?\s*=\s*{owner}', segment):
        pinned.add(refs[0][1])
    return pinned


def _unrouted(sql: str) -> set[str]:
    """Tenant tables in ``sql`` whose rows the statement does not pin to the owner: by
    ``owner_sub = '<owner>'``, or by ``owner_sub = <pinned alias>.owner_sub`` along a join or
    into a correlated subquery. An insert names its owner in the row, which routes it."""
    if re.match(r"(?:\d+ times: )?\s*INSERT INTO", sql):
        return set()
    segments = _segments(sql)
    pinned = set().union(*(_pinned(segment) for segment in segments))
    equalities = SAME_OWNER.findall(sql)
    for _ in equalities:
        for left, right in equalities:
            if left in pinned or right in pinned:
                pinned |= {left, right}
    return {table for s in segments for table, alias in _refs(s) if alias not in pinned}


class Agent:
    def __init__(self, token: str) -> None:
        self.client = Client()
        self.headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}

    def get(self, path: str, **params):
        response = self.client.get(f"/api/v1{path}", params, **self.headers)
        assert response.status_code == 200, (path, response.content[:300])
        return response

    def post(self, path: str, body: object):
        response = self.client.post(
            f"/api/v1{path}", json.dumps(body), content_type="application/json", **self.headers
        )
        assert response.status_code == 200, (path, response.content[:300])
        return response


@pytest.fixture
def agent() -> Agent:
    with owner_scope(OWNER) as scope:
        token = token_create(scope=scope, name="routing")
    agent = Agent(token)
    t1 = timezone.now() - timedelta(days=3)
    agent.post(
        "/proposals",
        p.proposal(
            p.entity("pet:luna", "Luna", aliases=("Lunchen",)),
            p.entity("person:anna", "Anna"),
            p.fact("pet:luna", "species", "cat", t1),
            p.relationship("person:anna", "cares_for", "pet:luna", t1),
        ),
    )
    return agent


HOT_PATHS = {
    "context": lambda a: a.get("/context", message="Was frisst Luna?"),
    "get_entity": lambda a: a.get("/tools/get_entity", ref="pet:luna"),
    "state_at": lambda a: a.get("/tools/state_at", ref="pet:luna", valid_time="2020-01-01"),
    "get_fact_history": lambda a: a.get(
        "/tools/get_fact_history", ref="pet:luna", predicate="species"
    ),
    "find_entity": lambda a: a.get("/tools/find_entity", query="Luna"),
    "recall_facts_about": lambda a: a.get("/tools/recall_facts_about", ref_or_query="Luna"),
    "get_neighbors": lambda a: a.get("/tools/get_neighbors", ref="pet:luna"),
    "search_world_memory": lambda a: a.get("/tools/search_world_memory", query="Katze"),
    "source_search": lambda a: a.get("/sources/search", q="Katze"),
    "commit": lambda a: a.post(
        "/proposals", p.proposal(p.fact("pet:luna", "species", "dog", timezone.now()))
    ),
    "ingest": lambda a: a.post(
        "/sources/messages",
        {
            "messages": [
                {
                    "session_external_id": "s1",
                    "external_id": "m1",
                    "role": "user",
                    "text": "Luna ist meine Katze.",
                    "occurred_at": timezone.now().isoformat(),
                }
            ]
        },
    ),
}


def test_a_join_without_the_owner_is_unrouted_and_one_with_it_is_not():
    pinned = (
        f"FROM facts f JOIN entities e ON e.id = f.subject_entity_id WHERE f.owner_sub = '{OWNER}'"
    )
    assert _unrouted(f"SELECT 1 {pinned}") == {"entities"}
    joined = pinned.replace("ON e.id", "ON e.owner_sub = f.owner_sub AND e.id")
    assert _unrouted(f"SELECT 1 {joined}") == set()
    assert _unrouted("SELECT * FROM facts WHERE id = 'x'") == {"facts"}
    assert _unrouted(f"UPDATE facts SET owner_sub = '{OWNER}' WHERE id = 'x'") == {"facts"}


@pytest.mark.django_db(databases=[*BOTH_DATABASES, PRUNE_DB], transaction=True)
def test_a_retention_run_names_its_owner(agent):
    with CaptureQueriesContext(connections[PRUNE_DB]) as captured:
        retention_run(owner_sub=OWNER)
    unrouted = [q["sql"][:300] for q in captured.captured_queries if _unrouted(q["sql"])]
    assert not unrouted, unrouted


@pytest.mark.parametrize("path", sorted(HOT_PATHS))
def test_every_hot_statement_names_its_owner(agent, path):
    with CaptureQueriesContext(connections["app"]) as captured:
        HOT_PATHS[path](agent)
    unrouted = {
        query["sql"][:400]: sorted(_unrouted(query["sql"]))
        for query in captured.captured_queries
        if _unrouted(query["sql"])
    }
    assert not unrouted, json.dumps(unrouted, indent=1, ensure_ascii=False)
