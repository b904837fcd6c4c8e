"""The person's two ways to set a value in the pages, as proposals the committer validates.

- *Change* ("ändern ab …"): the value is different from ``valid_from`` (default now) on;
  what held before stays as it was (a plain user assertion: the committer supersedes).
- *Correction* ("korrigieren (war nie so)"): the old value never held. The committer
  invalidates the row and asserts the new value over the row's whole valid period
  (``memory_type = correction`` naming the row). System-time as-of before the correction
  still shows what was believed then.

A relationship's value is another entity ("arbeitet bei Zeiss"): the new one is named by
its ref or a name it goes by; a name nothing goes by yet becomes a new entity of the old
object's kind, in the same proposal.
"""

from __future__ import annotations

import json
from datetime import datetime
from uuid import UUID

from django.utils import timezone

from worldmemory import messages, temporal
from worldmemory.committer import CommitResult, proposal_commit
from worldmemory.contracts import MemoryType, own_proposal
from worldmemory.errors import InvalidInput, NotFound
from worldmemory.models import Entity, Fact
from worldmemory.reads.entities import facts_data
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.refs import slugify
from worldmemory.tenancy import OwnerScope


def _typed(text: str, like: object) -> object:
    """Keep the old value's type when the new text reads as one (``3`` for a number)."""
    if isinstance(like, str) or like is None:
        return text
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if type(value) is type(like) else text


def _current_fact(scope: OwnerScope, fact_id: UUID) -> Fact:
    fact = Fact.objects.filter(temporal.believed_q(), owner_sub=scope.owner_sub, pk=fact_id).first()
    if fact is None:
        raise NotFound(messages.NO_CURRENT_FACT, params={"fact_id": fact_id})
    return fact


def _object_ops(*, scope: OwnerScope, fact: Fact, text: str, provenance: dict) -> list[dict]:
    """The operations naming the relationship's new object: none when ``text`` is a ref or
    a name of a known entity, else the new entity, of the kind the old object has."""
    if entity_by_ref(scope=scope, ref=text) is not None:
        return []
    kind = Entity.objects.get(owner_sub=scope.owner_sub, pk=fact.object_entity_id).kind_id
    return [
        {
            "op": "upsert_entity",
            "id_hint": f"{kind}:{slugify(text)}",
            "kind": kind,
            "canonical_name": text,
            "aliases": [text],
            **provenance,
        }
    ]


def _names_the_same(*, scope: OwnerScope, fact: Fact, text: str) -> bool:
    """Whether ``text`` names the value or object the fact already has."""
    if fact.object_kind == "entity":
        named = entity_by_ref(scope=scope, ref=text)
        return named is not None and named.pk == fact.object_entity_id
    return _typed(text, fact.object_value) == fact.object_value


def _commit_value(
    *,
    scope: OwnerScope,
    fact: Fact,
    value: str,
    valid_from: datetime,
    memory_type: MemoryType,
    actor: str,
) -> CommitResult:
    text = value.strip()
    if not text:
        raise InvalidInput(messages.EMPTY_VALUE)
    if _names_the_same(scope=scope, fact=fact, text=text):
        # "never so, but the same instead" would change nothing and say it did
        raise InvalidInput(messages.SAME_VALUE)
    (data,) = facts_data([fact], as_of=timezone.now())
    provenance = {
        "confidence": 1.0,
        "source": actor,
        "memory_type": memory_type,
        "valid_from": valid_from,
        "evidence": {
            "kind": "observation",
            "text": f"{data['subject_ref']}.{fact.predicate_id} = {text}",
        },
    }
    if fact.object_kind == "entity":
        # a new entity is a plain user assertion: only the relationship corrects
        named = {**provenance, "memory_type": MemoryType.USER_ASSERTION}
        operations = _object_ops(scope=scope, fact=fact, text=text, provenance=named)
        new = {
            "op": "assert_relationship",
            "object_ref": operations[0]["id_hint"] if operations else text,
        }
    else:
        operations = []
        new = {"op": "assert_fact", "object_value": _typed(text, fact.object_value)}
    operation = {
        **new,
        "subject_ref": data["subject_ref"],
        "predicate": fact.predicate_id,
        **provenance,
        "scope_ref": data["scope_ref"],
        "scope_kind": fact.scope_kind,
    }
    if memory_type == MemoryType.CORRECTION:
        operation["corrects_fact_id"] = fact.pk
    proposal = own_proposal(
        run=str(memory_type), proposed_by=actor, operations=[*operations, operation]
    )
    return proposal_commit(scope=scope, proposal=proposal, strict=True)


def fact_change(
    *, scope: OwnerScope, fact_id: UUID, value: str, valid_from: datetime | None, actor: str
) -> CommitResult:
    """ "Ab …": ``value`` holds from ``valid_from`` (default now) on; before that the fact's
    old value still held. Only a current fact can be changed."""
    fact = _current_fact(scope, fact_id)
    return _commit_value(
        scope=scope,
        fact=fact,
        value=value,
        valid_from=valid_from or timezone.now(),
        memory_type=MemoryType.USER_ASSERTION,
        actor=actor,
    )


def fact_correct(
    *,
    scope: OwnerScope,
    fact_id: UUID,
    value: str,
    actor: str,
    valid_from: datetime | None = None,
) -> CommitResult:
    """ "War nie so": the fact's value never held; ``value`` held over the fact's whole valid
    period instead (from ``valid_from`` when that is earlier than the fact's start)."""
    fact = _current_fact(scope, fact_id)
    return _commit_value(
        scope=scope,
        fact=fact,
        value=value,
        valid_from=valid_from or fact.valid_from,
        memory_type=MemoryType.CORRECTION,
        actor=actor,
    )
