"""Fact rows as ``FactOut``: the one serializer of facts for the API, tools and context."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from uuid import UUID

from worldmemory import temporal
from worldmemory.models import Entity, Fact
from worldmemory.reads.types import FactOut


def entity_refs(
    ids: Iterable[UUID | None], known: dict[UUID, str] | None = None
) -> dict[UUID, str]:
    """Refs of entity ids; only ids not in ``known`` cost a query."""
    refs = dict(known or {})
    wanted = {i for i in ids if i is not None and i not in refs}
    if wanted:
        rows = Entity.objects.filter(pk__in=wanted).values_list("pk", "kind_id", "slug")
        refs.update({pk: f"{kind}:{slug}" for pk, kind, slug in rows})
    return refs


def fact_dicts(
    facts: list[Fact], *, as_of: datetime, known: dict[UUID, str] | None = None
) -> list[dict]:
    """The fields of ``FactOut`` of each row as plain dicts, without building the models:
    the context builder serializes every candidate row on each call, and a model per row
    cost it more than the rest of its Python work together. ``known`` refs save their
    lookup."""
    refs = entity_refs(
        (
            entity_id
            for fact in facts
            for entity_id in (fact.subject_entity_id, fact.object_entity_id, fact.scope_entity_id)
        ),
        known,
    )
    return [_fields(f, refs, as_of) for f in facts]


def fact_outs(
    facts: list[Fact], *, as_of: datetime, known: dict[UUID, str] | None = None
) -> list[FactOut]:
    """``FactOut`` of each row (a ``Fact`` or a ``temporal.FactRow``), lifecycles as of
    system time ``as_of``; ``known`` refs save their lookup."""
    # The rows come from the database, whose columns already have these types: building
    # without validation keeps this serializer cheap.
    return [
        FactOut.model_construct(**fields) for fields in fact_dicts(facts, as_of=as_of, known=known)
    ]


def _fields(f: Fact, refs: dict[UUID, str], as_of: datetime) -> dict:
    """One row's ``FactOut`` fields, in the model's order."""
    return {
        "id": str(f.pk),
        "subject_ref": refs.get(f.subject_entity_id),
        "predicate": f.predicate_id,
        "object_kind": f.object_kind,
        "value": f.object_value,
        "object_ref": refs.get(f.object_entity_id) if f.object_entity_id else None,
        "valid_from": f.valid_from,
        "valid_to": f.valid_to,
        "recorded_at": f.recorded_at,
        "superseded_at": f.superseded_at,
        "status": f.status,
        "lifecycle": temporal.lifecycle(f, as_of),
        "source": f.source,
        "trust_tier": f.source_trust_tier,
        "confidence": f.confidence,
        "memory_type": f.memory_type,
        "scope_ref": refs.get(f.scope_entity_id) if f.scope_entity_id else None,
        "scope_kind": f.scope_kind,
        "evidence": f.evidence,
        "reason": f.reason,
        "observed_at": f.observed_at if temporal.observed_apart(f) else None,
        # the supersede chain both ways: the row this one replaced, the row that
        # replaced (or corrected) this one
        "supersedes_fact_id": str(f.supersedes_fact_id) if f.supersedes_fact_id else None,
        "invalidated_by_fact_id": (
            str(f.invalidated_by_fact_id) if f.invalidated_by_fact_id else None
        ),
        "priority": f.priority,
        "functional": f.is_functional,
    }
