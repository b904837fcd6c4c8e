"""As-of answers before the hot window: say which part comes from rollups."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from uuid import UUID

from django.db.models import Max, Q

from worldmemory import temporal
from worldmemory.models import MemoryProjection, RetentionRun
from worldmemory.tenancy import OwnerScope


def pruned_horizon(*, scope: OwnerScope) -> datetime | None:
    """Before this moment windowed rows may have been pruned (None: nothing ever was)."""
    return (
        RetentionRun.objects.filter(owner_sub=scope.owner_sub)
        .filter(Q(facts_pruned__gt=0) | Q(events_pruned__gt=0))
        .aggregate(horizon=Max("horizon"))["horizon"]
    )


def rollup_note(
    *, scope: OwnerScope, entity_ids: Iterable[UUID], moments: Iterable[datetime]
) -> dict | None:
    """The rollups standing in for pruned rows of these entities at these moments.

    None when every moment lies inside the hot window (the answer is exact) or no
    rollup covers the entity then (nothing of it was pruned)."""
    horizon = pruned_horizon(scope=scope)
    early = [moment for moment in moments if horizon is not None and moment < horizon]
    if not early:
        return None
    covering = Q()
    for moment in early:
        covering |= temporal.ended_after_q(moment)
    rollups = list(
        MemoryProjection.objects.filter(
            covering,
            owner_sub=scope.owner_sub,
            source_kind="rollup",
            entity_ids__overlap=list(entity_ids),
        )
        .order_by("valid_from", "text")
        .values("id", "text", "valid_from", "valid_to", "details")
    )
    if not rollups:
        return None
    return {"horizon": horizon, "from_rollup": True, "rollups": rollups}
