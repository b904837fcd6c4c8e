"""Facts: assert (supersede or dedup), end and invalidate, exactly as DESIGN §5."""

from __future__ import annotations

import json
from datetime import datetime
from uuid import UUID

from django.db import transaction

from gedaechtnis.routers import APP_DB
from worldmemory import temporal
from worldmemory.committer.context import Context, OpResult, Refused, notify, open_context
from worldmemory.committer.identity import resolve_ref
from worldmemory.contracts import (
    AssertFact,
    AssertRelationship,
    EndFact,
    InvalidateFact,
    MemoryMutationOp,
    MemoryType,
)
from worldmemory.errors import ApplicationError, Conflict, InvalidInput, NotFound
from worldmemory.models import (
    Cardinality,
    Entity,
    Fact,
    OwnRelationType,
    ProposalOp,
    RelationTypeFields,
    Source,
    Suppression,
    ValueKind,
)
from worldmemory.retention.classes import fact_retention
from worldmemory.tenancy import OwnerScope

Decision = ProposalOp.Decision


def _predicate(ctx: Context, op: AssertFact | AssertRelationship) -> RelationTypeFields:
    entry = ctx.registry.predicates.get(op.predicate)
    if entry is None:
        if isinstance(op, AssertRelationship):
            raise Refused(f"unknown relationship predicate {op.predicate!r}")
        # learned for this owner only: another owner's memory neither sees nor shapes it
        entry, _ = OwnRelationType.objects.get_or_create(
            owner_sub=ctx.owner,
            predicate=op.predicate,
            defaults={
                "org_id": ctx.scope.org_id,
                "name": op.predicate.replace("_", " "),
                "cardinality": Cardinality.FUNCTIONAL,
                "value_kind": ValueKind.LITERAL,
                "source": Source.LEARNED,
            },
        )
        ctx.registry.predicates[op.predicate] = entry
    return entry


def _check_kinds(predicate: RelationTypeFields, subject: Entity, obj: Entity | None) -> None:
    if predicate.subject_kinds and subject.kind_id not in predicate.subject_kinds:
        raise Refused(
            f"{predicate.predicate!r} does not apply to a {subject.kind_id} "
            f"(only {', '.join(predicate.subject_kinds)})"
        )
    if obj is not None and predicate.object_kinds and obj.kind_id not in predicate.object_kinds:
        raise Refused(
            f"{predicate.predicate!r} cannot point at a {obj.kind_id} "
            f"(only {', '.join(predicate.object_kinds)})"
        )


def suppression_key(value: object) -> str:
    """A stable text form of an object (literal or ref) for suppressions."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)[:64]


def is_suppressed(ctx: Context, op: MemoryMutationOp) -> bool:
    """Whether a proposed assertion was rejected before (anti-nag: not queued again)."""
    if not ctx.suppressed or not isinstance(op, AssertFact | AssertRelationship):
        return False
    subject = ctx.entities.get(op.subject_ref)
    if isinstance(op, AssertRelationship):
        target = ctx.entities.get(op.object_ref)
        obj = target.ref if target else op.object_ref
    else:
        obj = suppression_key(op.object_value)
    key = (subject.ref if subject else op.subject_ref, op.predicate, obj)
    return key in ctx.suppressed


def _check_suppression(ctx: Context, op, subject: Entity, object_key: str) -> None:
    key = (subject.ref, op.predicate, object_key)
    if key not in ctx.suppressed:
        return
    if op.memory_type == MemoryType.USER_ASSERTION:
        # an explicit assertion beats an earlier rejection
        Suppression.objects.filter(
            owner_sub=ctx.owner,
            subject_ref=key[0],
            predicate=key[1],
            object_key=key[2],
            lifted_at__isnull=True,
        ).update(lifted_at=ctx.now)
        ctx.suppressed.discard(key)
        return
    raise Refused(f"suppressed: {subject.ref} {op.predicate} was rejected before")


def _copy_until(fact: Fact, *, ctx: Context, valid_to: datetime, op_index: int | None) -> Fact:
    """The still-believed part of ``fact`` before ``valid_to`` (same value and provenance)."""
    return Fact(
        owner_sub=fact.owner_sub,
        org_id=fact.org_id,
        subject_entity_id=fact.subject_entity_id,
        predicate_id=fact.predicate_id,
        object_kind=fact.object_kind,
        object_value=fact.object_value,
        object_entity_id=fact.object_entity_id,
        valid_from=fact.valid_from,
        valid_to=valid_to,
        recorded_at=ctx.now,
        observed_at=fact.observed_at,
        source=fact.source,
        source_trust_tier=fact.source_trust_tier,
        changed_by_entity_id=fact.changed_by_entity_id,
        caused_by_event_id=ctx.commit_event().pk,
        confidence=fact.confidence,
        memory_type=fact.memory_type,
        scope_entity_id=fact.scope_entity_id,
        scope_kind=fact.scope_kind,
        priority=fact.priority,
        supersedes_fact_id=fact.pk,
        retention_class=fact.retention_class,
        run_id=ctx.run_id,
        op_index=op_index,
        evidence=fact.evidence,
        reason=fact.reason,
    )


def _display(fact: Fact) -> str:
    if fact.object_entity_id:
        return Entity.objects.get(pk=fact.object_entity_id).ref
    return json.dumps(fact.object_value, ensure_ascii=False)


def apply_assert(ctx: Context, op: AssertFact | AssertRelationship, op_index: int) -> OpResult:
    predicate = _predicate(ctx, op)
    subject = resolve_ref(ctx, op.subject_ref, create=True, op=op)
    obj = (
        resolve_ref(ctx, op.object_ref, create=True, op=op)
        if isinstance(op, AssertRelationship)
        else None
    )
    _check_kinds(predicate, subject, obj)
    scope_entity = resolve_ref(ctx, op.scope_ref, create=False) if op.scope_ref else None
    value = None if obj else op.object_value
    _check_suppression(ctx, op, subject, obj.ref if obj else suppression_key(value))

    start = op.valid_from
    scope_id = scope_entity.pk if scope_entity else None

    def same_object(row: Fact) -> bool:
        return row.object_entity_id == obj.pk if obj else row.object_value == value

    overlapping = sorted(
        (
            row
            for row in ctx.writer.slot(subject.pk, predicate.predicate)
            if row.scope_entity_id == scope_id
            and (predicate.cardinality == Cardinality.FUNCTIONAL or same_object(row))
            and temporal.overlaps(row, start)
        ),
        key=lambda row: row.valid_from,
    )
    held = [
        r for r in overlapping if same_object(r) and r.valid_to is None and r.valid_from <= start
    ]
    if held:
        return OpResult(
            op_index, op.op, Decision.DUPLICATE, "already known", ids={"fact_id": str(held[0].pk)}
        )

    replaced = None
    for row in overlapping:
        ctx.writer.close(row, status=Fact.Status.SUPERSEDED)
        if row.valid_from < start:
            ctx.writer.insert(_copy_until(row, ctx=ctx, valid_to=start, op_index=op_index))
        if row.valid_to is None:
            replaced = row
    previous = replaced or (overlapping[-1] if overlapping else None)
    fact = ctx.writer.insert(
        Fact(
            owner_sub=ctx.owner,
            org_id=ctx.scope.org_id,
            subject_entity_id=subject.pk,
            predicate_id=predicate.predicate,
            object_kind=ValueKind.ENTITY if obj else ValueKind.LITERAL,
            object_value=value,
            object_entity_id=obj.pk if obj else None,
            valid_from=start,
            recorded_at=ctx.now,
            observed_at=op.observed_at,
            source=op.source,
            source_trust_tier=op.trust_tier,
            caused_by_event_id=ctx.commit_event().pk,
            confidence=op.confidence,
            memory_type=op.memory_type,
            scope_entity_id=scope_id,
            scope_kind=op.scope_kind or (None if scope_entity is None else scope_entity.kind_id),
            supersedes_fact_id=previous.pk if previous else None,
            # a sync says so itself; otherwise what the row is decides
            retention_class=ctx.retention_class
            or fact_retention(memory_type=op.memory_type, source=op.source),
            run_id=ctx.run_id,
            op_index=op_index,
            evidence=op.evidence.model_dump(mode="json"),
            reason=op.reason,
        )
    )
    notice = None
    if replaced is not None and not same_object(replaced):
        notice = (
            f"{subject.canonical_name}: {predicate.predicate} war {_display(replaced)}, "
            f"jetzt {_display(fact)} — aktualisiert."
        )
    ids = {"fact_id": str(fact.pk), "subject_ref": subject.ref}
    if replaced is not None:
        ids["superseded_fact_id"] = str(replaced.pk)
    return OpResult(op_index, op.op, Decision.COMMITTED, ids=ids, notice=notice)


def current_fact(ctx: Context, fact_id: UUID) -> Fact:
    fact = Fact.objects.filter(owner_sub=ctx.owner, pk=fact_id).first()
    if fact is None:
        raise NotFound(f"no fact {fact_id}")
    if fact.superseded_at is not None:
        raise Conflict(f"fact {fact_id} is no longer believed ({fact.status})")
    return fact


def fact_end_in(
    ctx: Context,
    *,
    fact_id: UUID,
    valid_to: datetime,
    reason: str | None,
    op_index: int | None = None,
) -> Fact:
    """Close the fact in valid time at ``valid_to``: it held until then, not after."""
    fact = current_fact(ctx, fact_id)
    if valid_to <= fact.valid_from:
        raise InvalidInput(
            "valid_to must be after the fact's valid_from; invalidate it if it never held"
        )
    if fact.valid_to is not None and valid_to >= fact.valid_to:
        raise Conflict(f"fact {fact_id} already ends at {fact.valid_to.isoformat()}")
    ctx.writer.close(fact, status=Fact.Status.SUPERSEDED)
    ended = ctx.writer.insert(_copy_until(fact, ctx=ctx, valid_to=valid_to, op_index=op_index))
    ctx.writer.flush()
    ctx.event(
        "state_change",
        target=fact.subject_entity,
        caused_by=ctx.commit_event(),
        payload={"ended_fact_id": str(fact.pk), "fact_id": str(ended.pk), "reason": reason},
        summary=f"{fact.predicate_id} ended",
    )
    return ended


def fact_invalidate_in(ctx: Context, *, fact_id: UUID, reason: str) -> Fact:
    """ "That was never true": close the row in system time; nothing replaces it."""
    fact = current_fact(ctx, fact_id)
    ctx.writer.close(fact, status=Fact.Status.INVALIDATED)
    ctx.writer.flush()
    ctx.event(
        "invalidate",
        target=fact.subject_entity,
        caused_by=ctx.commit_event(),
        payload={"fact_id": str(fact.pk), "reason": reason},
        summary=f"{fact.predicate_id} invalidated: {reason}",
    )
    return fact


def apply_invalidate(ctx: Context, op: InvalidateFact) -> OpResult:
    try:
        fact = fact_invalidate_in(ctx, fact_id=op.target_fact_id, reason=op.reason or "")
    except ApplicationError as error:
        raise Refused(error.message) from error
    return OpResult(0, op.op, Decision.COMMITTED, ids={"fact_id": str(fact.pk)})


def apply_end(ctx: Context, op: EndFact, op_index: int) -> OpResult:
    try:
        ended = fact_end_in(
            ctx,
            fact_id=op.target_fact_id,
            valid_to=op.valid_to,
            reason=op.reason,
            op_index=op_index,
        )
    except ApplicationError as error:
        raise Refused(error.message) from error
    return OpResult(
        0,
        op.op,
        Decision.COMMITTED,
        ids={"fact_id": str(ended.pk), "ended_fact_id": str(op.target_fact_id)},
    )


def fact_invalidate(*, scope: OwnerScope, fact_id: UUID, reason: str, actor: str) -> Fact:
    with transaction.atomic(using=APP_DB):
        ctx = open_context(scope, actor=actor)
        fact = fact_invalidate_in(ctx, fact_id=fact_id, reason=reason)
        notify(ctx, None)
        return fact


def fact_end(
    *, scope: OwnerScope, fact_id: UUID, valid_to: datetime, reason: str | None, actor: str
) -> Fact:
    with transaction.atomic(using=APP_DB):
        ctx = open_context(scope, actor=actor)
        fact = fact_end_in(ctx, fact_id=fact_id, valid_to=valid_to, reason=reason)
        notify(ctx, None)
        return fact
