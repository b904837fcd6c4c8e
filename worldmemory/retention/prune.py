"""One retention pass for one owner: roll windowed rows up, then prune them, atomically.

Runs on the ``prune`` connection (its own database role). Which rows may go is
decided by the database (``gd_fact_prunable`` / ``gd_event_prunable``: windowed and
ended before the hot window); this module only narrows that further, keeping any
row a surviving row still points at, so supersede chains and causal traces of the
rows that stay remain whole. The rollups and the deletion commit together or not at
all.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from uuid import UUID

from django.db import connections
from django.utils import timezone

from worldmemory import temporal
from worldmemory.models import MemoryProjection, RetentionRun
from worldmemory.retention.rollups import (
    Observation,
    event_figures,
    fact_figures,
    figures_text,
    merge_figures,
    period_of,
    rollup_key,
)
from worldmemory.tenancy import owner_scope

PRUNE_DB = "prune"
CHUNK = 5000

Progress = Callable[[str, int, int], None]


class RetentionError(Exception):
    """The database refused part of a planned prune; nothing was changed."""


@dataclass
class Rollup:
    key: UUID
    entity_id: UUID | None
    name: str
    start: datetime
    end: datetime
    figures: dict


@dataclass
class RetentionReport:
    owner_sub: str
    horizon: datetime | None
    dry_run: bool
    facts: list[UUID] = field(default_factory=list)
    events: list[UUID] = field(default_factory=list)
    rollups: list[Rollup] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)

    def summary(self) -> dict:
        return {
            "owner": self.owner_sub,
            "horizon": self.horizon,
            "dry_run": self.dry_run,
            "facts_pruned": len(self.facts),
            "events_pruned": len(self.events),
            "rollups": len(self.rollups),
        }


def _rows(sql: str, params: list) -> list[tuple]:
    with connections[PRUNE_DB].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _keep_referenced(candidates: set[UUID], references: Iterable[tuple]) -> set[UUID]:
    """Drop candidates a surviving row points at, until no survivor points into the set."""
    references = list(references)
    while True:
        blocked = {
            target
            for referrer, *targets in references
            if referrer not in candidates
            for target in targets
            if target in candidates
        }
        if not blocked:
            return candidates
        candidates -= blocked


def _plan_facts(owner: str) -> tuple[set[UUID], list[tuple]]:
    rows = _rows(
        f"""SELECT f.id, f.subject_entity_id, f.predicate, f.object_value, o.canonical_name,
                  f.valid_from, f.valid_to, {temporal.ALIAS_BELIEVED_NOW_SQL.format(a="f")}
             FROM facts f
             LEFT JOIN entities o ON o.owner_sub = f.owner_sub AND o.id = f.object_entity_id
            WHERE f.owner_sub = %s AND f.retention_class = 'windowed'
              AND gd_fact_prunable(f.retention_class, f.valid_to, f.superseded_at)""",
        [owner],
    )
    ids = {row[0] for row in rows}
    if not ids:
        return set(), []
    referrers = _rows(
        """SELECT id, supersedes_fact_id, invalidated_by_fact_id FROM facts
            WHERE owner_sub = %s
              AND (supersedes_fact_id = ANY(%s) OR invalidated_by_fact_id = ANY(%s))""",
        [owner, list(ids), list(ids)],
    )
    keep = _keep_referenced(ids, referrers)
    return keep, [row for row in rows if row[0] in keep]


def _plan_events(owner: str, pruned_facts: set[UUID]) -> tuple[set[UUID], list[tuple]]:
    rows = _rows(
        """SELECT id, target_entity_id, event_type, occurred_at FROM world_events
            WHERE owner_sub = %s AND retention_class = 'windowed'
              AND gd_event_prunable(retention_class, occurred_at, recorded_at)""",
        [owner],
    )
    ids = {row[0] for row in rows}
    if not ids:
        return set(), []
    referrers = _rows(
        """SELECT id, caused_by_event_id FROM world_events
            WHERE owner_sub = %s AND caused_by_event_id = ANY(%s)""",
        [owner, list(ids)],
    )
    # facts that stay and still name an event as their cause keep it
    fact_causes = _rows(
        """SELECT id, caused_by_event_id FROM facts
            WHERE owner_sub = %s AND caused_by_event_id = ANY(%s)""",
        [owner, list(ids)],
    )
    surviving = [(None, cause) for fact, cause in fact_causes if fact not in pruned_facts]
    keep = _keep_referenced(ids, [*referrers, *surviving])
    return keep, [row for row in rows if row[0] in keep]


def _fact_rollups(owner: str, rows: list[tuple]) -> list[Rollup]:
    """Only current beliefs about the past count: a row closed in system time was
    either replaced by a history row with the same value or retracted as wrong."""
    groups: dict[tuple, list[Observation]] = defaultdict(list)
    for _id, subject, predicate, value, object_name, valid_from, valid_to, believed in rows:
        if not believed:
            continue
        start, _ = period_of(valid_from)
        # a relationship counts by the object's name; Django's cursors hand jsonb over as text
        value = object_name if object_name is not None else json.loads(value)
        groups[(subject, predicate, start)].append(Observation(value, valid_from, valid_to))
    return [
        Rollup(
            key=rollup_key(
                owner_sub=owner, kind="fact", entity_id=subject, name=predicate, start=start
            ),
            entity_id=subject,
            name=predicate,
            start=start,
            end=period_of(start)[1],
            figures=fact_figures(observations),
        )
        for (subject, predicate, start), observations in groups.items()
    ]


def _event_rollups(owner: str, rows: list[tuple]) -> list[Rollup]:
    groups: dict[tuple, list[datetime]] = defaultdict(list)
    for _id, target, event_type, occurred_at in rows:
        groups[(target, event_type, period_of(occurred_at)[0])].append(occurred_at)
    return [
        Rollup(
            key=rollup_key(
                owner_sub=owner, kind="event", entity_id=target, name=event_type, start=start
            ),
            entity_id=target,
            name=event_type,
            start=start,
            end=period_of(start)[1],
            figures=event_figures(moments),
        )
        for (target, event_type, start), moments in groups.items()
    ]


def _entity_names(owner: str, rollups: list[Rollup]) -> dict[UUID, str]:
    ids = list({r.entity_id for r in rollups if r.entity_id})
    if not ids:
        return {}
    rows = _rows(
        "SELECT id, canonical_name FROM entities WHERE owner_sub = %s AND id = ANY(%s)",
        [owner, ids],
    )
    return dict(rows)


def _write_rollups(owner: str, rollups: list[Rollup], names: dict[UUID, str]) -> list[str]:
    """Merge into the period's rollup if an earlier run made one; embed it (again) later."""
    projections = MemoryProjection.objects.db_manager(PRUNE_DB)
    existing = {
        p.source_id: p
        for p in projections.select_for_update().filter(
            owner_sub=owner, source_kind="rollup", source_id__in=[r.key for r in rollups]
        )
    }
    texts = []
    for rollup in rollups:
        previous = existing.get(rollup.key)
        figures = merge_figures(previous.details if previous else {}, rollup.figures)
        text = figures_text(
            subject=names.get(rollup.entity_id, "—"),
            name=rollup.name,
            start=rollup.start,
            figures=figures,
        )
        texts.append(text)
        if previous is None:
            projections.create(
                owner_sub=owner,
                source_kind="rollup",
                source_id=rollup.key,
                text=text,
                entity_ids=[rollup.entity_id] if rollup.entity_id else [],
                valid_from=rollup.start,
                valid_to=rollup.end,
                details=figures,
                rag_pending=True,
            )
        else:
            previous.text, previous.details = text, figures
            previous.rag_pending, previous.embedding = True, None
            previous.save(
                using=PRUNE_DB, update_fields=["text", "details", "rag_pending", "embedding"]
            )
    return texts


def _delete(table: str, owner: str, ids: list[UUID], progress: Progress | None) -> None:
    done = 0
    for first in range(0, len(ids), CHUNK):
        chunk = ids[first : first + CHUNK]
        with connections[PRUNE_DB].cursor() as cursor:
            cursor.execute(
                f"DELETE FROM {table} WHERE owner_sub = %s AND id = ANY(%s)", [owner, chunk]
            )
            if cursor.rowcount != len(chunk):
                raise RetentionError(
                    f"{table}: the database let {cursor.rowcount} of {len(chunk)} planned rows go; "
                    "nothing was pruned"
                )
        done += len(chunk)
        if progress:
            progress(f"pruning {table}", done, len(ids))


def retention_run(
    *, owner_sub: str, dry_run: bool = False, progress: Progress | None = None
) -> RetentionReport:
    """Roll up and prune ``owner_sub``'s windowed rows that ended before the hot window.

    With ``dry_run`` nothing is written; the report says what would be rolled up and
    pruned. Permanent rows, sources and rows that surviving rows reference stay."""
    with owner_scope(owner_sub, using=PRUNE_DB):
        horizon = _rows("SELECT gd_retention_horizon()", [])[0][0]
        facts, fact_rows = _plan_facts(owner_sub)
        events, event_rows = _plan_events(owner_sub, facts)
        rollups = _fact_rollups(owner_sub, fact_rows) + _event_rollups(owner_sub, event_rows)
        report = RetentionReport(
            owner_sub, horizon, dry_run, sorted(facts), sorted(events), rollups
        )
        names = _entity_names(owner_sub, rollups)
        if dry_run:
            report.texts = [
                figures_text(
                    subject=names.get(r.entity_id, "—"),
                    name=r.name,
                    start=r.start,
                    figures=r.figures,
                )
                for r in rollups
            ]
            return report
        if progress:
            progress("rolling up", 0, len(rollups))
        report.texts = _write_rollups(owner_sub, rollups, names)
        if progress:
            progress("rolling up", len(rollups), len(rollups))
        _delete("facts", owner_sub, report.facts, progress)
        _delete("world_events", owner_sub, report.events, progress)
        RetentionRun.objects.db_manager(PRUNE_DB).create(
            owner_sub=owner_sub,
            ran_at=timezone.now(),
            horizon=horizon,
            facts_pruned=len(facts),
            events_pruned=len(events),
            rollups_written=len(rollups),
        )
    return report
