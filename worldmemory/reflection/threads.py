"""Threads, reflection spaces, open questions and resurfacing anchors.

Enrichment before proliferation: a statement on a topic that already has a thread
enriches it (a ``thread_entry`` referencing the message) instead of starting a new
one; a topic matching several threads is not guessed — the statement enriches the
space and the candidates are reported. Matching is by names and links only: semantic
similarity alone never merges two meanings.

Each thread state change is a ``thread_state`` fact carrying its trigger and sources.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import date, datetime
from uuid import UUID

from django.utils import timezone

from worldmemory import messages, temporal
from worldmemory.errors import Conflict, InvalidInput, NotFound
from worldmemory.models import Entity, EntityAlias, SourceMessage
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import selectors
from worldmemory.reflection.operations import (
    Provenance,
    message_key,
    message_ref,
    op_edge,
    op_entity,
    op_fact,
    reflection_commit,
)
from worldmemory.reflection.promotion import lifecycle_value, owner_message
from worldmemory.refs import normalize_alias, slugify
from worldmemory.tenancy import OwnerScope

THREAD_STATES = ("active", "open", "anchored", "dormant", "resolved", "reopened")
TRANSITIONS = {
    "active": {"open", "anchored", "dormant", "resolved"},
    "open": {"active", "anchored", "dormant", "resolved"},
    "anchored": {"active", "open", "dormant", "resolved"},
    "dormant": {"active", "open", "anchored", "resolved"},
    "resolved": {"reopened"},
    "reopened": {"active", "open", "anchored", "dormant", "resolved"},
}
# a new statement on a thread in one of these states takes it up again
RESUMED_BY_STATEMENT = {"anchored": "active", "dormant": "active", "resolved": "reopened"}
QUESTION_STATES = ("open", "answered", "dropped")
ANCHOR_STATES = ("pending", "surfaced")
WORD = re.compile(r"[a-z0-9]+")
MIN_TERM = 4  # shorter words ("ich", "und") say nothing about a topic


def _terms(text: str) -> set[str]:
    return {w for w in WORD.findall(normalize_alias(text)) if len(w) >= MIN_TERM}


def _said_or_observed(message: SourceMessage | None, what: str) -> Provenance:
    if message is not None and message.role == "user":
        return Provenance.said(message)
    ref = message_ref(message) if message is not None else None
    return Provenance.observed(what=what, ref=ref)


def _commit(scope: OwnerScope, ops: list[dict], purpose: str, chat_id: str | None = None) -> None:
    reflection_commit(scope=scope, ops=ops, purpose=purpose, chat_id=chat_id)


def _of_kind(scope: OwnerScope, ref: str, kind: str) -> Entity:
    entity = entity_by_ref(scope=scope, ref=ref)
    if entity is None or entity.kind_id != kind:
        raise NotFound(f"no {kind} {ref!r}")
    return entity


def _by_name(scope: OwnerScope, kind: str, name: str) -> list[Entity]:
    """Active entities of ``kind`` with exactly this name or alias (accent-insensitive)."""
    ids = EntityAlias.objects.filter(
        temporal.alias_believed_q(),
        owner_sub=scope.owner_sub,
        alias_norm=normalize_alias(name),
        entity__kind_id=kind,
        entity__status=Entity.Status.ACTIVE,
    ).values_list("entity_id", flat=True)
    return list(Entity.objects.filter(owner_sub=scope.owner_sub, pk__in=list(ids)))


def _state_op(ref: str, predicate: str, state: str, trigger: str, sources, how) -> dict:
    value = {"state": state, "trigger": trigger, "sources": sorted(set(sources))}
    return op_fact(ref, predicate, value, how)


def thread_state_change(
    *,
    scope: OwnerScope,
    ref: str,
    state: str,
    trigger: str,
    message: SourceMessage | None = None,
    chat_id: str | None = None,
) -> dict | None:
    """Move a thread to ``state``; ``None`` when it is already there. A change the state
    machine does not allow (a resolved thread becoming active without being reopened)
    is refused with the allowed ones."""
    if state not in THREAD_STATES:
        raise InvalidInput(f"thread state must be one of {', '.join(THREAD_STATES)}")
    thread = _of_kind(scope, ref, "thread")
    rows = selectors.current_by_entity(scope=scope, entity_ids=[thread.pk])[thread.pk]
    current = selectors.state_name(selectors.value_of(rows, "thread_state"))
    if current == state:
        return None
    if current is not None and state not in TRANSITIONS[current]:
        allowed = ", ".join(sorted(TRANSITIONS[current]))
        raise Conflict(f"a {current} thread cannot become {state} (allowed: {allowed})")
    sources = [message_ref(message)] if message is not None else []
    how = _said_or_observed(message, trigger)
    _commit(
        scope,
        [_state_op(thread.ref, "thread_state", state, trigger, sources, how)],
        "thread-state",
        chat_id,
    )
    return {"ref": thread.ref, "from": current, "to": state, "trigger": trigger}


def space_resolve(
    *, scope: OwnerScope, name: str, message: SourceMessage | None = None
) -> tuple[str, bool]:
    """The reflection space of that name, or a new one; returns ``(ref, created)``."""
    existing = _by_name(scope, "reflection_space", name)
    if len(existing) == 1:
        return existing[0].ref, False
    if len(existing) > 1:
        raise Conflict(f"several spaces are called {name!r}: {sorted(e.ref for e in existing)}")
    ref = f"reflection_space:{slugify(name)}"
    how = _said_or_observed(message, f"space {name}")
    sources = [message_ref(message)] if message else []
    state = lifecycle_value(
        state="candidate", trigger="first named", origin="rules", sources=sources
    )
    _commit(
        scope, [op_entity(ref, name, how), op_fact(ref, "lifecycle_state", state, how)], "space"
    )
    return ref, True


def _entry(message: SourceMessage) -> dict:
    """A thread entry references the message; its text stays in the source layer."""
    return {
        "message_id": str(message.pk),
        "session": message.session_external_id,
        "at": message.occurred_at.isoformat(),
    }


def thread_place(
    *,
    scope: OwnerScope,
    message_id: UUID,
    topic: str,
    space_ref: str | None = None,
    chat_id: str | None = None,
) -> dict:
    """Put a statement into the thread it continues, or start a thread candidate.

    Deterministic order: a thread named ``topic``; else the one thread of the space
    whose name's words all occur in the statement; several → not guessed (the space is
    enriched and the candidates reported); none → a new thread."""
    message = owner_message(scope=scope, message_id=message_id)
    space = _of_kind(scope, space_ref, "reflection_space") if space_ref else None
    said = Provenance.said(message)
    named = _by_name(scope, "thread", topic)
    candidates = named
    if not candidates and space is not None:
        words = _terms(message.text) | _terms(topic)
        edges = temporal.incoming_current(scope=scope, entity_ids=[space.pk])
        in_space = Entity.objects.filter(
            owner_sub=scope.owner_sub,
            kind_id="thread",
            status=Entity.Status.ACTIVE,
            pk__in=[r.subject_entity_id for r in edges if r.predicate_id == "in_space"],
        )
        candidates = [e for e in in_space if _terms(e.canonical_name) <= words]
    if len(candidates) > 1:
        ops = [op_fact(space.ref, "thread_entry", _entry(message), said)] if space else []
        _commit(scope, ops, "space-entry", chat_id)
        return {
            "thread": None,
            "action": "ambiguous",
            "candidates": sorted(e.ref for e in candidates),
            "space": space.ref if space else None,
        }
    if candidates:
        thread = candidates[0]
        rows = selectors.current_by_entity(scope=scope, entity_ids=[thread.pk])[thread.pk]
        ops = [op_fact(thread.ref, "thread_entry", _entry(message), said)]
        if space is not None and space.pk not in selectors.targets_of(rows, "in_space"):
            ops.append(op_edge(thread.ref, "in_space", space.ref, said))
        current = selectors.state_name(selectors.value_of(rows, "thread_state"))
        change = None
        if current in RESUMED_BY_STATEMENT:
            new = RESUMED_BY_STATEMENT[current]
            trigger = f"taken up again in session {message.session_external_id}"
            ops.append(
                _state_op(thread.ref, "thread_state", new, trigger, [message_ref(message)], said)
            )
            change = {"from": current, "to": new, "trigger": trigger}
        lifecycle = selectors.state_name(selectors.value_of(rows, "lifecycle_state"))
        sessions = {
            v.get("session")
            for v in selectors.values_of(rows, "thread_entry")
            if isinstance(v, dict)
        }
        if lifecycle == "candidate" and message.session_external_id not in sessions and sessions:
            # the same thought in another session: it carries beyond one conversation
            value = lifecycle_value(
                state="established",
                trigger="continued in another session",
                origin="rules",
                sources=[message_ref(message)],
            )
            ops.append(op_fact(thread.ref, "lifecycle_state", value, said))
        _commit(scope, ops, "thread-entry", chat_id)
        return {"thread": thread.ref, "action": "enriched", "state_change": change}
    ref = f"thread:{slugify(topic)}"
    if entity_by_ref(scope=scope, ref=ref) is not None:  # slug taken by another meaning
        ref = f"thread:{slugify(topic)}-{message_key(message)}"
    sources = [message_ref(message)]
    ops = [
        op_entity(ref, topic, said),
        _state_op(ref, "thread_state", "active", "started", sources, said),
        op_fact(
            ref,
            "lifecycle_state",
            lifecycle_value(
                state="candidate", trigger="new topic", origin="rules", sources=sources
            ),
            said,
        ),
        op_fact(ref, "thread_entry", _entry(message), said),
    ]
    if space is not None:
        ops.append(op_edge(ref, "in_space", space.ref, said))
    _commit(scope, ops, "thread", chat_id)
    return {"thread": ref, "action": "created", "state_change": None}


def question_open(
    *,
    scope: OwnerScope,
    message_id: UUID,
    question: str,
    thread_ref: str | None = None,
    space_ref: str | None = None,
) -> dict:
    """An open question; the same question on the same thread is not asked twice."""
    message = owner_message(scope=scope, message_id=message_id)
    thread = _of_kind(scope, thread_ref, "thread") if thread_ref else None
    space = _of_kind(scope, space_ref, "reflection_space") if space_ref else None
    for existing in _by_name(scope, "open_question", question):
        rows = selectors.current_by_entity(scope=scope, entity_ids=[existing.pk])[existing.pk]
        if thread is None or thread.pk in selectors.targets_of(rows, "part_of"):
            return {"question": existing.ref, "created": False}
    ref = f"open_question:q-{message_key(message)}"
    said = Provenance.said(message)
    ops = [
        op_entity(ref, question, said),
        op_fact(ref, "statement", question, said),
        _state_op(ref, "question_state", "open", "asked", [message_ref(message)], said),
    ]
    if thread is not None:
        ops.append(op_edge(ref, "part_of", thread.ref, said))
    if space is not None:
        ops.append(op_edge(ref, "in_space", space.ref, said))
    _commit(scope, ops, "question")
    return {"question": ref, "created": True}


def question_asked_again(*, scope: OwnerScope, ref: str, message: SourceMessage) -> bool:
    """The owner asks an open question again — later, in other words, in the other language,
    or doubting it once more in the same breath: it stays one question and cites every time
    it was asked. ``False`` when it is no longer open or already cites ``message``."""
    question = _of_kind(scope, ref, "open_question")
    rows = selectors.current_by_entity(scope=scope, entity_ids=[question.pk])[question.pk]
    value = selectors.value_of(rows, "question_state")
    if not isinstance(value, dict) or selectors.state_name(value) != "open":
        return False
    sources = list(value.get("sources", []))
    if message_ref(message) in sources:
        return False
    trigger = messages.text(messages.TRIGGER_RAISED_AGAIN, session=message.session_external_id)
    how = Provenance.said(message)
    state = _state_op(ref, "question_state", "open", trigger, [*sources, message_ref(message)], how)
    _commit(scope, [state], "question")
    return True


def question_close(
    *, scope: OwnerScope, ref: str, state: str, trigger: str, message: SourceMessage | None = None
) -> dict | None:
    if state not in QUESTION_STATES:
        raise InvalidInput(f"question state must be one of {', '.join(QUESTION_STATES)}")
    question = _of_kind(scope, ref, "open_question")
    rows = selectors.current_by_entity(scope=scope, entity_ids=[question.pk])[question.pk]
    current = selectors.state_name(selectors.value_of(rows, "question_state"))
    if current == state:
        return None
    sources = [message_ref(message)] if message else []
    how = _said_or_observed(message, trigger)
    _commit(scope, [_state_op(question.ref, "question_state", state, trigger, sources, how)], "q")
    return {"ref": question.ref, "from": current, "to": state}


def anchor_set(
    *,
    scope: OwnerScope,
    target_ref: str,
    due: date | None = None,
    condition: str | None = None,
    message: SourceMessage | None = None,
) -> dict:
    """A resurfacing anchor: on ``due`` (a day) or when ``condition`` comes up, the target
    comes back into context. A thread with an anchor is ``anchored``."""
    if due is None and not (condition or "").strip():
        raise InvalidInput("an anchor needs a due date or a condition")
    target = entity_by_ref(scope=scope, ref=target_ref)
    if target is None:
        raise NotFound(f"no entity {target_ref!r}")
    value = {"date": due.isoformat() if due else None, "condition": (condition or "").strip()}
    # one anchor per target, day and condition: setting the same again changes nothing
    key = hashlib.sha256(json.dumps([str(target.pk), value], sort_keys=True).encode())
    ref = f"resurfacing_anchor:{target.slug}-{key.hexdigest()[:10]}"
    what = f"resurface {target.ref}" + (f" on {due.isoformat()}" if due else "")
    how = _said_or_observed(message, what)
    sources = [message_ref(message)] if message else []
    ops = [
        op_entity(ref, what, how),
        op_fact(ref, "anchor_due", value, how),
        _state_op(ref, "anchor_state", "pending", "set", sources, how),
        op_edge(ref, "resurfaces", target.ref, how),
    ]
    if target.kind_id == "thread":
        rows = selectors.current_by_entity(scope=scope, entity_ids=[target.pk])[target.pk]
        current = selectors.state_name(selectors.value_of(rows, "thread_state"))
        if current != "anchored" and (current is None or "anchored" in TRANSITIONS[current]):
            ops.append(_state_op(target.ref, "thread_state", "anchored", what, sources, how))
    _commit(scope, ops, "anchor")
    return {"anchor": ref, "target": target.ref, "due": value}


def anchors_due(*, scope: OwnerScope, text: str, now: datetime | None = None) -> list[dict]:
    """Pending anchors whose day has come or whose condition the text names (two reads)."""
    today = timezone.localdate(now or timezone.now())
    anchors = selectors.reflection_entities(scope=scope, kind="resurfacing_anchor")
    if not anchors:
        return []
    current = selectors.current_by_entity(scope=scope, entity_ids=[a.pk for a in anchors])
    words = _terms(text)
    due = []
    targets: dict[UUID, list[Entity]] = {}
    for anchor in anchors:
        rows = current[anchor.pk]
        if selectors.state_name(selectors.value_of(rows, "anchor_state")) != "pending":
            continue
        value = selectors.value_of(rows, "anchor_due") or {}
        reason = None
        if value.get("date") and date.fromisoformat(value["date"]) <= today:
            reason = f"due since {value['date']}"
        condition = _terms(value.get("condition") or "")
        if reason is None and condition and condition <= words:
            reason = f"condition named: {value['condition']}"
        if reason:
            targets[anchor.pk] = selectors.targets_of(rows, "resurfaces")
            due.append({"anchor": anchor.ref, "reason": reason, "target_ids": targets[anchor.pk]})
    return due


def anchor_surface(*, scope: OwnerScope, ref: str, trigger: str) -> dict | None:
    """The anchor has brought its target back: the anchor is spent, an anchored thread
    is active again."""
    anchor = _of_kind(scope, ref, "resurfacing_anchor")
    rows = selectors.current_by_entity(scope=scope, entity_ids=[anchor.pk])[anchor.pk]
    if selectors.state_name(selectors.value_of(rows, "anchor_state")) != "pending":
        return None
    how = Provenance.observed(what=trigger)
    ops = [_state_op(anchor.ref, "anchor_state", "surfaced", trigger, [], how)]
    targets = Entity.objects.filter(
        owner_sub=scope.owner_sub, pk__in=selectors.targets_of(rows, "resurfaces")
    )
    current = selectors.current_by_entity(scope=scope, entity_ids=[t.pk for t in targets])
    for target in targets:
        state = selectors.state_name(selectors.value_of(current[target.pk], "thread_state"))
        if target.kind_id == "thread" and state == "anchored":
            ops.append(_state_op(target.ref, "thread_state", "active", trigger, [], how))
    _commit(scope, ops, "anchor-surface")
    return {"anchor": anchor.ref, "targets": sorted(t.ref for t in targets)}
