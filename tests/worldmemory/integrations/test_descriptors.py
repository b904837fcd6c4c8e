"""Descriptor registration and the registry guard rails; removing an integration."""

from __future__ import annotations

import pytest

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.integrations.fake_github import DESCRIPTORS, FakeGitHub, issue
from tests.worldmemory.test_api import Api, _token
from worldmemory.models import (
    Entity,
    EntityKind,
    OwnEntityKind,
    OwnEventType,
    OwnRelationType,
)
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


@pytest.fixture
def owner() -> Api:
    return Api(_token("owner-gh"))


def own(model, key: str, *, owner: str = "owner-gh"):
    """The owner's own vocabulary entry ``key``, read under its row-level security."""
    field = "predicate" if model is OwnRelationType else "key"
    with owner_scope(owner):
        return model.objects.get(**{field: key})


def test_an_integration_registers_its_namespaced_types(owner):
    github = FakeGitHub(owner, trust_tier="trusted")
    response = github.register(**DESCRIPTORS)
    assert response.status_code == 200, response.content
    actions = {r["key"]: r["action"] for r in response.json()["registered"]}
    assert actions == dict.fromkeys(
        [
            "github:issue",
            "github:pull_request",
            "github:reviewed_by",
            "github:labels",
            "github:duplicates",
            "github:push",
        ],
        "created",
    )
    reviewed = own(OwnRelationType, "github:reviewed_by")
    assert (reviewed.source, reviewed.trust_tier, reviewed.value_kind) == (
        "integration",
        "trusted",
        "entity",
    )
    assert own(OwnRelationType, "github:labels").value_kind == "literal"
    duplicates = own(OwnRelationType, "github:duplicates")
    assert duplicates.is_symmetric and duplicates.is_transitive  # trusted: kept
    assert own(OwnEventType, "github:push").retention_class == "windowed"
    # the owner's own rows: nothing lands in the global core registries
    assert not EntityKind.objects.filter(pk="github:issue").exists()
    again = github.register(**DESCRIPTORS).json()["registered"]
    assert {r["action"] for r in again} == {"unchanged"}


def test_an_untrusted_integration_gets_inference_flags_clamped(owner):
    github = FakeGitHub(owner, trust_tier="untrusted")
    response = github.register(**DESCRIPTORS)
    assert response.status_code == 200, response.content
    clamped = {r["key"]: r["clamped"] for r in response.json()["registered"]}
    assert sorted(clamped["github:duplicates"]) == ["is_symmetric", "is_transitive"]
    duplicates = own(OwnRelationType, "github:duplicates")
    assert not duplicates.is_symmetric and not duplicates.is_transitive
    assert duplicates.trust_tier == "untrusted"


@pytest.mark.parametrize(
    ("descriptors", "reason"),
    [
        ({"kinds": [{"key": "issue"}]}, "must be namespaced"),
        ({"kinds": [{"key": "gd:issue"}]}, "reserved"),
        ({"kinds": [{"key": "jira:issue"}]}, "outside this integration's namespace"),
        ({"kinds": [{"key": "github:policy"}]}, "privileged kind"),
        ({"kinds": [{"key": "github:repo_admin", "privileged": True}]}, "Only core"),
        ({"predicates": [{"key": "github:can_control"}]}, "capability predicate"),
        ({"predicates": [{"key": "github:controls"}]}, "capability predicate"),
        ({"predicates": [{"key": "status"}]}, "must be namespaced"),
        (
            {"predicates": [{"key": "github:assigned", "object_kinds": ["github:nothing"]}]},
            "unknown entity kinds github:nothing",
        ),
        ({"event_types": [{"key": "push"}]}, "must be namespaced"),
    ],
)
def test_refused_descriptors_register_nothing(owner, descriptors, reason):
    github = FakeGitHub(owner)
    # a valid descriptor in the same batch is not registered either
    batch = {"kinds": [{"key": "github:milestone"}], **descriptors}
    if "kinds" in descriptors:
        batch["kinds"] = [{"key": "github:milestone"}, *descriptors["kinds"]]
    response = github.register(**batch)
    assert response.status_code == 422, response.content
    body = response.json()
    assert any(reason in message for r in body["refused"] for message in r["reasons"]), body
    with owner_scope("owner-gh"):
        assert not OwnEntityKind.objects.filter(key="github:milestone").exists()


def test_owner_tokens_and_integration_tokens_do_not_mix(owner):
    github = FakeGitHub(owner)
    as_owner = owner.post("/integrations/descriptors", DESCRIPTORS)
    assert as_owner.status_code == 401
    with_integration_token = Api(github.token).get("/tools/get_entity", ref="person:me")
    assert with_integration_token.status_code == 401
    duplicate = owner.post("/integrations", {"domain": "github"})
    assert duplicate.status_code == 409
    assert owner.post("/integrations", {"domain": "core"}).status_code == 422


def test_removing_an_integration_deprecates_its_owners_types_and_marks_instances_stale(owner):
    github = FakeGitHub(owner)
    assert github.register(**DESCRIPTORS).status_code == 200
    assert github.sync(issue(40)).status_code == 200
    other = Api(_token("owner-other"))
    assert FakeGitHub(other).register(**DESCRIPTORS).status_code == 200  # same domain and keys

    first = owner.client.delete("/api/v1/integrations/github", **owner.headers)
    assert first.status_code == 200, first.content
    assert first.json() == {"domain": "github", "stale_entities": 1, "deprecated_types": 6}
    assert own(OwnEntityKind, "github:issue").state == "deprecated"
    assert own(OwnRelationType, "github:reviewed_by").state == "deprecated"
    # the other owner's registrations of the same domain are its own and stay loaded
    assert own(OwnEntityKind, "github:issue", owner="owner-other").state == "loaded"
    assert own(OwnEventType, "github:push", owner="owner-other").state == "loaded"
    with owner_scope("owner-gh"):
        stale = Entity.objects.get(external_id="acme/api#40")
        assert stale.stale_since is not None and stale.status == "active"  # nothing deleted
    assert github.sync(issue(41)).status_code == 401  # its token is revoked

    last = other.client.delete("/api/v1/integrations/github", **other.headers)
    assert last.json()["deprecated_types"] == 6
    assert own(OwnRelationType, "github:reviewed_by", owner="owner-other").state == "deprecated"
    missing = owner.client.delete("/api/v1/integrations/github", **owner.headers)
    assert missing.status_code == 404


def test_a_new_integration_of_the_domain_loads_the_owners_types_again(owner):
    assert FakeGitHub(owner).register(**DESCRIPTORS).status_code == 200
    assert owner.client.delete("/api/v1/integrations/github", **owner.headers).status_code == 200
    again = FakeGitHub(owner).register(**DESCRIPTORS)
    assert {r["action"] for r in again.json()["registered"]} == {"updated"}
    assert own(OwnEntityKind, "github:issue").state == "loaded"
