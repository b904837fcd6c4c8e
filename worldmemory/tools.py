"""The temporal read tools: each returns ``{"text": …, "data": …}`` for the agent.

The data comes from the read side (``reads.entities``); here it gets its text.
"""

from __future__ import annotations

from datetime import datetime

from worldmemory import render
from worldmemory.reads import entities
from worldmemory.tenancy import OwnerScope

ToolAnswer = dict


def get_entity(*, scope: OwnerScope, ref: str) -> ToolAnswer:
    data = entities.entity_now(scope=scope, ref=ref)
    text = render.entity_text(data["entity"], data["facts"], data["outgoing"], data["incoming"])
    return {"text": text, "data": data}


def state_at(*, scope: OwnerScope, ref: str, valid_time: datetime) -> ToolAnswer:
    """What held at ``valid_time`` in the world, as the agent believes it now."""
    state = entities.state_at(scope=scope, ref=ref, valid_time=valid_time)
    data = state.data
    now_values = {f["predicate"]: render.value_text(f) for f in state.now}
    heading = f"what held on {render.day(valid_time)} (valid time)"
    text = render.state_text(data["entity"], data["facts"], heading=heading, now_values=now_values)
    return {"text": text + _rollup_text(data["retention"]), "data": data}


def state_as_known_at(
    *, scope: OwnerScope, ref: str, system_time: datetime, valid_time: datetime | None = None
) -> ToolAnswer:
    """What the agent believed at ``system_time`` about ``valid_time`` (default: the same)."""
    data = entities.state_as_known_at(
        scope=scope, ref=ref, system_time=system_time, valid_time=valid_time
    )
    heading = (
        f"what the agent knew on {render.day(system_time)} "
        f"about {render.day(data['valid_time'])} (system time)"
    )
    text = render.state_text(data["entity"], data["facts"], heading=heading, now_values={})
    return {"text": text + _rollup_text(data["retention"]), "data": data}


def _rollup_text(note: dict | None) -> str:
    """Before the hot window, windowed observations survive only as rollups: say so."""
    if not note:
        return ""
    lines = "\n".join(f"  {rollup['text']}" for rollup in note["rollups"])
    return f"\nbefore {render.day(note['horizon'])} from rollups (single values deleted):\n{lines}"


def get_fact_history(*, scope: OwnerScope, ref: str, predicate: str) -> ToolAnswer:
    """The valid-time story of one attribute: what held when, what was retracted or
    corrected, and the supersede chain both ways (``replaces`` / ``replaced_by``)."""
    data = entities.fact_history(scope=scope, ref=ref, predicate=predicate)
    text = render.history_text(data["entity"], predicate, data["history"])
    return {"text": text, "data": data}
