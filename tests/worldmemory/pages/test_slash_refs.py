"""A ref the API accepts renders and links on every page, ``/`` in it too
(``repo:octocat/hello-world``); so does a session id with ``/``."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from tests.worldmemory.pages.world import login
from worldmemory.models import Entity, Fact
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

REPO = "repo:octocat/hello-world"
ODD = "repo:a%2Fb/aktuell"  # a percent sign and a suffix of another route inside the ref


@pytest.fixture
def api_post():
    with owner_scope("owner-a") as scope:
        token = token_create(scope=scope, name="t")

    def post(path: str, body: dict) -> dict:
        response = Client().post(
            f"/api/v1{path}",
            json.dumps(body),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        assert response.status_code == 200, response.content
        return response.json()

    return post


@pytest.fixture
def slash_world(api_post) -> dict:
    answer = api_post(
        "/proposals",
        p.proposal(
            p.entity(REPO, "Hello World"),
            p.entity(ODD, "Odd"),
            p.entity("person:octocat", "Octocat"),
            p.fact(REPO, "status", "aktiv"),
            p.relationship("person:octocat", "owns", REPO),
            p.relationship("person:octocat", "owns", ODD),
            {
                "op": "record_event",
                "event_type": "state_change",
                "target_ref": REPO,
                "summary": "Repo angelegt",
                **p.provenance(),
            },
        ),
    )
    assert {r["decision"] for r in answer["results"]} == {"committed"}, answer
    api_post(
        "/sources/messages",
        {
            "messages": [
                {
                    "session_external_id": "chat/42",
                    "external_id": "m1",
                    "role": "user",
                    "text": "Hello World ist mein Repo",
                    "occurred_at": "2025-01-01T10:00:00Z",
                }
            ]
        },
    )
    with owner_scope("owner-a") as scope:
        from worldmemory.committer.context import open_context, queue_review

        queue_review(
            open_context(scope, actor="test"),
            proposal=None,
            op="merge_entities",
            payload={"entity_ref": ODD, "into_ref": REPO, "similarity": 0.8},
            reason="similar names",
        )
        fact = Fact.objects.get(predicate_id="status", subject_entity__slug="octocat/hello-world")
    return {"fact_id": fact.pk}


@pytest.fixture
def client() -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(login("owner-a", "alice"))
    return client


def _links(page: str) -> set[str]:
    return {unescape(href) for href in re.findall(r'href="([^"]+)"', page)}


def _entity_links_resolve(client: Client, page: str, ref: str) -> None:
    url = reverse("gedaechtnis:entity", args=[ref])
    assert url in _links(page), (url, sorted(_links(page)))
    target = client.get(url)
    assert target.status_code == 200, (url, target.content[:300])
    assert ref in target.content.decode()


def test_the_overview_links_the_ref(client, slash_world):
    response = client.get("/gedaechtnis/", {"q": "Hello"})
    assert response.status_code == 200
    _entity_links_resolve(client, response.content.decode(), REPO)
    recent = client.get("/gedaechtnis/").content.decode()
    _entity_links_resolve(client, recent, REPO)


def test_the_log_links_the_ref(client, slash_world):
    response = client.get("/gedaechtnis/logbuch/")
    assert response.status_code == 200
    assert "Repo angelegt" in response.content.decode()


def test_the_entity_page_and_its_partials_and_actions(client, slash_world):
    page = client.get(reverse("gedaechtnis:entity", args=[REPO]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Hello World" in text and "aktiv" in text
    _entity_links_resolve(client, text, "person:octocat")
    owner = client.get(reverse("gedaechtnis:entity", args=["person:octocat"])).content.decode()
    _entity_links_resolve(client, owner, REPO)
    _entity_links_resolve(client, owner, ODD)
    poll = reverse("gedaechtnis:entity-poll", args=[REPO])
    assert client.get(poll, **htmx("facts")).status_code == 200
    provenance = reverse("gedaechtnis:fact-provenance", args=[REPO, slash_world["fact_id"]])
    assert provenance in _links(text)
    assert client.get(provenance).status_code == 200
    end = reverse("gedaechtnis:fact-end", args=[REPO, slash_world["fact_id"]])
    response = client.post(
        end, {"confirmed": "1", "valid_to": "2030-01-01T00:00", "reason": "archiviert"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("gedaechtnis:entity", args=[REPO])
    with owner_scope("owner-a"):
        assert Fact.objects.get(pk=slash_world["fact_id"]).superseded_at is not None


def test_a_ref_ending_like_another_route_opens_its_own_page(client, slash_world):
    response = client.get(reverse("gedaechtnis:entity", args=[ODD]))
    assert response.status_code == 200
    assert "Odd" in response.content.decode()


def test_a_pasted_url_with_a_bare_slash_finds_the_page(client, slash_world):
    response = client.get(f"/gedaechtnis/e/{REPO}")
    assert response.status_code == 200
    assert "Hello World" in response.content.decode()
    assert client.get(f"/gedaechtnis/graph/{REPO}").status_code == 200


def test_the_graph_draws_and_links_the_ref(client, slash_world):
    response = client.get(reverse("gedaechtnis:graph-entity", args=[REPO]), {"depth": "2"})
    assert response.status_code == 200
    text = response.content.decode()
    _entity_links_resolve(client, text, REPO)
    _entity_links_resolve(client, text, "person:octocat")
    explorer = client.get("/gedaechtnis/graph/", {"kind": "repo"})
    assert explorer.status_code == 200
    _entity_links_resolve(client, explorer.content.decode(), REPO)


def test_the_review_links_both_refs(client, slash_world):
    response = client.get("/gedaechtnis/pruefen/")
    assert response.status_code == 200
    text = response.content.decode()
    _entity_links_resolve(client, text, REPO)
    _entity_links_resolve(client, text, ODD)


def test_the_merge_and_split_actions_take_the_ref(client, slash_world):
    merge = reverse("gedaechtnis:entity-merge", args=[ODD])
    response = client.post(merge, {"confirmed": "1", "into": REPO})
    assert response.status_code == 302, response.content[:300]
    assert response["Location"] == reverse("gedaechtnis:entity", args=[REPO])
    with owner_scope("owner-a"):
        assert Entity.objects.get(slug="a%2Fb/aktuell").status == "merged"


def test_a_session_id_with_a_slash_links_from_the_sources(client, slash_world):
    sources = client.get("/gedaechtnis/quellen/", {"q": "Hello"}).content.decode()
    url = reverse("gedaechtnis:session", args=["chat/42"])
    assert url in _links(sources)
    response = client.get(url)
    assert response.status_code == 200
    assert "Hello World ist mein Repo" in response.content.decode()
    with owner_scope("owner-a"):
        from worldmemory.models import SourceMessage

        message_id = SourceMessage.objects.get().pk
    redirect = client.get(f"/gedaechtnis/quellen/nachricht/{message_id}")
    assert redirect["Location"].startswith(url)
