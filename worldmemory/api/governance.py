"""Proposals and the governance actions (accept, reject, invalidate, end, merge, split,
rename)."""

from __future__ import annotations

from uuid import UUID

from django.http import HttpRequest
from ninja import Router

from worldmemory import committer, corrections, messages, renaming
from worldmemory.api.schemas import (
    BODY,
    CommitOut,
    CountOut,
    DecisionOut,
    EndIn,
    EntityRefOut,
    FactRef,
    MergeIn,
    PathRef,
    Reason,
    RenameIn,
    ValueIn,
    answers,
)
from worldmemory.contracts import CleanStr, MemoryMutationProposal
from worldmemory.errors import InvalidInput, NotFound
from worldmemory.reads.resolution import entity_by_ref, entity_require

router = Router(tags=["governance"])


def _actor(request: HttpRequest) -> str:
    return f"user:{request.auth.owner_sub}"


@router.post("/proposals", response=answers(CommitOut, 404, 409, *BODY))
def submit_proposal(request: HttpRequest, proposal: MemoryMutationProposal):
    """Validate, route and commit a proposal; a replay of its run_id changes nothing."""
    result = committer.proposal_commit(scope=request.auth, proposal=proposal, strict=True)
    return result.as_dict()


@router.post("/proposals/{item_id}/accept", response=answers(DecisionOut, 404, 409, 422))
def accept_proposal(request: HttpRequest, item_id: UUID):
    """Commit the pending items of a proposal (or one pending item by its id)."""
    results = committer.proposal_accept(scope=request.auth, item_id=item_id, actor=_actor(request))
    return {"results": [vars(r) for r in results]}


@router.post("/proposals/{item_id}/reject", response=answers(CountOut, 404, 409, *BODY))
def reject_proposal(request: HttpRequest, item_id: UUID, body: Reason):
    """Reject pending items; a rejected assertion is not proposed again until the user says it."""
    count = committer.proposal_reject(
        scope=request.auth, item_id=item_id, reason=body.reason, actor=_actor(request)
    )
    return {"rejected": count}


def _fact_out(fact) -> dict:
    return {"fact_id": str(fact.pk), "status": fact.status, "superseded_at": fact.superseded_at}


@router.post("/facts/{fact_id}/invalidate", response=answers(FactRef, 404, 409, *BODY))
def invalidate_fact(request: HttpRequest, fact_id: UUID, body: Reason):
    """ "That was never true": the fact leaves the current belief; history keeps it."""
    committer.fact_invalidate(
        scope=request.auth, fact_id=fact_id, reason=body.reason, actor=_actor(request)
    )
    return {"fact_id": str(fact_id), "status": "invalidated", "superseded_at": None}


@router.post("/facts/{fact_id}/end", response=answers(FactRef, 404, 409, *BODY))
def end_fact(request: HttpRequest, fact_id: UUID, body: EndIn):
    """ "No longer true since valid_to": the fact held until then."""
    ended = committer.fact_end(
        scope=request.auth,
        fact_id=fact_id,
        valid_to=body.valid_to,
        reason=body.reason,
        actor=_actor(request),
    )
    return _fact_out(ended)


def _value_out(result) -> dict:
    """The committed result of a change or correction, or the reason it was not made."""
    outcome = result.results[0]
    if outcome.decision not in {"committed", "duplicate"}:
        raise InvalidInput(outcome.reason or outcome.decision)
    return result.as_dict()


@router.post("/facts/{fact_id}/change", response=answers(CommitOut, 404, 409, *BODY))
def change_fact(request: HttpRequest, fact_id: UUID, body: ValueIn):
    """ "From valid_from on (default now) the value is …": the old value held until then."""
    result = corrections.fact_change(
        scope=request.auth,
        fact_id=fact_id,
        value=body.value,
        valid_from=body.valid_from,
        actor=_actor(request),
    )
    return _value_out(result)


@router.post("/facts/{fact_id}/correct", response=answers(CommitOut, 404, 409, *BODY))
def correct_fact(request: HttpRequest, fact_id: UUID, body: ValueIn):
    """ "It never was so": the new value held over the fact's whole valid period (from
    valid_from when earlier); as known before now, the old value stays what was believed."""
    result = corrections.fact_correct(
        scope=request.auth,
        fact_id=fact_id,
        value=body.value,
        valid_from=body.valid_from,
        actor=_actor(request),
    )
    return _value_out(result)


@router.post("/entities/{path:ref}/merge", response=answers(EntityRefOut, 404, 409, *BODY))
def merge_entity(request: HttpRequest, ref: CleanStr, body: MergeIn):
    """Merge the entity into ``into``; reads of ``into`` then answer for both."""
    entity = entity_by_ref(scope=request.auth, ref=ref, follow=False)
    if entity is None:
        raise NotFound(messages.NO_ENTITY, params={"ref": ref})
    into = entity_require(scope=request.auth, ref=body.into)
    committer.entity_merge(scope=request.auth, entity=entity, into=into, actor=_actor(request))
    return {"ref": entity.ref, "status": "merged", "merged_into": into.ref}


@router.post("/entities/{path:ref}/split", response=answers(EntityRefOut, 404, 409, 422))
def split_entity(request: HttpRequest, ref: CleanStr):
    """Undo a merge: the entity answers for itself again."""
    entity = entity_by_ref(scope=request.auth, ref=ref, follow=False)
    if entity is None:
        raise NotFound(messages.NO_ENTITY, params={"ref": ref})
    split = committer.entity_split(scope=request.auth, entity=entity, actor=_actor(request))
    return {"ref": split.ref, "status": split.status, "merged_into": None}


@router.post("/entities/{path:ref}/rename", response=answers(CommitOut, 404, 409, *BODY))
def rename_entity(request: HttpRequest, ref: PathRef, body: RenameIn):
    """Call the entity ``canonical_name`` from now on: the former name stays an alias, so
    lookups by it still find the entity. Renaming to the current name is a duplicate."""
    result = renaming.entity_rename(
        scope=request.auth,
        ref=ref,
        name=body.canonical_name,
        reason=body.reason,
        actor=_actor(request),
    )
    return result.as_dict()
