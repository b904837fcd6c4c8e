"""Proposals: validate, route and apply each operation in one transaction, idempotently."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from django.db import transaction

from infra.routers import APP_DB
from infra.tracing import span
from worldmemory.bulk import insert_many
from worldmemory.committer.context import (
    CommitResult,
    Context,
    OpResult,
    Refused,
    notify,
    open_context,
)
from worldmemory.committer.facts import apply_assert, apply_end, apply_invalidate, is_suppressed
from worldmemory.committer.identity import (
    apply_add_alias,
    apply_end_alias,
    apply_rename,
    apply_upsert,
)
from worldmemory.committer.intents import evaluate_intents
from worldmemory.committer.records import apply_event, apply_projection
from worldmemory.contracts import (
    AddAlias,
    AssertFact,
    AssertRelationship,
    EndAlias,
    EndFact,
    InvalidateFact,
    MemoryMutationOp,
    MemoryMutationProposal,
    MemoryType,
    RecordEvent,
    RenameEntity,
    UpsertEntity,
)
from worldmemory.errors import Conflict, InvalidInput, NotFound
from worldmemory.models import (
    Proposal,
    ProposalOp,
)
from worldmemory.reads.resolution import (
    entities_by_refs,
    ref_candidates,
)
from worldmemory.refs import STRONG_NAMESPACES
from worldmemory.tenancy import OwnerScope
from worldmemory.validator import Route, validate

Decision = ProposalOp.Decision


def _apply(
    ctx: Context, op: MemoryMutationOp, op_index: int, proposal: Proposal | None
) -> OpResult:
    if isinstance(op, UpsertEntity):
        result = apply_upsert(ctx, op, proposal)
    elif isinstance(op, AddAlias):
        result = apply_add_alias(ctx, op)
    elif isinstance(op, EndAlias):
        result = apply_end_alias(ctx, op)
    elif isinstance(op, RenameEntity):
        result = apply_rename(ctx, op)
    elif isinstance(op, AssertFact | AssertRelationship):
        result = apply_assert(ctx, op, op_index)
    elif isinstance(op, InvalidateFact):
        result = apply_invalidate(ctx, op)
    elif isinstance(op, EndFact):
        result = apply_end(ctx, op, op_index)
    elif isinstance(op, RecordEvent):
        result = apply_event(ctx, op)
    else:
        result = apply_projection(ctx, op)
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
        and op.memory_type != MemoryType.CORRECTION  # reads the named row, writes an event
        and op.predicate in ctx.registry.predicates
        and all(ref in ctx.entities for ref in _refs_of(op))
    )


def _refuses_before_writing(op: MemoryMutationOp) -> bool:
    """An entity named without a strong identity: it is refused (an ambiguous name) before
    the entity or an alias is written, and nothing after that refuses; a strong identity
    may merge entities before its own refusal."""
    return isinstance(op, UpsertEntity) and not any(
        namespace in STRONG_NAMESPACES and value
        for namespace, _, value in (alias.partition(":") for alias in op.aliases)
    )


def apply_safely(
    ctx: Context, op: MemoryMutationOp, op_index: int, proposal: Proposal | None
) -> OpResult:
    """Apply one operation so that a refused one leaves nothing behind."""
    known = set(ctx.entities)
    try:
        if _buffered_only(ctx, op) or _refuses_before_writing(op):
            # no savepoint: a refusal leaves nothing of this operation to undo, and what
            # earlier ones buffered stays
            try:
                result = _apply(ctx, op, op_index, proposal)
            except (Refused, InvalidInput, NotFound, Conflict) as error:
                return OpResult(op_index, op.op, Decision.REJECTED, error.message)
            if isinstance(op, UpsertEntity):
                _forget_names(ctx)
            return result
        ctx.writer.flush()
        with transaction.atomic(using=APP_DB):
            result = _apply(ctx, op, op_index, proposal)
            ctx.writer.flush()
    except (Refused, InvalidInput, NotFound, Conflict) as error:
        ctx.writer.reset()
        for ref in set(ctx.entities) - known:  # created in the rolled-back savepoint
            del ctx.entities[ref]
        return OpResult(op_index, op.op, Decision.REJECTED, error.message)
    if isinstance(op, UpsertEntity | AddAlias | EndAlias | RenameEntity):
        ctx.entities.clear()  # a strong identity may have merged entities, a name moved
        ctx.refs_stale = True
    return result


def _forget_names(ctx: Context) -> None:
    """After an entity named without a strong identity (created, or given aliases, never
    merged): forget the refs resolved as aliases, a name may have moved. A ref resolved by
    its ``kind:slug`` stays: that answer is timeless, and the refs a new entity's kind and
    slug may answer were dropped when it was created."""
    for ref, entity in list(ctx.entities.items()):
        if (entity.kind_id, entity.slug) not in ref_candidates(ref):
            del ctx.entities[ref]
    ctx.refs_stale = True


def _resolve_refs(ctx: Context, operations: Sequence[MemoryMutationOp]) -> None:
    """Resolve the ``kind:slug`` refs of ``operations`` in one query (aliases are resolved
    one by one when applied)."""
    refs = {ref for op in operations for ref in _refs_of(op)}
    refs |= {op.id_hint for op in operations if isinstance(op, UpsertEntity)}
    refs -= set(ctx.entities) | ctx.unresolved
    found = entities_by_refs(scope=ctx.scope, refs=refs)
    ctx.entities.update(found)
    ctx.unresolved |= refs - set(found)
    ctx.refs_stale = False


def _preload(ctx: Context, operations: tuple[MemoryMutationOp, ...]) -> None:
    """Resolve every ref and read every slot the proposal's assertions touch, in two queries."""
    _resolve_refs(ctx, operations)
    asserts = [op for op in operations if isinstance(op, AssertFact | AssertRelationship)]
    corrections = any(op.memory_type == MemoryType.CORRECTION for op in asserts)
    if len(asserts) == len(operations) and not corrections:
        # only changes: no slot is read for anything before the earliest of them (a
        # correction may replace a row that ended before its valid_from)
        ctx.writer.horizon = min(op.valid_from for op in asserts)
    ctx.writer.preload(
        (ctx.entities[op.subject_ref].pk, op.predicate)
        for op in operations
        if isinstance(op, AssertFact | AssertRelationship) and op.subject_ref in ctx.entities
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


def proposal_commit(
    *,
    scope: OwnerScope,
    proposal: MemoryMutationProposal,
    strict: bool = False,
    savepoint: bool = True,
) -> CommitResult:
    """Validate, route and apply a proposal in one transaction (idempotent per run).

    ``strict`` (the API): an operation that breaks the contract in a way only the registry
    shows refuses the whole proposal with ``InvalidInput`` and nothing is written; otherwise
    (a curator run) that operation alone is rejected with the reason. ``savepoint=False``
    is for a caller whose own transaction ends with any error this raises (a curator
    window): nested in it, the proposal then takes no savepoint of its own."""
    with transaction.atomic(using=APP_DB, savepoint=savepoint):
        ctx = open_context(
            scope, run_id=proposal.run_id, chat_id=proposal.chat_id, actor=proposal.proposed_by
        )
        if ctx.stored_proposal_id is not None:
            stored = Proposal.objects.get(owner_sub=scope.owner_sub, pk=ctx.stored_proposal_id)
            rows = stored.ops.filter(op_index__lt=len(proposal.operations)).order_by("op_index")
            return CommitResult(stored.pk, stored.run_id, True, [_stored_result(r) for r in rows])
        untrusted_run = any(op.trust_tier == "untrusted" for op in proposal.operations)
        # validation reads only the registry, so all of it can run before anything is applied
        with span("curator.validate", operations=len(proposal.operations)) as validating:
            verdicts = [
                validate(op, registry=ctx.registry, untrusted_run=untrusted_run)
                for op in proposal.operations
            ]
            routes = Counter(str(v.route.value) for v in verdicts)
            validating.set(**{f"route.{route}": count for route, count in routes.items()})
        if strict:
            for index, verdict in enumerate(verdicts):
                if verdict.malformed:
                    raise InvalidInput(
                        f"operations[{index}]: {verdict.reason}", extra={"op_index": index}
                    )
        row = Proposal.objects.create(
            owner_sub=scope.owner_sub,
            org_id=scope.org_id,
            run_id=proposal.run_id,
            chat_id=proposal.chat_id,
            proposed_by=proposal.proposed_by,
            proposed_at=proposal.created_at,
            payload=proposal.model_dump(mode="json"),
            created_at=ctx.now,
            # nothing can stay pending without a review verdict: decided when written
            status=(
                Proposal.Status.DECIDED
                if all(v.route != Route.REVIEW for v in verdicts)
                else Proposal.Status.OPEN
            ),
        )
        _preload(ctx, proposal.operations)
        results, op_rows = [], []
        for index, op in enumerate(proposal.operations):
            verdict = verdicts[index]
            if verdict.route == Route.REJECT:
                result = OpResult(index, op.op, Decision.REJECTED, verdict.reason)
            elif verdict.route == Route.REVIEW and is_suppressed(ctx, op):
                result = OpResult(index, op.op, Decision.REJECTED, "suppressed: rejected before")
            elif verdict.route == Route.REVIEW:
                result = OpResult(index, op.op, Decision.PENDING, verdict.reason)
            else:
                if ctx.refs_stale:
                    # an identity operation emptied the resolved refs: the rest of the
                    # proposal's again in one query, not one lookup (and savepoint) each
                    _resolve_refs(ctx, proposal.operations[index:])
                result = apply_safely(ctx, op, index, row)
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
        if row.status != Proposal.Status.DECIDED and all(
            r.decision != Decision.PENDING for r in results
        ):
            Proposal.objects.filter(pk=row.pk).update(status=Proposal.Status.DECIDED)
        # an action's outcome may have arrived with this commit (late effects too)
        for correlation in _correlations(ctx, proposal.operations):
            evaluate_intents(scope=scope, correlation_id=correlation)
        notify(ctx, row.pk)
        return CommitResult(row.pk, row.run_id, False, results)


def _correlations(ctx: Context, operations) -> set[str]:
    touched = {
        op.correlation_id for op in operations if isinstance(op, RecordEvent) and op.correlation_id
    } | ctx.correlations
    if ctx._commit_event is not None and ctx._commit_event.correlation_id:
        touched.add(ctx._commit_event.correlation_id)
    return touched
