"""Entity resolution: a ``kind:slug`` ref or an alias → the entity that answers for it.

"Better two entities than one wrong merge": a name shared by entities of
different kinds never merges them, and an alias that names several entities is
reported as ambiguous instead of guessed.
"""

from __future__ import annotations

import re
from datetime import datetime
from difflib import SequenceMatcher

from django.db.models import BooleanField, Case, Q, When
from django.utils import timezone

from worldmemory import messages, temporal
from worldmemory.errors import ApplicationError, InvalidInput, NotFound
from worldmemory.models import Entity, EntityAlias
from worldmemory.refs import (
    STRONG_NAMESPACES,
    normalize_alias,
    normalize_identity,
)
from worldmemory.tenancy import OwnerScope

# Same-kind names at least this similar become a merge suggestion, never a merge.
MERGE_SUGGESTION_SIMILARITY = 0.8


class AmbiguousRef(InvalidInput):
    def __init__(self, ref: str, candidates: list[Entity]) -> None:
        names = ", ".join(sorted(c.ref for c in candidates))
        super().__init__(
            f"{ref!r} is ambiguous ({names}): use a kind:slug ref",
            extra={"candidates": sorted(c.ref for c in candidates)},
        )


def follow_merges(entity: Entity) -> Entity:
    seen = {entity.pk}
    while entity.merged_into_id is not None and entity.merged_into_id not in seen:
        seen.add(entity.merged_into_id)
        entity = Entity.objects.get(pk=entity.merged_into_id)
    return entity


KIND_PATTERN = re.compile(r"[a-z][a-z0-9_]*(:[a-z][a-z0-9_]*)*")


def ref_candidates(ref: str) -> list[tuple[str, str]]:
    """Every ``(kind, slug)`` reading of a ref, longest kind first ("github:issue:42")."""
    parts = ref.split(":")
    readings = []
    for cut in range(len(parts) - 1, 0, -1):
        kind, slug = ":".join(parts[:cut]), ":".join(parts[cut:])
        if slug and KIND_PATTERN.fullmatch(kind):
            readings.append((kind, slug))
    return readings


def _entities_by_readings(
    scope: OwnerScope, readings: set[tuple[str, str]]
) -> dict[tuple[str, str], Entity]:
    if not readings:
        return {}
    # raw SQL with a fixed text: this lookup is on every read tool's hot path. The
    # arrays may pair kinds and slugs that were not asked for; those are dropped here.
    kinds, slugs = zip(*readings, strict=True)
    rows = Entity.objects.raw(
        "SELECT * FROM entities WHERE owner_sub = %s AND kind = ANY(%s) AND slug = ANY(%s)",
        [scope.owner_sub, list(set(kinds)), list(set(slugs))],
    )
    return {(e.kind_id, e.slug): e for e in rows if (e.kind_id, e.slug) in readings}


def entity_by_ref(
    *,
    scope: OwnerScope,
    ref: str,
    follow: bool = True,
    valid_time: datetime | None = None,
    system_time: datetime | None = None,
) -> Entity | None:
    """Resolve ``ref`` (``kind:slug`` or an alias); ``None`` when nothing matches. An alias
    resolves only if it named the entity at ``valid_time`` (default now), as believed now
    or as known at ``system_time``; a ``kind:slug`` ref is timeless."""
    candidates = ref_candidates(ref)
    found = _entities_by_readings(scope, set(candidates))
    for candidate in candidates:
        if candidate in found:
            entity = found[candidate]
            return follow_merges(entity) if follow else entity
    return entity_by_alias(
        scope=scope, alias=ref, follow=follow, valid_time=valid_time, system_time=system_time
    )


def entities_by_refs(*, scope: OwnerScope, refs: set[str]) -> dict[str, Entity]:
    """The ``kind:slug`` refs among ``refs`` that name entities, in one query (merges followed).

    Refs that are aliases are left out; resolve those one by one."""
    readings = {ref: ref_candidates(ref) for ref in refs}
    found = _entities_by_readings(scope, {c for cs in readings.values() for c in cs})
    resolved = {}
    for ref, candidates in readings.items():
        match = next((found[c] for c in candidates if c in found), None)
        if match is not None:
            resolved[ref] = follow_merges(match)
    return resolved


def entity_by_alias(
    *,
    scope: OwnerScope,
    alias: str,
    follow: bool = True,
    valid_time: datetime | None = None,
    system_time: datetime | None = None,
) -> Entity | None:
    """The entity ``alias`` named at ``valid_time`` (default now), as believed now or as
    known at ``system_time``. Failing that, a name the entity got only later still
    identifies it; an alias that had ended by then never does."""
    namespace, _, value = alias.partition(":")
    condition = Q(alias_norm=normalize_alias(alias))
    if namespace in STRONG_NAMESPACES and value:
        condition |= Q(namespace=namespace, alias_norm=normalize_identity(namespace, value))
    moment = valid_time or timezone.now()
    then = temporal.alias_at_q(valid_time=moment, system_time=system_time)
    later = temporal.alias_named_later_q(valid_time=moment)
    # both readings in one query (an unknown name, the committer's usual case, costs one
    # round trip, not two); the rows named then win over those named only later
    rows = list(
        EntityAlias.objects.filter(
            condition, then | later, owner_sub=scope.owner_sub, entity__owner_sub=scope.owner_sub
        )
        .annotate(
            named_then=Case(When(then, then=True), default=False, output_field=BooleanField())
        )
        .select_related("entity")
    )
    found = [row for row in rows if row.named_then] or rows
    candidates = {row.entity_id: row.entity for row in found}
    if follow:
        candidates = {e.pk: e for e in map(follow_merges, candidates.values())}
    if len(candidates) > 1:
        raise AmbiguousRef(alias, list(candidates.values()))
    return next(iter(candidates.values()), None)


def entity_require(*, scope: OwnerScope, ref: str) -> Entity:
    entity = entity_by_ref(scope=scope, ref=ref)
    if entity is None:
        raise NotFound(messages.NO_ENTITY, params={"ref": ref})
    return entity


def strong_identity_owner(
    *, scope: OwnerScope, namespace: str, value: str, kind: str
) -> Entity | None:
    """The entity of ``kind`` that already holds this e-mail, phone or handle, if any."""
    row = (
        EntityAlias.objects.filter(
            temporal.alias_open_q(),
            owner_sub=scope.owner_sub,
            entity__owner_sub=scope.owner_sub,
            namespace=namespace,
            alias_norm=normalize_identity(namespace, value),
        )
        .select_related("entity")
        .first()
    )
    if row is None:
        return None
    entity = follow_merges(row.entity)
    if entity.kind_id != kind:
        raise ApplicationError(
            messages.IDENTITY_TAKEN,
            params={"namespace": namespace, "value": value, "entity": entity.ref},
        )
    return entity


def similar_entities(*, scope: OwnerScope, entity: Entity) -> list[tuple[Entity, float]]:
    """Other active entities of the same kind whose names resemble this one's."""
    name = normalize_alias(entity.canonical_name)
    found = []
    # Names that resemble each other share their first letter often enough; the
    # prefix keeps this check cheap for owners with many entities of one kind.
    others = Entity.objects.filter(
        owner_sub=scope.owner_sub,
        kind_id=entity.kind_id,
        status=Entity.Status.ACTIVE,
        canonical_name__istartswith=entity.canonical_name[:1],
    ).exclude(pk=entity.pk)[:200]
    for other in others:
        ratio = SequenceMatcher(None, name, normalize_alias(other.canonical_name)).ratio()
        if ratio >= MERGE_SUGGESTION_SIMILARITY:
            found.append((other, round(ratio, 2)))
    return found
