"""The recorded outcome of an action's intent, as the latest ``intent_outcome`` event says.

The committer records outcomes (``committer.intents``); these are the reads of them.
"""

from __future__ import annotations

from worldmemory.models import WorldEvent
from worldmemory.tenancy import OwnerScope

# SQL for a ``world_events e`` row: the latest recorded outcome of its intent. Events are
# append-only, so the column only holds what was known when the action was recorded.
LATEST_OUTCOME_SQL = (
    "CASE WHEN e.intent IS NULL THEN e.intent_outcome ELSE COALESCE("
    "(SELECT o.payload->>'outcome' FROM world_events o WHERE o.owner_sub = e.owner_sub"
    " AND o.caused_by_event_id = e.id AND o.event_type = 'intent_outcome'"
    " ORDER BY o.recorded_at DESC LIMIT 1), e.intent_outcome) END AS intent_outcome"
)


def latest_outcomes(*, scope: OwnerScope, intent_ids: list) -> dict[str, str]:
    """``{intent event id: its latest recorded outcome}``."""
    rows = (
        WorldEvent.objects.filter(
            owner_sub=scope.owner_sub,
            event_type_id="intent_outcome",
            caused_by_event_id__in=intent_ids,
        )
        .order_by("recorded_at")
        .values_list("caused_by_event_id", "payload")
    )
    return {str(intent): payload.get("outcome") for intent, payload in rows}
