"""Thread states the dialogue sets by itself: resolved, reopened, dormant, active again.

Seed 003: a thread is something still moving in the person's thinking; when the owner
says the matter is settled ("die Wohnungssache hat sich erledigt", "we've sorted it out",
"made the call on the knee") it is ``resolved``; when a later session raises it as open
again it is ``reopened``; when the owner has not mentioned it for
``GD_REFLECTION_THREAD_DORMANT_DAYS`` while going on talking it is ``dormant``, and the next
mention makes it ``active`` again.

Time is the dialogue's own: "not mentioned for sixty days" is measured against the owner's
newest turn, not the wall clock, so a conversation fed in later reads the same. Every
change goes through ``threads.thread_state_change`` (the committer) with its trigger and,
where a turn caused it, that turn as evidence.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from uuid import UUID

from django.conf import settings
from django.utils import timezone

from worldmemory import messages
from worldmemory.models import Entity, SourceMessage
from worldmemory.reflection import language as lang
from worldmemory.reflection import markers, selectors, threads
from worldmemory.tenancy import OwnerScope

# states a thread may fall silent from; a resolved one stays resolved however quiet
CAN_FALL_DORMANT = ("active", "open", "anchored", "reopened")


def dormant_after() -> timedelta:
    return timedelta(days=settings.GD_REFLECTION_THREAD_DORMANT_DAYS)


@dataclass(frozen=True)
class ThreadView:
    entity: Entity
    state: str | None
    topic: frozenset[str]  # the content-word stems of its title
    entries: tuple[SourceMessage, ...]  # in dialogue order


def _views(scope: OwnerScope) -> list[ThreadView]:
    found = selectors.reflection_entities(scope=scope, kind="thread")
    current = selectors.current_by_entity(scope=scope, entity_ids=[t.pk for t in found])
    ids: dict[UUID, list[UUID]] = {}
    for thread in found:
        ids[thread.pk] = [
            UUID(v["message_id"])
            for v in selectors.values_of(current[thread.pk], "thread_entry")
            if isinstance(v, dict) and v.get("message_id")
        ]
    every = {i for group in ids.values() for i in group}
    messages = {
        m.pk: m for m in SourceMessage.objects.filter(owner_sub=scope.owner_sub, pk__in=every)
    }
    views = []
    for thread in found:
        entries = sorted(
            (messages[i] for i in ids[thread.pk] if i in messages),
            key=lambda m: (m.occurred_at, m.pk),
        )
        views.append(
            ThreadView(
                entity=thread,
                state=selectors.state_name(selectors.value_of(current[thread.pk], "thread_state")),
                topic=frozenset(lang.content_terms(thread.canonical_name)),
                entries=tuple(entries),
            )
        )
    return views


def _about(sentence: str, view: ThreadView) -> bool:
    return bool(view.topic & set(lang.content_terms(sentence)))


def _settling(turn: SourceMessage, view: ThreadView) -> bool:
    """The turn says the thread's matter is settled: a settling sentence naming the
    topic, or a settling sentence in a turn that names it ("Made the call on the knee.
    … Feels good to have that settled.")."""
    said = lang.sentences(turn.text)
    settling = [s for s in said if markers.settles(s)]
    if not settling:
        return False
    return any(_about(s, view) for s in settling) or _about(turn.text, view)


def _raised_again(turn: SourceMessage, view: ThreadView) -> bool:
    """The turn puts the thread's matter as open again: an unresolved sentence or a
    question that names the topic."""
    return any(
        _about(s, view) and (markers.unresolved(s) or s.rstrip().endswith("?"))
        for s in lang.sentences(turn.text)
    )


def state_from_dialogue(*, view: ThreadView, turns: list[SourceMessage]) -> tuple[str, object]:
    """The state the owner's own words give the thread, and the turn that gave it:
    ``resolved`` after the last settling turn, ``reopened`` when a later session raises
    it again; ``None`` as the state when nothing settled it."""
    said = {m.pk: m for m in view.entries}
    said.update({t.pk: t for t in turns if t.role == "user" and _settling(t, view)})
    ordered = sorted(said.values(), key=lambda m: (m.occurred_at, m.pk))
    settled = [m for m in ordered if m.role == "user" and _settling(m, view)]
    if not settled:
        return None, None
    last = settled[-1]
    for later in ordered:
        if later.occurred_at <= last.occurred_at:
            continue
        if later.session_external_id != last.session_external_id and _raised_again(later, view):
            return "reopened", later
    return "resolved", last


def threads_settle(
    *, scope: OwnerScope, turns: list[SourceMessage], until: datetime, chat_id: str
) -> list[dict]:
    """Set each thread's state from the dialogue up to ``until`` (the owner's newest turn
    read now)."""
    changes = []
    for view in _views(scope):
        if not view.entries:
            continue
        state, cause = state_from_dialogue(view=view, turns=turns)
        if state is None:
            last = view.entries[-1].occurred_at
            if last > until:
                continue  # an older session read late: its "newest" is not the owner's
            day = timezone.localdate(last).isoformat()
            quiet = until - last >= dormant_after()
            if quiet and view.state in CAN_FALL_DORMANT:
                state = "dormant"
                trigger = messages.text(messages.TRIGGER_QUIET_SINCE, day=day)
            elif not quiet and view.state == "dormant":
                state = "active"
                trigger = messages.text(messages.TRIGGER_MENTIONED_AGAIN, day=day)
                cause = view.entries[-1]
            else:
                continue
        else:
            template = (
                messages.TRIGGER_SETTLED if state == "resolved" else messages.TRIGGER_RAISED_AGAIN
            )
            trigger = messages.text(template, session=cause.session_external_id)
        if state == view.state:
            continue
        if view.state is not None and state not in threads.TRANSITIONS[view.state]:
            continue  # e.g. a resolved thread is only reopened, never made dormant
        done = threads.thread_state_change(
            scope=scope,
            ref=view.entity.ref,
            state=state,
            trigger=trigger,
            message=cause if isinstance(cause, SourceMessage) else None,
            chat_id=chat_id,
        )
        if done:
            changes.append(done)
    return changes
