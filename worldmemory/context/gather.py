"""Gather: every row the block may show, in a bounded number of queries.

The linked entities' current facts and edges, one hop further over trusted
``inference_enabled`` edges, the owner's own profile (``person:me``), every active policy,
the names of every entity those rows touch, a few recent events with their causes, and the
coding slice of the repos in play. No embedding, no LLM.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.db import connections

from infra.routers import APP_DB
from worldmemory import codemode, temporal
from worldmemory.linker import Linking
from worldmemory.models import Entity
from worldmemory.reads.facts import fact_dicts
from worldmemory.reads.outcomes import LATEST_OUTCOME_SQL
from worldmemory.tenancy import OwnerScope

EVENT_LIMIT = 5
# bookkeeping, not news: an intent's outcome is shown on the intent's own line instead
HIDDEN_EVENTS = list(codemode.HIDDEN_EVENTS)


@dataclass(frozen=True, kw_only=True)
class Gathered:
    """What one build read: current facts as ``FactOut`` dicts, entity names by ref (for the
    block in a person's language), the linked entities' events and the coding slices."""

    facts: list[dict]
    names: dict[str, str]
    events: list[dict]
    coding: list[dict]


def gather(
    *,
    scope: OwnerScope,
    linking: Linking,
    me: Entity | None,
    scope_entities: list[Entity],
    expandable: frozenset[str],
    now: datetime,
) -> Gathered:
    linked_ids = [c.id for c in linking.linked]
    refs = {c.id: c.ref for c in linking.linked}
    names = {c.ref: c.name for c in linking.linked}
    for entity in [*scope_entities, *([me] if me else [])]:
        refs[entity.pk] = entity.ref
        names[entity.ref] = entity.canonical_name
    hop_from = {*linked_ids, *([me.pk] if me else [])}
    rows = _fact_rows(
        scope,
        [
            "subject_entity_id = ANY(%(ids)s)",
            "object_entity_id = ANY(%(ids)s)",
            "subject_entity_id = %(me)s",
            "memory_type = 'policy'",
            "subject_entity_id IN (SELECT id FROM entities WHERE owner_sub = %(owner)s"
            " AND kind = 'policy')",
        ],
        {"ids": linked_ids, "me": me.pk if me else None},
        now=now,
    )
    # one hop further, only over trusted edges whose predicate allows inference; the
    # subject must be a linked entity or the owner
    hop = {
        row.object_entity_id
        for row in rows
        if row.subject_entity_id in hop_from
        and row.predicate_id in expandable
        and row.source_trust_tier == "trusted"
        and row.object_entity_id
    }
    if hop:
        rows += _fact_rows(
            scope,
            ["subject_entity_id = ANY(%(hop)s) AND predicate = ANY(%(expandable)s)"],
            {"hop": list(hop), "expandable": list(expandable)},
            now=now,
        )
    _add_entities(refs, names, rows)
    return Gathered(
        facts=fact_dicts(rows, as_of=now, known=refs),
        names=names,
        events=_events(scope, linked_ids),
        coding=_coding_slices(scope, scope_entities, linking),
    )


def _fact_rows(
    scope: OwnerScope, branches: list[str], params: dict, *, now: datetime
) -> list[temporal.FactRow]:
    """Current facts (believed and valid now) matching any branch, in one query. A UNION
    rather than OR, so each branch uses its own index. Evidence is not read: the block
    shows provenance, not quotes."""
    current = (
        f"SELECT {temporal.FACT_COLUMNS_WITHOUT_EVIDENCE} FROM facts WHERE owner_sub = %(owner)s"
        f" AND {temporal.BELIEVED_NOW_SQL} AND {temporal.VALID_AT_SQL.format(v='now')}"
    )
    sql = " UNION ".join(f"{current} AND ({branch})" for branch in branches)
    return temporal.fetch_rows(sql, {"owner": scope.owner_sub, "now": now, **params})


def _add_entities(
    refs: dict[UUID, str], names: dict[str, str], rows: list[temporal.FactRow]
) -> None:
    """Refs and names of the entities the rows touch that are not known yet, in one query
    (so serializing the rows needs none)."""
    wanted = {
        entity_id
        for row in rows
        for entity_id in (row.subject_entity_id, row.object_entity_id, row.scope_entity_id)
        if entity_id is not None and entity_id not in refs
    }
    if not wanted:
        return
    found = Entity.objects.filter(pk__in=wanted).values_list(
        "pk", "kind_id", "slug", "canonical_name"
    )
    for pk, kind, slug, name in found:
        refs[pk] = f"{kind}:{slug}"
        names[refs[pk]] = name


def _events(scope: OwnerScope, entity_ids: list[UUID]) -> list[dict]:
    """Recent events of the linked entities with their direct causes and effects."""
    if not entity_ids:
        return []
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "WITH recent AS (SELECT id, caused_by_event_id FROM world_events"
            " WHERE owner_sub = %(o)s AND target_entity_id = ANY(%(ids)s)"
            " AND event_type <> ALL(%(hidden)s)"
            " ORDER BY occurred_at DESC LIMIT %(n)s)"
            f" SELECT e.id, e.event_type, e.occurred_at, e.summary, e.intent, {LATEST_OUTCOME_SQL},"
            " e.caused_by_event_id, e.run_id, e.id IN (SELECT id FROM recent) AS salient"
            " FROM world_events e WHERE e.owner_sub = %(o)s AND (e.id IN (SELECT id FROM recent)"
            " OR e.id IN (SELECT caused_by_event_id FROM recent)"
            " OR (e.caused_by_event_id IN (SELECT id FROM recent)"
            " AND e.event_type <> ALL(%(hidden)s)))"
            " ORDER BY e.occurred_at",
            {"o": scope.owner_sub, "ids": entity_ids, "n": EVENT_LIMIT, "hidden": HIDDEN_EVENTS},
        )
        columns = [c.name for c in cursor.description]
        return [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]


def _coding_slices(scope: OwnerScope, scope_entities: list[Entity], linking: Linking) -> list[dict]:
    """Code mode: the coding slice of each repo the chat names or the request is scoped to
    (no query at all when there is none)."""
    repos = {e.pk: e.ref for e in scope_entities if e.kind_id == codemode.REPO_KIND}
    repos.update(
        {c.id: c.ref for c in linking.linked if c.ref.startswith(f"{codemode.REPO_KIND}:")}
    )
    return codemode.coding_slice(scope=scope, repos=repos)
