"""Inferred causation for sync changes (seed 000 §6).

A change an integration reports on an item that an agent action touched shortly before
is *probably* that action's effect. It is linked as ``causation_kind = inferred`` with
``memory_type = hypothesis`` on the sync event — never as a fact, never as a direct edge.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q

from worldmemory.models import Entity, WorldEvent
from worldmemory.tenancy import OwnerScope

# events that are an agent's consequential actions
ACTION_EVENT_TYPES = ("agent_action", "tool_call")


def action_for_change(
    *, scope: OwnerScope, entity: Entity | None, external_id: str, changed_at: datetime
) -> WorldEvent | None:
    """The latest agent action on the same item (its entity, or its ``external_id`` in the
    action's payload) within the window before ``changed_at``, else ``None``."""
    window = timedelta(seconds=settings.GD_SYNC_CAUSATION_WINDOW_SECONDS)
    touched = Q(payload__external_id=external_id)
    if entity is not None:
        touched |= Q(target_entity_id=entity.pk)
    return (
        WorldEvent.objects.filter(
            touched,
            owner_sub=scope.owner_sub,
            event_type_id__in=ACTION_EVENT_TYPES,
            occurred_at__gte=changed_at - window,
            occurred_at__lte=changed_at,
        )
        .order_by("-occurred_at")
        .first()
    )
