"""Read tools that find things: ``find_entity``, ``recall_facts_about``,
``get_neighbors``, ``search_world_memory``. Each returns ``{"text", "data"}``;
refs compose across tools and "no hit" is said explicitly. English, as ``render`` says why.
"""

from __future__ import annotations

from datetime import datetime
from fnmatch import fnmatch
from uuid import UUID

from django.utils import timezone

from worldmemory import render, temporal
from worldmemory.embedding import configured_embedder
from worldmemory.models import Entity, EntityAlias
from worldmemory.reads.entities import NEIGHBOR_NODE_LIMIT, facts_data, neighbours, subject_of
from worldmemory.reads.resolution import entity_by_ref, follow_merges
from worldmemory.reads.search import search
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope


def _aliases(
    entity_ids: list[UUID], *, valid_time: datetime | None, system_time: datetime | None
) -> dict[UUID, list[str]]:
    aliases: dict[UUID, list[str]] = {}
    when = temporal.alias_at_q(valid_time=valid_time, system_time=system_time)
    rows = EntityAlias.objects.filter(when, entity_id__in=entity_ids)
    for entity_id, alias in rows.values_list("entity_id", "alias"):
        aliases.setdefault(entity_id, []).append(alias)
    return aliases


def find_entity(
    *,
    scope: OwnerScope,
    query: str,
    kind: str | None = None,
    valid_time: datetime | None = None,
    system_time: datetime | None = None,
) -> dict:
    """Entities a name, alias or ref points to: exact names first, then full-text. A name
    counts only through an alias that named the entity at ``valid_time`` (default now), as
    believed now or as known at ``system_time`` ("Anni" finds the cat only before she was
    renamed)."""
    norm = normalize_alias(query)
    named = EntityAlias.objects.filter(
        owner_sub=scope.owner_sub, entity__owner_sub=scope.owner_sub, alias_norm=norm
    )
    # a name valid then; failing that, a name the entity got later (never one that ended)
    exact = list(
        named.filter(
            temporal.alias_at_q(valid_time=valid_time, system_time=system_time)
        ).select_related("entity")
    ) or list(
        named.filter(temporal.alias_named_later_q(valid_time=valid_time)).select_related("entity")
    )
    found = {e.pk: e for e in (follow_merges(a.entity) for a in exact)}
    # a name known but not valid then (a former name) is no candidate for full text either
    not_then = not found and named.exists()
    by_ref = (
        entity_by_ref(scope=scope, ref=query, valid_time=valid_time, system_time=system_time)
        if ":" in query and not found
        else None
    )
    if by_ref:
        found[by_ref.pk] = by_ref
    if not found and not not_then:
        hits = search(scope=scope, query=query, kind=kind, limit=10)
        ids = [h.entity_id for h in hits if h.kind == "entity" and h.entity_id]
        found = {e.pk: follow_merges(e) for e in Entity.objects.filter(pk__in=ids)}
    entities = sorted(
        (e for e in found.values() if not kind or e.kind_id == kind), key=lambda e: e.ref
    )
    aliases = _aliases([e.pk for e in entities], valid_time=valid_time, system_time=system_time)
    data = [
        {
            "ref": e.ref,
            "kind": e.kind_id,
            "name": e.canonical_name,
            "aliases": sorted(aliases.get(e.pk, [])),
        }
        for e in entities
    ]
    lines = [
        f'- {d["ref"]} ({d["kind"]}) — "{d["name"]}" · aliases: {", ".join(d["aliases"])}'
        for d in data
    ]
    if len(data) > 1:
        lines.append(f"({len(data)} hits; narrow with kind=)")
    if not data:
        lines = [f"No entity found for {query!r}."]
        if not_then:
            lines.append("(the name named no entity at that time — a former name?)")
    return {"text": "\n".join(lines), "data": {"query": query, "entities": data}}


def recall_facts_about(
    *,
    scope: OwnerScope,
    ref_or_query: str,
    predicate: str | None = None,
    scope_ref: str | None = None,
) -> dict:
    """Current values of an entity, optionally one predicate (``preferred_*`` globs work)."""
    entity = entity_by_ref(scope=scope, ref=ref_or_query)
    if entity is None:
        hits = search(scope=scope, query=ref_or_query, limit=5)
        ids = [h.entity_id for h in hits if h.entity_id]
        entity = Entity.objects.filter(pk__in=ids[:1]).first()
    if entity is None:
        text = f"No active facts about {ref_or_query!r}."
        return {"text": text, "data": {"entity": None, "facts": []}}
    subject = subject_of(scope, entity.ref)
    rows = temporal.facts_current(scope=scope, entity_ids=subject.family)
    facts = [
        f
        for f in facts_data(rows, as_of=timezone.now(), known=subject.refs)
        if (predicate is None or fnmatch(f["predicate"], predicate))
        and (scope_ref is None or f["scope_ref"] in (None, scope_ref))
    ]
    lines = [
        f"{subject.head.ref}.{f['predicate']} = {render.value_text(f)}"
        f"   {render.provenance(f, observed=True)}"
        for f in facts
    ] or [f"No active facts about {subject.head.ref}."]
    return {"text": "\n".join(lines), "data": {"entity": subject.data(), "facts": facts}}


def get_neighbors(
    *,
    scope: OwnerScope,
    ref: str,
    depth: int = 1,
    predicates: list[str] | None = None,
    valid_time: datetime | None = None,
    system_time: datetime | None = None,
) -> dict:
    """Relationships in and out, breadth first up to ``depth`` (≤ 3) and a node limit;
    valid now as believed now, or valid at ``valid_time`` as known at ``system_time``."""
    data = neighbours(
        scope=scope,
        ref=ref,
        depth=depth,
        predicates=predicates,
        valid_time=valid_time,
        system_time=system_time,
    )
    edges, head = data["edges"], data["entity"]["ref"]
    lines = []
    for edge in edges:
        if edge["subject_ref"] == head:
            lines.append(f"{edge['predicate']} → {edge['object_ref']}")
        elif edge["object_ref"] == head:
            lines.append(f"{edge['predicate']} ← {edge['subject_ref']}")
        else:
            lines.append(f"{edge['subject_ref']} {edge['predicate']} → {edge['object_ref']}")
    if data["truncated"]:
        lines.append(f"(cut after {NEIGHBOR_NODE_LIMIT} nodes; narrow with predicates=)")
    text = "\n".join(lines) if edges else f"No relationships of {head}."
    return {"text": text, "data": data}


def search_world_memory(
    *,
    scope: OwnerScope,
    query: str,
    kind: str | None = None,
    valid_between: tuple[datetime, datetime] | None = None,
) -> dict:
    """Candidates (entities, facts, passages) ranked by fused full-text relevance."""
    hits = search(scope=scope, query=query, kind=kind, valid_between=valid_between)
    entity_ids = [h.entity_id for h in hits if h.entity_id]
    refs = {
        pk: f"{k}:{s}"
        for pk, k, s in Entity.objects.filter(pk__in=entity_ids).values_list(
            "pk", "kind_id", "slug"
        )
    }
    data = [
        {
            "kind": h.kind,
            "id": str(h.id),
            "ref": refs.get(h.entity_id),
            "text": h.text,
            "score": round(h.score, 4),
            "sources": h.sources,
        }
        for h in hits
    ]
    lines = []
    for hit in data:
        label = hit["ref"] or hit["kind"]
        if hit["kind"] == "fact":
            lines.append(f"- fact {label} {hit['text']} ({hit['score']:.3f})")
        elif hit["kind"] == "entity":
            lines.append(f'- {label} — "{hit["text"]}" ({hit["score"]:.3f})')
        else:
            lines.append(f'- {label} — "{hit["text"][:120]}" ({hit["score"]:.3f})')
    if lines:
        # vectors join only without a kind filter (projections have no kind)
        how = (
            "full text and vector similarity, fused by RRF"
            if configured_embedder() is not None and not kind
            else "full text only"
        )
        lines.append(f"(finder: check current values with get_entity/recall_facts_about; {how})")
    else:
        lines = [f"No hits for {query!r}."]
    return {"text": "\n".join(lines), "data": {"query": query, "hits": data}}
