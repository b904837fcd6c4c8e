"""Builders for proposals in tests (the curator's output format)."""

from __future__ import annotations

import itertools
from datetime import datetime

from django.utils import timezone

from worldmemory.contracts import MemoryMutationProposal

_runs = itertools.count(1)


def provenance(valid_from: datetime | None = None, **overrides) -> dict:
    return {
        "confidence": 0.9,
        "source": "user:chat",
        "memory_type": "user_assertion",
        "trust_tier": "trusted",
        "valid_from": (valid_from or timezone.now()).isoformat(),
        "evidence": {"kind": "conversation_quote", "text": "(test)"},
        **overrides,
    }


def fact(subject: str, predicate: str, value, valid_from: datetime | None = None, **kw) -> dict:
    return {
        "op": "assert_fact",
        "subject_ref": subject,
        "predicate": predicate,
        "object_value": value,
        **provenance(valid_from, **kw),
    }


def correction(subject: str, predicate: str, value, valid_from=None, **kw) -> dict:
    """ "Not X but Y": ``value`` never was anything else (``corrects_*`` in ``kw``)."""
    return fact(subject, predicate, value, valid_from, memory_type="correction", **kw)


def relationship(subject: str, predicate: str, obj: str, valid_from=None, **kw) -> dict:
    return {
        "op": "assert_relationship",
        "subject_ref": subject,
        "predicate": predicate,
        "object_ref": obj,
        **provenance(valid_from, **kw),
    }


def entity(id_hint: str, name: str, aliases: tuple[str, ...] = (), **kw) -> dict:
    return {
        "op": "upsert_entity",
        "id_hint": id_hint,
        "kind": id_hint.rsplit(":", 1)[0],
        "canonical_name": name,
        "aliases": list(aliases),
        **provenance(**kw),
    }


def invalidate(fact_id: str, reason: str = "stimmt nicht", **kw) -> dict:
    return {
        "op": "invalidate_fact",
        "target_fact_id": fact_id,
        "reason": reason,
        **provenance(memory_type="correction", **kw),
    }


def end_alias(entity_ref: str, alias: str, valid_to: datetime, **kw) -> dict:
    return {
        "op": "end_alias",
        "entity_ref": entity_ref,
        "alias": alias,
        "valid_to": valid_to.isoformat(),
        **provenance(**kw),
    }


def alias(entity_ref: str, name: str, valid_from: datetime | None = None, **kw) -> dict:
    return {
        "op": "add_alias",
        "entity_ref": entity_ref,
        "alias": name,
        **provenance(valid_from, **kw),
    }


def rename(entity_ref: str, name: str, **kw) -> dict:
    return {
        "op": "rename_entity",
        "entity_ref": entity_ref,
        "canonical_name": name,
        **provenance(**kw),
    }


def end(fact_id: str, valid_to: datetime, **kw) -> dict:
    return {
        "op": "end_fact",
        "target_fact_id": fact_id,
        "valid_to": valid_to.isoformat(),
        **provenance(**kw),
    }


def proposal(*ops: dict, run_id: str | None = None) -> dict:
    return {
        "run_id": run_id or f"run-{next(_runs)}",
        "chat_id": "chat-1",
        "proposed_by": "agent:curator",
        "created_at": timezone.now().isoformat(),
        "operations": list(ops),
    }


def parsed(*ops: dict, run_id: str | None = None) -> MemoryMutationProposal:
    return MemoryMutationProposal.model_validate(proposal(*ops, run_id=run_id))
