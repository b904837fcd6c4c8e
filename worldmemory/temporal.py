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

import json
from collections.abc import Iterable
from datetime import datetime
from uuid import UUID

from django.db import connections
from django.db.models import Q, QuerySet
from django.utils import timezone

from gedaechtnis.routers import APP_DB
from worldmemory.models import Fact
from worldmemory.tenancy import OwnerScope


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


# The same rules as SQL, for the hot read paths: the ORM's query building costs
# more than the query itself there. ``{v}``/``{r}`` are named parameters.
BELIEVED_NOW_SQL = "superseded_at IS NULL"
VALID_AT_SQL = "(valid_from <= %({v})s AND (valid_to IS NULL OR valid_to > %({v})s))"
KNOWN_AT_SQL = "(recorded_at <= %({r})s AND (superseded_at IS NULL OR superseded_at > %({r})s))"
FACT_COLUMNS = ", ".join(f'"{field.column}"' for field in Fact._meta.concrete_fields)


def _select_facts(
    scope: OwnerScope,
    where: str,
    params: dict,
    *,
    column: str = "subject_entity_id",
    order: str = "predicate, valid_from, id",
) -> list[Fact]:
    sql = (
        f"SELECT {FACT_COLUMNS} FROM facts WHERE owner_sub = %(owner)s "
        f"AND {column} = ANY(%(ids)s) AND {where} ORDER BY {order}"
    )
    return list(Fact.objects.raw(sql, {"owner": scope.owner_sub, **params}))


# --- merges, as of a system time -----------------------------------------------------------


def merge_links(*, scope: OwnerScope, system_time: datetime | None = None) -> dict[UUID, UUID]:
    """``{merged entity id: entity it was merged into}`` as believed at ``system_time``."""
    sql = (
        "SELECT event_type, payload FROM world_events WHERE owner_sub = %s "
        "AND event_type IN ('merge', 'split')"
    )
    params: list = [scope.owner_sub]
    if system_time is not None:
        sql += " AND recorded_at <= %s"
        params.append(system_time)
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(sql + " ORDER BY recorded_at, id", params)
        events = cursor.fetchall()
    links: dict[UUID, UUID] = {}
    for event_type, raw in events:
        payload = json.loads(raw) if isinstance(raw, str) else raw  # Django leaves jsonb as text
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


# --- fact reads (ordered by predicate, then valid time) ------------------------------------


def facts_current(*, scope: OwnerScope, entity_ids: Iterable[UUID]) -> list[Fact]:
    """Believed now and valid now: the current state."""
    return facts_valid_at_either(scope=scope, entity_ids=entity_ids, moments=(timezone.now(),))


def facts_valid_at_either(
    *, scope: OwnerScope, entity_ids: Iterable[UUID], moments: Iterable[datetime]
) -> list[Fact]:
    """Believed now and valid at any of ``moments`` (one read for several points)."""
    params: dict = {"ids": list(entity_ids)}
    windows = []
    for index, moment in enumerate(moments):
        params[f"v{index}"] = moment
        windows.append(VALID_AT_SQL.format(v=f"v{index}"))
    return _select_facts(scope, f"{BELIEVED_NOW_SQL} AND ({' OR '.join(windows)})", params)


def facts_known_at(
    *,
    scope: OwnerScope,
    entity_ids: Iterable[UUID],
    system_time: datetime,
    valid_time: datetime,
) -> list[Fact]:
    """What the agent believed at ``system_time`` about the world at ``valid_time``."""
    where = f"{KNOWN_AT_SQL.format(r='r')} AND {VALID_AT_SQL.format(v='v')}"
    params = {"ids": list(entity_ids), "r": system_time, "v": valid_time}
    return _select_facts(scope, where, params)


def incoming_current(*, scope: OwnerScope, entity_ids: Iterable[UUID]) -> list[Fact]:
    """Relationships pointing at the entities, believed and valid now."""
    where = f"{BELIEVED_NOW_SQL} AND {VALID_AT_SQL.format(v='v')}"
    params = {"ids": list(entity_ids), "v": timezone.now()}
    return _select_facts(scope, where, params, column="object_entity_id")


def fact_history(*, scope: OwnerScope, entity_ids: Iterable[UUID], predicate: str) -> list[Fact]:
    """Every row ever recorded for (entities, predicate), in valid-time order."""
    params = {"ids": list(entity_ids), "predicate": predicate}
    return _select_facts(
        scope, "predicate = %(predicate)s", params, order="valid_from, recorded_at, id"
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
