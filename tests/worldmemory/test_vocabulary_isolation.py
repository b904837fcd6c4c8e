"""Vocabulary is owner-private: what one owner's memory learned or its integrations
registered neither changes nor shows in another owner's answers (issue 15, finding 10)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.test import Client

from infra.routers import APP_DB
from tests import factories
from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.integrations.fake_github import FakeGitHub, issue
from tests.worldmemory.pages.world import login
from tests.worldmemory.test_api import Api, _token
from worldmemory.committer import proposal_commit
from worldmemory.context import inference_predicates
from worldmemory.models import (
    Entity,
    Fact,
    OwnEntityKind,
    OwnEventType,
    OwnRelationType,
    ResolvedEntityKind,
    ResolvedEventType,
    ResolvedRelationType,
    WorldEvent,
)
from worldmemory.tenancy import owner_scope
from worldmemory.validator import Registry

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

A, B = "owner-a", "owner-b"


def commit(owner: str, *ops: dict) -> list[tuple[str, str]]:
    with owner_scope(owner) as scope:
        result = proposal_commit(scope=scope, proposal=p.parsed(*ops))
    return [(r.decision, r.reason) for r in result.results]


def blanked(answers: list[tuple[str, str]], *keys: str) -> list[tuple[str, str]]:
    for key in keys:
        answers = [(decision, reason.replace(key, "?")) for decision, reason in answers]
    return answers


@pytest.fixture
def a_learned():
    """Owner A's trusted assertions teach a literal attribute and a kind."""
    decisions = commit(
        A, p.entity("hamster:krümel", "Krümel"), p.fact("hamster:krümel", "favourite_toy", "Rad")
    )
    assert [d for d, _ in decisions] == ["committed", "committed"]


# --- learning -----------------------------------------------------------------------------


@pytest.mark.usefixtures("a_learned")
def test_what_one_owner_learns_is_its_own():
    with owner_scope(A):
        assert OwnRelationType.objects.get(predicate="favourite_toy").cardinality == "functional"
        assert OwnEntityKind.objects.filter(key="hamster", source="learned").exists()
        registry = Registry.load(owner_sub=A)
        assert "favourite_toy" in registry.predicates and "hamster" in registry.kinds
    with owner_scope(B):
        assert not OwnRelationType.objects.exists() and not OwnEntityKind.objects.exists()
        registry = Registry.load(owner_sub=B)
        assert "favourite_toy" not in registry.predicates and "hamster" not in registry.kinds
        assert "name" in registry.predicates and "person" in registry.kinds  # core for all
    # and without an owner nobody's learned vocabulary is visible, only core
    assert not ResolvedRelationType.objects.filter(predicate="favourite_toy").exists()
    assert ResolvedRelationType.objects.filter(predicate="name").exists()


@pytest.mark.usefixtures("a_learned")
def test_an_owner_learns_the_same_key_independently():
    # B learns favourite_toy too: its own row, and A's is untouched by B's later changes
    assert commit(B, p.fact("hamster:flocke", "favourite_toy", "Ball"))[0][0] == "committed"
    with owner_scope(B):
        OwnRelationType.objects.filter(predicate="favourite_toy").update(state="deprecated")
        assert commit(B, p.fact("hamster:flocke", "favourite_toy", "Seil"))[0] == (
            "rejected",
            "predicate 'favourite_toy' is deprecated",
        )
    assert commit(A, p.fact("hamster:krümel", "favourite_toy", "Tunnel"))[0][0] == "committed"


# --- the validator's answers ---------------------------------------------------------------


@pytest.mark.usefixtures("a_learned")
def test_answers_for_a_predicate_another_owner_learned_reveal_nothing():
    # before: B's relationship with A's literal predicate was "rejected: takes literal objects"
    # while an unused one was "pending: unknown"; now both are the unknown answer
    def ops(predicate: str, kind: str) -> list[dict]:
        return [
            p.relationship("person:me", predicate, "person:anna"),
            p.entity(f"{kind}:x", "X", trust_tier="untrusted"),
            p.fact(f"{kind}:y", "colour", "grau", memory_type="hypothesis"),
        ]

    # the same ops for keys A uses and for keys nobody ever used, keys blanked
    used = blanked(commit(B, *ops("favourite_toy", "hamster")), "favourite_toy", "hamster")
    fresh = blanked(commit(B, *ops("unused_attr", "unused_kind")), "unused_attr", "unused_kind")
    assert used == fresh
    assert used[0] == ("pending", "unknown relationship predicate '?'")
    assert used[1] == ("pending", "unknown entity kind '?'")


@pytest.mark.usefixtures("a_learned")
def test_the_database_refuses_another_owners_vocabulary():
    with owner_scope(B) as scope:
        luna = factories.entity(scope, kind="pet", name="Flocke")
        refused = pytest.raises(IntegrityError, match="not in the vocabulary")
        with refused, transaction.atomic(using=APP_DB):
            factories.fact(scope, subject=luna, predicate="favourite_toy", value="x")
        refused = pytest.raises(IntegrityError, match="not in the vocabulary")
        with refused, transaction.atomic(using=APP_DB):
            factories.entity(scope, kind="hamster", name="Flocke")
    with owner_scope(A) as scope:  # the owner itself may
        flocke = factories.entity(scope, kind="hamster", name="Flocke")
        assert factories.fact(scope, subject=flocke, predicate="favourite_toy", value="y")


# --- integrations: same domain and keys, different tiers and cardinalities ----------------

STATE = {"key": "github:state", "value_kind": "literal"}


def test_two_owners_register_the_same_domain_independently():
    a, b = Api(_token(A)), Api(_token(B))
    a_github = FakeGitHub(a, trust_tier="trusted")
    registered = a_github.register(
        kinds=[{"key": "github:issue", "rag": True}],
        predicates=[{**STATE, "cardinality": "functional"}],
        event_types=[{"key": "github:push", "retention_class": "permanent"}],
    )
    assert registered.status_code == 200, registered.content
    b_github = FakeGitHub(b, trust_tier="untrusted")
    registered = b_github.register(
        kinds=[{"key": "github:issue"}],
        predicates=[{**STATE, "cardinality": "set"}],
        event_types=[{"key": "github:push", "retention_class": "windowed"}],
    )
    assert registered.status_code == 200, registered.content
    # B's registration created B's rows; it did not update A's
    assert {r["action"] for r in registered.json()["registered"]} == {"created"}

    with owner_scope(A):
        state = ResolvedRelationType.objects.get(predicate="github:state")
        push = ResolvedEventType.objects.get(key="github:push")
        kind = ResolvedEntityKind.objects.get(key="github:issue")
        assert (state.cardinality, state.trust_tier) == ("functional", "trusted")
        assert (push.retention_class, push.trust_tier) == ("permanent", "trusted")
        assert (kind.rag, kind.trust_tier) == (True, "trusted")
    with owner_scope(B):
        state = ResolvedRelationType.objects.get(predicate="github:state")
        push = ResolvedEventType.objects.get(key="github:push")
        assert (state.cardinality, state.trust_tier) == ("set", "untrusted")
        assert (push.retention_class, push.trust_tier) == ("windowed", "untrusted")
        assert OwnEntityKind.objects.get(key="github:issue").rag is False

    # A's functional state keeps one current value through syncs
    for status in ("open", "closed"):
        item = issue(7, status=status, facts=[{"predicate": "github:state", "value": status}])
        assert a_github.sync(item).status_code == 200
    with owner_scope(A):
        current = Fact.objects.filter(
            predicate_id="github:state", superseded_at__isnull=True, valid_to__isnull=True
        )
        assert [(f.object_value, f.is_functional) for f in current] == [("closed", True)]
        # A's event of its permanent type is permanent
        event = {"op": "record_event", "event_type": "github:push", **p.provenance()}
        assert commit(A, event)[0][0] == "committed"
        assert WorldEvent.objects.get(event_type_id="github:push").retention_class == "permanent"

    # B's facts of the same key are B's set-valued ones (written as B's integration would)
    with owner_scope(B) as scope:
        ticket = factories.entity(scope, kind="github:issue", name="#7")
        for value in ("open", "closed"):
            factories.fact(scope, subject=ticket, predicate="github:state", value=value)
        assert set(
            Fact.objects.filter(predicate_id="github:state").values_list("is_functional", flat=True)
        ) == {False}


def test_a_later_trusted_registration_does_not_inherit_another_owners_distrust():
    b_github = FakeGitHub(Api(_token(B)), trust_tier="untrusted")
    assert b_github.register(predicates=[{**STATE, "is_transitive": True}]).status_code == 200
    a_github = FakeGitHub(Api(_token(A)), trust_tier="trusted")
    registered = a_github.register(predicates=[{**STATE, "is_transitive": True}]).json()
    assert registered["registered"][0]["clamped"] == []
    with owner_scope(A):
        state = OwnRelationType.objects.get(predicate="github:state")
        assert (state.trust_tier, state.is_transitive) == ("trusted", True)


def test_a_sync_cannot_use_or_detect_another_owners_integration_types():
    a_gitlab = FakeGitHub(Api(_token(A)), domain="gitlab")
    assert a_gitlab.register(kinds=[{"key": "gitlab:merge_request"}]).status_code == 200
    b_github = FakeGitHub(Api(_token(B)))
    problems = []
    for kind in ("gitlab:merge_request", "gitlab:never_registered"):
        response = b_github.sync({"kind": kind, "external_id": "1", "name": "x"})
        assert response.status_code == 422
        problems.append(response.json()["problems"][0].replace(kind, "?"))
    assert problems[0] == problems[1] == "unknown entity kind '?'"


# --- reads: context, pages ------------------------------------------------------------------


def test_inference_predicates_are_the_owners_own(monkeypatch):
    # read afresh: an earlier test of the same owner may have filled the minute's cache
    monkeypatch.setattr("worldmemory.context._inference_cache", {})
    for owner in (A, B):
        with owner_scope(owner):
            OwnRelationType.objects.create(
                owner_sub=owner,
                predicate=f"{owner.replace('-', '_')}:manages",
                value_kind="entity",
                source="integration",
                inference_enabled=owner == A,
            )
    with owner_scope(A) as scope:
        assert "owner_a:manages" in inference_predicates(scope=scope)
    with owner_scope(B) as scope:
        assert not {"owner_a:manages", "owner_b:manages"} & inference_predicates(scope=scope)


@pytest.mark.usefixtures("a_learned")
def test_pages_list_only_the_owners_vocabulary():
    with owner_scope(A):
        OwnEventType.objects.create(owner_sub=A, key="github:push", source="integration")
    client = Client()
    client.force_login(login(B, "bob"))
    unknown = client.get("/gedaechtnis/graph/", {"kind": "hamster"})
    assert unknown.status_code == 422
    log = client.get("/gedaechtnis/logbuch/").content.decode()
    assert "github:push" not in log
    refused = client.get("/gedaechtnis/logbuch/", {"type": "github:push"})
    assert "github:push" in refused.content.decode()  # named as unknown in the error
    client.force_login(login(A, "alice"))
    assert client.get("/gedaechtnis/graph/", {"kind": "hamster"}).status_code == 200
    assert "github:push" in client.get("/gedaechtnis/logbuch/").content.decode()


def test_a_rag_kind_of_one_owner_is_not_embedded_for_another():
    # ``kind__rag`` reads the owner's resolved kind: B's rows of the key are not rag
    assert (
        FakeGitHub(Api(_token(A))).register(kinds=[{"key": "github:issue", "rag": True}])
    ).status_code == 200
    assert FakeGitHub(Api(_token(B))).register(kinds=[{"key": "github:issue"}]).status_code == 200
    for owner in (A, B):
        with owner_scope(owner) as scope:
            factories.entity(scope, kind="github:issue", name="#1")
    with owner_scope(A):
        assert Entity.objects.filter(kind__rag=True).count() == 1
    with owner_scope(B):
        assert Entity.objects.filter(kind__rag=True).count() == 0
