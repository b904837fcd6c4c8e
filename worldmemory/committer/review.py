"""The review queue: accept (commit now) or reject (and suppress) pending items."""

from __future__ import annotations

from uuid import UUID

from django.db import transaction

from infra.routers import APP_DB
from worldmemory import messages
from worldmemory.committer.context import Context, OpResult, notify, open_context, queue_review
from worldmemory.committer.facts import fact_invalidate_in, suppression_key
from worldmemory.committer.identity import merge_into
from worldmemory.committer.proposals import apply_safely
from worldmemory.contracts import (
    parse_op,
)
from worldmemory.errors import ApplicationError, Conflict, NotFound
from worldmemory.models import (
    Proposal,
    ProposalOp,
    Suppression,
)
from worldmemory.reads.resolution import (
    entity_by_ref,
)
from worldmemory.tenancy import OwnerScope

Decision = ProposalOp.Decision


def _pending_items(scope: OwnerScope, item_id: UUID) -> list[ProposalOp]:
    """A proposal's pending items, or the one pending item with that id."""
    items = ProposalOp.objects.filter(owner_sub=scope.owner_sub, proposal_id=item_id)
    items = list(items.filter(decision=Decision.PENDING).order_by("op_index"))
    if items or Proposal.objects.filter(owner_sub=scope.owner_sub, pk=item_id).exists():
        return items
    item = ProposalOp.objects.filter(owner_sub=scope.owner_sub, pk=item_id).first()
    if item is None:
        raise NotFound(messages.NO_PROPOSAL, params={"item_id": item_id})
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
        ctx = open_context(scope, actor=actor)
        items = _pending_items(scope, item_id)
        if not items:
            raise Conflict(messages.NOTHING_PENDING, params={"item_id": item_id})
        results = []
        for item in items:
            ctx.run_id = item.run_id
            if item.op == "merge_entities":
                result = _accept_merge_suggestion(ctx, item)
            elif item.op == "source_deleted":
                result = _accept_source_review(ctx, item)
            else:
                result = apply_safely(ctx, parse_op(item.payload), item.op_index, item.proposal)
            results.append(result)
            ProposalOp.objects.filter(pk=item.pk).update(
                decision=result.decision,
                reason=result.reason,
                result={"ids": result.ids, "notice": result.notice},
                decided_at=ctx.now,
                decided_by=actor,
            )
        _close_decided_proposals(scope, items)
        notify(ctx, items[0].proposal_id)
        return results


def queue_source_review(
    *, scope: OwnerScope, message_id: UUID, fact_ids: list[UUID], pending_ids: list[UUID]
) -> int:
    """Review items for what cites a deleted message: accept invalidates the fact (or
    rejects the pending item), reject keeps it."""
    if not fact_ids and not pending_ids:
        return 0
    with transaction.atomic(using=APP_DB):
        ctx = open_context(scope, actor="gedaechtnis:sources")
        proposal = Proposal.objects.create(
            owner_sub=scope.owner_sub,
            org_id=scope.org_id,
            run_id=f"source-deleted:{message_id}:{ctx.now.isoformat()}",
            proposed_by=ctx.actor,
            proposed_at=ctx.now,
            payload={},
        )
        for fact_id in fact_ids:
            queue_review(
                ctx,
                proposal=proposal,
                op="source_deleted",
                payload={"message_id": str(message_id), "fact_id": str(fact_id)},
                reason="its source message was deleted: invalidate this fact?",
            )
        for item_id in pending_ids:
            queue_review(
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
    merge_into(ctx, entity, into, reason="merge suggestion accepted")
    return OpResult(item.op_index, item.op, Decision.COMMITTED, ids={"entity_ref": into.ref})


def proposal_reject(*, scope: OwnerScope, item_id: UUID, reason: str, actor: str) -> int:
    """Reject pending items; each rejected assertion is suppressed until the user asserts it."""
    with transaction.atomic(using=APP_DB):
        ctx = open_context(scope, actor=actor)
        items = _pending_items(scope, item_id)
        if not items:
            raise Conflict(messages.NOTHING_PENDING, params={"item_id": item_id})
        decided: list[UUID] = []
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
                if subject is not None:
                    decided.append(subject.pk)
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
        # nothing is written, but open pages update their review count and pending marks
        notify(ctx, items[0].proposal_id, decided=decided)
        return len(items)
