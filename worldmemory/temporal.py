"""The bitemporal rules, in one place. Every read of facts goes through here.

Valid time ``[valid_from, valid_to)`` is when a fact held in the world; system
time ``[recorded_at, superseded_at)`` is when the agent believed the row.

- *Believed now*: ``superseded_at IS NULL`` (pending items never live in ``facts``).
- *Valid at V*: believed now and ``valid_from <= V < valid_to``.
- *Known at R about V*: ``recorded_at <= R < superseded_at`` and valid at V.

Entity merges are bitemporal too: a merge or split is a ``world_events`` row
with the committer's ``recorded_at``, so "which entities answer for X" is
replayed as of any system time.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from uuid import UUID

from django.db.models import Q, QuerySet
from django.utils import timezone

from worldmemory.models import Fact, WorldEvent
from worldmemory.tenancy import OwnerScope

MERGE_EVENTS = ("merge", "split")


def believed_now() -> Q:
    return Q(superseded_at__isnull=True)


def valid_at(valid_time: datetime) -> Q:
    return Q(valid_from__lte=valid_time) & (Q(valid_to__isnull=True) | Q(valid_to__gt=valid_time))


def known_at(system_time: datetime) -> Q:
    return Q(recorded_at__lte=system_time) & (
        Q(superseded_at__isnull=True) | Q(superseded_at__gt=system_time)
    )


def overlapping(valid_from: datetime, valid_to: datetime | None) -> Q:
    """Rows whose valid interval overlaps ``[valid_from, valid_to)``."""
    condition = Q(valid_to__isnull=True) | Q(valid_to__gt=valid_from)
    if valid_to is not None:
        condition &= Q(valid_from__lt=valid_to)
    return condition


def _facts(scope: OwnerScope) -> QuerySet:
    return Fact.objects.filter(owner_sub=scope.owner_sub)


# --- merges, as of a system time -----------------------------------------------------------


def merge_links(*, scope: OwnerScope, system_time: datetime | None = None) -> dict[UUID, UUID]:
    """``{merged entity id: entity it was merged into}`` as believed at ``system_time``."""
    events = WorldEvent.objects.filter(
        owner_sub=scope.owner_sub, event_type_id__in=MERGE_EVENTS
    ).order_by("recorded_at", "id")
    if system_time is not None:
        events = events.filter(recorded_at__lte=system_time)
    links: dict[UUID, UUID] = {}
    for event_type, payload in events.values_list("event_type_id", "payload"):
        merged = UUID(payload["merged_id"])
        if event_type == "merge":
            links[merged] = UUID(payload["into_id"])
        else:
            links.pop(merged, None)
    return links


def head_of(entity_id: UUID, links: dict[UUID, UUID]) -> UUID:
    """The entity that answers for ``entity_id`` (follows merges to the end)."""
    seen = {entity_id}
    while entity_id in links:
        entity_id = links[entity_id]
        if entity_id in seen:  # a cycle cannot be committed; stop rather than spin
            break
        seen.add(entity_id)
    return entity_id


def family_of(head_id: UUID, links: dict[UUID, UUID]) -> list[UUID]:
    """``head_id`` and every entity merged into it, directly or through others."""
    family = [head_id]
    for merged in links:
        if merged != head_id and head_of(merged, links) == head_id:
            family.append(merged)
    return family


# --- fact reads ----------------------------------------------------------------------------


def facts_current(
    *, scope: OwnerScope, entity_ids: Iterable[UUID], predicate: str | None = None
) -> QuerySet:
    """Believed now and valid now: the current state."""
    return facts_valid_at(
        scope=scope, entity_ids=entity_ids, valid_time=timezone.now(), predicate=predicate
    )


def facts_valid_at(
    *,
    scope: OwnerScope,
    entity_ids: Iterable[UUID],
    valid_time: datetime,
    predicate: str | None = None,
) -> QuerySet:
    """What held in the world at ``valid_time``, as the agent believes it now."""
    rows = _facts(scope).filter(
        believed_now(), valid_at(valid_time), subject_entity_id__in=list(entity_ids)
    )
    return rows.filter(predicate_id=predicate) if predicate else rows


def facts_known_at(
    *,
    scope: OwnerScope,
    entity_ids: Iterable[UUID],
    system_time: datetime,
    valid_time: datetime,
) -> QuerySet:
    """What the agent believed at ``system_time`` about the world at ``valid_time``."""
    return _facts(scope).filter(
        known_at(system_time), valid_at(valid_time), subject_entity_id__in=list(entity_ids)
    )


def incoming_current(*, scope: OwnerScope, entity_ids: Iterable[UUID]) -> QuerySet:
    """Relationships pointing at the entities, believed and valid now."""
    return _facts(scope).filter(
        believed_now(), valid_at(timezone.now()), object_entity_id__in=list(entity_ids)
    )


def fact_history(*, scope: OwnerScope, entity_ids: Iterable[UUID], predicate: str) -> QuerySet:
    """Every row ever recorded for (entities, predicate), in valid-time order."""
    return (
        _facts(scope)
        .filter(subject_entity_id__in=list(entity_ids), predicate_id=predicate)
        .order_by("valid_from", "recorded_at", "id")
    )


def slot_rows(
    *,
    scope: OwnerScope,
    subject_id: UUID,
    predicate: str,
    scope_entity_id: UUID | None,
    object_key: str | None,
) -> QuerySet:
    """Current-belief rows of one slot: (subject, predicate, scope[, object for sets])."""
    rows = _facts(scope).filter(
        believed_now(),
        subject_entity_id=subject_id,
        predicate_id=predicate,
        scope_entity_id=scope_entity_id,
    )
    return rows.filter(object_key=object_key) if object_key is not None else rows
