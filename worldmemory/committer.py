"""The only code that writes memory: facts, entities, aliases, events, projections.

Temporal contract (DESIGN §5):
- One transaction per proposal under a per-owner advisory lock. System time
  ``now`` comes from ``clock_timestamp()`` and is strictly later than anything
  the owner has recorded, so as-of replay is exact.
- Idempotent over ``(owner, run_id, op_index)``: a replay returns the stored
  decisions and writes nothing.
- Rows are immutable except for closing them once. *Supersede* (new value from
  T): close every current-belief row of the slot that overlaps ``[T, ∞)``; where
  one held before T, insert a history row with the same value ending at T;
  insert the new row. *End*: the same without a new value. *Invalidate*: close
  with status ``invalidated``; nothing replaces it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from datetime import datetime
from uuid import UUID

from django.db import connections, transaction

from gedaechtnis.routers import APP_DB
from worldmemory import temporal
from worldmemory.bulk import insert_many
from worldmemory.contracts import (
    AddAlias,
    AssertFact,
    AssertRelationship,
    DeriveProjection,
    EndFact,
    InvalidateFact,
    MemoryMutationOp,
    MemoryMutationProposal,
    MemoryType,
    RecordEvent,
    UpsertEntity,
    parse_op,
)
from worldmemory.errors import ApplicationError, Conflict, InvalidInput, NotFound
from worldmemory.intent import evaluate_intents
from worldmemory.models import (
    Cardinality,
    Entity,
    EntityAlias,
    EntityKind,
    Fact,
    MemoryProjection,
    Proposal,
    ProposalOp,
    RelationType,
    Source,
    Suppression,
    ValueKind,
    WorldEvent,
)
from worldmemory.refs import STRONG_NAMESPACES, normalize_alias, normalize_identity
from worldmemory.resolution import (
    entities_by_refs,
    entity_by_alias,
    entity_by_ref,
    similar_entities,
    strong_identity_owner,
)
from worldmemory.tenancy import OwnerScope
from worldmemory.validator import Registry, Route, validate
from worldmemory.writer import FactWriter

Decision = ProposalOp.Decision


@dataclass
class OpResult:
    op_index: int
    op: str
    decision: str
    reason: str = ""
    ids: dict = field(default_factory=dict)
    notice: str | None = None


@dataclass
class CommitResult:
    proposal_id: UUID
    run_id: str
    replayed: bool
    results: list[OpResult]

    @property
    def notices(self) -> list[str]:
        return [r.notice for r in self.results if r.notice]

    def as_dict(self) -> dict:
        return {
            "proposal_id": str(self.proposal_id),
            "run_id": self.run_id,
            "replayed": self.replayed,
            "results": [asdict(r) for r in self.results],
            "notices": self.notices,
        }


class Refused(ApplicationError):
    """An operation that cannot be applied; its message becomes the rejection reason."""


# --- the owner's clock ---------------------------------------------------------------------


def _lock_and_clock(scope: OwnerScope) -> datetime:
    """Take the owner's commit lock; return a system time later than any recorded."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended('gd-commit:' || %s, 0))",
            [scope.owner_sub],
        )
        # read under the lock: nothing of this owner can be recorded in between
        cursor.execute(
            "SELECT greatest(clock_timestamp(),"
            " (SELECT max(recorded_at) FROM facts WHERE owner_sub = %(o)s) + interval '1 us',"
            " (SELECT max(recorded_at) FROM world_events WHERE owner_sub = %(o)s)"
            " + interval '1 us')",
            {"o": scope.owner_sub},
        )
        return cursor.fetchone()[0]


def _notify(scope: OwnerScope, proposal_id: UUID | None) -> None:
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT pg_notify('memory_committed', %s)",
            [json.dumps({"owner": scope.owner_sub, "proposal": str(proposal_id or "")})],
        )


# --- the commit context ----------------------------------------------------------------------


@dataclass
class Context:
    scope: OwnerScope
    now: datetime
    registry: Registry
    run_id: str | None = None
    chat_id: str | None = None
    actor: str = "agent:curator"
    cause: WorldEvent | None = None
    writer: FactWriter | None = None
    entities: dict[str, Entity] = field(default_factory=dict)  # resolved refs of this commit
    suppressed: set[tuple[str, str, str]] = field(default_factory=set)
    _commit_event: WorldEvent | None = None

    @property
    def owner(self) -> str:
        return self.scope.owner_sub

    def event(
        self,
        event_type: str,
        *,
        target: Entity | None = None,
        caused_by: WorldEvent | None = None,
        payload: dict | None = None,
        summary: str = "",
        correlation_id: str | None = None,
    ) -> WorldEvent:
        return WorldEvent.objects.create(
            owner_sub=self.owner,
            org_id=self.scope.org_id,
            event_type_id=event_type,
            occurred_at=self.now,
            recorded_at=self.now,
            source=self.actor,
            target_entity=target,
            caused_by_event=caused_by,
            correlation_id=correlation_id or self.run_id,
            causation_kind="direct",
            run_id=self.run_id,
            chat_id=self.chat_id,
            payload=payload or {},
            summary=summary,
        )

    def commit_event(self) -> WorldEvent:
        """One ``memory_commit`` event per commit; the facts it writes point at it."""
        if self._commit_event is None:
            # facts that follow an action in the same proposal belong to its run
            self._commit_event = self.event(
                "memory_commit",
                caused_by=self.cause,
                payload={"run_id": self.run_id},
                correlation_id=self.cause.correlation_id if self.cause else self.run_id,
            )
        return self._commit_event


def _context(scope: OwnerScope, **extra) -> Context:
    now = _lock_and_clock(scope)
    suppressed = set(
        Suppression.objects.filter(owner_sub=scope.owner_sub, lifted_at__isnull=True).values_list(
            "subject_ref", "predicate", "object_key"
        )
    )
    return Context(
        scope=scope,
        now=now,
        registry=Registry.load(),
        writer=FactWriter(scope, now),
        suppressed=suppressed,
        **extra,
    )


# --- entities ------------------------------------------------------------------------------


def _ensure_kind(ctx: Context, kind: str) -> None:
    if kind in ctx.registry.kinds:
        return
    entry, _ = EntityKind.objects.get_or_create(
        key=kind, defaults={"name": kind.replace("_", " "), "source": Source.LEARNED}
    )
    ctx.registry.kinds[kind] = entry


def _add_alias(
    ctx: Context, entity: Entity, alias: str, *, namespace: str, op: MemoryMutationOp | None
) -> bool:
    """Add an alias unless the entity already has it; return whether one was added."""
    if namespace in STRONG_NAMESPACES:
        norm = normalize_identity(namespace, alias)
    else:
        norm = normalize_alias(alias)
    exists = EntityAlias.objects.filter(
        owner_sub=ctx.owner,
        entity=entity,
        namespace=namespace,
        alias_norm=norm,
        superseded_at__isnull=True,
    ).exists()
    if exists:
        return False
    EntityAlias.objects.create(
        owner_sub=ctx.owner,
        org_id=ctx.scope.org_id,
        entity=entity,
        alias=alias,
        alias_norm=norm,
        namespace=namespace,
        valid_from=op.valid_from if op else ctx.now,
        recorded_at=ctx.now,
        source=op.source if op else ctx.actor,
        source_trust_tier=op.trust_tier if op else "trusted",
        confidence=op.confidence if op else 1.0,
        evidence=op.evidence.model_dump(mode="json") if op else {},
    )
    return True


def _create_entity(
    ctx: Context, *, kind: str, slug: str, name: str, op: MemoryMutationOp | None
) -> Entity:
    _ensure_kind(ctx, kind)
    entity = Entity.objects.create(
        owner_sub=ctx.owner,
        org_id=ctx.scope.org_id,
        kind_id=kind,
        slug=slug,
        canonical_name=name,
        rag_pending=ctx.registry.kinds[kind].rag,
        created_at=ctx.now,
        updated_at=ctx.now,
    )
    _add_alias(ctx, entity, name, namespace="chat", op=op)
    if normalize_alias(slug) != normalize_alias(name):
        _add_alias(ctx, entity, slug, namespace="chat", op=op)
    return entity


def _resolve(ctx: Context, ref: str, *, create: bool, op: MemoryMutationOp | None = None) -> Entity:
    """``kind:slug`` or alias → entity; an unknown ``kind:slug`` is created when allowed."""
    if ref in ctx.entities:
        return ctx.entities[ref]
    entity = entity_by_ref(scope=ctx.scope, ref=ref)
    if entity is not None:
        ctx.entities[ref] = entity
        return entity
    kind = ctx.registry.kind_of_ref(ref)
    if kind is None:
        raise Refused(f"unknown entity {ref!r}: refer to a new entity as kind:slug")
    if not create:
        raise Refused(f"unknown entity {ref!r}")
    slug = ref[len(kind) + 1 :]
    entity = _create_entity(ctx, kind=kind, slug=slug, name=slug.replace("-", " ").title(), op=op)
    ctx.entities[ref] = entity
    return entity


def _suggest_merges(ctx: Context, entity: Entity, proposal: Proposal | None) -> list[str]:
    """Queue a review item for each same-kind entity with a resembling name."""
    suggestions = []
    for other, similarity in similar_entities(scope=ctx.scope, entity=entity):
        suggestions.append(other.ref)
        _queue_review(
            ctx,
            proposal=proposal,
            op="merge_entities",
            payload={"entity_ref": entity.ref, "into_ref": other.ref, "similarity": similarity},
            reason=f"{entity.ref} resembles {other.ref} ({similarity:.0%}): same entity?",
        )
    return suggestions


def _apply_upsert(ctx: Context, op: UpsertEntity, proposal: Proposal | None) -> OpResult:
    slug = op.id_hint[len(op.kind) + 1 :]
    existing = entity_by_ref(scope=ctx.scope, ref=op.id_hint)
    if existing is not None and existing.kind_id != op.kind:
        existing = None  # a name match across kinds never merges ("Luna" cat ≠ luna branch)
    strong = [
        (namespace, value)
        for namespace, _, value in (alias.partition(":") for alias in op.aliases)
        if namespace in STRONG_NAMESPACES and value
    ]
    for namespace, value in strong:
        try:
            holder = strong_identity_owner(
                scope=ctx.scope, namespace=namespace, value=value, kind=op.kind
            )
        except ApplicationError as error:
            raise Refused(error.message) from error
        if holder is None:
            continue
        if existing is not None and existing.pk != holder.pk:
            _merge(ctx, existing, holder, reason=f"same {namespace} {value}")
        existing = holder
    created = existing is None
    entity = existing or _create_entity(ctx, kind=op.kind, slug=slug, name=op.canonical_name, op=op)
    added = _add_alias(ctx, entity, op.canonical_name, namespace="chat", op=op)
    for alias in op.aliases:
        namespace, _, value = alias.partition(":")
        if namespace in STRONG_NAMESPACES and value:
            added |= _add_alias(ctx, entity, value, namespace=namespace, op=op)
        else:
            added |= _add_alias(ctx, entity, alias, namespace="chat", op=op)
    ids = {"entity_ref": entity.ref, "entity_id": str(entity.pk)}
    if created:
        ids["merge_suggestions"] = _suggest_merges(ctx, entity, proposal)
        return OpResult(0, op.op, Decision.COMMITTED, ids=ids)
    if added:
        return OpResult(0, op.op, Decision.COMMITTED, "aliases added", ids=ids)
    return OpResult(0, op.op, Decision.DUPLICATE, "entity already known", ids=ids)


def _apply_add_alias(ctx: Context, op: AddAlias) -> OpResult:
    entity = _resolve(ctx, op.entity_ref, create=True, op=op)
    if op.namespace in STRONG_NAMESPACES:
        try:
            holder = strong_identity_owner(
                scope=ctx.scope, namespace=op.namespace, value=op.alias, kind=entity.kind_id
            )
        except ApplicationError as error:
            raise Refused(error.message) from error
        if holder is not None and holder.pk != entity.pk:
            _merge(ctx, entity, holder, reason=f"same {op.namespace} {op.alias}")
            entity = holder
    added = _add_alias(ctx, entity, op.alias, namespace=op.namespace, op=op)
    ids = {"entity_ref": entity.ref}
    if not added:
        return OpResult(0, op.op, Decision.DUPLICATE, "alias already known", ids=ids)
    return OpResult(0, op.op, Decision.COMMITTED, ids=ids)


# --- facts ---------------------------------------------------------------------------------


def _predicate(ctx: Context, op: AssertFact | AssertRelationship) -> RelationType:
    entry = ctx.registry.predicates.get(op.predicate)
    if entry is None:
        if isinstance(op, AssertRelationship):
            raise Refused(f"unknown relationship predicate {op.predicate!r}")
        entry, _ = RelationType.objects.get_or_create(
            predicate=op.predicate,
            defaults={
                "name": op.predicate.replace("_", " "),
                "cardinality": Cardinality.FUNCTIONAL,
                "value_kind": ValueKind.LITERAL,
                "source": Source.LEARNED,
            },
        )
        ctx.registry.predicates[op.predicate] = entry
    return entry


def _check_kinds(predicate: RelationType, subject: Entity, obj: Entity | None) -> None:
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


def _suppressed(ctx: Context, op: MemoryMutationOp) -> bool:
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


def _apply_assert(ctx: Context, op: AssertFact | AssertRelationship, op_index: int) -> OpResult:
    predicate = _predicate(ctx, op)
    subject = _resolve(ctx, op.subject_ref, create=True, op=op)
    obj = (
        _resolve(ctx, op.object_ref, create=True, op=op)
        if isinstance(op, AssertRelationship)
        else None
    )
    _check_kinds(predicate, subject, obj)
    scope_entity = _resolve(ctx, op.scope_ref, create=False) if op.scope_ref else None
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


def _current_fact(ctx: Context, fact_id: UUID) -> Fact:
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
    fact = _current_fact(ctx, fact_id)
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
    fact = _current_fact(ctx, fact_id)
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


def _apply_invalidate(ctx: Context, op: InvalidateFact) -> OpResult:
    try:
        fact = fact_invalidate_in(ctx, fact_id=op.target_fact_id, reason=op.reason or "")
    except ApplicationError as error:
        raise Refused(error.message) from error
    return OpResult(0, op.op, Decision.COMMITTED, ids={"fact_id": str(fact.pk)})


def _apply_end(ctx: Context, op: EndFact, op_index: int) -> OpResult:
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


def _apply_event(ctx: Context, op: RecordEvent) -> OpResult:
    def entity(ref: str | None) -> Entity | None:
        return _resolve(ctx, ref, create=True, op=op) if ref else None

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
        correlation_id=op.correlation_id or ctx.run_id,
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
    )
    ctx.cause = event  # what this proposal commits after an event, that event caused
    return OpResult(0, op.op, Decision.COMMITTED, ids={"event_id": str(event.pk)})


def _apply_projection(ctx: Context, op: DeriveProjection) -> OpResult:
    entities = [_resolve(ctx, ref, create=False) for ref in op.entity_refs]
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


def _apply(
    ctx: Context, op: MemoryMutationOp, op_index: int, proposal: Proposal | None
) -> OpResult:
    if isinstance(op, UpsertEntity):
        result = _apply_upsert(ctx, op, proposal)
    elif isinstance(op, AddAlias):
        result = _apply_add_alias(ctx, op)
    elif isinstance(op, AssertFact | AssertRelationship):
        result = _apply_assert(ctx, op, op_index)
    elif isinstance(op, InvalidateFact):
        result = _apply_invalidate(ctx, op)
    elif isinstance(op, EndFact):
        result = _apply_end(ctx, op, op_index)
    elif isinstance(op, RecordEvent):
        result = _apply_event(ctx, op)
    else:
        result = _apply_projection(ctx, op)
    result.op_index = op_index
    return result


def _refs_of(op: MemoryMutationOp) -> list[str]:
    refs = [getattr(op, name, None) for name in ("subject_ref", "object_ref", "scope_ref")]
    return [ref for ref in refs if ref]


def _buffered_only(ctx: Context, op: MemoryMutationOp) -> bool:
    """An assertion about known entities with a known predicate writes nothing until the
    flush, and refuses before buffering anything: it needs no savepoint of its own."""
    return (
        isinstance(op, AssertFact | AssertRelationship)
        and op.predicate in ctx.registry.predicates
        and all(ref in ctx.entities for ref in _refs_of(op))
    )


def _apply_safely(
    ctx: Context, op: MemoryMutationOp, op_index: int, proposal: Proposal | None
) -> OpResult:
    """Apply one operation so that a refused one leaves nothing behind."""
    known = set(ctx.entities)
    try:
        if _buffered_only(ctx, op):
            return _apply(ctx, op, op_index, proposal)
        ctx.writer.flush()
        with transaction.atomic(using=APP_DB):
            result = _apply(ctx, op, op_index, proposal)
            ctx.writer.flush()
    except (Refused, InvalidInput, NotFound, Conflict) as error:
        ctx.writer.reset()
        for ref in set(ctx.entities) - known:  # created in the rolled-back savepoint
            del ctx.entities[ref]
        return OpResult(op_index, op.op, Decision.REJECTED, error.message)
    if isinstance(op, UpsertEntity | AddAlias):
        ctx.entities.clear()  # a strong identity may have merged entities
    return result


def _preload(ctx: Context, operations: tuple[MemoryMutationOp, ...]) -> None:
    """Resolve every ref and read every slot the proposal's assertions touch, in two queries."""
    refs = {ref for op in operations for ref in _refs_of(op)}
    ctx.entities.update(entities_by_refs(scope=ctx.scope, refs=refs))
    asserts = [op for op in operations if isinstance(op, AssertFact | AssertRelationship)]
    if len(asserts) == len(operations):
        # only assertions: no slot is read for anything before the earliest of them
        ctx.writer.horizon = min(op.valid_from for op in asserts)
    ctx.writer.preload(
        (ctx.entities[op.subject_ref].pk, op.predicate)
        for op in operations
        if isinstance(op, AssertFact | AssertRelationship) and op.subject_ref in ctx.entities
    )


# --- review queue --------------------------------------------------------------------------


def _queue_review(
    ctx: Context, *, proposal: Proposal | None, op: str, payload: dict, reason: str
) -> ProposalOp:
    """A review item that is not one of the proposal's own operations (a merge suggestion)."""
    if proposal is None:
        proposal = Proposal.objects.create(
            owner_sub=ctx.owner,
            org_id=ctx.scope.org_id,
            run_id=f"review:{ctx.now.isoformat()}:{op}:{payload.get('entity_ref', '')}",
            proposed_by="gedaechtnis:committer",
            proposed_at=ctx.now,
            payload={},
        )
    index = 10_000 + ProposalOp.objects.filter(owner_sub=ctx.owner, proposal=proposal).count()
    return ProposalOp.objects.create(
        owner_sub=ctx.owner,
        org_id=ctx.scope.org_id,
        proposal=proposal,
        run_id=proposal.run_id,
        op_index=index,
        op=op,
        payload=payload,
        decision=Decision.PENDING,
        reason=reason,
    )


def _stored_result(row: ProposalOp) -> OpResult:
    return OpResult(
        row.op_index,
        row.op,
        row.decision,
        row.reason,
        ids=row.result.get("ids", {}),
        notice=row.result.get("notice"),
    )


# --- public services -----------------------------------------------------------------------


def proposal_commit(*, scope: OwnerScope, proposal: MemoryMutationProposal) -> CommitResult:
    """Validate, route and apply a proposal in one transaction (idempotent per run)."""
    with transaction.atomic(using=APP_DB):
        ctx = _context(
            scope, run_id=proposal.run_id, chat_id=proposal.chat_id, actor=proposal.proposed_by
        )
        stored = Proposal.objects.filter(owner_sub=scope.owner_sub, run_id=proposal.run_id).first()
        if stored is not None:
            rows = stored.ops.filter(op_index__lt=len(proposal.operations)).order_by("op_index")
            return CommitResult(stored.pk, stored.run_id, True, [_stored_result(r) for r in rows])
        row = Proposal.objects.create(
            owner_sub=scope.owner_sub,
            org_id=scope.org_id,
            run_id=proposal.run_id,
            chat_id=proposal.chat_id,
            proposed_by=proposal.proposed_by,
            proposed_at=proposal.created_at,
            payload=proposal.model_dump(mode="json"),
            created_at=ctx.now,
        )
        untrusted_run = any(op.trust_tier == "untrusted" for op in proposal.operations)
        _preload(ctx, proposal.operations)
        results, op_rows = [], []
        for index, op in enumerate(proposal.operations):
            verdict = validate(op, registry=ctx.registry, untrusted_run=untrusted_run)
            if verdict.route == Route.REJECT:
                result = OpResult(index, op.op, Decision.REJECTED, verdict.reason)
            elif verdict.route == Route.REVIEW and _suppressed(ctx, op):
                result = OpResult(index, op.op, Decision.REJECTED, "suppressed: rejected before")
            elif verdict.route == Route.REVIEW:
                result = OpResult(index, op.op, Decision.PENDING, verdict.reason)
            else:
                result = _apply_safely(ctx, op, index, row)
            results.append(result)
            decided = result.decision != Decision.PENDING
            op_rows.append(
                ProposalOp(
                    owner_sub=scope.owner_sub,
                    org_id=scope.org_id,
                    proposal=row,
                    run_id=proposal.run_id,
                    op_index=index,
                    op=op.op,
                    # the proposal row keeps every operation; a pending one also here, to run later
                    payload={} if decided else op.model_dump(mode="json"),
                    decision=result.decision,
                    reason=result.reason,
                    result={"ids": result.ids, "notice": result.notice},
                    decided_at=ctx.now if decided else None,
                    decided_by="validator" if decided else "",
                )
            )
        ctx.writer.flush()
        insert_many(ProposalOp, op_rows)
        if all(r.decision != Decision.PENDING for r in results):
            Proposal.objects.filter(pk=row.pk).update(status=Proposal.Status.DECIDED)
        # an action's outcome may have arrived with this commit (late effects too)
        for correlation in _correlations(ctx, proposal.operations):
            evaluate_intents(scope=scope, correlation_id=correlation)
        _notify(scope, row.pk)
        return CommitResult(row.pk, row.run_id, False, results)


def _correlations(ctx: Context, operations) -> set[str]:
    touched = {
        op.correlation_id for op in operations if isinstance(op, RecordEvent) and op.correlation_id
    }
    if ctx._commit_event is not None and ctx._commit_event.correlation_id:
        touched.add(ctx._commit_event.correlation_id)
    return touched


def _pending_items(scope: OwnerScope, item_id: UUID) -> list[ProposalOp]:
    """A proposal's pending items, or the one pending item with that id."""
    items = ProposalOp.objects.filter(owner_sub=scope.owner_sub, proposal_id=item_id)
    items = list(items.filter(decision=Decision.PENDING).order_by("op_index"))
    if items or Proposal.objects.filter(owner_sub=scope.owner_sub, pk=item_id).exists():
        return items
    item = ProposalOp.objects.filter(owner_sub=scope.owner_sub, pk=item_id).first()
    if item is None:
        raise NotFound(f"no proposal {item_id}")
    return [item] if item.decision == Decision.PENDING else []


def _close_decided_proposals(scope: OwnerScope, items: list[ProposalOp]) -> None:
    for proposal_id in {item.proposal_id for item in items}:
        pending = ProposalOp.objects.filter(
            owner_sub=scope.owner_sub, proposal_id=proposal_id, decision=Decision.PENDING
        )
        if not pending.exists():
            Proposal.objects.filter(pk=proposal_id).update(status=Proposal.Status.DECIDED)


def proposal_accept(*, scope: OwnerScope, item_id: UUID, actor: str) -> list[OpResult]:
    """Commit pending review items now (their system time is the acceptance time)."""
    with transaction.atomic(using=APP_DB):
        ctx = _context(scope, actor=actor)
        items = _pending_items(scope, item_id)
        if not items:
            raise Conflict(f"proposal {item_id} has nothing pending")
        results = []
        for item in items:
            ctx.run_id = item.run_id
            if item.op == "merge_entities":
                result = _accept_merge_suggestion(ctx, item)
            elif item.op == "source_deleted":
                result = _accept_source_review(ctx, item)
            else:
                result = _apply_safely(ctx, parse_op(item.payload), item.op_index, item.proposal)
            results.append(result)
            ProposalOp.objects.filter(pk=item.pk).update(
                decision=result.decision,
                reason=result.reason,
                result={"ids": result.ids, "notice": result.notice},
                decided_at=ctx.now,
                decided_by=actor,
            )
        _close_decided_proposals(scope, items)
        _notify(scope, items[0].proposal_id)
        return results


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
        ctx = _context(scope, actor=actor, run_id=correlation_id)
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


def queue_source_review(
    *, scope: OwnerScope, message_id: UUID, fact_ids: list[UUID], pending_ids: list[UUID]
) -> int:
    """Review items for what cites a deleted message: accept invalidates the fact (or
    rejects the pending item), reject keeps it."""
    if not fact_ids and not pending_ids:
        return 0
    with transaction.atomic(using=APP_DB):
        ctx = _context(scope, actor="gedaechtnis:sources")
        proposal = Proposal.objects.create(
            owner_sub=scope.owner_sub,
            org_id=scope.org_id,
            run_id=f"source-deleted:{message_id}:{ctx.now.isoformat()}",
            proposed_by=ctx.actor,
            proposed_at=ctx.now,
            payload={},
        )
        for fact_id in fact_ids:
            _queue_review(
                ctx,
                proposal=proposal,
                op="source_deleted",
                payload={"message_id": str(message_id), "fact_id": str(fact_id)},
                reason="its source message was deleted: invalidate this fact?",
            )
        for item_id in pending_ids:
            _queue_review(
                ctx,
                proposal=proposal,
                op="source_deleted",
                payload={"message_id": str(message_id), "proposal_op_id": str(item_id)},
                reason="its source message was deleted: reject this proposal?",
            )
        return len(fact_ids) + len(pending_ids)


def _accept_source_review(ctx: Context, item: ProposalOp) -> OpResult:
    payload = item.payload
    if "fact_id" in payload:
        try:
            fact_invalidate_in(
                ctx, fact_id=UUID(payload["fact_id"]), reason="its source message was deleted"
            )
        except (NotFound, Conflict) as error:
            return OpResult(item.op_index, item.op, Decision.REJECTED, error.message)
        return OpResult(item.op_index, item.op, Decision.COMMITTED, ids=payload)
    ProposalOp.objects.filter(
        owner_sub=ctx.owner, pk=payload["proposal_op_id"], decision=Decision.PENDING
    ).update(
        decision=Decision.REJECTED,
        reason="its source message was deleted",
        decided_at=ctx.now,
        decided_by=ctx.actor,
    )
    return OpResult(item.op_index, item.op, Decision.COMMITTED, ids=payload)


def _accept_merge_suggestion(ctx: Context, item: ProposalOp) -> OpResult:
    entity = entity_by_ref(scope=ctx.scope, ref=item.payload["entity_ref"])
    into = entity_by_ref(scope=ctx.scope, ref=item.payload["into_ref"])
    if entity is None or into is None or entity.pk == into.pk:
        return OpResult(item.op_index, item.op, Decision.REJECTED, "entities no longer separate")
    _merge(ctx, entity, into, reason="merge suggestion accepted")
    return OpResult(item.op_index, item.op, Decision.COMMITTED, ids={"entity_ref": into.ref})


def proposal_reject(*, scope: OwnerScope, item_id: UUID, reason: str, actor: str) -> int:
    """Reject pending items; each rejected assertion is suppressed until the user asserts it."""
    with transaction.atomic(using=APP_DB):
        ctx = _context(scope, actor=actor)
        items = _pending_items(scope, item_id)
        if not items:
            raise Conflict(f"proposal {item_id} has nothing pending")
        for item in items:
            ProposalOp.objects.filter(pk=item.pk).update(
                decision=Decision.REJECTED, reason=reason, decided_at=ctx.now, decided_by=actor
            )
            payload = item.payload
            if item.op in {"assert_fact", "assert_relationship"}:
                try:
                    subject = entity_by_ref(scope=scope, ref=payload["subject_ref"])
                except ApplicationError:
                    subject = None
                obj = payload.get("object_ref") or suppression_key(payload.get("object_value"))
                if payload.get("object_ref"):
                    found = entity_by_ref(scope=scope, ref=payload["object_ref"])
                    obj = found.ref if found else obj
                Suppression.objects.create(
                    owner_sub=scope.owner_sub,
                    org_id=scope.org_id,
                    subject_ref=subject.ref if subject else payload["subject_ref"],
                    predicate=payload["predicate"],
                    object_key=obj,
                    reason=reason,
                    proposal_op=item,
                )
        _close_decided_proposals(scope, items)
        return len(items)


def fact_invalidate(*, scope: OwnerScope, fact_id: UUID, reason: str, actor: str) -> Fact:
    with transaction.atomic(using=APP_DB):
        ctx = _context(scope, actor=actor)
        fact = fact_invalidate_in(ctx, fact_id=fact_id, reason=reason)
        _notify(scope, None)
        return fact


def fact_end(
    *, scope: OwnerScope, fact_id: UUID, valid_to: datetime, reason: str | None, actor: str
) -> Fact:
    with transaction.atomic(using=APP_DB):
        ctx = _context(scope, actor=actor)
        fact = fact_end_in(ctx, fact_id=fact_id, valid_to=valid_to, reason=reason)
        _notify(scope, None)
        return fact


def _merge(ctx: Context, entity: Entity, into: Entity, *, reason: str) -> None:
    if entity.pk == into.pk:
        raise InvalidInput("an entity cannot be merged into itself")
    if entity.kind_id != into.kind_id:
        raise InvalidInput(
            f"{entity.ref} and {into.ref} are of different kinds and are never merged"
        )
    if entity.status == Entity.Status.MERGED:
        raise Conflict(f"{entity.ref} is already merged")
    updated = Entity.objects.filter(pk=entity.pk, status=Entity.Status.ACTIVE).update(
        status=Entity.Status.MERGED, merged_into=into, updated_at=ctx.now
    )
    if updated != 1:
        raise Conflict(f"{entity.ref} changed concurrently; retry")
    ctx.event(
        "merge",
        target=into,
        caused_by=ctx.cause,
        payload={
            "merged_id": str(entity.pk),
            "into_id": str(into.pk),
            "reason": reason,
            "merged_ref": entity.ref,
        },
        summary=f"{entity.ref} merged into {into.ref}: {reason}",
    )


def entity_merge(*, scope: OwnerScope, entity: Entity, into: Entity, actor: str) -> Entity:
    """Merge ``entity`` into ``into``: reads of ``into`` answer for both; nothing is deleted."""
    with transaction.atomic(using=APP_DB):
        ctx = _context(scope, actor=actor)
        _merge(ctx, entity, into, reason=f"merged by {actor}")
        _notify(scope, None)
        return into


def entity_split(*, scope: OwnerScope, entity: Entity, actor: str) -> Entity:
    """Reverse a merge: the entity answers for itself again, with all its own facts."""
    with transaction.atomic(using=APP_DB):
        ctx = _context(scope, actor=actor)
        if entity.status != Entity.Status.MERGED or entity.merged_into_id is None:
            raise Conflict(f"{entity.ref} is not merged")
        into_id = entity.merged_into_id
        Entity.objects.filter(pk=entity.pk).update(
            status=Entity.Status.ACTIVE, merged_into=None, updated_at=ctx.now
        )
        ctx.event(
            "split",
            target=entity,
            payload={"merged_id": str(entity.pk), "into_id": str(into_id)},
            summary=f"{entity.ref} split off again",
        )
        _notify(scope, None)
        entity.refresh_from_db()
        return entity


__all__ = [
    "CommitResult",
    "OpResult",
    "entity_by_alias",
    "entity_merge",
    "entity_split",
    "fact_end",
    "fact_invalidate",
    "proposal_accept",
    "proposal_commit",
    "proposal_reject",
]
