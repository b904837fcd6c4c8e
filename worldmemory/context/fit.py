"""Fit: the ranked facts, events and coding slice as lines, and the budget over them.

Policies and the current attributes of linked entities are never dropped; everything else
fills the budget in rank order and the overflow goes, so what is cut is always the least
important.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldmemory.context.rank import rank_key

if TYPE_CHECKING:
    from worldmemory.context.render import Phrasing


@dataclass
class Line:
    section: str
    text: str
    keep: bool  # policies and current facts of linked entities are never dropped
    order: tuple

    @property
    def tokens(self) -> int:
        return math.ceil(len(self.text) / 4)  # approximate, but the same for every line


def fact_lines(
    facts: list[dict], *, conflicts: set[str], linked_refs: set[str], phrasing: Phrasing
) -> list[Line]:
    """Within a linked entity's section: attributes, then outgoing, then incoming edges, each
    in rank order; what is not about a linked entity is one hop further ("related")."""
    lines = []
    for fact in sorted(facts, key=lambda f: (f["object_kind"] != "literal", rank_key(f))):
        if fact["subject_ref"] in linked_refs:
            text = phrasing.fact_line(fact, conflict=fact["id"] in conflicts)
            current = fact["object_kind"] == "literal"
            lines.append(Line(fact["subject_ref"], text, current, rank_key(fact)))
    for fact in sorted(facts, key=rank_key):
        if fact["subject_ref"] in linked_refs:
            continue
        if fact["object_ref"] in linked_refs:
            text = phrasing.incoming_line(fact)
            lines.append(Line(fact["object_ref"], text, False, rank_key(fact)))
        else:  # one hop further over an inference-enabled predicate
            lines.append(Line("related", phrasing.related_line(fact), False, rank_key(fact)))
    return lines


def preference_lines(preferences: list[dict], *, phrasing: Phrasing) -> list[Line]:
    return [
        Line("user", phrasing.fact_line(fact), False, rank_key(fact))
        for fact in sorted(preferences, key=rank_key)
    ]


def event_lines(events: list[dict], *, phrasing: Phrasing) -> list[Line]:
    """Each recent event with its direct cause before it and its effects after it. A cause
    whose every effect has a line of its own ("cause → effect") gets none: its line would
    say the same again, unless it carries what they don't (an intent, a cause before it)."""
    by_id = {e["id"]: e for e in events}
    effects: dict = {}
    for event in events:
        effects.setdefault(event["caused_by_event_id"], []).append(event)
    said_by_effects = {
        event["id"]
        for event in events
        if effects.get(event["id"])
        and all(e["salient"] for e in effects[event["id"]])
        and not event["intent"]
        and event["caused_by_event_id"] not in by_id
    }
    return [
        Line(
            "events",
            phrasing.event_line(
                event,
                cause=by_id.get(event["caused_by_event_id"]),
                effects=effects.get(event["id"], []),
            ),
            False,
            (-event["occurred_at"].timestamp(),),
        )
        for event in events
        if event["salient"] and event["id"] not in said_by_effects
    ]


def policy_lines(policies: list[dict], *, phrasing: Phrasing) -> list[Line]:
    return [
        Line("policies", phrasing.policy_line(fact), True, rank_key(fact))
        for fact in sorted(policies, key=rank_key)
    ]


CODING = "coding "  # a coding slice's section: this prefix and the repo's ref


def coding_lines(slices: list[dict], *, phrasing: Phrasing) -> list[Line]:
    return [
        Line(f"{CODING}{coding['repo']}", text, False, (1, index))
        for coding in slices
        for index, text in enumerate(phrasing.coding_lines(coding))
    ]


def fit(lines: list[Line], budget: int) -> tuple[list[Line], list[Line]]:
    """Keep what must stay; fill the rest of the budget in rank order, drop the overflow."""
    must = [line for line in lines if line.keep]
    used = sum(line.tokens for line in must)
    optional = sorted((line for line in lines if not line.keep), key=lambda line: line.order)
    kept, dropped = list(must), []
    for line in optional:
        if used + line.tokens <= budget:
            kept.append(line)
            used += line.tokens
        else:
            dropped.append(line)
    order = {id(line): index for index, line in enumerate(lines)}
    return sorted(kept, key=lambda line: order[id(line)]), dropped
