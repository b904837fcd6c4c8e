"""The old flat memory interface on top of facts, and the review digest for the main chat."""

from __future__ import annotations

import uuid

from django.utils import timezone

from worldmemory import temporal
from worldmemory.committer import proposal_commit
from worldmemory.context import OWNER_SELF
from worldmemory.contracts import MemoryMutationProposal
from worldmemory.lookup import search_world_memory
from worldmemory.models import Fact, ProposalOp
from worldmemory.reads.entities import facts_data
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.tenancy import OwnerScope


def remember(*, scope: OwnerScope, text: str, source: str = "user:chat") -> dict:
    """A remembered note becomes a ``note`` fact of the owner (an explicit user assertion)."""
    now = timezone.now()
    proposal = MemoryMutationProposal.model_validate(
        {
            "run_id": f"remember:{uuid.uuid4()}",
            "proposed_by": "api:remember",
            "created_at": now,
            "operations": [
                {
                    "op": "assert_fact",
                    "subject_ref": OWNER_SELF,
                    "predicate": "note",
                    "object_value": text,
                    "confidence": 1.0,
                    "source": source,
                    "memory_type": "user_assertion",
                    "valid_from": now,
                    "evidence": {"kind": "conversation_quote", "text": text},
                }
            ],
        }
    )
    result = proposal_commit(scope=scope, proposal=proposal).results[0]
    return {"decision": result.decision, "reason": result.reason, "ids": result.ids}


def recall(*, scope: OwnerScope, query: str) -> dict:
    """Notes and facts that match ``query``: search finds them, values are read as current."""
    found = search_world_memory(scope=scope, query=query)
    fact_ids = [h["id"] for h in found["data"]["hits"] if h["kind"] == "fact"]
    facts = list(
        Fact.objects.filter(temporal.believed_q(), owner_sub=scope.owner_sub, pk__in=fact_ids)
    )
    data = facts_data(facts, as_of=timezone.now())
    notes = [f for f in data if f["predicate"] == "note"]
    lines = [f"- {f['value']}" for f in notes]
    lines += [
        f"- {f['subject_ref']}.{f['predicate']} = {f['value']}"
        for f in data
        if f["predicate"] != "note"
    ]
    text = "\n".join(lines) if lines else f"Nichts zu {query!r} gemerkt."
    return {
        "text": text,
        "data": {"query": query, "notes": notes, "facts": data, "hits": found["data"]["hits"]},
    }


def review_digest(*, scope: OwnerScope) -> dict:
    """One bundled message for the main chat: what waits for a decision, nothing auto-committed."""
    pending = list(
        ProposalOp.objects.filter(owner_sub=scope.owner_sub, decision="pending")
        .select_related("proposal")
        .order_by("created_at")[:50]
    )
    merges = [p for p in pending if p.op == "merge_entities"]
    proposals = [p for p in pending if p.op != "merge_entities"]
    conflicts = [p for p in proposals if _conflicts(scope, p)]
    lines = ["Gedächtnis — bitte prüfen:"]
    for item in proposals:
        payload = item.payload
        what = (
            f"{payload.get('subject_ref')} {payload.get('predicate')} = "
            f"{payload.get('object_value', payload.get('object_ref'))}"
            if "predicate" in payload
            else item.op
        )
        mark = "⚠ Widerspruch: " if item in conflicts else ""
        lines.append(f"- {mark}{what} — {item.reason} [{item.pk}]")
    for item in merges:
        lines.append(
            f"- Zusammenführen? {item.payload['entity_ref']} = {item.payload['into_ref']}"
            f" ({item.payload['similarity']:.0%}) [{item.pk}]"
        )
    if len(lines) == 1:
        lines = ["Gedächtnis: nichts zu prüfen."]
    else:
        lines.append("Antwort: annehmen / ablehnen (mit Grund) / zusammenführen.")
    data = {
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
    return {"text": "\n".join(lines), "data": data}


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
