"""The temporal read tools: each returns ``{"text": …, "data": …}`` for the agent.

Pending items never appear (they are not facts). Another owner's refs resolve
to nothing, exactly like missing ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.utils import timezone

from worldmemory import render, temporal
from worldmemory.errors import NotFound
from worldmemory.models import Entity, Fact, WorldEvent
from worldmemory.reads.facts import entity_refs, fact_dicts
from worldmemory.resolution import entity_by_ref
from worldmemory.retention.horizon import rollup_note
from worldmemory.tenancy import OwnerScope

ToolAnswer = dict


def _entity(
    scope: OwnerScope, ref: str, *, valid_time: datetime | None, system_time: datetime | None
) -> Entity:
    """The entity ``ref`` names itself (merges are applied per point in time by callers); a
    name resolves through an alias valid at ``valid_time`` as known at ``system_time``."""
    entity = entity_by_ref(
        scope=scope, ref=ref, follow=False, valid_time=valid_time, system_time=system_time
    )
    if entity is None:
        raise NotFound(f"no entity {ref!r}")
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
    return Subject(head, family, _refs(family, {head.pk: head.ref}))


# the serializer of fact rows lives on the read side; these names stay for their callers
_refs = entity_refs


def facts_data(
    facts: list[Fact], *, as_of: datetime, known: dict[UUID, str] | None = None
) -> list[dict]:
    """The agent tools' fact dicts: ``FactOut``'s fields of each row, as plain data."""
    return fact_dicts(facts, as_of=as_of, known=known)


def get_entity(*, scope: OwnerScope, ref: str) -> ToolAnswer:
    subject = subject_of(scope, ref)
    now = timezone.now()
    rows = temporal.facts_current(scope=scope, entity_ids=subject.family)
    current = facts_data(rows, as_of=now, known=subject.refs)
    incoming_rows = temporal.incoming_current(scope=scope, entity_ids=subject.family)
    incoming = facts_data(incoming_rows, as_of=now, known=subject.refs)
    facts = [f for f in current if f["object_kind"] == "literal"]
    outgoing = [f for f in current if f["object_kind"] == "entity"]
    head = subject.data()
    data = {"entity": head, "facts": facts, "outgoing": outgoing, "incoming": incoming}
    return {"text": render.entity_text(head, facts, outgoing, incoming), "data": data}


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


def state_at(*, scope: OwnerScope, ref: str, valid_time: datetime) -> ToolAnswer:
    """What held at ``valid_time`` in the world, as the agent believes it now."""
    subject = subject_of(scope, ref, valid_time=valid_time)
    now = timezone.now()
    # one read serves both the state then and the value now ("damals; heute → …")
    rows = temporal.facts_valid_at_either(
        scope=scope, entity_ids=subject.family, moments=(valid_time, now)
    )
    then = [r for r in rows if temporal.valid_at(r, valid_time)]
    facts = facts_data(then, as_of=now, known=subject.refs)
    valid_now = [r for r in rows if temporal.valid_at(r, now)]
    current = facts_data(valid_now, as_of=now, known=subject.refs)
    now_values = {f["predicate"]: render.value_text(f) for f in current}
    head = subject.data()
    heading = f"was galt am {render.day(valid_time)} (valid-time)"
    text = render.state_text(head, facts, heading=heading, now_values=now_values)
    data = {"entity": head, "valid_time": valid_time, "facts": facts}
    return _with_rollups(scope, subject, (valid_time,), {"text": text, "data": data})


def state_as_known_at(
    *, scope: OwnerScope, ref: str, system_time: datetime, valid_time: datetime | None = None
) -> ToolAnswer:
    """What the agent believed at ``system_time`` about ``valid_time`` (default: the same)."""
    valid_time = valid_time or system_time
    subject = subject_of(scope, ref, system_time, valid_time=valid_time)
    rows = temporal.facts_known_at(
        scope=scope, entity_ids=subject.family, system_time=system_time, valid_time=valid_time
    )
    facts = facts_data(rows, as_of=system_time, known=subject.refs)
    head = subject.data()
    heading = (
        f"was wusste der Agent am {render.day(system_time)} "
        f"über {render.day(valid_time)} (system-time)"
    )
    text = render.state_text(head, facts, heading=heading, now_values={})
    data = {"entity": head, "system_time": system_time, "valid_time": valid_time, "facts": facts}
    return _with_rollups(scope, subject, (system_time, valid_time), {"text": text, "data": data})


def _with_rollups(
    scope: OwnerScope, subject: Subject, moments: tuple[datetime, ...], answer: ToolAnswer
) -> ToolAnswer:
    """Before the hot window, windowed observations survive only as rollups: say so."""
    note = rollup_note(scope=scope, entity_ids=subject.family, moments=moments)
    answer["data"]["retention"] = note
    if note:
        lines = "\n".join(f"  {rollup['text']}" for rollup in note["rollups"])
        answer["text"] += (
            f"\nvor {render.day(note['horizon'])} aus Rollups (Einzelwerte gelöscht):\n{lines}"
        )
    return answer


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
    refs = _refs((link["object_id"] for link in links), known)
    for link in links:
        object_id = link.pop("object_id")
        if object_id is not None:
            link["value"] = refs.get(object_id)


def get_fact_history(*, scope: OwnerScope, ref: str, predicate: str) -> ToolAnswer:
    """The valid-time story of one attribute: what held when, what was retracted or
    corrected, and the supersede chain both ways (``replaces`` / ``replaced_by``)."""
    subject = subject_of(scope, ref)
    every = temporal.fact_history(scope=scope, entity_ids=subject.family, predicate=predicate)
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
    head = subject.data()
    data = {"entity": head, "predicate": predicate, "history": history}
    return {"text": render.history_text(head, predicate, history), "data": data}


def _invalidation_reasons(scope: OwnerScope, fact_ids: list[str]) -> dict[str, str]:
    events = WorldEvent.objects.filter(
        owner_sub=scope.owner_sub, event_type_id="invalidate", payload__fact_id__in=fact_ids
    ).values_list("payload", flat=True)
    return {p["fact_id"]: p.get("reason") or "" for p in events}
