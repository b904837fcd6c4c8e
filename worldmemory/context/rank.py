"""Rank: scope resolution, the order of facts within a section, and the situational choice
of the owner's own facts.

Scope resolution keeps the most specific value per functional (subject, predicate); the
owner's profile is cut to what the message needs first, then a few more, within a share of
the budget.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from datetime import timedelta

from django.utils import timezone

from worldmemory import render, temporal
from worldmemory.refs import normalize_alias

# device/task/session > chat > project/folder/repo > person > global (seed 000 §8)
SCOPE_RANK = {
    "device": 0,
    "task": 0,
    "session": 0,
    "chat": 1,
    "project": 2,
    "folder": 2,
    "repo": 2,
    "person": 3,
}
GLOBAL_RANK = 4

SELF_UNRELATED = 12  # facts about the owner that the message does not touch, at most
SELF_SHARE = 0.4  # of the budget the owner's own profile may take
SELF_RECENT = timedelta(days=30)
WORD = re.compile(r"[a-z0-9]{3,}")


def scope_rank(fact: dict) -> int:
    if not fact["scope_ref"]:
        return GLOBAL_RANK
    return SCOPE_RANK.get(fact["scope_kind"] or "", GLOBAL_RANK - 1)


def rank_key(fact: dict) -> tuple:
    """More specific scope, then higher priority, then more confident, then newer."""
    return (
        scope_rank(fact),
        -fact["priority"],
        -fact["confidence"],
        -fact["recorded_at"].timestamp(),
    )


def resolve_scopes(facts: list[dict], scope_refs: set[str]) -> tuple[list[dict], set[str]]:
    """Keep facts of the current scope chain; per functional (subject, predicate) the most
    specific scope wins, then priority, then the newer. Returns the kept facts and the ids
    of functional slots that still hold several values (conflicts)."""
    applicable = [f for f in facts if not f["scope_ref"] or f["scope_ref"] in scope_refs]
    best: dict[tuple, list[dict]] = {}
    kept = []
    for fact in applicable:
        if not fact["functional"]:
            kept.append(fact)
            continue
        best.setdefault((fact["subject_ref"], fact["predicate"]), []).append(fact)
    conflicts = set()
    for rows in best.values():
        rows.sort(key=lambda f: (scope_rank(f), -f["priority"], -f["recorded_at"].timestamp()))
        top = [r for r in rows if scope_rank(r) == scope_rank(rows[0])]
        values = {render.value_text(r) for r in top}
        kept.append(rows[0])
        if len(values) > 1:  # e.g. two merged entities that disagree
            conflicts.add(rows[0]["id"])
    return kept, conflicts


@functools.lru_cache(maxsize=4096)
def _words(text: str) -> frozenset[str]:
    """The words of a predicate or value (the same few recur on every build)."""
    return frozenset(WORD.findall(normalize_alias(text)))


def self_facts_for(
    facts: list[dict],
    *,
    message: str,
    linked_refs: set[str],
    budget_tokens: int,
    line_of: Callable[[dict], str],
) -> list[dict]:
    """The situational personal model: of the owner's own facts, those the message needs
    first — linked to an entity it names, a predicate or value it speaks of, recently
    said — then the rest in rank order, up to a few and a share of the budget (each
    costing the line ``line_of`` renders). Policies are not among them: they are always
    kept."""
    said = _words(message)
    now = timezone.now()

    def relevance(fact: dict) -> float:
        score = 0.0
        if fact.get("object_ref") in linked_refs:
            score += 3
        words = _words(fact["predicate"].replace("_", " ")) | _words(str(fact.get("value") or ""))
        score += 2 * len(words & said)
        if temporal.recorded_within(fact, now=now, window=SELF_RECENT):
            score += 0.5
        return score

    # each fact's relevance once: it orders them and then decides what is "related"
    scored = sorted(((relevance(f), f) for f in facts), key=lambda s: (-s[0], rank_key(s[1])))
    room = budget_tokens * SELF_SHARE
    chosen, unrelated = [], 0
    for score, fact in scored:
        related = score >= 2
        if not related and unrelated >= SELF_UNRELATED:
            continue
        cost = len(line_of(fact)) / 4
        if chosen and cost > room:
            continue
        chosen.append(fact)
        room -= cost
        unrelated += not related
    return chosen
