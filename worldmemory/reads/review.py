"""What waits for a person's decision: pending operations, merge suggestions, and which
pending assertions contradict a value the memory holds now."""

from __future__ import annotations

from worldmemory import temporal
from worldmemory.models import Fact, ProposalOp
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.tenancy import OwnerScope


def pending_review(*, scope: OwnerScope) -> dict:
    """The oldest 50 pending items: operations, merge suggestions, and the ids of the
    operations in conflict."""
    pending = list(
        ProposalOp.objects.filter(owner_sub=scope.owner_sub, decision="pending")
        .select_related("proposal")
        .order_by("created_at")[:50]
    )
    merges = [p for p in pending if p.op == "merge_entities"]
    proposals = [p for p in pending if p.op != "merge_entities"]
    conflicts = [p for p in proposals if _conflicts(scope, p)]
    return {
        "pending": [
            {
                "id": str(p.pk),
                "proposal_id": str(p.proposal_id),
                "op": p.op,
                "payload": p.payload,
                "reason": p.reason,
            }
            for p in proposals
        ],
        "merge_suggestions": [{"id": str(p.pk), **p.payload} for p in merges],
        "conflicts": [str(p.pk) for p in conflicts],
    }


def _conflicts(scope: OwnerScope, item: ProposalOp) -> bool:
    """A pending assertion whose functional slot currently holds another value."""
    payload = item.payload
    if item.op != "assert_fact":
        return False
    subject = entity_by_ref(scope=scope, ref=payload["subject_ref"])
    if subject is None:
        return False
    current = Fact.objects.filter(
        temporal.fact_believed_open_q(),
        owner_sub=scope.owner_sub,
        subject_entity=subject,
        predicate_id=payload["predicate"],
        is_functional=True,
    )
    return current.exclude(object_value=payload["object_value"]).exists()
