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
from collections import namedtuple
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from uuid import UUID

from django.db import connections
from django.db.models import Q
from django.utils import timezone
from psycopg.types.json import JsonbBinaryLoader

from infra.routers import APP_DB
from worldmemory.models import Fact
from worldmemory.tenancy import OwnerScope


def overlaps(fact: Fact, valid_from: datetime) -> bool:
    """Whether the fact's valid interval overlaps ``[valid_from, ∞)``."""
    return fact.valid_to is None or fact.valid_to > valid_from


def overlaps_between(fact: Fact, start: datetime, end: datetime | None) -> bool:
    """Whether the fact's valid interval overlaps ``[start, end)`` (``end`` None: open)."""
    return overlaps(fact, start) and (end is None or fact.valid_from < end)


def valid_at(fact: Fact, moment: datetime) -> bool:
    """The Python twin of ``VALID_AT_SQL``: ``valid_from <= moment < valid_to``."""
    return fact.valid_from <= moment and (fact.valid_to is None or fact.valid_to > moment)


def _field(row, name: str):
    """A model row's field or a dict row's key: the rules below read both."""
    return row[name] if isinstance(row, Mapping) else getattr(row, name)


def believed(row) -> bool:
    """The Python twin of ``BELIEVED_NOW_SQL``: not closed in system time."""
    return _field(row, "superseded_at") is None


def open_ended(row) -> bool:
    """Whether the row's valid time has no end (it holds on, as far as it says)."""
    return _field(row, "valid_to") is None


def ends_by(row, moment: datetime) -> bool:
    """Whether the row's valid time has ended by ``moment``."""
    valid_to = _field(row, "valid_to")
    return valid_to is not None and valid_to <= moment


def closed_by(row, moment: datetime) -> bool:
    """Whether the row was closed in system time by ``moment`` (no longer believed then)."""
    superseded_at = _field(row, "superseded_at")
    return superseded_at is not None and superseded_at <= moment


def recorded_before(row, moment: datetime) -> bool:
    return _field(row, "recorded_at") < moment


def recorded_after(row, moment: datetime) -> bool:
    return _field(row, "recorded_at") > moment


def recorded_within(row, *, now: datetime, window: timedelta) -> bool:
    """Whether the row was recorded at most ``window`` before ``now``."""
    return now - _field(row, "recorded_at") <= window


def empty_interval(valid_from: datetime, valid_to: datetime | None) -> bool:
    """Whether ``[valid_from, valid_to)`` holds no moment (an end at or before the start)."""
    return valid_to is not None and valid_to <= valid_from


def lifecycle(fact, as_of: datetime) -> str:
    """active, ended, superseded or invalidated: how the row stood at system time ``as_of``."""
    if closed_by(fact, as_of):
        return "invalidated" if fact.status == Fact.Status.INVALIDATED else "superseded"
    return "active" if open_ended(fact) else "ended"


def later_end(first: datetime | None, second: datetime | None) -> datetime | None:
    """The later of two valid-time ends, where None (open) is later than any time."""
    if first is None or second is None:
        return None
    return max(first, second)


def starts_later(fact: Fact, moment: datetime) -> bool:
    """Whether the fact's valid time begins after ``moment`` (a correction reaching back)."""
    return fact.valid_from > moment


def begins_before(fact: Fact, moment: datetime) -> bool:
    """Whether part of the fact's valid time lies before ``moment`` (kept as history)."""
    return fact.valid_from < moment


def is_history_copy(row, original) -> bool:
    """Whether ``row`` is the part of ``original`` that still held when it was closed (the
    history row a change or an end writes): same value, same start."""
    return (
        row.valid_from == original.valid_from
        and row.object_value == original.object_value
        and row.object_entity_id == original.object_entity_id
    )


def observed_apart(fact) -> bool:
    """Whether the source saw it at another time than it began to hold: only then is
    ``observed_at`` worth showing beside ``valid_from``."""
    return fact.observed_at is not None and fact.observed_at != fact.valid_from


# The rules as SQL fragments (the ORM's query building would cost more than the
# queries on these hot paths). ``{v}``/``{r}`` name the parameters.
BELIEVED_NOW_SQL = "superseded_at IS NULL"
VALID_AT_SQL = "(valid_from <= %({v})s AND (valid_to IS NULL OR valid_to > %({v})s))"
KNOWN_AT_SQL = "(recorded_at <= %({r})s AND (superseded_at IS NULL OR superseded_at > %({r})s))"
# Aliases carry both axes too ("früher hieß sie Anni"): a name resolves at V only
# through an alias valid then, as believed now or as known at R. ``{a}`` is the alias
# table's name or alias in the query.
ALIAS_VALID_AT_SQL = (
    "({a}.valid_from <= %({v})s AND ({a}.valid_to IS NULL OR {a}.valid_to > %({v})s))"
)
ALIAS_BELIEVED_NOW_SQL = "{a}.superseded_at IS NULL"
# valid time of row ``{a}`` overlapping ``[%(since)s, %(until)s]``
ALIAS_VALID_BETWEEN_SQL = (
    "{a}.valid_from <= %(until)s AND ({a}.valid_to IS NULL OR {a}.valid_to > %(since)s)"
)
ALIAS_KNOWN_AT_SQL = (
    "({a}.recorded_at <= %({r})s AND ({a}.superseded_at IS NULL OR {a}.superseded_at > %({r})s))"
)


def alias_at_sql(a: str, *, valid: str = "v", system: str | None = None) -> str:
    """SQL for "alias row ``a`` named its entity at ``%(valid)s``, as believed now or, with
    ``system``, as known at ``%(system)s``"."""
    believed = (
        ALIAS_KNOWN_AT_SQL.format(a=a, r=system) if system else ALIAS_BELIEVED_NOW_SQL.format(a=a)
    )
    return f"{believed} AND {ALIAS_VALID_AT_SQL.format(a=a, v=valid)}"


def alias_at_q(
    *, valid_time: datetime | None = None, system_time: datetime | None = None, prefix: str = ""
) -> Q:
    """The ORM twin of ``alias_at_sql`` (``prefix`` reaches the alias through a relation,
    e.g. ``"aliases__"``): valid at ``valid_time`` (default now) as believed now, or as
    known at ``system_time``."""
    moment = valid_time or timezone.now()
    window = Q(**{f"{prefix}valid_from__lte": moment}) & (
        Q(**{f"{prefix}valid_to__isnull": True}) | Q(**{f"{prefix}valid_to__gt": moment})
    )
    if system_time is None:
        return window & Q(**{f"{prefix}superseded_at__isnull": True})
    return (
        window
        & Q(**{f"{prefix}recorded_at__lte": system_time})
        & (
            Q(**{f"{prefix}superseded_at__isnull": True})
            | Q(**{f"{prefix}superseded_at__gt": system_time})
        )
    )


def alias_named_later_q(*, valid_time: datetime | None = None) -> Q:
    """Alias rows believed now that had not ended by ``valid_time`` (default now), however
    late they began: a name the entity got later still identifies it for an earlier
    time when no alias valid then does (the fallback of resolution; a name that had
    ended — "früher hieß sie Anni" — never does)."""
    moment = valid_time or timezone.now()
    return Q(superseded_at__isnull=True) & (Q(valid_to__isnull=True) | Q(valid_to__gt=moment))


def believed_q() -> Q:
    """Rows believed now (facts or aliases): not closed in system time."""
    return Q(superseded_at__isnull=True)


def open_ended_q() -> Q:
    """Rows whose valid time has not ended, believed or not (an event's lasting effects)."""
    return Q(valid_to__isnull=True)


def valid_at_q(moment: datetime) -> Q:
    """The ORM twin of ``VALID_AT_SQL``: ``valid_from <= moment < valid_to``."""
    return Q(valid_from__lte=moment) & (Q(valid_to__isnull=True) | Q(valid_to__gt=moment))


def ended_after_q(moment: datetime) -> Q:
    """Rows whose valid time covers ``moment`` and has ended since (a rollup's period)."""
    return Q(valid_from__lte=moment, valid_to__gt=moment)


def closed_since_q(moment: datetime) -> Q:
    """Rows closed in system time after ``moment``."""
    return Q(superseded_at__gt=moment)


def recorded_since_q(moment: datetime, *, inclusive: bool = False) -> Q:
    """Rows recorded after ``moment`` (or at it, ``inclusive``)."""
    return Q(recorded_at__gte=moment) if inclusive else Q(recorded_at__gt=moment)


def fact_believed_open_q() -> Q:
    """Fact rows believed now whose valid time has not ended: the values that stand. A row
    closed in system time (superseded or corrected) keeps its open ``valid_to``, so both
    conditions are needed."""
    return Q(superseded_at__isnull=True, valid_to__isnull=True)


def alias_believed_q() -> Q:
    """Alias rows believed now, whatever their valid time (the rows a new alias or the end
    of one is compared with)."""
    return Q(superseded_at__isnull=True)


def alias_open_q() -> Q:
    """Alias rows believed now that have not ended: the ones a strong identity (an e-mail,
    a phone number) still names an entity by."""
    return Q(superseded_at__isnull=True, valid_to__isnull=True)


def alias_ends_after(alias, moment: datetime) -> bool:
    """Whether the alias row still names its entity after ``moment`` (it can end then)."""
    return alias.valid_to is None or alias.valid_to > moment


FACT_FIELDS = [field for field in Fact._meta.concrete_fields if not field.generated]
FACT_COLUMNS = ", ".join(f'"{field.column}"' for field in FACT_FIELDS)
FACT_COLUMNS_WITHOUT_EVIDENCE = FACT_COLUMNS.replace('"evidence"', "NULL::jsonb AS evidence")


class FactRow(namedtuple("FactRowBase", [field.attname for field in FACT_FIELDS])):
    """A read-only fact row with the model's attribute names, without the ORM's cost of
    building model instances (the read paths load many rows and change none)."""

    __slots__ = ()

    @property
    def pk(self):
        return self.id


def fetch_rows(sql: str, params: dict | list) -> list[FactRow]:
    """Run a ``SELECT {FACT_COLUMNS} …`` and return its rows as ``FactRow``s."""
    with connections[APP_DB].cursor() as cursor:
        # binary results: timestamps, uuids and jsonb arrive decoded instead of as text to
        # parse (Django's own jsonb loader, which keeps text, is replaced on this cursor only)
        cursor.cursor.adapters.register_loader("jsonb", JsonbBinaryLoader)
        cursor.cursor.execute(sql, params, binary=True)
        return [FactRow(*row) for row in cursor.fetchall()]


def _select_facts(
    scope: OwnerScope,
    where: str,
    params: dict,
    *,
    column: str = "subject_entity_id",
    order: str = "predicate, valid_from, id",
) -> list[FactRow]:
    sql = (
        f"SELECT {FACT_COLUMNS} FROM facts WHERE owner_sub = %(owner)s "
        f"AND {column} = ANY(%(ids)s) AND {where} ORDER BY {order}"
    )
    return fetch_rows(sql, {"owner": scope.owner_sub, **params})


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


def facts_current(*, scope: OwnerScope, entity_ids: Iterable[UUID]) -> list[FactRow]:
    """Believed now and valid now: the current state."""
    return facts_valid_at_either(scope=scope, entity_ids=entity_ids, moments=(timezone.now(),))


def facts_valid_at_either(
    *, scope: OwnerScope, entity_ids: Iterable[UUID], moments: Iterable[datetime]
) -> list[FactRow]:
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
) -> list[FactRow]:
    """What the agent believed at ``system_time`` about the world at ``valid_time``."""
    where = f"{KNOWN_AT_SQL.format(r='r')} AND {VALID_AT_SQL.format(v='v')}"
    params = {"ids": list(entity_ids), "r": system_time, "v": valid_time}
    return _select_facts(scope, where, params)


def facts_at(
    *,
    scope: OwnerScope,
    entity_ids: Iterable[UUID],
    valid_time: datetime,
    system_time: datetime | None = None,
) -> list[FactRow]:
    """Facts valid at ``valid_time`` as believed now, or as known at ``system_time``."""
    if system_time is None:
        return facts_valid_at_either(scope=scope, entity_ids=entity_ids, moments=(valid_time,))
    return facts_known_at(
        scope=scope, entity_ids=entity_ids, system_time=system_time, valid_time=valid_time
    )


def believed_rows(
    *,
    scope: OwnerScope,
    entity_ids: Iterable[UUID],
    predicates: Iterable[str],
    overlapping_from: datetime | None = None,
) -> list[FactRow]:
    """Rows currently believed for the subjects and predicates; with ``overlapping_from``
    only those whose valid interval reaches past it (all a new assertion can touch)."""
    where = f"predicate = ANY(%(predicates)s) AND {BELIEVED_NOW_SQL}"
    params = {"ids": list(entity_ids), "predicates": list(predicates)}
    if overlapping_from is not None:
        where += " AND (valid_to IS NULL OR valid_to > %(since)s)"
        params["since"] = overlapping_from
    return _select_facts(scope, where, params)


def incoming_current(*, scope: OwnerScope, entity_ids: Iterable[UUID]) -> list[FactRow]:
    """Relationships pointing at the entities, believed and valid now."""
    return incoming_at(scope=scope, entity_ids=entity_ids, valid_time=timezone.now())


def incoming_at(
    *,
    scope: OwnerScope,
    entity_ids: Iterable[UUID],
    valid_time: datetime,
    system_time: datetime | None = None,
) -> list[FactRow]:
    """Relationships pointing at the entities, valid at ``valid_time`` as believed now, or
    as known at ``system_time``."""
    believed = KNOWN_AT_SQL.format(r="r") if system_time is not None else BELIEVED_NOW_SQL
    where = f"{believed} AND {VALID_AT_SQL.format(v='v')}"
    params = {"ids": list(entity_ids), "v": valid_time, "r": system_time}
    return _select_facts(scope, where, params, column="object_entity_id")


def relationships_current(*, scope: OwnerScope, entity_ids: Iterable[UUID]) -> list[FactRow]:
    """Edges touching the entities (either end), believed and valid now."""
    return relationships_at(scope=scope, entity_ids=entity_ids, valid_time=timezone.now())


def relationships_at(
    *,
    scope: OwnerScope,
    valid_time: datetime,
    system_time: datetime | None = None,
    entity_ids: Iterable[UUID] | None = None,
    predicates: Iterable[str] | None = None,
    kinds: Iterable[str] | None = None,
    limit: int | None = None,
) -> list[FactRow]:
    """Edges valid at ``valid_time`` as believed now, or as known at ``system_time``.

    ``entity_ids`` keeps edges touching those entities (either end); ``kinds`` keeps
    edges with an end of one of those entity kinds; ``limit`` caps the rows read.
    """
    believed = KNOWN_AT_SQL.format(r="r") if system_time is not None else BELIEVED_NOW_SQL
    where = [f"{believed} AND {VALID_AT_SQL.format(v='v')}"]
    params: dict = {"owner": scope.owner_sub, "v": valid_time, "r": system_time}
    if entity_ids is not None:
        where.append("(subject_entity_id = ANY(%(ids)s) OR object_entity_id = ANY(%(ids)s))")
        params["ids"] = list(entity_ids)
    if predicates:
        where.append("predicate = ANY(%(predicates)s)")
        params["predicates"] = list(predicates)
    if kinds:
        where.append(
            "(subject_entity_id IN (SELECT id FROM entities WHERE owner_sub = %(owner)s"
            " AND kind = ANY(%(kinds)s)) OR object_entity_id IN (SELECT id FROM entities"
            " WHERE owner_sub = %(owner)s AND kind = ANY(%(kinds)s)))"
        )
        params["kinds"] = list(kinds)
    sql = (
        f"SELECT {FACT_COLUMNS} FROM facts WHERE owner_sub = %(owner)s"
        f" AND object_kind = 'entity' AND {' AND '.join(where)}"
        " ORDER BY predicate, valid_from, id"
    )
    if limit is not None:
        sql += " LIMIT %(limit)s"
        params["limit"] = limit
    return fetch_rows(sql, params)


def predicate_at(
    *,
    scope: OwnerScope,
    predicate: str,
    valid_time: datetime,
    system_time: datetime | None = None,
) -> list[FactRow]:
    """Every subject's rows of ``predicate`` valid at ``valid_time``, as believed now or as
    known at ``system_time``."""
    believed = KNOWN_AT_SQL.format(r="r") if system_time is not None else BELIEVED_NOW_SQL
    sql = (
        f"SELECT {FACT_COLUMNS} FROM facts WHERE owner_sub = %(owner)s"
        f" AND predicate = %(predicate)s AND {believed} AND {VALID_AT_SQL.format(v='v')}"
        " ORDER BY valid_from, id"
    )
    params = {
        "owner": scope.owner_sub,
        "predicate": predicate,
        "v": valid_time,
        "r": system_time,
    }
    return fetch_rows(sql, params)


def fact_history(*, scope: OwnerScope, entity_ids: Iterable[UUID], predicate: str) -> list[FactRow]:
    """Every row ever recorded for (entities, predicate), in valid-time order."""
    params = {"ids": list(entity_ids), "predicate": predicate}
    return _select_facts(
        scope, "predicate = %(predicate)s", params, order="valid_from, recorded_at, id"
    )


def facts_begun_between(
    *, scope: OwnerScope, predicate: str, start: datetime, end: datetime
) -> list[FactRow]:
    """Rows of ``predicate`` believed now whose valid time began in ``[start, end)``: what
    was said or happened then (the reflection layer's look at a past day)."""
    sql = (
        f"SELECT {FACT_COLUMNS} FROM facts WHERE owner_sub = %(owner)s"
        f" AND predicate = %(predicate)s AND {BELIEVED_NOW_SQL}"
        " AND valid_from >= %(start)s AND valid_from < %(end)s ORDER BY valid_from, id"
    )
    params = {"owner": scope.owner_sub, "predicate": predicate, "start": start, "end": end}
    return fetch_rows(sql, params)
