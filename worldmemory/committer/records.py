"""Events and projections: appended as they are, on the owner's clock."""

from __future__ import annotations

from uuid import UUID

from django.db import transaction

from infra.routers import APP_DB
from worldmemory.committer.context import Context, OpResult, Refused, open_context
from worldmemory.committer.identity import resolve_ref
from worldmemory.contracts import (
    DeriveProjection,
    RecordEvent,
)
from worldmemory.models import (
    Entity,
    MemoryProjection,
    ProposalOp,
    WorldEvent,
)
from worldmemory.retention.classes import event_retention
from worldmemory.tenancy import OwnerScope

Decision = ProposalOp.Decision


def apply_event(ctx: Context, op: RecordEvent) -> OpResult:
    def entity(ref: str | None) -> Entity | None:
        return resolve_ref(ctx, ref, create=True, op=op) if ref else None

    caused_by = None
    if op.caused_by_event_id:
        caused_by = WorldEvent.objects.filter(owner_sub=ctx.owner, pk=op.caused_by_event_id).first()
        if caused_by is None:
            raise Refused(f"no event {op.caused_by_event_id}")
    event = WorldEvent.objects.create(
        owner_sub=ctx.owner,
        org_id=ctx.scope.org_id,
        event_type_id=op.event_type,
        occurred_at=op.occurred_at or op.valid_from,
        observed_at=op.observed_at,
        recorded_at=ctx.now,
        source=op.source,
        source_trust_tier=op.trust_tier,
        actor_entity=entity(op.actor_ref),
        target_entity=entity(op.target_ref),
        caused_by_event=caused_by,
        # an effect belongs to its cause's run (seed 000 §6: the correlation is inherited)
        correlation_id=op.correlation_id
        or (caused_by.correlation_id if caused_by else None)
        or ctx.run_id,
        causation_kind=op.causation_kind or ("direct" if caused_by else None),
        intent=op.intent,
        expected_effect=op.expected_effect,
        goal_ref=entity(op.goal_ref),
        run_id=ctx.run_id,
        chat_id=ctx.chat_id,
        tool_call_id=op.tool_call_id,
        automation_id=op.automation_id,
        payload={**op.payload, "evidence": op.evidence.model_dump(mode="json")},
        summary=op.summary,
        retention_class=ctx.retention_class
        or event_retention(
            type_retention=ctx.registry.event_types[op.event_type].retention_class,
            intent=op.intent,
        ),
    )
    if event.correlation_id:
        ctx.correlations.add(event.correlation_id)
    ctx.cause = event  # what this proposal commits after an event, that event caused
    return OpResult(0, op.op, Decision.COMMITTED, ids={"event_id": str(event.pk)})


def apply_projection(ctx: Context, op: DeriveProjection) -> OpResult:
    entities = [resolve_ref(ctx, ref, create=False) for ref in op.entity_refs]
    projection = MemoryProjection.objects.create(
        owner_sub=ctx.owner,
        org_id=ctx.scope.org_id,
        source_kind=op.source_kind,
        text=op.text,
        entity_ids=[e.pk for e in entities],
        valid_from=op.valid_from,
        importance=op.importance,
    )
    return OpResult(0, op.op, Decision.COMMITTED, ids={"projection_id": str(projection.pk)})


def event_record(
    *,
    scope: OwnerScope,
    event_type: str,
    actor: str,
    caused_by: WorldEvent | None = None,
    target_entity_id: UUID | None = None,
    correlation_id: str | None = None,
    causation_kind: str = "direct",
    payload: dict | None = None,
    summary: str = "",
) -> WorldEvent:
    """Append one event on the owner's clock (for writers other than a proposal)."""
    with transaction.atomic(using=APP_DB):
        ctx = open_context(scope, actor=actor, run_id=correlation_id)
        return WorldEvent.objects.create(
            owner_sub=scope.owner_sub,
            org_id=scope.org_id,
            event_type_id=event_type,
            occurred_at=ctx.now,
            recorded_at=ctx.now,
            source=actor,
            target_entity_id=target_entity_id,
            caused_by_event=caused_by,
            correlation_id=correlation_id,
            causation_kind=causation_kind,
            payload=payload or {},
            summary=summary,
        )
