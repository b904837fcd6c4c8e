"""Reads of the reflection layer: objects with their current state, history and links.

These are the selectors the "Gedächtnis" pages for threads, spaces and open questions
call; the JSON API answers with the same data. Every fact read goes through
``temporal``: believed now and valid now unless a ``valid_time`` (and a ``system_time``,
what was believed then) is given; history reads take every row.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from uuid import UUID

from django.db.models import Max, Min
from django.utils import timezone

from worldmemory import temporal
from worldmemory.errors import NotFound
from worldmemory.models import Entity, Fact, SourceMessage, SourceSession, WorldEvent
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.sources import EVIDENCE_PREFIX
from worldmemory.tenancy import OwnerScope

STATE_PREDICATE = {
    "thread": "thread_state",
    "open_question": "question_state",
    "resurfacing_anchor": "anchor_state",
}
REFLECTION_KINDS = (
    "thread",
    "reflection_space",
    "open_question",
    "experience",
    "insight",
    "resurfacing_anchor",
    "session_summary",
    "life_period",
)


def state_predicate(kind: str) -> str:
    return STATE_PREDICATE.get(kind, "lifecycle_state")


def current_by_entity(
    *,
    scope: OwnerScope,
    entity_ids: Iterable[UUID],
    valid_time: datetime | None = None,
    system_time: datetime | None = None,
) -> dict[UUID, list[temporal.FactRow]]:
    """Each entity's facts, outgoing edges included: current, or at ``valid_time`` (as
    known at ``system_time``)."""
    ids = list(entity_ids)
    grouped: dict[UUID, list[temporal.FactRow]] = {pk: [] for pk in ids}
    if not ids:
        return grouped
    rows = temporal.facts_at(
        scope=scope,
        entity_ids=ids,
        valid_time=valid_time or timezone.now(),
        system_time=system_time,
    )
    for row in rows:
        grouped[row.subject_entity_id].append(row)
    return grouped


def value_of(rows: list[temporal.FactRow], predicate: str) -> object | None:
    """The current value of a functional literal predicate among ``rows``."""
    for row in rows:
        if row.predicate_id == predicate and row.object_entity_id is None:
            return row.object_value
    return None


def values_of(rows: list[temporal.FactRow], predicate: str) -> list[object]:
    return [r.object_value for r in rows if r.predicate_id == predicate and not r.object_entity_id]


def targets_of(rows: list[temporal.FactRow], predicate: str) -> list[UUID]:
    return [r.object_entity_id for r in rows if r.predicate_id == predicate and r.object_entity_id]


def state_name(value: object | None) -> str | None:
    """States are stored as ``{"state": …, "trigger": …, "sources": […]}``."""
    if isinstance(value, dict):
        return value.get("state")
    return value if isinstance(value, str) else None


def reflection_entities(
    *, scope: OwnerScope, kind: str, ids: Iterable[UUID] | None = None
) -> list[Entity]:
    rows = Entity.objects.filter(owner_sub=scope.owner_sub, kind_id=kind, status="active")
    if ids is not None:
        rows = rows.filter(pk__in=list(ids))
    return list(rows.order_by("-updated_at", "canonical_name"))


def reflection_list(*, scope: OwnerScope, kind: str, state: str | None = None) -> list[dict]:
    """Objects of one reflection kind with their current state (newest first)."""
    entities = reflection_entities(scope=scope, kind=kind)
    current = current_by_entity(scope=scope, entity_ids=[e.pk for e in entities])
    predicate = state_predicate(kind)
    listed = []
    for entity in entities:
        rows = current[entity.pk]
        value = value_of(rows, predicate)
        if state is not None and state_name(value) != state:
            continue
        listed.append(
            {
                "ref": entity.ref,
                "id": str(entity.pk),
                "kind": entity.kind_id,
                "name": entity.canonical_name,
                "state": state_name(value),
                "state_detail": value,
                "statement": value_of(rows, "statement"),
                "spaces": len(targets_of(rows, "in_space")),
                # what the enrichment path proposed and the owner has not taken up yet
                "proposed": state_name(value_of(rows, "lifecycle_state")) == "candidate"
                and predicate != "lifecycle_state",
                "occurred": value_of(rows, "occurred_on"),
                "sources": len(cited_messages(rows, predicate)),
                # whether a space is in use, rests or is archived (``activity``)
                "activity": state_name(value_of(rows, "activity_state")),
            }
        )
    return listed


def cited_messages(rows, predicate: str) -> list[UUID]:
    """The messages an object's current facts cite, and those its state rests on (each time
    a question was asked again, the turn that settled a thread), each once."""
    refs = [(r.evidence or {}).get("ref") for r in rows]
    state = value_of(rows, predicate)
    refs += state.get("sources", []) if isinstance(state, dict) else []
    return list(dict.fromkeys(message_ids_of(refs)))


def message_ids_of(evidence_refs: Iterable[str | None]) -> list[UUID]:
    ids = []
    for ref in evidence_refs:
        if ref and ref.startswith(EVIDENCE_PREFIX):
            try:
                ids.append(UUID(ref[len(EVIDENCE_PREFIX) :]))
            except ValueError:
                continue
    return ids


def passages(*, scope: OwnerScope, message_ids: Iterable[UUID]) -> list[dict]:
    """Source messages as passages (session and time), oldest first; deleted ones say so."""
    rows = SourceMessage.objects.filter(owner_sub=scope.owner_sub, pk__in=list(set(message_ids)))
    deleted = set(
        rows.filter(text="", deletions__isnull=False).values_list("pk", flat=True).distinct()
    )
    return [
        {
            "message_id": str(m.pk),
            "session_external_id": m.session_external_id,
            "external_id": m.external_id,
            "occurred_at": m.occurred_at,
            "role": m.role,
            "speaker": m.speaker,
            "text": m.text,
            "deleted": m.pk in deleted,
        }
        for m in sorted(rows, key=lambda m: (m.occurred_at, m.external_id))
    ]


def summary_sentences(value: object | None) -> list[dict]:
    """The cited sentences of a ``summary_sentences`` value, each ``{"text", "message_id"}``
    (anything else stored there is left out)."""
    return [
        {"text": s["text"], "message_id": s["message_id"]}
        for s in value or []
        if isinstance(s, dict) and s.get("text") and s.get("message_id")
    ]


# how many of the newest turns per listed session are read to find the newest sessions
RECENT_TURNS_PER_SESSION = 50


def session_summaries(
    *, scope: OwnerScope, external_ids: Iterable[str] | None = None, limit: int = 50
) -> list[dict]:
    """Sessions with their summaries, the newest last turn first (at most ``limit``): each
    with its title, its first and last turn (when it was said) and its summaries' cited
    sentences, span after span. The newest sessions when ``external_ids`` is ``None``; a
    session nobody summarised yet has no sentences."""
    sessions = SourceSession.objects.filter(owner_sub=scope.owner_sub)
    if external_ids is not None:
        sessions = sessions.filter(external_id__in=list(external_ids))
    else:
        # the sessions of the newest turns (a walk down the owner's time index), so an
        # owner of years is not read turn by turn to find the newest
        newest = (
            SourceMessage.objects.filter(owner_sub=scope.owner_sub)
            .order_by("-occurred_at")
            .values_list("session_id", flat=True)[: limit * RECENT_TURNS_PER_SESSION]
        )
        sessions = sessions.filter(pk__in=list(dict.fromkeys(newest))[:limit])
    rows = (
        sessions.values("external_id", "title")
        .annotate(first=Min("messages__occurred_at"), last=Max("messages__occurred_at"))
        .filter(last__isnull=False)
        .order_by("-last")[:limit]
    )
    rows = list(rows)
    # only the summaries of these sessions: an owner of years has thousands
    covering = Fact.objects.filter(
        temporal.believed_q(),
        temporal.valid_at_q(timezone.now()),
        owner_sub=scope.owner_sub,
        predicate_id="covers_span",
        object_value__session__in=[row["external_id"] for row in rows],
    ).values_list("subject_entity_id", flat=True)
    summaries = reflection_entities(scope=scope, kind="session_summary", ids=covering)
    current = current_by_entity(scope=scope, entity_ids=[e.pk for e in summaries])
    spans: dict[str, list[tuple[str, list[dict]]]] = {}
    for summary in summaries:
        span = value_of(current[summary.pk], "covers_span")
        if isinstance(span, dict) and span.get("session"):
            sentences = summary_sentences(value_of(current[summary.pk], "summary_sentences"))
            spans.setdefault(span["session"], []).append((str(span.get("last_at", "")), sentences))
    return [
        {
            "external_id": row["external_id"],
            "title": row["title"] or row["external_id"],
            "first": row["first"],
            "last": row["last"],
            "sentences": [
                s for _at, part in sorted(spans.get(row["external_id"], [])) for s in part
            ],
        }
        for row in rows
    ]


def _fact_data(row: temporal.FactRow, refs: dict[UUID, str]) -> dict:
    evidence = row.evidence or {}
    return {
        "fact_id": str(row.id),
        "predicate": row.predicate_id,
        "value": row.object_value,
        "object_ref": refs.get(row.object_entity_id) if row.object_entity_id else None,
        "valid_from": row.valid_from,
        "valid_to": row.valid_to,
        "recorded_at": row.recorded_at,
        "superseded_at": row.superseded_at,
        "status": row.status,
        "memory_type": row.memory_type,
        "confidence": row.confidence,
        "reason": row.reason,
        "evidence_ref": evidence.get("ref"),
    }


def reflection_detail(
    *,
    scope: OwnerScope,
    ref: str,
    valid_time: datetime | None = None,
    system_time: datetime | None = None,
) -> dict:
    """One object: its state, state history, links both ways and the source passages —
    now, or at ``valid_time`` as believed now or as known at ``system_time``. The history
    lists every row ever recorded, whatever the moment."""
    entity = entity_by_ref(scope=scope, ref=ref)
    if entity is None:
        raise NotFound(f"no entity {ref!r}")
    at = {"valid_time": valid_time or timezone.now(), "system_time": system_time}
    current = temporal.facts_at(scope=scope, entity_ids=[entity.pk], **at)
    incoming = temporal.incoming_at(scope=scope, entity_ids=[entity.pk], **at)
    linked_ids = {r.object_entity_id for r in current if r.object_entity_id}
    linked_ids |= {r.subject_entity_id for r in incoming}
    linked = {e.pk: e for e in Entity.objects.filter(owner_sub=scope.owner_sub, pk__in=linked_ids)}
    refs = {pk: e.ref for pk, e in linked.items()}
    predicate = state_predicate(entity.kind_id)
    history = temporal.fact_history(scope=scope, entity_ids=[entity.pk], predicate=predicate)
    return {
        "ref": entity.ref,
        "id": str(entity.pk),
        "kind": entity.kind_id,
        "name": entity.canonical_name,
        "state": state_name(value_of(current, predicate)),
        "facts": [_fact_data(r, refs) for r in current if not r.object_entity_id],
        "links_out": [
            {"predicate": r.predicate_id, "ref": refs.get(r.object_entity_id), "fact_id": str(r.id)}
            for r in current
            if r.object_entity_id
        ],
        "links_in": [
            {
                "predicate": r.predicate_id,
                "ref": refs.get(r.subject_entity_id),
                "fact_id": str(r.id),
            }
            for r in incoming
        ],
        "linked_experiences": sorted(
            refs[pk] for pk, e in linked.items() if e.kind_id == "experience"
        ),
        "history": [_fact_data(r, refs) for r in history],
        "sources": passages(scope=scope, message_ids=cited_messages(current, predicate)),
    }


def anchors_of(
    *,
    scope: OwnerScope,
    entity_id: UUID,
    valid_time: datetime | None = None,
    system_time: datetime | None = None,
) -> list[dict]:
    """The resurfacing anchors pointing at an entity (believed and valid now, or at the
    given moments), with their day or condition and whether they still wait; pending
    ones first, by day."""
    at = {"valid_time": valid_time or timezone.now(), "system_time": system_time}
    edges = temporal.incoming_at(scope=scope, entity_ids=[entity_id], **at)
    ids = [r.subject_entity_id for r in edges if r.predicate_id == "resurfaces"]
    anchors = reflection_entities(scope=scope, kind="resurfacing_anchor", ids=ids)
    current = current_by_entity(scope=scope, entity_ids=[a.pk for a in anchors], **at)
    listed = []
    for anchor in anchors:
        due = value_of(current[anchor.pk], "anchor_due") or {}
        listed.append(
            {
                "ref": anchor.ref,
                "name": anchor.canonical_name,
                "date": due.get("date"),
                "condition": due.get("condition") or "",
                "state": state_name(value_of(current[anchor.pk], "anchor_state")),
            }
        )
    return sorted(listed, key=lambda a: (a["state"] != "pending", a["date"] or "9999", a["ref"]))


def renamed_by(*, scope: OwnerScope, entity_id: UUID) -> set[str]:
    """Who renamed the entity: the sources of its ``rename`` events (the owner's
    ``user:…``, an agent, the reflection engine)."""
    return set(
        WorldEvent.objects.filter(
            owner_sub=scope.owner_sub, event_type_id="rename", target_entity_id=entity_id
        ).values_list("source", flat=True)
    )
