"""Facts: assert (supersede or dedup), end and invalidate, exactly as DESIGN §5."""

from __future__ import annotations

import json
from datetime import datetime
from uuid import UUID

from django.db import transaction

from infra.routers import APP_DB
from worldmemory import messages, render, temporal
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
from worldmemory.reads.resolution import follow_merges
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
            messages.text(
                messages.WRONG_SUBJECT_KIND,
                predicate=predicate.predicate,
                kind=subject.kind_id,
                kinds=", ".join(predicate.subject_kinds),
            )
        )
    if obj is not None and predicate.object_kinds and obj.kind_id not in predicate.object_kinds:
        raise Refused(
            messages.text(
                messages.WRONG_OBJECT_KIND,
                predicate=predicate.predicate,
                kind=obj.kind_id,
                kinds=", ".join(predicate.object_kinds),
            )
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


def _new_row(
    ctx: Context,
    op: AssertFact | AssertRelationship,
    op_index: int,
    *,
    subject: Entity,
    predicate: RelationTypeFields,
    obj: Entity | None,
    scope_entity: Entity | None,
    valid_from: datetime,
    valid_to: datetime | None = None,
    supersedes: UUID | None,
) -> Fact:
    return Fact(
        owner_sub=ctx.owner,
        org_id=ctx.scope.org_id,
        subject_entity_id=subject.pk,
        predicate_id=predicate.predicate,
        object_kind=ValueKind.ENTITY if obj else ValueKind.LITERAL,
        object_value=None if obj else op.object_value,
        object_entity_id=obj.pk if obj else None,
        valid_from=valid_from,
        valid_to=valid_to,
        recorded_at=ctx.now,
        observed_at=op.observed_at,
        source=op.source,
        source_trust_tier=op.trust_tier,
        caused_by_event_id=ctx.commit_event().pk,
        confidence=op.confidence,
        memory_type=op.memory_type,
        scope_entity_id=scope_entity.pk if scope_entity else None,
        scope_kind=op.scope_kind or (None if scope_entity is None else scope_entity.kind_id),
        supersedes_fact_id=supersedes,
        # a sync says so itself; otherwise what the row is decides
        retention_class=ctx.retention_class
        or fact_retention(memory_type=op.memory_type, source=op.source),
        run_id=ctx.run_id,
        op_index=op_index,
        evidence=op.evidence.model_dump(mode="json"),
        reason=op.reason,
    )


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

    def same_object(row: Fact) -> bool:
        return row.object_entity_id == obj.pk if obj else row.object_value == value

    plain_reason = ""
    if op.memory_type == MemoryType.CORRECTION:
        target = _corrected_row(ctx, op, subject=subject, predicate=predicate, scope=scope_entity)
        if target is not None:
            return _apply_correction(
                ctx,
                op,
                op_index,
                target=target,
                subject=subject,
                predicate=predicate,
                obj=obj,
                same_object=same_object,
            )
        plain_reason = "nothing to correct: asserted as a plain assertion"

    start = op.valid_from
    scope_id = scope_entity.pk if scope_entity else None
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
        r
        for r in overlapping
        if same_object(r) and r.valid_to is None and not temporal.starts_later(r, start)
    ]
    if held:
        return OpResult(
            op_index, op.op, Decision.DUPLICATE, "already known", ids={"fact_id": str(held[0].pk)}
        )

    replaced = next((row for row in overlapping if row.valid_to is None), None)
    previous = replaced or (overlapping[-1] if overlapping else None)
    fact = _new_row(
        ctx,
        op,
        op_index,
        subject=subject,
        predicate=predicate,
        obj=obj,
        scope_entity=scope_entity,
        valid_from=start,
        supersedes=previous.pk if previous else None,
    )
    for row in overlapping:
        # the closed row names its successor: the two-way supersede chain
        ctx.writer.close(row, status=Fact.Status.SUPERSEDED, by=fact.pk)
        if temporal.begins_before(row, start):
            ctx.writer.insert(_copy_until(row, ctx=ctx, valid_to=start, op_index=op_index))
    ctx.writer.insert(fact)
    # the proposal's answer to the agent, in English like the read tools (the person hears
    # of a change through ``worldmemory.notices``, in their language)
    notice = None
    if replaced is not None and not same_object(replaced):
        notice = (
            f"{subject.canonical_name}: {predicate.predicate} was {_display(replaced)}, "
            f"now {_display(fact)} — updated."
        )
    elif plain_reason:
        notice = (
            f"{subject.canonical_name}: {predicate.predicate} = {_display(fact)} — "
            "nothing to correct, recorded as new."
        )
    ids = {"fact_id": str(fact.pk), "subject_ref": subject.ref}
    if replaced is not None:
        ids["superseded_fact_id"] = str(replaced.pk)
    return OpResult(op_index, op.op, Decision.COMMITTED, plain_reason, ids=ids, notice=notice)


def _corrected_row(
    ctx: Context,
    op: AssertFact | AssertRelationship,
    *,
    subject: Entity,
    predicate: RelationTypeFields,
    scope: Entity | None,
) -> Fact | None:
    """The believed row a correction replaces, or None when there is nothing to correct.

    The named row (``corrects_fact_id``); otherwise, among the believed rows of the slot
    (and, for a set attribute or a relationship, with the named replaced value or
    object), the one valid at the operation's ``valid_from``, failing that the latest."""
    if op.corrects_fact_id is not None:
        return _named_row(ctx, op.corrects_fact_id, subject=subject, predicate=predicate)
    scope_id = scope.pk if scope else None
    rows = [
        row
        for row in ctx.writer.slot(subject.pk, predicate.predicate)
        if row.scope_entity_id == scope_id
    ]
    if isinstance(op, AssertRelationship):
        try:
            wrong = resolve_ref(ctx, op.corrects_object_ref, create=False)
        except Refused:
            return None  # an object never known was never believed
        rows = [row for row in rows if row.object_entity_id == wrong.pk]
    elif op.corrects_value is not None:
        rows = [row for row in rows if row.object_value == op.corrects_value]
    elif predicate.cardinality != Cardinality.FUNCTIONAL:
        # the validator refuses this; a direct caller of the committer is refused too
        raise Refused(
            f"{predicate.predicate!r} holds several values: a correction must name the replaced"
            " value (corrects_value) or row (corrects_fact_id)"
        )
    valid = [row for row in rows if temporal.valid_at(row, op.valid_from)]
    if valid:
        return valid[0]
    return max(rows, key=lambda row: (row.valid_from, row.recorded_at), default=None)


def _named_row(
    ctx: Context, fact_id: UUID, *, subject: Entity, predicate: RelationTypeFields
) -> Fact:
    """The row a correction names: believed now, and about the same subject and predicate."""
    for row in ctx.writer.slot(subject.pk, predicate.predicate):
        if row.pk == fact_id:
            return row
    try:
        row = current_fact(ctx, fact_id)
    except ApplicationError as error:
        raise Refused(error.message) from error
    if row.predicate_id != predicate.predicate or (
        row.subject_entity_id != subject.pk
        and follow_merges(Entity.objects.get(pk=row.subject_entity_id)).pk != subject.pk
    ):
        raise Refused(
            f"fact {fact_id} is not a {predicate.predicate!r} of {subject.ref}: a correction"
            " replaces a value of the same subject and predicate"
        )
    return row


def _names_a_later_start(op: AssertFact | AssertRelationship, target: Fact) -> bool:
    """Whether a correction of a value to itself says it began later than believed: its
    start is one the speaker named (before the moment they said it, ``observed_at``) and
    falls inside the corrected row's period. Without a named start a correction only ever
    reaches back, since the moment it was said is no start of the value."""
    return (
        op.observed_at is not None
        and op.valid_from < op.observed_at
        and target.valid_from < op.valid_from
        and (target.valid_to is None or op.valid_from < target.valid_to)
    )


def _apply_correction(
    ctx: Context,
    op: AssertFact | AssertRelationship,
    op_index: int,
    *,
    target: Fact,
    subject: Entity,
    predicate: RelationTypeFields,
    obj: Entity | None,
    same_object,
) -> OpResult:
    """ "That never held": invalidate ``target`` and assert the new value over its whole
    valid period, from the earlier of its ``valid_from`` and the operation's, to its
    ``valid_to``. System time keeps that the old value was believed until now."""
    start = min(target.valid_from, op.valid_from)
    end = target.valid_to
    if same_object(target) and _names_a_later_start(op, target):
        # "erst seit 2019, nicht 2018": the value was right, its start was not
        start = op.valid_from
    elif same_object(target) and not temporal.starts_later(target, start):
        return OpResult(
            op_index, op.op, Decision.DUPLICATE, "already known", ids={"fact_id": str(target.pk)}
        )
    scope_id = target.scope_entity_id
    scope_entity = Entity.objects.get(pk=scope_id) if scope_id else None
    if op.scope_ref and resolve_ref(ctx, op.scope_ref, create=False).pk != scope_id:
        raise Refused("a correction keeps the scope of the row it corrects")
    if target.subject_entity_id != subject.pk:  # a row of an entity merged into the subject
        subject = Entity.objects.get(pk=target.subject_entity_id)
    # other believed rows of the slot inside the corrected period: the same value joins
    # the new row; another value (before the corrected row) keeps only what preceded it
    covered = [
        row
        for row in ctx.writer.slot(target.subject_entity_id, predicate.predicate)
        if row.pk != target.pk
        and row.scope_entity_id == scope_id
        and (predicate.cardinality == Cardinality.FUNCTIONAL or same_object(row))
        and temporal.overlaps_between(row, start, end)
    ]
    for row in covered:
        if same_object(row):
            start, end = min(start, row.valid_from), temporal.later_end(end, row.valid_to)
    fact = _new_row(
        ctx,
        op,
        op_index,
        subject=subject,
        predicate=predicate,
        obj=obj,
        scope_entity=scope_entity,
        valid_from=start,
        valid_to=end,
        supersedes=target.pk,
    )
    if not op.scope_kind:
        fact.scope_kind = target.scope_kind
    ctx.writer.close(target, status=Fact.Status.INVALIDATED, by=fact.pk)
    for row in covered:
        ctx.writer.close(row, status=Fact.Status.SUPERSEDED, by=fact.pk)
        if not same_object(row) and temporal.begins_before(row, start):
            ctx.writer.insert(_copy_until(row, ctx=ctx, valid_to=start, op_index=op_index))
    ctx.writer.insert(fact)
    wrong, right = _display(target), _display(fact)
    if same_object(target):  # only the start was wrong: say both
        wrong = f"{wrong} ({render.day(target.valid_from)})"
        right = f"{right} ({render.day(start)})"
    ctx.event(
        "invalidate",
        target=subject,
        caused_by=ctx.commit_event(),
        payload={
            "fact_id": str(target.pk),
            "corrected_by_fact_id": str(fact.pk),
            "reason": messages.CORRECTED_NEVER % {"wrong": wrong, "right": right},
        },
        summary=f"{predicate.predicate} corrected: {wrong} → {right}",
    )
    notice = (
        f"{subject.canonical_name}: {predicate.predicate} was never {wrong}, but {right} — "
        f"corrected (holds from {render.day(start)})."
    )
    ids = {
        "fact_id": str(fact.pk),
        "subject_ref": subject.ref,
        "corrected_fact_id": str(target.pk),
    }
    return OpResult(op_index, op.op, Decision.COMMITTED, "corrected", ids=ids, notice=notice)


def current_fact(ctx: Context, fact_id: UUID) -> Fact:
    fact = Fact.objects.filter(owner_sub=ctx.owner, pk=fact_id).first()
    if fact is None:
        raise NotFound(messages.NO_FACT, params={"fact_id": fact_id})
    if fact.superseded_at is not None:
        raise Conflict(
            messages.FACT_NOT_BELIEVED, params={"fact_id": fact_id, "status": fact.status}
        )
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
        raise InvalidInput(messages.END_BEFORE_START)
    if fact.valid_to is not None and valid_to >= fact.valid_to:
        raise Conflict(
            messages.ALREADY_ENDS,
            params={"fact_id": fact_id, "moment": fact.valid_to.isoformat()},
        )
    ended = _copy_until(fact, ctx=ctx, valid_to=valid_to, op_index=op_index)
    ctx.writer.close(fact, status=Fact.Status.SUPERSEDED, by=ended.pk)
    ctx.writer.insert(ended)
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
