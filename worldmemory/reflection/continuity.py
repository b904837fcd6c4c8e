"""Continuity work: the per-session working state, rolling summaries, the close checkpoint.

- The working state (primary space, related spaces, active threads, open questions,
  recently used refs, summary, fidelity) is updated turn by turn as messages arrive,
  never rebuilt; recognition is deterministic (active space → session metadata → names
  of existing threads and spaces), no model call per turn.
- A rolling summary is written while a long dialogue runs, as soon as the slice not yet
  summarised outgrows its budget: a ``session_summary`` entity with the exact span it
  covers (first and last message); the messages stay authoritative.
- The close checkpoint (on ``…/close`` or after inactivity) writes only what actually
  changed: a summary of turns not yet summarised, anchors that came up, the drift of
  derived objects used in the session. It never creates an insight, a thread or a
  journal entry because a session ended.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from uuid import UUID

from django.conf import settings
from django.db import transaction
from django.db.models import Q, Sum
from django.db.models.functions import Length
from django.utils import timezone

from infra.routers import APP_DB
from worldmemory import labels
from worldmemory.errors import NotFound
from worldmemory.models import Entity, SessionWorkingState, SourceMessage, SourceSession
from worldmemory.moments import speaker_time
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import selectors, threads
from worldmemory.reflection.escalation import contradiction_cue
from worldmemory.reflection.operations import (
    Provenance,
    message_key,
    message_ref,
    op_edge,
    op_entity,
    op_fact,
    reflection_commit,
)
from worldmemory.reflection.recognition import reflection_named, reflection_named_each
from worldmemory.reflection.summaries import (
    abstractive_summary,
    extractive_summary,
    summary_text,
)
from worldmemory.refs import slugify
from worldmemory.tenancy import OwnerScope

KEPT_THREADS = 10
KEPT_REFS = 20
KEEP_RECENT_TURNS = 4  # the newest turns stay verbatim in the working context
SUMMARY_LINE_CHARS = 160
SUMMARY_CHARS = 2000
IDLE_SCHEDULE = "gd-session-idle:{owner}:{chat}"


def _front(items: list, new: list, cap: int) -> list:
    """``new`` first (most recent), then the rest, without duplicates, at most ``cap``."""
    return list(dict.fromkeys([*new, *items]))[:cap]


def working_state_note(
    *, scope: OwnerScope, messages: list[SourceMessage]
) -> dict[str, SessionWorkingState]:
    """Move each session's working state by the new turns (incrementally)."""
    by_chat: dict[str, list[SourceMessage]] = {}
    for message in sorted(messages, key=lambda m: (m.occurred_at, m.external_id)):
        by_chat.setdefault(message.session_external_id, []).append(message)
    states = {}
    for chat_id, turns in by_chat.items():
        state, _ = SessionWorkingState.objects.select_for_update().get_or_create(
            owner_sub=scope.owner_sub, chat_id=chat_id, defaults={"org_id": scope.org_id}
        )
        own = [t for t in turns if t.role == "user"]
        named = dict(
            zip(
                [t.pk for t in own],
                reflection_named_each(scope=scope, texts=[t.text for t in own]),
                strict=True,
            )
        )
        # a named thread brings its spaces along (existing links, one read per batch)
        thread_ids = {n.id for found in named.values() for n in found if n.kind == "thread"}
        linked = selectors.current_by_entity(scope=scope, entity_ids=thread_ids)
        thread_spaces = {pk: selectors.targets_of(rows, "in_space") for pk, rows in linked.items()}
        for turn in turns:
            _note_turn(scope, state, turn, named.get(turn.pk, []), thread_spaces)
        state.closed_at = None  # a new turn reopens a closed session
        state.updated_at = timezone.now()
        state.save()
        states[chat_id] = state
        if summary_due(scope=scope, state=state):
            transaction.on_commit(
                lambda chat=chat_id: _queue_summary(scope.owner_sub, chat), using=APP_DB
            )
        schedule_idle_close(scope=scope, state=state)
    return states


def _note_turn(
    scope: OwnerScope,
    state: SessionWorkingState,
    turn: SourceMessage,
    named: list,
    thread_spaces: dict[UUID, list[UUID]],
) -> None:
    """Recognition in a fixed order: the active space stays primary; session metadata
    can move it; spaces named in the text, then spaces of named threads, join as related
    (or become primary when there is none yet)."""
    state.turns += 1
    state.last_message_at = max(filter(None, [state.last_message_at, turn.occurred_at]))
    declared = (turn.metadata or {}).get("reflection_space")
    spaces = [n for n in named if n.kind == "reflection_space"]
    if declared:  # session metadata names the space: it decides over names in the text
        match = [n for n in spaces if slugify(n.name) == slugify(str(declared))]
        if not match:
            match = [
                n
                for n in reflection_named(scope=scope, text=str(declared))
                if n.kind == "reflection_space"
            ]
        if match:
            if state.primary_space_id and state.primary_space_id != match[0].id:
                state.related_spaces = _front(state.related_spaces, [state.primary_space_id], 5)
            state.primary_space_id = match[0].id
    threads_named = [n.id for n in named if n.kind == "thread"]
    via_threads = [pk for thread in threads_named for pk in thread_spaces.get(thread, [])]
    for space_id in dict.fromkeys([*(n.id for n in spaces), *via_threads]):
        if state.primary_space_id is None:
            state.primary_space_id = space_id
        elif space_id != state.primary_space_id:
            state.related_spaces = _front(state.related_spaces, [space_id], 5)
    questions = [n.id for n in named if n.kind == "open_question"]
    state.active_threads = _front(state.active_threads, threads_named, KEPT_THREADS)
    state.open_questions = _front(state.open_questions, questions, KEPT_THREADS)
    state.memory_refs = _front(state.memory_refs, [n.ref for n in named], KEPT_REFS)
    if turn.role == "user" and (cue := contradiction_cue(turn.text)):
        state.fidelity = {
            "status": "needs_regrounding",
            "reason": f"contradiction: {cue}",
            "message_id": str(turn.pk),
        }


def working_state_formed(
    *, scope: OwnerScope, refs: list[str], messages: list[SourceMessage]
) -> None:
    """Threads and open questions the enrichment formed from turns join the working state
    of each session those turns were said in. The turns are noted at ingest, before any
    enrichment has run, when only already-named threads can be recognised; without this
    a session would never list what was formed from its own words."""
    sessions = sorted({m.session_external_id for m in messages})
    found = {ref: entity_by_ref(scope=scope, ref=ref) for ref in refs}
    entities = [(e.pk, ref) for ref, e in found.items() if e is not None]
    if not sessions or not entities:
        return
    thread_ids = [pk for pk, ref in entities if ref.startswith("thread:")]
    question_ids = [pk for pk, ref in entities if ref.startswith("open_question:")]
    states = SessionWorkingState.objects.select_for_update().filter(
        owner_sub=scope.owner_sub, chat_id__in=sessions
    )
    for state in states:
        state.active_threads = _front(state.active_threads, thread_ids, KEPT_THREADS)
        state.open_questions = _front(state.open_questions, question_ids, KEPT_THREADS)
        state.memory_refs = _front(state.memory_refs, [r for _, r in entities], KEPT_REFS)
        state.save(update_fields=["active_threads", "open_questions", "memory_refs"])


def working_state_data(*, scope: OwnerScope, chat_id: str) -> dict:
    """The working state with refs instead of ids (for the API and the pages)."""
    state = SessionWorkingState.objects.filter(owner_sub=scope.owner_sub, chat_id=chat_id).first()
    if state is None:
        raise NotFound(f"no working state for session {chat_id!r}")
    ids = {*state.related_spaces, *state.active_threads, *state.open_questions}
    if state.primary_space_id:
        ids.add(state.primary_space_id)
    refs = {e.pk: e.ref for e in Entity.objects.filter(owner_sub=scope.owner_sub, pk__in=ids)}
    return {
        "chat_id": state.chat_id,
        "primary_space": refs.get(state.primary_space_id),
        "related_spaces": [refs[i] for i in state.related_spaces if i in refs],
        "active_threads": [refs[i] for i in state.active_threads if i in refs],
        "open_questions": [refs[i] for i in state.open_questions if i in refs],
        "memory_refs": state.memory_refs,
        "summary": state.summary,
        "summarised_until": str(state.summarised_until_id) if state.summarised_until_id else None,
        "fidelity": state.fidelity or {"status": "ok"},
        "turns": state.turns,
        "last_message_at": state.last_message_at,
        "closed_at": state.closed_at,
    }


# --- rolling summary ----------------------------------------------------------------------


def _after_mark(scope: OwnerScope, state: SessionWorkingState):
    rows = SourceMessage.objects.filter(
        owner_sub=scope.owner_sub, session_external_id=state.chat_id
    )
    if state.summarised_until_id:
        mark = SourceMessage.objects.get(pk=state.summarised_until_id)
        rows = rows.filter(
            Q(occurred_at__gt=mark.occurred_at) | Q(occurred_at=mark.occurred_at, id__gt=mark.pk)
        )
    return rows.exclude(text="")


def _unsummarised(scope: OwnerScope, state: SessionWorkingState) -> list[SourceMessage]:
    latest: dict[str, SourceMessage] = {}
    for row in _after_mark(scope, state).order_by("occurred_at", "id"):
        latest[row.external_id] = row  # the newest version of an edited message
    return sorted(latest.values(), key=lambda m: (m.occurred_at, m.pk))


def _tokens(messages: list[SourceMessage]) -> int:
    return sum(math.ceil(len(m.text) / 4) for m in messages)


def summary_due(*, scope: OwnerScope, state: SessionWorkingState) -> bool:
    """Whether the slice not yet summarised outgrew its budget (one aggregate query, so
    every ingest can ask)."""
    rows = _after_mark(scope, state)
    length = rows.aggregate(total=Sum(Length("text")))["total"] or 0
    return length / 4 > settings.GD_SESSION_SUMMARY_TOKENS


def _queue_summary(owner_sub: str, chat_id: str) -> None:
    from django_q.tasks import async_task

    async_task("worldmemory.reflection.tasks.summary_roll", owner_sub, chat_id)


def _line(message: SourceMessage) -> str:
    text = " ".join(message.text.split())
    for end in (". ", "! ", "? "):
        if end in text:
            text = text.split(end, 1)[0] + end.strip()
            break
    text = text if len(text) <= SUMMARY_LINE_CHARS else text[: SUMMARY_LINE_CHARS - 1] + "…"
    who = "ich" if message.role == "user" else message.role
    return f"{who}: {text}"


def _summary_name(*, state: SessionWorkingState, last: SourceMessage) -> str:
    """The conversation's own title (its id when it has none) and when the span ends, on
    the speaker's clock: what a person recognises it by, in no one language."""
    session = last.session if last.session_id else None
    title = (session.title if session else "").strip() or state.chat_id
    return f"{title} · {speaker_time(last):%d.%m.%Y %H:%M}"


def summary_write(
    *, scope: OwnerScope, state: SessionWorkingState, span: list[SourceMessage], why: str
) -> str | None:
    """A ``session_summary`` of exactly ``span`` (extractive: the sentences that carry it,
    each citing its message), linked to the session and the primary space; the state
    remembers the span."""
    if not span:
        return None
    first, last = span[0], span[-1]
    sentences = extractive_summary(messages=span, max_chars=SUMMARY_CHARS)
    text = summary_text(sentences) or " · ".join(_line(m) for m in span)[:SUMMARY_CHARS]
    written = abstractive_summary(
        scope=scope, sentences=sentences, run_id=f"summary:{state.chat_id}:{last.pk}"
    )
    method = "abstractive" if written else "extractive:centrality"
    text = written or text
    session_ref = f"session:{slugify(state.chat_id)}"
    ref = f"session_summary:{slugify(state.chat_id)}-{message_key(last)}"
    how = Provenance.observed(
        what=f"summary of {len(span)} turns ({why})",
        ref=message_ref(last),
        valid_from=last.occurred_at,
    )
    ops = [
        op_entity(session_ref, f"{labels.SESSION_ENTITY_NAME}{state.chat_id}", how),
        op_entity(ref, _summary_name(state=state, last=last), how),
        op_fact(ref, "statement", text, how),
        op_fact(
            ref,
            "covers_span",
            {
                "session": state.chat_id,
                "first_message_id": str(first.pk),
                "last_message_id": str(last.pk),
                "first_at": first.occurred_at.isoformat(),
                "last_at": last.occurred_at.isoformat(),
                "messages": len(span),
                "message_ids": [str(m.pk) for m in span],
            },
            how,
        ),
        op_fact(ref, "summary_sentences", sentences, how),
        op_fact(
            ref,
            "derivation",
            {
                "label": "derived",
                "method": method,
                "evidence_count": len(span),
                "why": why,
            },
            how,
        ),
        op_edge(ref, "part_of", session_ref, how),
    ]
    if state.primary_space_id:
        space = Entity.objects.filter(pk=state.primary_space_id).first()
        if space is not None:
            ops.append(op_edge(ref, "in_space", space.ref, how))
    reflection_commit(scope=scope, ops=ops, purpose="summary", chat_id=state.chat_id)
    combined = f"{state.summary} · {text}" if state.summary else text
    state.summary = combined[-SUMMARY_CHARS:]
    state.summarised_until_id = last.pk
    state.updated_at = timezone.now()
    state.save()
    return ref


def summary_roll(*, scope: OwnerScope, chat_id: str) -> str | None:
    """During a long dialogue: summarise all but the newest turns once the unsummarised
    slice outgrows ``GD_SESSION_SUMMARY_TOKENS``; otherwise nothing."""
    state = (
        SessionWorkingState.objects.select_for_update()
        .filter(owner_sub=scope.owner_sub, chat_id=chat_id)
        .first()
    )
    if state is None:
        return None
    pending = _unsummarised(scope, state)
    if _tokens(pending) <= settings.GD_SESSION_SUMMARY_TOKENS:
        return None
    return summary_write(scope=scope, state=state, span=pending[:-KEEP_RECENT_TURNS], why="rolling")


# --- the close checkpoint -----------------------------------------------------------------


def session_close(*, scope: OwnerScope, external_id: str, reason: str = "closed") -> dict:
    """The session-end checkpoint: update what actually changed, nothing else (all of it
    in one transaction)."""
    with transaction.atomic(using=APP_DB):
        return _checkpoint(scope, external_id, reason)


def _checkpoint(scope: OwnerScope, external_id: str, reason: str) -> dict:
    from worldmemory.reflection.reground import drift_check  # drift needs the reground reads

    session = SourceSession.objects.filter(
        owner_sub=scope.owner_sub, external_id=external_id
    ).first()
    if session is None:
        raise NotFound(f"no session {external_id!r}")
    state, _ = SessionWorkingState.objects.select_for_update().get_or_create(
        owner_sub=scope.owner_sub, chat_id=external_id, defaults={"org_id": scope.org_id}
    )
    messages = SourceMessage.objects.filter(owner_sub=scope.owner_sub, session=session)
    deleted = messages.filter(text="", deletions__isnull=False).distinct().count()
    report: dict = {
        "session": external_id,
        "reason": reason,
        "sources": {"messages": messages.count(), "deleted": deleted},
        "changes": [],
    }
    pending = _unsummarised(scope, state)
    if any(m.role == "user" for m in pending):
        ref = summary_write(scope=scope, state=state, span=pending, why=f"session {reason}")
        report["changes"].append({"summary": ref, "messages": len(pending)})
    said = " ".join(m.text for m in messages.filter(role="user").order_by("occurred_at"))
    for anchor in threads.anchors_due(scope=scope, text=said):
        surfaced = threads.anchor_surface(
            scope=scope, ref=anchor["anchor"], trigger=f"came up in session {external_id}"
        )
        if surfaced:
            report["changes"].append({"anchor_surfaced": surfaced})
    derived = [ref for ref in state.memory_refs if ref.startswith(("insight:", "session_summary:"))]
    for ref in derived:
        drift = drift_check(scope=scope, ref=ref)
        if drift["changed"]:
            report["changes"].append({"drift": drift})
    if state.fidelity.get("status") == "needs_regrounding":
        report["regrounding"] = state.fidelity
    state.closed_at = timezone.now()
    state.updated_at = state.closed_at
    state.save()
    report["changed"] = bool(report["changes"])
    return report


def schedule_idle_close(*, scope: OwnerScope, state: SessionWorkingState) -> None:
    """One pending close per session, pushed back by every turn (ids only, like the
    curator queue: the worker learns the owner from it)."""
    from django_q.models import Schedule

    name = IDLE_SCHEDULE.format(owner=scope.owner_sub, chat=state.chat_id)[:100]
    due = (state.last_message_at or timezone.now()) + timedelta(
        minutes=settings.GD_SESSION_IDLE_MINUTES
    )
    defaults = {
        "func": "worldmemory.reflection.tasks.close_if_idle",
        "args": repr((scope.owner_sub, state.chat_id)),
        "schedule_type": Schedule.ONCE,
        "repeats": 1,
        "next_run": due,
    }
    if not Schedule.objects.filter(name=name).update(**defaults):
        Schedule.objects.create(name=name, **defaults)


def close_if_idle(*, scope: OwnerScope, chat_id: str, now: datetime | None = None) -> dict | None:
    """Close the session if nothing came for ``GD_SESSION_IDLE_MINUTES``."""
    state = SessionWorkingState.objects.filter(owner_sub=scope.owner_sub, chat_id=chat_id).first()
    if state is None or state.closed_at is not None or state.last_message_at is None:
        return None
    idle = timedelta(minutes=settings.GD_SESSION_IDLE_MINUTES)
    if (now or timezone.now()) - state.last_message_at < idle:
        return None
    return session_close(scope=scope, external_id=chat_id, reason="inactivity")
