"""An entity and its facts, now, at a valid time or as known at a system time, and the story of
one attribute: the reads behind the agent's temporal tools and the entity pages, as data.

Pending items never appear (they are not facts). Another owner's refs resolve
to nothing, exactly like missing ones. Merges are followed per point in time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.utils import timezone

from worldmemory import messages, temporal
from worldmemory.errors import InvalidInput, NotFound
from worldmemory.models import Entity, Fact, ResolvedRelationType, WorldEvent
from worldmemory.reads.facts import entity_refs, fact_dicts
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.retention.horizon import rollup_note
from worldmemory.tenancy import OwnerScope

NEIGHBOR_NODE_LIMIT = 50
MAX_DEPTH = 3


def _entity(
    scope: OwnerScope, ref: str, *, valid_time: datetime | None, system_time: datetime | None
) -> Entity:
    """The entity ``ref`` names itself (merges are applied per point in time by callers); a
    name resolves through an alias valid at ``valid_time`` as known at ``system_time``."""
    entity = entity_by_ref(
        scope=scope, ref=ref, follow=False, valid_time=valid_time, system_time=system_time
    )
    if entity is None:
        raise NotFound(messages.NO_ENTITY, params={"ref": ref})
    return entity


@dataclass(frozen=True)
class Subject:
    """The entity answering for a ref at some system time, and every entity merged into it."""

    head: Entity
    family: list[UUID]
    refs: dict[UUID, str]

    def data(self) -> dict:
        return {
            "ref": self.head.ref,
            "id": str(self.head.pk),
            "kind": self.head.kind_id,
            "name": self.head.canonical_name,
            "status": self.head.status,
            "merged": sorted(ref for pk, ref in self.refs.items() if pk != self.head.pk),
        }


def subject_of(
    scope: OwnerScope,
    ref: str,
    system_time: datetime | None = None,
    *,
    valid_time: datetime | None = None,
) -> Subject:
    """The entity ``ref`` names at ``valid_time`` (default now), followed through merges
    as believed at ``system_time``."""
    entity = _entity(scope, ref, valid_time=valid_time or system_time, system_time=system_time)
    links = temporal.merge_links(scope=scope, system_time=system_time)
    head_id = temporal.head_of(entity.pk, links)
    head = entity if head_id == entity.pk else Entity.objects.get(pk=head_id)
    family = temporal.family_of(head_id, links)
    return Subject(head, family, entity_refs(family, {head.pk: head.ref}))


def facts_data(
    facts: list[Fact], *, as_of: datetime, known: dict[UUID, str] | None = None
) -> list[dict]:
    """Fact dicts for tools, pages and the context block: ``FactOut``'s fields of each row,
    as plain data (without building the models: the context block's hot path)."""
    return fact_dicts(facts, as_of=as_of, known=known)


def holders_now(*, scope: OwnerScope, predicate: str, values: set[str]) -> list[UUID]:
    """The entities of which ``predicate`` is one of ``values`` now, believed and valid (the
    people memory holds as the owner's mother or brother: ``relation_to_user``)."""
    return list(
        Fact.objects.filter(
            temporal.believed_q(),
            temporal.valid_at_q(timezone.now()),
            owner_sub=scope.owner_sub,
            predicate_id=predicate,
            object_value__in=sorted(values),
        )
        .values_list("subject_entity_id", flat=True)
        .distinct()
    )


RELATION_TO_USER = "relation_to_user"


def ties_to_user(
    *, scope: OwnerScope, valid_time: datetime | None = None, system_time: datetime | None = None
) -> list[dict]:
    """The people memory holds as the owner's relatives and friends (``relation_to_user``
    on the other person's entity): valid at ``valid_time`` (default now) as believed now or
    as known at ``system_time``. Each row's ``subject_ref`` is the entity answering for
    that person then (merges followed), one row per person."""
    moment = valid_time or timezone.now()
    rows = temporal.predicate_at(
        scope=scope, predicate=RELATION_TO_USER, valid_time=moment, system_time=system_time
    )
    links = temporal.merge_links(scope=scope, system_time=system_time)
    heads = {row.subject_entity_id: temporal.head_of(row.subject_entity_id, links) for row in rows}
    refs = entity_refs(set(heads.values()))
    ties: dict[str, dict] = {}
    for row, data in zip(rows, facts_data(rows, as_of=system_time or timezone.now()), strict=True):
        data["subject_ref"] = refs[heads[row.subject_entity_id]]
        ties.setdefault(data["subject_ref"], data)
    return list(ties.values())


def entity_now(*, scope: OwnerScope, ref: str) -> dict:
    """The current view of an entity: its facts and relationships out and in."""
    subject = subject_of(scope, ref)
    now = timezone.now()
    rows = temporal.facts_current(scope=scope, entity_ids=subject.family)
    current = facts_data(rows, as_of=now, known=subject.refs)
    incoming_rows = temporal.incoming_current(scope=scope, entity_ids=subject.family)
    incoming = facts_data(incoming_rows, as_of=now, known=subject.refs)
    facts = [f for f in current if f["object_kind"] == "literal"]
    outgoing = [f for f in current if f["object_kind"] == "entity"]
    return {"entity": subject.data(), "facts": facts, "outgoing": outgoing, "incoming": incoming}


def incoming_at(
    *, scope: OwnerScope, ref: str, valid_time: datetime, system_time: datetime | None = None
) -> list[dict]:
    """The relationships pointing at ``ref`` that held at ``valid_time``, as believed now or
    as known at ``system_time`` (merges followed as then believed)."""
    subject = subject_of(scope, ref, system_time)
    rows = temporal.incoming_at(
        scope=scope, entity_ids=subject.family, valid_time=valid_time, system_time=system_time
    )
    return facts_data(rows, as_of=system_time or timezone.now(), known=subject.refs)


def neighbours(
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
    if not 1 <= depth <= MAX_DEPTH:
        raise InvalidInput(messages.DEPTH_RANGE, params={"most": MAX_DEPTH})
    now = timezone.now()
    subject = subject_of(scope, ref, system_time)
    seen = set(subject.family)
    frontier = list(subject.family)
    edge_rows, edge_ids = [], set()
    truncated = False
    for _ in range(depth):
        if not frontier:
            break
        rows = temporal.relationships_at(
            scope=scope,
            entity_ids=frontier,
            valid_time=valid_time or now,
            system_time=system_time,
        )
        frontier = []
        for row in rows:
            if (predicates and row.predicate_id not in predicates) or row.pk in edge_ids:
                continue
            edge_rows.append(row)
            edge_ids.add(row.pk)
            for entity_id in (row.subject_entity_id, row.object_entity_id):
                if entity_id in seen:
                    continue
                if len(seen) >= NEIGHBOR_NODE_LIMIT:
                    truncated = True
                    continue
                seen.add(entity_id)
                frontier.append(entity_id)
    edges = facts_data(edge_rows, as_of=system_time or now, known=subject.refs)
    return {"entity": subject.data(), "depth": depth, "edges": edges, "truncated": truncated}


@dataclass(frozen=True)
class StateAt:
    """What held at a valid time (``data``), and the same entity's facts valid now, so a
    reader can say "damals; heute → …"."""

    data: dict
    now: list[dict]


def state_at(*, scope: OwnerScope, ref: str, valid_time: datetime) -> StateAt:
    """What held at ``valid_time`` in the world, as the agent believes it now."""
    subject = subject_of(scope, ref, valid_time=valid_time)
    now = timezone.now()
    # one read serves both the state then and the value now
    rows = temporal.facts_valid_at_either(
        scope=scope, entity_ids=subject.family, moments=(valid_time, now)
    )
    then = [r for r in rows if temporal.valid_at(r, valid_time)]
    facts = facts_data(then, as_of=now, known=subject.refs)
    valid_now = [r for r in rows if temporal.valid_at(r, now)]
    current = facts_data(valid_now, as_of=now, known=subject.refs)
    data = {"entity": subject.data(), "valid_time": valid_time, "facts": facts}
    data["retention"] = rollup_note(scope=scope, entity_ids=subject.family, moments=(valid_time,))
    return StateAt(data=data, now=current)


def state_as_known_at(
    *, scope: OwnerScope, ref: str, system_time: datetime, valid_time: datetime | None = None
) -> dict:
    """What the agent believed at ``system_time`` about ``valid_time`` (default: the same)."""
    valid_time = valid_time or system_time
    subject = subject_of(scope, ref, system_time, valid_time=valid_time)
    rows = temporal.facts_known_at(
        scope=scope, entity_ids=subject.family, system_time=system_time, valid_time=valid_time
    )
    facts = facts_data(rows, as_of=system_time, known=subject.refs)
    data = {
        "entity": subject.data(),
        "system_time": system_time,
        "valid_time": valid_time,
        "facts": facts,
    }
    # before the hot window, windowed observations survive only as rollups
    data["retention"] = rollup_note(
        scope=scope, entity_ids=subject.family, moments=(system_time, valid_time)
    )
    return data


def _chain_link(row: Fact | None) -> dict | None:
    if row is None:
        return None
    return {"id": str(row.pk), "value": row.object_value, "object_id": row.object_entity_id}


def chain_neighbours(fact: Fact, by_id: dict[UUID, Fact]) -> tuple[Fact | None, Fact | None]:
    """The row ``fact`` replaced and the row that replaced (or corrected) it, if known.

    A history row (the part of a changed value that still held, copied when the value
    changed) continues its original's chain: what replaced the original replaced it."""
    before = by_id.get(fact.supersedes_fact_id) if fact.supersedes_fact_id else None
    remnant = before is not None and temporal.is_history_copy(fact, before)
    after_id = fact.invalidated_by_fact_id
    if after_id is None and remnant and before.invalidated_by_fact_id != fact.pk:
        after_id = before.invalidated_by_fact_id
    if remnant:
        before = by_id.get(before.supersedes_fact_id) if before.supersedes_fact_id else None
    return before, (by_id.get(after_id) if after_id else None)


def fact_chain(fact: Fact, by_id: dict[UUID, Fact]) -> dict:
    """The supersede chain around ``fact``, both ways, as data."""
    before, after = chain_neighbours(fact, by_id)
    corrected = fact.status == Fact.Status.INVALIDATED and after is not None
    return {
        "replaces": _chain_link(before),
        "replaced_by": _chain_link(after),
        "replaced_how": ("corrected" if corrected else "superseded") if after else None,
    }


def _chain_refs(chains: list[dict], known: dict[UUID, str]) -> None:
    """Give relationship links their object's ref instead of an id."""
    links = [link for chain in chains for link in chain.values() if isinstance(link, dict)]
    refs = entity_refs((link["object_id"] for link in links), known)
    for link in links:
        object_id = link.pop("object_id")
        if object_id is not None:
            link["value"] = refs.get(object_id)


def fact_history(*, scope: OwnerScope, ref: str, predicate: str) -> dict:
    """The valid-time story of one attribute: what held when, what was retracted or
    corrected, and the supersede chain both ways (``replaces`` / ``replaced_by``)."""
    subject = subject_of(scope, ref)
    every = temporal.fact_history(scope=scope, entity_ids=subject.family, predicate=predicate)
    if not every and not ResolvedRelationType.objects.filter(predicate=predicate).exists():
        # a predicate nobody knows is a mistake: named, with the entity's own, not "no facts"
        said = Fact.objects.filter(owner_sub=scope.owner_sub, subject_entity_id__in=subject.family)
        known = sorted(set(said.values_list("predicate_id", flat=True)))
        raise InvalidInput(
            messages.UNKNOWN_PREDICATE,
            params={"predicate": predicate, "ref": subject.head.ref, "known": ", ".join(known)},
        )
    by_id = {row.pk: row for row in every}
    rows = [f for f in every if temporal.believed(f) or f.status == Fact.Status.INVALIDATED]
    history = facts_data(rows, as_of=timezone.now(), known=subject.refs)
    starts = {row["valid_from"] for row in history if row["lifecycle"] != "invalidated"}
    retracted = [row["id"] for row in history if row["lifecycle"] == "invalidated"]
    reasons = _invalidation_reasons(scope, retracted) if retracted else {}
    chains = [fact_chain(row, by_id) for row in rows]
    _chain_refs(chains, subject.refs)
    for row, chain in zip(history, chains, strict=True):
        if row["lifecycle"] == "ended" and row["valid_to"] in starts:
            row["lifecycle"] = "superseded"
        row["closed_reason"] = reasons.get(row["id"])
        row.update(chain)
    return {"entity": subject.data(), "predicate": predicate, "history": history}


def _invalidation_reasons(scope: OwnerScope, fact_ids: list[str]) -> dict[str, str]:
    events = WorldEvent.objects.filter(
        owner_sub=scope.owner_sub, event_type_id="invalidate", payload__fact_id__in=fact_ids
    ).values_list("payload", flat=True)
    return {p["fact_id"]: p.get("reason") or "" for p in events}
