"""Causality as data: what an event or a run caused (forward), why a fact holds or an event
happened (backward, with intent and outcome), and the event timeline. Only effects the
system observed are linked. The agent's causality tools (``worldmemory.causality``) put
text over these; the pages read them directly.
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from django.db.models import Q
from django.utils import timezone

from worldmemory import temporal
from worldmemory.errors import InvalidInput, NotFound
from worldmemory.models import Fact, WorldEvent
from worldmemory.reads.entities import chain_neighbours, facts_data, subject_of
from worldmemory.reads.outcomes import latest_outcomes
from worldmemory.temporal import fact_history
from worldmemory.tenancy import OwnerScope

MAX_STEPS = 6
MAX_EVENTS = 100


def _with_outcomes(scope: OwnerScope, events: list[dict]) -> list[dict]:
    """Fill each intent's outcome from its latest ``intent_outcome`` event."""
    outcomes = latest_outcomes(scope=scope, intent_ids=[e["id"] for e in events if e["intent"]])
    for event in events:
        event["intent_outcome"] = outcomes.get(event["id"], event["intent_outcome"])
    return events


def _event_data(event: WorldEvent, depth: int) -> dict:
    return {
        "id": str(event.pk),
        "event_type": event.event_type_id,
        "occurred_at": event.occurred_at,
        "summary": event.summary,
        "run_id": event.run_id,
        "caused_by_event_id": str(event.caused_by_event_id) if event.caused_by_event_id else None,
        "intent": event.intent,
        "intent_outcome": event.intent_outcome,
        "causation_kind": event.causation_kind,
        "depth": depth,
    }


def effects(*, scope: OwnerScope, event_id: UUID | None = None, run_id: str | None = None) -> dict:
    """Everything an event or a run caused, following ``caused_by`` forward: the events
    (root first, by depth) and the new values they caused."""
    if (event_id is None) == (run_id is None):
        raise InvalidInput("give exactly one of event_id or run_id")
    events = WorldEvent.objects.filter(owner_sub=scope.owner_sub)
    if event_id is not None:
        roots = list(events.filter(pk=event_id))
        if not roots:
            raise NotFound(f"no event {event_id}")
    else:
        roots = list(
            events.filter(Q(run_id=run_id) | Q(correlation_id=run_id), caused_by_event__isnull=True)
        )
    found = {e.pk: _event_data(e, 0) for e in roots}
    frontier = list(found)
    for depth in range(1, MAX_STEPS + 1):
        if not frontier or len(found) >= MAX_EVENTS:
            break
        step = list(events.filter(caused_by_event_id__in=frontier).order_by("occurred_at"))
        frontier = [e.pk for e in step if e.pk not in found]
        found.update({e.pk: _event_data(e, depth) for e in step if e.pk not in found})
    # the new values the events caused (not the history rows a supersede also writes)
    facts = list(
        Fact.objects.filter(
            temporal.open_ended_q(),
            owner_sub=scope.owner_sub,
            caused_by_event_id__in=list(found),
        ).order_by("recorded_at")[:50]
    )
    ordered = _with_outcomes(
        scope, sorted(found.values(), key=lambda e: (e["depth"], e["occurred_at"]))
    )
    return {"events": ordered, "facts": facts_data(facts, as_of=timezone.now())}


def _cause_chain(scope: OwnerScope, event_id: UUID | None) -> list[dict]:
    """The event and its causes, backwards, with each intent's outcome."""
    chain = []
    event = WorldEvent.objects.filter(owner_sub=scope.owner_sub, pk=event_id).first()
    while event is not None and len(chain) < MAX_STEPS:
        chain.append(_event_data(event, len(chain)))
        event = (
            WorldEvent.objects.filter(
                owner_sub=scope.owner_sub, pk=event.caused_by_event_id
            ).first()
            if event.caused_by_event_id
            else None
        )
    return _with_outcomes(scope, chain)


def event_causes(*, scope: OwnerScope, event_id: UUID) -> dict:
    """Why an event happened (a test run failing): the event and what caused it."""
    chain = _cause_chain(scope, event_id)
    if not chain:
        raise NotFound(f"no event {event_id}")
    return {"event": chain[0], "causes": chain[1:]}


def fact_causes(
    *,
    scope: OwnerScope,
    fact_id: UUID | None = None,
    ref: str | None = None,
    predicate: str | None = None,
) -> dict:
    """Why a fact holds: the fact (by id, or the latest believed one of ``ref`` and
    ``predicate``), the events that caused it, and its supersede chain both ways."""
    facts = Fact.objects.filter(owner_sub=scope.owner_sub)
    if fact_id is not None:
        fact = facts.filter(pk=fact_id).first()
        if fact is None:
            raise NotFound(f"no fact {fact_id}")
    elif ref and predicate:
        subject = subject_of(scope, ref)
        fact = (
            facts.filter(
                temporal.believed_q(),
                subject_entity_id__in=subject.family,
                predicate_id=predicate,
            )
            .order_by("-valid_from")
            .first()
        )
        if fact is None:
            raise NotFound(f"no fact {ref}.{predicate}")
    else:
        raise InvalidInput("give fact_id, ref and predicate, or event_id")
    now = timezone.now()
    (data,) = facts_data([fact], as_of=now)
    previous, following = _supersede_chain(scope, fact)
    return {
        "fact": data,
        "causes": _cause_chain(scope, fact.caused_by_event_id),
        "previous": facts_data(previous, as_of=now),
        "next": facts_data(following, as_of=now),
    }


def _supersede_chain(scope: OwnerScope, fact: Fact) -> tuple[list[Fact], list[Fact]]:
    """The rows before ``fact`` (newest first) and after it (oldest first) in its supersede
    chain, at most ``MAX_STEPS`` each way, from one read of the attribute's rows."""
    rows = fact_history(
        scope=scope, entity_ids=[fact.subject_entity_id], predicate=fact.predicate_id
    )
    by_id = {row.pk: row for row in rows}
    by_id[fact.pk] = by_id.get(fact.pk, fact)
    previous, following = [], []
    step: Fact | None = by_id[fact.pk]
    while len(previous) < MAX_STEPS:
        step, _ = chain_neighbours(step, by_id)
        if step is None or step in previous:
            break
        previous.append(step)
    step = by_id[fact.pk]
    while len(following) < MAX_STEPS:
        _, step = chain_neighbours(step, by_id)
        if step is None or step in following:
            break
        following.append(step)
    return previous, following


def event_timeline(
    *,
    scope: OwnerScope,
    entity_ids: list[UUID] | None = None,
    event_type: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    text: str | None = None,
    limit: int = 50,
) -> list[dict]:
    """Events newest first, each with its cause and its effects nested (forward over
    ``caused_by``, at most ``MAX_STEPS`` deep). An event whose cause is itself listed
    appears only nested under it. Each node carries the facts the event caused."""
    events = WorldEvent.objects.filter(owner_sub=scope.owner_sub)
    if entity_ids is not None:
        events = events.filter(
            Q(target_entity_id__in=entity_ids) | Q(actor_entity_id__in=entity_ids)
        )
    if event_type:
        events = events.filter(event_type_id=event_type)
    if since:
        events = events.filter(occurred_at__gte=since)
    if until:
        events = events.filter(occurred_at__lte=until)
    if text:
        events = events.filter(Q(summary__icontains=text) | Q(intent__icontains=text))
    listed = list(events.order_by("-occurred_at", "-id")[:limit])
    listed_ids = {e.pk for e in listed}
    roots = [e for e in listed if e.caused_by_event_id not in listed_ids]
    cause_ids = {e.caused_by_event_id for e in roots if e.caused_by_event_id}
    causes = {
        e.pk: _event_data(e, 0)
        for e in WorldEvent.objects.filter(owner_sub=scope.owner_sub, pk__in=cause_ids)
    }
    children: dict[UUID, list[WorldEvent]] = {}
    seen = {e.pk for e in roots}
    frontier = list(seen)
    for _ in range(MAX_STEPS):
        if not frontier or len(seen) >= MAX_EVENTS * 2:
            break
        step = WorldEvent.objects.filter(owner_sub=scope.owner_sub, caused_by_event_id__in=frontier)
        frontier = []
        for event in step.order_by("occurred_at", "id")[:MAX_EVENTS]:
            if event.pk not in seen:
                seen.add(event.pk)
                children.setdefault(event.caused_by_event_id, []).append(event)
                frontier.append(event.pk)
    caused_facts: dict[str, list[dict]] = {}
    rows = list(
        Fact.objects.filter(
            temporal.open_ended_q(),
            owner_sub=scope.owner_sub,
            caused_by_event_id__in=list(seen),
        ).order_by("recorded_at")[: MAX_EVENTS * 2]
    )
    cause_of = {str(r.pk): str(r.caused_by_event_id) for r in rows}
    for fact in facts_data(rows, as_of=timezone.now()):
        caused_facts.setdefault(cause_of[fact["id"]], []).append(fact)
    flat: list[dict] = []

    def node(event: WorldEvent, depth: int) -> dict:
        data = _event_data(event, depth)
        data["facts"] = caused_facts.get(data["id"], [])
        data["effects"] = [node(child, depth + 1) for child in children.get(event.pk, [])]
        flat.append(data)
        return data

    timeline = []
    for event in roots:
        data = node(event, 0)
        data["cause"] = causes.get(event.caused_by_event_id)
        timeline.append(data)
    _with_outcomes(scope, flat + list(causes.values()))
    return timeline
