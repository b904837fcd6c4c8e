"""Committer operations for reflection objects, and the one way this package writes.

Reflection objects are entities, their states facts, their links relationships
(DESIGN §9): every write here is a ``MemoryMutationProposal`` through
``proposal_commit``, so the validator routes it and the committer records it
bitemporally like anything else.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from infra.routers import APP_DB
from worldmemory.committer import CommitResult, proposal_commit
from worldmemory.contracts import MemoryMutationProposal
from worldmemory.errors import InvalidInput
from worldmemory.models import SourceMessage
from worldmemory.render import SYSTEM_SOURCE_PREFIX
from worldmemory.sources import EVIDENCE_PREFIX
from worldmemory.tenancy import OwnerScope

SYSTEM_SOURCE = f"{SYSTEM_SOURCE_PREFIX}reflection"
USER_SOURCE = "user:chat"
EXCERPT_CHARS = 240


def message_ref(message: SourceMessage) -> str:
    return f"{EVIDENCE_PREFIX}{message.pk}"


def message_key(message: SourceMessage) -> str:
    """The part of a reflection object's ref that names its message: the whole id.

    Message ids are UUIDv7, so a prefix is mostly their time: messages ingested in one
    batch share it, and a prefix would give their objects one identity."""
    return message.pk.hex


def excerpt(text: str) -> str:
    """A short quote for the evidence line; the message itself stays the source."""
    text = " ".join(text.split())
    return text if len(text) <= EXCERPT_CHARS else text[: EXCERPT_CHARS - 1] + "…"


@dataclass
class Provenance:
    """Where an operation comes from: the owner's words (a message) or the system's rules."""

    memory_type: str
    source: str
    evidence: dict
    confidence: float = 0.9
    valid_from: datetime = field(default_factory=timezone.now)
    reason: str | None = None

    @classmethod
    def said(cls, message: SourceMessage, *, confidence: float = 0.9) -> Provenance:
        """What the owner said in ``message`` (a user assertion, valid from then)."""
        if message.role != "user":
            raise InvalidInput(f"message {message.pk} is not the owner's ({message.role})")
        return cls(
            memory_type="user_assertion",
            source=USER_SOURCE,
            evidence={
                "kind": "conversation_quote",
                "text": excerpt(message.text) or "(empty)",
                "ref": message_ref(message),
            },
            confidence=confidence,
            valid_from=message.occurred_at,
        )

    @classmethod
    def observed(
        cls,
        *,
        what: str,
        ref: str | None = None,
        confidence: float = 0.9,
        valid_from: datetime | None = None,
        reason: str | None = None,
    ) -> Provenance:
        """A deterministic assessment by the reflection rules (``ref`` names its source)."""
        evidence = {"kind": "observation", "text": excerpt(what)}
        if ref:
            evidence["ref"] = ref
        return cls(
            memory_type="observed_state",
            source=SYSTEM_SOURCE,
            evidence=evidence,
            confidence=confidence,
            valid_from=valid_from or timezone.now(),
            reason=reason,
        )

    @classmethod
    def derived(
        cls, *, what: str, ref: str | None, confidence: float, valid_from: datetime | None = None
    ) -> Provenance:
        """A derived pattern (consolidation): the validator sends it to review."""
        evidence = {"kind": "observation", "text": excerpt(what)}
        if ref:
            evidence["ref"] = ref
        return cls(
            memory_type="derived_pattern",
            source=f"{SYSTEM_SOURCE}:consolidation",
            evidence=evidence,
            confidence=confidence,
            valid_from=valid_from or timezone.now(),
        )

    def as_dict(self) -> dict:
        data = {
            "confidence": self.confidence,
            "source": self.source,
            "memory_type": self.memory_type,
            "valid_from": self.valid_from.isoformat(),
            "evidence": self.evidence,
        }
        if self.reason:
            data["reason"] = self.reason
        return data


def op_entity(ref: str, name: str, how: Provenance, aliases: tuple[str, ...] = ()) -> dict:
    return {
        "op": "upsert_entity",
        "id_hint": ref,
        "kind": ref.split(":", 1)[0],
        "canonical_name": name[:2000],
        "aliases": list(aliases),
        **how.as_dict(),
    }


def op_fact(subject: str, predicate: str, value: object, how: Provenance) -> dict:
    return {
        "op": "assert_fact",
        "subject_ref": subject,
        "predicate": predicate,
        "object_value": value,
        **how.as_dict(),
    }


def op_edge(subject: str, predicate: str, obj: str, how: Provenance) -> dict:
    return {
        "op": "assert_relationship",
        "subject_ref": subject,
        "predicate": predicate,
        "object_ref": obj,
        **how.as_dict(),
    }


def op_rename(ref: str, name: str, how: Provenance) -> dict:
    return {"op": "rename_entity", "entity_ref": ref, "canonical_name": name[:300], **how.as_dict()}


def op_end(fact_id: object, valid_to: datetime, how: Provenance) -> dict:
    return {
        "op": "end_fact",
        "target_fact_id": str(fact_id),
        "valid_to": valid_to.isoformat(),
        **how.as_dict(),
    }


def reflection_commit(
    *, scope: OwnerScope, ops: list[dict], purpose: str, chat_id: str | None = None
) -> CommitResult | None:
    """Commit the operations as one proposal, all or nothing: if the committer refuses
    any of them, nothing of it stays and ``InvalidInput`` names why. ``None`` when there
    is nothing to do. (Operations the validator sends to review are not refusals.)"""
    if not ops:
        return None
    proposal = MemoryMutationProposal.model_validate(
        {
            "run_id": f"reflection:{purpose}:{uuid.uuid4()}",
            "chat_id": chat_id,
            "proposed_by": SYSTEM_SOURCE,
            "created_at": timezone.now(),
            "operations": ops,
        }
    )
    with transaction.atomic(using=APP_DB):
        result = proposal_commit(scope=scope, proposal=proposal)
        refused = [f"{r.op}: {r.reason}" for r in result.results if r.decision == "rejected"]
        if refused:
            raise InvalidInput(f"{purpose} refused: " + "; ".join(refused))
    return result
