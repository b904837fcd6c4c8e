"""Causality read tools: ``effects_of`` (forward) and ``explain_change`` (backward, with
intent and outcome), text over ``reads.causality``."""

from __future__ import annotations

from uuid import UUID

from worldmemory import render
from worldmemory.reads import causality
from worldmemory.tenancy import OwnerScope


def _label(event: dict) -> str:
    text = event["summary"] or event["event_type"]
    if event.get("causation_kind") == "inferred":
        text += " (inferred, not evidenced)"  # an inferred link is a hypothesis
    if event["intent"]:
        text += f"   [intent was: {event['intent']} · outcome: {event['intent_outcome'] or 'open'}]"
    return text


def effects_of(
    *, scope: OwnerScope, event_id: UUID | None = None, run_id: str | None = None
) -> dict:
    """Everything an event or a run caused, following ``caused_by`` forward."""
    data = causality.effects(scope=scope, event_id=event_id, run_id=run_id)
    title = f"Effects of event:{event_id}" if event_id is not None else f"Effects of run:{run_id}"
    lines = [f"{title}:"]
    lines += [f"{'  ' * e['depth']}→ {_label(e)}" for e in data["events"] if e["depth"] > 0]
    lines += [
        f"  → {f['subject_ref']}.{f['predicate']} = {render.value_text(f)}" for f in data["facts"]
    ]
    if len(lines) == 1:
        lines.append("No observed effects.")
    return {"text": "\n".join(lines), "data": data}


def explain_event(*, scope: OwnerScope, event_id: UUID) -> dict:
    """Why an event happened (a test run failing): what caused it, to what end, and
    whether that worked."""
    data = causality.event_causes(scope=scope, event_id=event_id)
    lines = [f"{_label(data['event'])}, because:"]
    for event in data["causes"]:
        where = f" in run:{event['run_id']}" if event["run_id"] else ""
        lines.append(f"  ← triggered by: {_label(event)}{where}")
    if not data["causes"]:
        lines.append("  ← no observed cause")
    return {"text": "\n".join(lines), "data": data}


def explain_change(
    *,
    scope: OwnerScope,
    fact_id: UUID | None = None,
    ref: str | None = None,
    predicate: str | None = None,
    event_id: UUID | None = None,
) -> dict:
    """Why a fact holds: its evidence, the commit, and the events that caused it (or, for
    ``event_id``, why that event happened)."""
    if event_id is not None:
        return explain_event(scope=scope, event_id=event_id)
    data = causality.fact_causes(scope=scope, fact_id=fact_id, ref=ref, predicate=predicate)
    fact = data["fact"]
    evidence = fact["evidence"] or {}
    lines = [
        f"{fact['subject_ref']}.{fact['predicate']} = {render.value_text(fact)}, because:",
        f"  ← {fact['memory_type']} {render.day(fact['recorded_at'])} from {fact['source']}"
        + (f' ("{evidence.get("text")}")' if evidence.get("text") else ""),
    ]
    for event in data["causes"]:
        where = f" in run:{event['run_id']}" if event["run_id"] else ""
        lines.append(f"  ← {'triggered by: ' if event['depth'] else ''}{_label(event)}{where}")
    for old in data["previous"]:
        lines.append(
            f"  before: {render.value_text(old)} (valid {render.day(old['valid_from'])}"
            f" → {render.day(old['valid_to'])}, {old['lifecycle']})"
        )
    how = "corrected to" if fact["status"] == "invalidated" else "superseded by"
    for new in data["next"]:
        lines.append(
            f"  then {how}: {render.value_text(new)} (valid {render.day(new['valid_from'])}"
            f" → {render.day(new['valid_to'])}, {new['lifecycle']})"
        )
        how = "superseded by"
    return {"text": "\n".join(lines), "data": data}
