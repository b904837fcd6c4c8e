"""Deterministic entity linking: spans of a message against the owner's aliases.

Case- and accent-insensitive, longest span first. A span naming several entities
("Luna" the cat and "luna" the branch) is not guessed: the current scope decides
(a candidate related to a scope entity), then recency (only one candidate changed
in the last day), else it is reported as unresolved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from uuid import UUID

from django.db import connections

from infra.routers import APP_DB
from worldmemory import temporal
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope

MAX_SPAN_WORDS = 4
RECENT = timedelta(days=1)
PUNCTUATION = ".,;:!?()[]{}\"'„“”‚‘’«»"


@dataclass(frozen=True)
class Candidate:
    id: UUID
    ref: str
    name: str


@dataclass
class Linking:
    linked: list[Candidate] = field(default_factory=list)
    spans: dict[str, str] = field(default_factory=dict)  # span → ref
    unresolved: dict[str, list[str]] = field(default_factory=dict)  # span → candidate refs


def _words(message: str) -> list[str]:
    return [w.strip(PUNCTUATION) for w in normalize_alias(message).split() if w.strip(PUNCTUATION)]


def _spans(words: list[str]) -> set[str]:
    return {
        " ".join(words[start : start + size])
        for size in range(1, MAX_SPAN_WORDS + 1)
        for start in range(len(words) - size + 1)
    }


def _candidates(
    scope: OwnerScope, spans: set[str], now: datetime
) -> dict[str, dict[UUID, Candidate]]:
    """span → candidates, merged entities replaced by the entity they were merged into; a
    name links only through an alias valid at ``now`` (a former name links nothing)."""
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT a.alias_norm, coalesce(h.id, e.id), coalesce(h.kind, e.kind),"
            " coalesce(h.slug, e.slug), coalesce(h.canonical_name, e.canonical_name)"
            " FROM entity_aliases a"
            " JOIN entities e ON e.owner_sub = a.owner_sub AND e.id = a.entity_id"
            " LEFT JOIN entities h ON h.owner_sub = e.owner_sub AND h.id = e.merged_into_id"
            f" WHERE a.owner_sub = %(o)s AND {temporal.alias_at_sql('a', valid='now')}"
            " AND a.alias_norm = ANY(%(spans)s)",
            {"o": scope.owner_sub, "spans": list(spans), "now": now},
        )
        rows = cursor.fetchall()
    found: dict[str, dict[UUID, Candidate]] = {}
    for span, entity_id, kind, slug, name in rows:
        found.setdefault(span, {})[entity_id] = Candidate(entity_id, f"{kind}:{slug}", name)
    return found


def _decide(
    scope: OwnerScope, ambiguous: dict[str, list[Candidate]], scope_ids: list[UUID], now: datetime
) -> dict[str, Candidate]:
    """Pick a candidate per ambiguous span where scope or recency decides (one query)."""
    ids = [c.id for cs in ambiguous.values() for c in cs]
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT subject_entity_id, object_entity_id, recorded_at FROM facts"
            f" WHERE owner_sub = %(o)s AND {temporal.BELIEVED_NOW_SQL}"
            " AND (subject_entity_id = ANY(%(ids)s) OR object_entity_id = ANY(%(ids)s))",
            {"o": scope.owner_sub, "ids": ids},
        )
        rows = cursor.fetchall()
    related, latest = set(), {}
    for subject, obj, recorded in rows:
        if obj in scope_ids:
            related.add(subject)
        if subject in scope_ids:
            related.add(obj)
        latest[subject] = max(latest.get(subject, recorded), recorded)
    decided = {}
    for span, candidates in ambiguous.items():
        in_scope = [c for c in candidates if c.id in related or c.id in scope_ids]
        recent = [c for c in candidates if now - latest.get(c.id, now - 2 * RECENT) < RECENT]
        if len(in_scope) == 1:
            decided[span] = in_scope[0]
        elif len(recent) == 1:
            decided[span] = recent[0]
    return decided


def link_message(
    *, scope: OwnerScope, message: str, scope_ids: list[UUID], now: datetime
) -> Linking:
    words = _words(message)
    found = _candidates(scope, _spans(words), now) if words else {}
    result = Linking()
    chosen: list[tuple[str, list[Candidate]]] = []
    position = 0
    while position < len(words):
        for size in range(min(MAX_SPAN_WORDS, len(words) - position), 0, -1):
            span = " ".join(words[position : position + size])
            if span in found:
                chosen.append((span, list(found[span].values())))
                position += size
                break
        else:
            position += 1
    ambiguous = {span: cs for span, cs in chosen if len(cs) > 1}
    decided = _decide(scope, ambiguous, scope_ids, now) if ambiguous else {}
    seen: set[UUID] = set()
    for span, candidates in chosen:
        pick = candidates[0] if len(candidates) == 1 else decided.get(span)
        if pick is None:
            result.unresolved[span] = sorted(c.ref for c in candidates)
            continue
        result.spans[span] = pick.ref
        if pick.id not in seen:
            seen.add(pick.id)
            result.linked.append(pick)
    return result
