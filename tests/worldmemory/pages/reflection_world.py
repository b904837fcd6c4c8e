"""The meditation example for the reflection pages, made through the reflection services."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.utils import timezone

from tests.worldmemory.reflection.conftest import say
from worldmemory.reflection import continuity, promotion, selectors, threads
from worldmemory.tenancy import owner_scope

AUGUST_19 = datetime(2026, 8, 19, 9, 0, tzinfo=UTC)


def build_meditation(owner_sub: str = "owner-a") -> dict:
    """A meditation space, a thread in it that went dormant and was anchored, an
    experience, an open question, and a current session with its working state."""
    with owner_scope(owner_sub) as scope:
        first = say(
            scope,
            "Heute habe ich zum ersten Mal 40 Minuten meditiert, eine tiefgreifende Erfahrung.",
            session="s-august",
            at=AUGUST_19,
        )
        space, _ = threads.space_resolve(scope=scope, name="Meditation", message=first)
        thread = threads.thread_place(
            scope=scope, message_id=first.pk, topic="Meditationsreise", space_ref=space
        )["thread"]
        experience = promotion.experience_record(
            scope=scope, message_id=first.pk, spaces=(space,), threads=(thread,)
        )["ref"]
        question = threads.question_open(
            scope=scope,
            message_id=first.pk,
            question="Warum fällt mir das Sitzen morgens leichter?",
            thread_ref=thread,
            space_ref=space,
        )["question"]
        pause = say(scope, "Ich lasse das Meditieren eine Weile ruhen.", session="s-pause")
        threads.thread_state_change(
            scope=scope, ref=thread, state="dormant", trigger="eine Weile ruhen", message=pause
        )
        anchor = threads.anchor_set(
            scope=scope,
            target_ref=thread,
            due=timezone.localdate() - timedelta(days=1),
            message=pause,
        )["anchor"]
        now = say(scope, "In der Meditation heute war ich unruhig.", session="s-now")
        continuity.working_state_note(scope=scope, messages=[now])
        lifecycle = selectors.reflection_list(scope=scope, kind="experience")[0]["state"]
    return {
        "space": space,
        "thread": thread,
        "experience": experience,
        "experience_state": lifecycle,
        "question": question,
        "anchor": anchor,
        "first": first,
        "pause": pause,
    }
