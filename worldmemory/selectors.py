"""Reads that are not temporal: lists and lookups of the scope's own rows."""

from __future__ import annotations

from django.db.models import QuerySet

from worldmemory.models import Entity
from worldmemory.tenancy import OwnerScope


def entity_list(*, scope: OwnerScope, kind: str | None = None, limit: int = 100) -> QuerySet:
    """The owner's entities whose record was created or changed (merge, split) last first."""
    entities = Entity.objects.filter(owner_sub=scope.owner_sub).order_by("-updated_at")
    if kind:
        entities = entities.filter(kind_id=kind)
    return entities[:limit]
