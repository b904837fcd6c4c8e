"""Buffered fact writes for one commit.

The committer decides operation by operation against an in-memory view of the
slots it touches; the writes reach the database in a few statements: every close
first, then every insert (so the exclusion constraint never sees a transient
overlap). A row inserted and closed within the same commit is inserted closed.
A closed row names the row that replaced it (``invalidated_by_fact_id``, the forward
link of the supersede chain); that row is inserted after the close, which is why the
link's foreign key is checked at commit. Flush before reading facts from the
database inside a commit.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from uuid import UUID

from django.db import connections

from infra.routers import APP_DB
from worldmemory import messages, temporal
from worldmemory.bulk import insert_many
from worldmemory.errors import Conflict
from worldmemory.models import Fact
from worldmemory.tenancy import OwnerScope

SlotKey = tuple[UUID, str]  # (subject entity, predicate)


class FactWriter:
    def __init__(self, scope: OwnerScope, now: datetime) -> None:
        self.scope = scope
        self.now = now
        # When set, slots hold only rows reaching past this valid time: enough for
        # assertions that start at or after it (the committer sets it per proposal).
        self.horizon: datetime | None = None
        self._slots: dict[SlotKey, list[Fact]] = {}
        self._pending: list[Fact] = []
        self._closes: dict[UUID, tuple[str, UUID | None]] = {}

    def preload(self, keys: Iterable[SlotKey]) -> None:
        """Read the believed rows of many slots in one query."""
        wanted = [key for key in set(keys) if key not in self._slots]
        if not wanted:
            return
        rows = temporal.believed_rows(
            scope=self.scope,
            entity_ids={subject for subject, _ in wanted},
            predicates={predicate for _, predicate in wanted},
            overlapping_from=self.horizon,
        )
        for key in wanted:
            self._slots[key] = []
        for row in rows:
            key = (row.subject_entity_id, row.predicate_id)
            if key in self._slots:
                self._slots[key].append(row)

    def slot(self, subject_id: UUID, predicate: str) -> list[Fact]:
        """Believed rows of (subject, predicate) as this commit sees them."""
        key = (subject_id, predicate)
        if key not in self._slots:
            self.preload([key])
        return list(self._slots[key])

    def forget(self, subject_id: UUID, predicate: str) -> None:
        """Drop a cached slot that was changed outside the writer (after a flush)."""
        self._slots.pop((subject_id, predicate), None)

    def close(self, fact: Fact, *, status: str, by: UUID | None = None) -> None:
        """Close ``fact`` in system time; ``by`` is the row that replaces it, if any."""
        key = (fact.subject_entity_id, fact.predicate_id)
        if key in self._slots:
            self._slots[key] = [row for row in self._slots[key] if row.pk != fact.pk]
        pending = next((row for row in self._pending if row.pk == fact.pk), None)
        if pending is not None:
            pending.superseded_at, pending.status = self.now, status
            pending.invalidated_by_fact_id = by
        else:
            self._closes[fact.pk] = (status, by)

    def insert(self, fact: Fact) -> Fact:
        self._pending.append(fact)
        self._slots.setdefault((fact.subject_entity_id, fact.predicate_id), []).append(fact)
        return fact

    def reset(self) -> None:
        """Forget everything unflushed and every cached slot (after a rolled-back savepoint)."""
        self._slots.clear()
        self._closes.clear()
        self._pending.clear()

    def flush(self) -> None:
        if self._closes:
            ids = list(self._closes)
            statuses = [status for status, _ in self._closes.values()]
            replacements = [by for _, by in self._closes.values()]
            with connections[APP_DB].cursor() as cursor:
                cursor.execute(
                    "UPDATE facts SET superseded_at = %s, status = c.status,"
                    " invalidated_by_fact_id = c.by"
                    " FROM unnest(%s::uuid[], %s::text[], %s::uuid[]) AS c(id, status, by)"
                    " WHERE facts.owner_sub = %s AND facts.id = c.id"
                    f" AND {temporal.ALIAS_BELIEVED_NOW_SQL.format(a='facts')}",
                    [self.now, ids, statuses, replacements, self.scope.owner_sub],
                )
                if cursor.rowcount != len(ids):
                    raise Conflict(messages.FACTS_CHANGED)
        insert_many(Fact, self._pending)
        self._closes.clear()
        self._pending.clear()
