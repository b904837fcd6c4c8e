"""Sync: upsert by (source_entry_id, kind, external_id), content hash, backdated observed
state, windowed retention, and the inferred causation of a change after an agent action."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests import proposals as p
from tests.conftest import BOTH_DATABASES
from tests.worldmemory.integrations.fake_github import DESCRIPTORS, FakeGitHub, issue
from tests.worldmemory.test_api import Api, _token
from worldmemory import causality, tools
from worldmemory.committer import proposal_accept, proposal_commit
from worldmemory.models import Entity, EntityAlias, Fact, OwnEntityKind, ProposalOp, WorldEvent
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

OWNER = "owner-sync"


@pytest.fixture
def owner() -> Api:
    return Api(_token(OWNER))


@pytest.fixture
def github(owner) -> FakeGitHub:
    client = FakeGitHub(owner, trust_tier="trusted")
    assert client.register(**DESCRIPTORS).status_code == 200
    return client


def _counts() -> tuple[int, int, int]:
    with owner_scope(OWNER):
        return Entity.objects.count(), Fact.objects.count(), WorldEvent.objects.count()


def test_an_issue_synced_twice_is_written_once(github):
    first = github.sync(issue(40), source_entry_id="acme")
    assert first.status_code == 200, first.content
    body = first.json()
    assert (body["created"], body["unchanged"]) == (1, 0)
    (item,) = body["items"]
    assert item["entity_ref"] == "github:issue:acme-api-40"
    assert item["facts"] == [{"predicate": "status", "decision": "committed", "reason": ""}]
    before = _counts()

    second = github.sync(issue(40), source_entry_id="acme")
    assert second.json()["unchanged"] == 1 and second.json()["items"][0]["event_id"] is None
    assert _counts() == before  # nothing written, not even a sync timestamp

    with owner_scope(OWNER):
        entity = Entity.objects.get(external_id="acme/api#40")
        assert (entity.source_entry_id, entity.kind_id) == ("github:acme", "github:issue")
        assert entity.backing_ref == {"table": "github_issues", "id": 40}
        assert len(entity.content_hash) == 64
        (status,) = Fact.objects.filter(subject_entity=entity, predicate_id="status")
        assert status.memory_type == "observed_state"
        assert status.retention_class == "windowed"  # sync facts are windowed by default
        assert status.source == "github:sync"
        event = WorldEvent.objects.get(pk=item["event_id"])
        assert (event.event_type_id, event.retention_class) == ("integration_sync", "windowed")
    # the same external id under another source entry is another item
    other = github.sync(issue(40), source_entry_id="fork").json()["items"][0]
    assert other["outcome"] == "created" and other["entity_ref"] == "github:issue:acme-api-40-2"


def test_a_backdated_status_change_is_answered_right(github):
    now = timezone.now()
    monday = now - timedelta(days=1)
    github.sync(issue(40, changed_at=(now - timedelta(days=5)).isoformat()))
    with owner_scope(OWNER):
        learned_open = WorldEvent.objects.order_by("-recorded_at").first().recorded_at
    blocked = github.sync(issue(40, status="blocked", changed_at=monday.isoformat()))
    assert blocked.json()["updated"] == 1

    with owner_scope(OWNER) as scope:
        ref = "github:issue:acme-api-40"
        tuesday_view = tools.state_at(scope=scope, ref=ref, valid_time=monday + timedelta(hours=2))
        assert "status = blocked" in tuesday_view["text"]
        before_monday = tools.state_at(scope=scope, ref=ref, valid_time=monday - timedelta(hours=2))
        assert "status = open" in before_monday["text"]
        known_then = tools.state_as_known_at(
            scope=scope, ref=ref, system_time=learned_open, valid_time=monday + timedelta(hours=2)
        )
        assert "status = open" in known_then["text"]  # blocked since Monday, learned later
        (current,) = tools.get_entity(scope=scope, ref=ref)["data"]["facts"]
        assert current["value"] == "blocked"
        assert current["valid_from"] == monday  # when it changed, not when we learned it


def test_relationships_between_synced_items_and_refused_batches(github):
    duplicate = issue(
        41,
        facts=[
            {
                "predicate": "github:duplicates",
                "object": {"kind": "github:issue", "external_id": "acme/api#40"},
            }
        ],
    )
    response = github.sync(issue(40), duplicate)
    assert response.status_code == 200, response.content
    assert response.json()["items"][1]["facts"][0]["decision"] == "committed"
    with owner_scope(OWNER):
        edge = Fact.objects.get(predicate_id="github:duplicates")
        assert edge.object_entity.external_id == "acme/api#40"
        assert edge.subject_entity.external_id == "acme/api#41"

    before = _counts()
    refusals = [
        {"kind": "jira:issue", "external_id": "J-1", "name": "x"},
        {
            "kind": "github:issue",
            "external_id": "1",
            "name": "x",
            "facts": [{"predicate": "jira:points", "value": 3}],
        },
        {"kind": "policy", "external_id": "1", "name": "x"},
        {
            "kind": "github:issue",
            "external_id": "2",
            "name": "x",
            "facts": [
                {"predicate": "status", "object": {"kind": "github:issue", "external_id": "nope"}}
            ],
        },
    ]
    for bad in refusals:
        refused = github.sync(issue(42), bad)
        assert refused.status_code == 422, (bad, refused.content)
        assert refused.json()["detail"]
    assert _counts() == before  # nothing half-written: not even the valid issue 41


def test_an_untrusted_integration_feeds_the_review_queue(owner):
    github = FakeGitHub(owner, domain="gitea", trust_tier="untrusted")
    response = github.sync({**issue(3), "kind": "issue"})
    assert response.status_code == 200, response.content
    (decision,) = response.json()["items"][0]["facts"]
    assert decision["decision"] == "pending"
    with owner_scope(OWNER):
        assert not Fact.objects.filter(predicate_id="status").exists()
        pending = ProposalOp.objects.get(decision="pending")
        assert pending.payload["trust_tier"] == "untrusted"
        # the item's names are recorded at the integration's tier, not as trusted
        entity = Entity.objects.get(external_id="acme/api#3")
        tiers = set(EntityAlias.objects.filter(entity=entity).values_list("source_trust_tier"))
        assert tiers == {("untrusted",)}

    with owner_scope(OWNER) as scope:
        (accepted,) = proposal_accept(scope=scope, item_id=pending.pk, actor=f"user:{OWNER}")
        assert accepted.decision == "committed"
        # accepting an observation does not make it permanent: it stays windowed
        status = Fact.objects.get(predicate_id="status", subject_entity=entity)
        assert (status.memory_type, status.source) == ("observed_state", "gitea:sync")
        assert status.retention_class == "windowed"


def test_a_change_after_an_agent_action_is_linked_as_inferred(github):
    created = github.sync(issue(40)).json()["items"][0]
    with owner_scope(OWNER) as scope:
        action = proposal_commit(
            scope=scope,
            proposal=p.parsed(
                {
                    "op": "record_event",
                    "event_type": "agent_action",
                    "summary": "du hast issue #40 geschlossen",
                    "target_ref": created["entity_ref"],
                    "intent": "erledigtes Issue schließen",
                    **p.provenance(timezone.now() - timedelta(minutes=2)),
                    "memory_type": "agent_action",
                    "source": "agent:run",
                }
            ),
        )
        action_id = action.results[0].ids["event_id"]
    changed = github.sync(issue(40, status="closed")).json()["items"][0]
    assert changed["inferred_cause_event_id"] == action_id

    with owner_scope(OWNER) as scope:
        event = WorldEvent.objects.get(pk=changed["event_id"])
        assert (str(event.caused_by_event_id), event.causation_kind) == (action_id, "inferred")
        assert event.payload["memory_type"] == "hypothesis"
        # never a hard fact: the observed state is an observation, the link only a hypothesis
        status = Fact.objects.get(
            predicate_id="status", superseded_at__isnull=True, valid_to__isnull=True
        )
        assert status.memory_type == "observed_state"
        assert not Fact.objects.filter(memory_type="hypothesis").exists()
        effects = causality.effects_of(scope=scope, event_id=action_id)
        assert "inferred, not evidenced" in effects["text"]
        assert any(f["value"] == "closed" for f in effects["data"]["facts"])
        why = causality.explain_change(scope=scope, fact_id=status.pk)
        assert "(inferred, not evidenced)" in why["text"]
        assert "triggered by: du hast issue #40 geschlossen" in why["text"]
        assert [c["causation_kind"] for c in why["data"]["causes"]][1:] == ["inferred", None]


def test_a_change_long_after_an_action_is_not_linked(github):
    created = github.sync(issue(40)).json()["items"][0]
    with owner_scope(OWNER) as scope:
        proposal_commit(
            scope=scope,
            proposal=p.parsed(
                {
                    "op": "record_event",
                    "event_type": "agent_action",
                    "summary": "Kommentar geschrieben",
                    "target_ref": created["entity_ref"],
                    **p.provenance(timezone.now() - timedelta(hours=3)),
                    "memory_type": "agent_action",
                    "source": "agent:run",
                }
            ),
        )
    changed = github.sync(issue(40, status="closed")).json()["items"][0]
    assert changed["inferred_cause_event_id"] is None
    with owner_scope(OWNER):
        assert WorldEvent.objects.get(pk=changed["event_id"]).causation_kind == "direct"


def test_sync_stays_inside_the_owner(github):
    github.sync(issue(40))
    with owner_scope("someone-else"):
        assert not Entity.objects.filter(external_id="acme/api#40").exists()


def test_commit_time_guard_rails(owner, github):
    gitlab = FakeGitHub(owner, domain="gitlab")
    assert gitlab.register(kinds=[{"key": "gitlab:merge_request"}]).status_code == 200
    foreign = github.sync({"kind": "gitlab:merge_request", "external_id": "1", "name": "x"})
    assert foreign.status_code == 422
    assert "belongs to another integration" in foreign.json()["problems"][0]

    # a type deprecated after registration is refused at commit
    with owner_scope(OWNER):
        OwnEntityKind.objects.filter(key="github:pull_request").update(state="deprecated")
    deprecated = github.sync({"kind": "github:pull_request", "external_id": "7", "name": "x"})
    assert deprecated.status_code == 422
    assert "is deprecated" in deprecated.json()["problems"][0]
    privileged = github.sync({**issue(1), "facts": [{"predicate": "controls", "value": "x"}]})
    assert privileged.status_code == 422
    assert "privileged" in privileged.json()["problems"][0]
