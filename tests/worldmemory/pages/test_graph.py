"""Graph: the neighbourhood as inline SVG, and the filter-first explorer with a node limit."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.conftest import htmx
from worldmemory.models import Entity, Fact
from worldmemory.pages import graph
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def test_neighbourhood_draws_linked_nodes(client_a, world):
    response = client_a.get("/gedaechtnis/graph/pet:luna")
    page = response.content.decode()
    assert response.status_code == 200
    assert "<svg" in page
    assert 'data-ref="pet:luna"' in page and 'data-ref="person:me"' in page
    assert 'href="/gedaechtnis/e/person:me"' in page
    assert "cares_for" in page
    # coordinates are plain numbers in every language (German would write "220,0")
    assert re.search(r'<circle cx="\d+(\.\d+)?" cy="\d+(\.\d+)?"', page)
    assert not re.search(r'c[xy]="\d+,', page)


def test_neighbourhood_partial_and_depth(client_a, world):
    response = client_a.get("/gedaechtnis/graph/pet:luna", {"depth": "2"}, **htmx("graph-body"))
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="graph-body"') and "<svg" in page
    # the time label above the swapped body follows the chosen axis
    known = client_a.get("/gedaechtnis/graph/pet:luna", {"axis": "system"}, **htmx("graph-body"))
    assert '<span id="asof-legend" hx-swap-oob="true">Was wusste der Agent am …</span>' in (
        known.content.decode()
    )
    explorer = client_a.get("/gedaechtnis/graph/", {"kind": "pet"}, **htmx("graph-body"))
    assert "asof-legend" not in explorer.content.decode()  # its label does not change


def test_neighbourhood_as_of_before_the_relationship_is_empty(client_a, world):
    response = client_a.get("/gedaechtnis/graph/pet:luna", {"at": "2020-01-01T00:00"})
    page = response.content.decode()
    assert 'data-ref="person:me"' not in page
    assert "Keine passenden Beziehungen." in page


def test_neighbourhood_bad_date_is_an_error(client_a, world):
    response = client_a.get("/gedaechtnis/graph/pet:luna", {"at": "übermorgen früh"})
    assert response.status_code == 422


def test_neighbourhood_of_another_owner_is_404(client_b, world):
    assert client_b.get("/gedaechtnis/graph/pet:luna").status_code == 404


def test_explorer_asks_for_filters_first(client_a, world):
    page = client_a.get("/gedaechtnis/graph/").content.decode()
    assert "Wähle zuerst" in page and "<svg" not in page


def test_explorer_draws_with_a_filter(client_a, world):
    response = client_a.get("/gedaechtnis/graph/", {"predicate": "cares_for"}, **htmx("graph-body"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "<svg" in page and 'data-ref="pet:luna"' in page


def test_explorer_rejects_an_unknown_filter(client_a, world):
    response = client_a.get("/gedaechtnis/graph/", {"kind": "einhorn"})
    assert response.status_code == 422
    assert "einhorn" in response.content.decode()


def test_explorer_refuses_more_than_the_node_limit(client_a, world, monkeypatch):
    monkeypatch.setattr(graph, "NODE_LIMIT", 3)
    with owner_scope("owner-a") as scope:
        me = Entity.objects.get(slug="me")
        for index in range(4):
            pet = Entity.objects.create(
                owner_sub=scope.owner_sub, kind_id="pet", slug=f"p{index}", canonical_name="P"
            )
            Fact.objects.create(
                owner_sub=scope.owner_sub,
                subject_entity=me,
                predicate_id="cares_for",
                object_kind="entity",
                object_entity=pet,
                valid_from=me.created_at,
                recorded_at=me.created_at,
                source="test",
                memory_type="user_assertion",
            )
    page = client_a.get("/gedaechtnis/graph/", {"kind": "pet"}).content.decode()
    assert "<svg" not in page
    assert "Grenze ein" in page


def test_neighbourhood_valid_time_against_system_time(client_a, world):
    """Learned now that Luna lived at home five days ago: valid time two days ago shows the
    edge, what the agent knew two days ago does not."""
    with owner_scope("owner-a") as scope:
        home = Entity.objects.create(
            owner_sub=scope.owner_sub, kind_id="place", slug="home", canonical_name="Zuhause"
        )
        Fact.objects.create(
            owner_sub=scope.owner_sub,
            subject_entity=world.luna,
            predicate_id="lives_in",
            object_kind="entity",
            object_entity=home,
            valid_from=timezone.now() - timedelta(days=5),
            recorded_at=timezone.now(),
            source="user:chat",
            memory_type="user_assertion",
        )
    at = timezone.localtime(timezone.now() - timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
    url = "/gedaechtnis/graph/pet:luna"
    valid = client_a.get(url, {"at": at}).content.decode()
    known = client_a.get(url, {"at": at, "axis": "system"}).content.decode()
    assert 'data-ref="place:home"' in valid
    assert 'data-ref="place:home"' not in known
