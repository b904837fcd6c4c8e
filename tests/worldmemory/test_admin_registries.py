"""Operators edit the registries in the admin, within the registry rules."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import BOTH_DATABASES
from worldmemory.accounts import account_ensure
from worldmemory.models import EntityKind, EventType, RelationType

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture
def operator() -> Client:
    user, _ = account_ensure(
        username="operator", owner_sub="operator", password="a-long-password", superuser=True
    )
    client = Client()
    client.force_login(user)
    return client


def _relation_form(predicate: str, **overrides) -> dict:
    return {
        "predicate": predicate,
        "name": predicate,
        "description": "",
        "source": "integration",
        "trust_tier": "trusted",
        "state": "loaded",
        "inverse_predicate": "",
        "cardinality": "set",
        "value_kind": "entity",
        "subject_kinds": "",
        "object_kinds": "",
        **overrides,
    }


def test_admin_lists_and_edits_core_registries(operator):
    response = operator.get("/admin/worldmemory/relationtype/")
    assert response.status_code == 200
    assert b"cares_for" in response.content
    form = _relation_form("github:reviewed_by")
    response = operator.post("/admin/worldmemory/relationtype/add/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert RelationType.objects.get(predicate="github:reviewed_by").source == "integration"

    response = operator.post(
        "/admin/worldmemory/entitykind/pet/change/",
        {
            "key": "pet",
            "name": "Haustier",
            "description": "",
            "source": "core",
            "trust_tier": "trusted",
            "state": "loaded",
            "attribute_schema": "{}",
            "rag": "on",
            "category": "world",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert EntityKind.objects.get(key="pet").name == "Haustier"


@pytest.mark.parametrize(
    ("form", "message"),
    [
        (_relation_form("reviewed_by"), "must be namespaced as domain:key"),
        (_relation_form("core:status"), "shadows core vocabulary"),
        (
            _relation_form("github:controls", privileged="on"),
            "Only core vocabulary may be privileged",
        ),
    ],
)
def test_admin_refuses_bad_integration_keys_with_a_visible_message(operator, form, message):
    response = operator.post("/admin/worldmemory/relationtype/add/", form)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not RelationType.objects.filter(predicate=form["predicate"]).exists()


def test_admin_applies_the_same_rules_to_kinds_and_event_types(operator):
    base = {
        "name": "x",
        "description": "",
        "source": "integration",
        "trust_tier": "trusted",
        "state": "loaded",
    }
    response = operator.post(
        "/admin/worldmemory/entitykind/add/",
        {**base, "key": "ticket", "attribute_schema": "{}", "category": ""},
    )
    assert "must be namespaced" in response.content.decode()
    response = operator.post(
        "/admin/worldmemory/eventtype/add/", {**base, "key": "github:push", "privileged": "on"}
    )
    assert "Only core vocabulary may be privileged" in response.content.decode()
    assert not EntityKind.objects.filter(key="ticket").exists()
    assert not EventType.objects.filter(key="github:push").exists()


def test_core_vocabulary_is_seeded():
    kinds = set(EntityKind.objects.values_list("key", flat=True))
    assert {"person", "pet", "policy", "thread", "reflection_space", "resurfacing_anchor"} <= kinds
    predicates = {r.predicate: r for r in RelationType.objects.all()}
    assert predicates["name"].cardinality == "functional"
    assert predicates["cares_for"].cardinality == "set"
    assert predicates["controls"].privileged and predicates["can_control"].privileged
    assert {"memory_commit", "merge", "split", "invalidate", "intent_outcome"} <= set(
        EventType.objects.values_list("key", flat=True)
    )
