"""The person's own name for an entity, as a proposal the committer validates."""

from __future__ import annotations

from django.utils import timezone
from pydantic import ValidationError

from worldmemory.committer import CommitResult, proposal_commit
from worldmemory.contracts import MemoryType, own_proposal
from worldmemory.errors import InvalidInput
from worldmemory.models import ProposalOp
from worldmemory.reads.resolution import entity_require
from worldmemory.tenancy import OwnerScope


def entity_rename(
    *, scope: OwnerScope, ref: str, name: str, reason: str | None, actor: str
) -> CommitResult:
    """Call the entity ``name`` from now on; its former name stays an alias. ``actor``
    names who renamed (the owner's name is never renamed over by the reflection engine).
    An unknown ref — or another owner's — is ``NotFound``; a name the contract refuses
    (empty, too long) is ``InvalidInput``, as is a rename the committer refuses."""
    entity = entity_require(scope=scope, ref=ref)
    operation = {
        "op": "rename_entity",
        "entity_ref": entity.ref,
        "canonical_name": name,
        "reason": reason,
        "confidence": 1.0,
        "source": actor,
        "memory_type": MemoryType.USER_ASSERTION,
        "valid_from": timezone.now(),
        "evidence": {"kind": "observation", "text": f"{entity.ref} renamed to {name}"[:4000]},
    }
    try:
        proposal = own_proposal(run="rename", proposed_by=actor, operations=[operation])
    except ValidationError as error:
        raise InvalidInput("; ".join(problem["msg"] for problem in error.errors())) from error
    result = proposal_commit(scope=scope, proposal=proposal, strict=True)
    outcome = result.results[0]
    if outcome.decision == ProposalOp.Decision.REJECTED:
        raise InvalidInput(outcome.reason)
    return result
