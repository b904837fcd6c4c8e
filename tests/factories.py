"""Row factories for tests. They insert through the ORM as the application role, so
they only work inside an ``owner_scope`` of the same owner — as the real code does."""

from __future__ import annotations

import itertools
from datetime import datetime

from django.db import connections
from django.utils import timezone

from curator.models import CuratorState
from worldmemory.models import (
    ApiToken,
    CuratorNotice,
    Entity,
    EntityAlias,
    Fact,
    Integration,
    MemoryProjection,
    MessageEmbedding,
    OwnEntityKind,
    OwnEventType,
    OwnRelationType,
    Proposal,
    ProposalOp,
    RetentionRun,
    SessionWorkingState,
    SourceDeletion,
    SourceMessage,
    SourceSession,
    Suppression,
    Usage,
    WideEmbedding,
    WorldEvent,
)
from worldmemory.tenancy import OwnerScope

_counter = itertools.count(1)


def entity(scope: OwnerScope, *, kind: str = "pet", name: str = "Luna", slug: str | None = None):
    return Entity.objects.create(
        owner_sub=scope.owner_sub,
        kind_id=kind,
        slug=slug or f"{name.lower()}-{next(_counter)}",
        canonical_name=name,
    )


def fact(
    scope: OwnerScope,
    *,
    subject: Entity,
    predicate: str = "status",
    value: object = "ok",
    obj: Entity | None = None,
    valid_from: datetime | None = None,
    valid_to: datetime | None = None,
    recorded_at: datetime | None = None,
):
    now = timezone.now()
    return Fact.objects.create(
        owner_sub=scope.owner_sub,
        subject_entity=subject,
        predicate_id=predicate,
        object_kind="entity" if obj else "literal",
        object_value=None if obj else value,
        object_entity=obj,
        valid_from=valid_from or now,
        valid_to=valid_to,
        recorded_at=recorded_at or now,
        source="test",
        memory_type="user_assertion",
    )


def event(scope: OwnerScope, *, target: Entity | None = None, event_type: str = "state_change"):
    now = timezone.now()
    return WorldEvent.objects.create(
        owner_sub=scope.owner_sub,
        event_type_id=event_type,
        occurred_at=now,
        recorded_at=now,
        source="test",
        target_entity=target,
    )


def session(scope: OwnerScope, *, external_id: str | None = None):
    return SourceSession.objects.create(
        owner_sub=scope.owner_sub, external_id=external_id or f"s-{next(_counter)}"
    )


def message(
    scope: OwnerScope,
    *,
    in_session: SourceSession,
    text: str = "Luna ist meine Katze",
    occurred_at: datetime | None = None,
    speaker: str = "user",
):
    return SourceMessage.objects.create(
        owner_sub=scope.owner_sub,
        session=in_session,
        session_external_id=in_session.external_id,
        external_id=f"m-{next(_counter)}",
        role="user",
        speaker=speaker,
        text=text,
        occurred_at=occurred_at or timezone.now(),
    )


def one_row_in_every_tenant_table(scope: OwnerScope) -> dict[str, object]:
    """At least one row in each tenant table for ``scope``'s owner, keyed by table."""
    owner = scope.owner_sub
    luna = entity(scope)
    a_session = session(scope)
    proposal = Proposal.objects.create(
        owner_sub=owner,
        run_id=f"run-{next(_counter)}",
        proposed_by="test",
        proposed_at=timezone.now(),
        payload={},
    )
    op = ProposalOp.objects.create(
        owner_sub=owner,
        proposal=proposal,
        run_id=proposal.run_id,
        op_index=0,
        op="assert_fact",
        payload={},
        decision="pending",
    )
    rows = {
        "entities": luna,
        "facts": fact(scope, subject=luna),
        "entity_aliases": EntityAlias.objects.create(
            owner_sub=owner, entity=luna, alias="Luna", alias_norm="luna"
        ),
        "world_events": event(scope, target=luna),
        "memory_projections": MemoryProjection.objects.create(
            owner_sub=owner, source_kind="summary", text="Luna is a cat", embedding=[0.1] * 384
        ),
        "source_sessions": a_session,
        "source_messages": message(scope, in_session=a_session),
        "proposals": proposal,
        "proposal_ops": op,
        "suppressions": Suppression.objects.create(
            owner_sub=owner, subject_ref="pet:luna", predicate="status", object_key="x", reason="no"
        ),
        "curator_state": CuratorState.objects.create(owner_sub=owner, chat_id="chat-1"),
        "usage": Usage.objects.create(owner_sub=owner, kind="curator"),
        "api_tokens": ApiToken.objects.create(owner_sub=owner, name="t", token_hash=owner * 2),
        "retention_runs": RetentionRun.objects.create(
            owner_sub=owner, ran_at=timezone.now(), horizon=timezone.now()
        ),
        "integrations": Integration.objects.create(owner_sub=owner, domain="github"),
        "session_working_state": SessionWorkingState.objects.create(
            owner_sub=owner, chat_id=a_session.external_id, primary_space=luna
        ),
    }
    rows["message_embeddings"] = MessageEmbedding.objects.create(
        owner_sub=owner, message=rows["source_messages"], model="test", embedding=[0.1] * 384
    )
    rows["wide_embeddings"] = WideEmbedding.objects.create(
        owner_sub=owner,
        item_kind="message",
        item_id=rows["source_messages"].pk,
        model="test",
        dims=3,
        embedding=[0.1, 0.2, 0.3],
    )
    deleted = message(scope, in_session=a_session, text="to be deleted")
    rows["source_deletions"] = deletion(scope, of=deleted)
    rows["owner_entity_kinds"] = OwnEntityKind.objects.create(
        owner_sub=owner, key="github:issue", source="integration"
    )
    rows["owner_relation_types"] = OwnRelationType.objects.create(
        owner_sub=owner, predicate="feeding_time", value_kind="literal", source="learned"
    )
    rows["owner_event_types"] = OwnEventType.objects.create(
        owner_sub=owner, key="github:push", source="integration"
    )
    rows["curator_notices"] = CuratorNotice.objects.create(
        owner_sub=owner,
        chat_id="chat-1",
        kind="change",
        language="de",
        text="du sagtest früher ok, jetzt gut — ich habe das aktualisiert.",
        fact=fact(scope, subject=luna, predicate="name", value="Luna"),
        previous_fact=rows["facts"],
        run_id=proposal.run_id,
    )
    return rows


def deletion(scope: OwnerScope, *, of: SourceMessage) -> SourceDeletion:
    with connections["app"].cursor() as cursor:
        cursor.execute("SELECT gd_delete_source_message(%s, 'user:test', 'test')", [of.pk])
        tombstone = cursor.fetchone()[0]
    return SourceDeletion.objects.get(pk=tombstone)
