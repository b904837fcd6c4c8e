"""Operators edit the core registries in the admin, within the registry rules; the
vocabulary an owner learned is listed per owner, read-only, under row-level security."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, ProgrammingError, transaction
from django.forms.models import model_to_dict
from django.test import Client

from infra.routers import APP_DB
from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from worldmemory.accounts import account_ensure
from worldmemory.committer import proposal_commit
from worldmemory.models import EntityKind, EventType, OwnRelationType, RelationType
from worldmemory.tenancy import owner_scope

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
        "source": "core",
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
    # the source is not the operator's to choose: the core registries hold core entries only
    form = _relation_form("mentors", source="integration")
    response = operator.post("/admin/worldmemory/relationtype/add/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert RelationType.objects.get(predicate="mentors").source == "core"
    assert operator.post("/admin/worldmemory/relationtype/mentors/delete/").status_code == 403

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


def test_the_admin_applies_the_registry_rules_to_core_entries(operator):
    response = operator.post(
        "/admin/worldmemory/eventtype/add/",
        {
            "key": "deploy",
            "name": "x",
            "description": "",
            "trust_tier": "untrusted",
            "state": "loaded",
            "retention_class": "windowed",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    response = operator.post(
        "/admin/worldmemory/relationtype/add/",
        _relation_form("mirrors", trust_tier="untrusted", is_transitive="on"),
    )
    assert response.status_code == 200
    assert "needs a trusted source" in response.content.decode()
    assert not RelationType.objects.filter(predicate="mirrors").exists()


@pytest.mark.parametrize(
    ("model", "fields"),
    [
        (EntityKind, {"key": "ours"}),
        (RelationType, {"predicate": "ours", "value_kind": "literal"}),
        (EventType, {"key": "ours"}),
    ],
)
def test_the_database_keeps_learned_and_integration_entries_out_of_core(model, fields):
    with pytest.raises(IntegrityError), transaction.atomic(using=APP_DB):
        model.objects.create(**fields, source="learned")


def test_vocabulary_is_deprecated_never_deleted():
    # rows name vocabulary keys without a foreign key, so nothing may take a key away
    denied = pytest.raises(ProgrammingError, match="permission denied")
    with denied, transaction.atomic(using=APP_DB):
        RelationType.objects.filter(predicate="name").delete()
    with owner_scope("owner-a") as scope:
        proposal_commit(scope=scope, proposal=p.parsed(p.fact("pet:x", "toy", "Ball")))
        denied = pytest.raises(ProgrammingError, match="permission denied")
        with denied, transaction.atomic(using=APP_DB):
            OwnRelationType.objects.filter(predicate="toy").delete()


def test_the_admin_lists_learned_vocabulary_per_owner_read_only(operator):
    for owner, predicate in (("operator", "favourite_toy"), ("someone-else", "secret_hobby")):
        with owner_scope(owner) as scope:
            proposal_commit(scope=scope, proposal=p.parsed(p.fact("hamster:luna", predicate, "x")))
    response = operator.get("/admin/worldmemory/ownrelationtype/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "favourite_toy" in page and "secret_hobby" not in page
    kinds = operator.get("/admin/worldmemory/ownentitykind/").content.decode()
    assert "hamster" in kinds
    assert operator.get("/admin/worldmemory/ownrelationtype/add/").status_code == 403
    # the core registry shows neither owner's learned predicate
    core = operator.get("/admin/worldmemory/relationtype/").content.decode()
    assert "favourite_toy" not in core and "secret_hobby" not in core


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


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("de", ["Entitäten", "Beziehungsarten", "Quellnachrichten", "Ereignisarten"]),
        ("en", ["Entities", "Relation types", "Source messages", "Event types"]),
    ],
)
def test_the_admin_index_names_the_models_in_the_operators_language(operator, language, names):
    page = operator.get("/admin/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert all(name in page for name in names), names
    assert "Entitys" not in page


def test_an_operators_edit_reaches_the_next_commit_of_a_process_that_keeps_the_registry(
    operator,
):
    """A worker keeps the registry it read between commits: an operator's edit in the admin
    (another process) changes what the fingerprint read with the commit's clock says, so
    the next commit reads the registry again."""
    with owner_scope("owner-a") as scope:
        first = proposal_commit(
            scope=scope, proposal=p.parsed(p.fact("person:ada", "works_as", "Köchin"))
        )
        assert first.results[0].decision == "committed"
    row = RelationType.objects.get(predicate="works_as")
    form = {**model_to_dict(row), "state": "deprecated"}
    form.update({k: ",".join(v) for k, v in form.items() if isinstance(v, list)})
    form.update({k: "" for k, v in form.items() if v is None})
    response = operator.post("/admin/worldmemory/relationtype/works_as/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    with owner_scope("owner-a") as scope:
        second = proposal_commit(
            scope=scope, proposal=p.parsed(p.fact("person:ada", "works_as", "Bäckerin"))
        )
    assert (second.results[0].decision, second.results[0].reason) == (
        "rejected",
        "predicate 'works_as' is deprecated",
    )
