"""A small world for the page tests: Luna the cat with a history, a pending proposal,
a relationship and a causal chain. Rows with past system times are inserted in the
shape the committer leaves them in (the committer's clock cannot be set)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth.models import User
from django.utils import timezone

from tests import factories, proposals
from worldmemory import committer
from worldmemory.accounts import account_ensure
from worldmemory.models import Entity, EntityAlias, Fact, ProposalOp, WorldEvent
from worldmemory.tenancy import OwnerScope

PASSWORD = "luna-passwort-42"


@dataclass
class World:
    luna: Entity
    status_now: Fact
    status_before: Fact  # the history row of the old value, believed now
    status_first: Fact  # the original row, closed a day ago
    pending_id: str
    cause: WorldEvent
    effect: WorldEvent


def login(owner_sub: str, username: str) -> User:
    user, _ = account_ensure(username=username, owner_sub=owner_sub, password=PASSWORD)
    return user


def build_world(scope: OwnerScope) -> World:
    now = timezone.now()
    luna = Entity.objects.create(
        owner_sub=scope.owner_sub, kind_id="pet", slug="luna", canonical_name="Luna"
    )
    EntityAlias.objects.create(
        owner_sub=scope.owner_sub, entity=luna, alias="Luna", alias_norm="luna"
    )
    # "draußen" learned five days ago; a day ago we learned she came in two days ago
    first = factories.fact(
        scope,
        subject=luna,
        predicate="status",
        value="draußen",
        valid_from=now - timedelta(days=5),
        recorded_at=now - timedelta(days=5),
    )
    Fact.objects.filter(pk=first.pk).update(
        superseded_at=now - timedelta(days=1), status="superseded"
    )
    before = factories.fact(
        scope,
        subject=luna,
        predicate="status",
        value="draußen",
        valid_from=now - timedelta(days=5),
        valid_to=now - timedelta(days=2),
        recorded_at=now - timedelta(days=1),
    )
    current = Fact.objects.create(
        owner_sub=scope.owner_sub,
        subject_entity=luna,
        predicate_id="status",
        object_kind="literal",
        object_value="drinnen",
        valid_from=now - timedelta(days=2),
        recorded_at=now - timedelta(days=1),
        source="user:chat",
        memory_type="user_assertion",
        confidence=1.0,
        evidence={"kind": "conversation_quote", "text": "Luna ist wieder drinnen"},
    )
    committer.proposal_commit(
        scope=scope,
        proposal=proposals.parsed(
            proposals.entity("person:me", "Ich"),
            proposals.fact("pet:luna", "species", "cat"),
            proposals.relationship("person:me", "cares_for", "pet:luna"),
        ),
    )
    pending = committer.proposal_commit(
        scope=scope,
        proposal=proposals.parsed(
            proposals.fact("person:me", "prefers", "Tee am Abend", memory_type="derived_preference")
        ),
    )
    (result,) = pending.results
    assert result.decision == "pending", result
    cause = WorldEvent.objects.create(
        owner_sub=scope.owner_sub,
        event_type_id="state_change",
        occurred_at=now - timedelta(hours=3),
        recorded_at=now - timedelta(hours=3),
        source="test",
        target_entity=luna,
        summary="Luna kratzt an der Tür",
    )
    effect = WorldEvent.objects.create(
        owner_sub=scope.owner_sub,
        event_type_id="tool_call",
        occurred_at=now - timedelta(hours=2),
        recorded_at=now - timedelta(hours=2),
        source="test",
        target_entity=luna,
        caused_by_event=cause,
        summary="Tür geöffnet",
        intent="Luna hereinlassen",
    )
    return World(
        luna=luna,
        status_now=current,
        status_before=before,
        status_first=first,
        pending_id=str(
            ProposalOp.objects.get(proposal_id=pending.proposal_id, decision="pending").pk
        ),
        cause=cause,
        effect=effect,
    )
