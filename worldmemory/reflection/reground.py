"""Re-grounding and drift: back from a derived object to the original passages.

``reground`` follows ``derived_from`` edges (and a summary's covered span) down to the
source messages and returns them with session and time. ``drift_check`` flags a derived
object whose sources no longer carry it — a fact it rests on was invalidated or
corrected later, a piece of evidence was dropped, demoted by the owner or merged away,
a source message was deleted — by a ``drift_status`` fact and a review item; the
original stays authoritative, nothing is rewritten.
"""

from __future__ import annotations

from uuid import UUID

from worldmemory import temporal
from worldmemory.committer import proposal_commit
from worldmemory.contracts import MemoryMutationProposal
from worldmemory.errors import NotFound
from worldmemory.models import Entity, Fact, SourceDeletion
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import selectors
from worldmemory.reflection.operations import (
    SYSTEM_SOURCE,
    Provenance,
    op_fact,
    reflection_commit,
)
from worldmemory.tenancy import OwnerScope

DEPTH = 3  # derived from derived from …: far enough for summaries of insights
DERIVED_KINDS = ("insight", "session_summary")


def _walk(scope: OwnerScope, root: Entity) -> tuple[dict[UUID, Entity], dict[UUID, list]]:
    """The object and everything it is derived from (to ``DEPTH``), with current facts."""
    seen: dict[UUID, Entity] = {root.pk: root}
    current: dict[UUID, list] = {}
    frontier = [root.pk]
    for _ in range(DEPTH + 1):
        if not frontier:
            break
        rows = selectors.current_by_entity(scope=scope, entity_ids=frontier)
        current.update(rows)
        nxt = {
            pk for pk in frontier for pk in selectors.targets_of(rows[pk], "derived_from")
        } - set(seen)
        for entity in Entity.objects.filter(owner_sub=scope.owner_sub, pk__in=nxt):
            seen[entity.pk] = entity
        frontier = [pk for pk in nxt if pk in seen]
    return seen, current


def _message_ids(rows: list) -> list[UUID]:
    refs = [(r.evidence or {}).get("ref") for r in rows]
    ids = selectors.message_ids_of(refs)
    for value in (
        selectors.value_of(rows, "covers_span"),
        selectors.value_of(rows, "derivation"),
    ):
        if isinstance(value, dict):
            for key in ("message_ids", "sources"):
                for raw in value.get(key, []):
                    try:
                        ids.append(UUID(str(raw).rsplit(":", 1)[-1]))
                    except ValueError:
                        continue
    return ids


def _object(scope: OwnerScope, ref: str) -> Entity:
    entity = entity_by_ref(scope=scope, ref=ref)
    if entity is None:
        raise NotFound(f"no entity {ref!r}")
    return entity


def reground(*, scope: OwnerScope, ref: str) -> dict:
    """The original passages behind ``ref`` (and behind what it was derived from)."""
    root = _object(scope, ref)
    seen, current = _walk(scope, root)
    ids: list[UUID] = []
    for pk in seen:
        ids += _message_ids(current.get(pk, []))
    found = selectors.passages(scope=scope, message_ids=ids)
    derivation = selectors.value_of(current[root.pk], "derivation") or {}
    evidence = sorted(e.ref for pk, e in seen.items() if pk != root.pk)
    lines = [f"Sources of {root.ref} ({derivation.get('label', 'direct')}):"]
    lines += [
        f"[{p['occurred_at']:%Y-%m-%d %H:%M} · session {p['session_external_id']}]"
        f" {'(deleted)' if p['deleted'] else p['text']}"
        for p in found
    ]
    return {
        "text": "\n".join(lines),
        "data": {
            "ref": root.ref,
            "kind": root.kind_id,
            "derived": root.kind_id in DERIVED_KINDS or bool(derivation),
            "derivation": derivation,
            "statement": selectors.value_of(current[root.pk], "statement"),
            "evidence": evidence,
            "passages": found,
        },
    }


def _drift_reasons(scope: OwnerScope, root: Entity, since) -> list[str]:
    seen, current = _walk(scope, root)
    evidence_ids = [pk for pk in seen if pk != root.pk]
    reasons = []
    derivation = selectors.value_of(current[root.pk], "derivation") or {}
    expected = derivation.get("evidence_count")
    direct = selectors.targets_of(current[root.pk], "derived_from")
    if root.kind_id == "insight" and expected and len(direct) < expected:
        reasons.append(f"evidence fell from {expected} to {len(direct)}")
    for pk in evidence_ids:
        entity = seen[pk]
        if entity.status != Entity.Status.ACTIVE:
            reasons.append(f"{entity.ref} is {entity.status}")
        lifecycle = selectors.value_of(current.get(pk, []), "lifecycle_state") or {}
        dismissed = isinstance(lifecycle, dict) and lifecycle.get("state") == "transient"
        if dismissed and lifecycle.get("origin") == "user":
            reasons.append(f"{entity.ref} was dismissed by the owner")
    if evidence_ids:
        # closed after the derivation: invalidated ("never true") or corrected since
        later = (
            Fact.objects.filter(
                owner_sub=scope.owner_sub,
                subject_entity_id__in=evidence_ids,
                status=Fact.Status.INVALIDATED,
            )
            .filter(temporal.closed_since_q(since))
            .values_list("subject_entity_id", "predicate_id")
        )
        for pk, predicate in later:
            reasons.append(f"{seen[pk].ref}: {predicate} was invalidated")
        corrections = (
            Fact.objects.filter(
                owner_sub=scope.owner_sub,
                subject_entity_id__in=evidence_ids,
                memory_type="correction",
            )
            .filter(temporal.recorded_since_q(since))
            .values_list("subject_entity_id", "predicate_id")
        )
        for pk, predicate in corrections:
            reasons.append(f"{seen[pk].ref}: {predicate} was corrected")
    ids = []
    for pk in seen:
        ids += _message_ids(current.get(pk, []))
    deleted = SourceDeletion.objects.filter(owner_sub=scope.owner_sub, message_id__in=ids)
    for message_id in deleted.values_list("message_id", flat=True).distinct():
        reasons.append(f"source message {message_id} was deleted")
    return sorted(set(reasons))


def drift_check(*, scope: OwnerScope, ref: str) -> dict:
    """Flag ``ref`` for review when its sources now contradict it; clear a flag that no
    longer holds. Writes only when the verdict changes."""
    root = _object(scope, ref)
    rows = selectors.current_by_entity(scope=scope, entity_ids=[root.pk])[root.pk]
    anchor = next((r for r in rows if r.predicate_id in {"derivation", "statement"}), None)
    since = min((r.recorded_at for r in rows), default=root.created_at)
    if anchor is not None:
        since = anchor.recorded_at
    reasons = _drift_reasons(scope, root, since)
    status = selectors.value_of(rows, "drift_status") or {}
    state = "flagged" if reasons else "ok"
    if status.get("state", "ok") == state and status.get("reasons", []) == reasons:
        return {"ref": root.ref, "state": state, "reasons": reasons, "changed": False}
    how = Provenance.observed(what=f"drift check: {state}", reason="; ".join(reasons) or None)
    value = {"state": state, "reasons": reasons}
    reflection_commit(
        scope=scope, ops=[op_fact(root.ref, "drift_status", value, how)], purpose="drift"
    )
    review = None
    statement = next((r for r in rows if r.predicate_id == "statement"), None)
    if reasons and statement is not None:
        review = _queue_review(scope, root, statement, reasons)
    return {
        "ref": root.ref,
        "state": state,
        "reasons": reasons,
        "changed": True,
        "review_proposal_id": review,
    }


def _queue_review(scope: OwnerScope, root: Entity, statement, reasons: list[str]) -> str:
    """A review item: accepting it invalidates the drifted statement; rejecting keeps it."""
    how = Provenance.observed(what="; ".join(reasons), ref=f"entity:{root.ref}")
    op = {
        "op": "invalidate_fact",
        "target_fact_id": str(statement.id),
        "reason": f"its sources no longer carry it: {'; '.join(reasons)}",
        **how.as_dict(),
        "memory_type": "hypothesis",  # a drift is a suspicion: the validator sends it to review
    }
    proposal = MemoryMutationProposal.model_validate(
        {
            "run_id": f"reflection:drift:{root.pk}:{statement.id}:{len(reasons)}",
            "proposed_by": SYSTEM_SOURCE,
            "created_at": statement.recorded_at,
            "operations": [op],
        }
    )
    return str(proposal_commit(scope=scope, proposal=proposal).proposal_id)


def drift_sweep(*, scope: OwnerScope) -> list[dict]:
    """Check every derived object of the owner (the enrichment path runs this)."""
    checked = []
    for entity in Entity.objects.filter(
        owner_sub=scope.owner_sub, kind_id__in=DERIVED_KINDS, status=Entity.Status.ACTIVE
    ):
        checked.append(drift_check(scope=scope, ref=entity.ref))
    return checked
