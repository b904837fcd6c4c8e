"""Threads, spaces, open questions and anchors: enrichment before proliferation."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory import temporal
from worldmemory.errors import Conflict, InvalidInput
from worldmemory.models import Entity
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import selectors, threads

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)


def _state(scope, ref, predicate="thread_state"):
    entity = entity_by_ref(scope=scope, ref=ref)
    rows = selectors.current_by_entity(scope=scope, entity_ids=[entity.pk])[entity.pk]
    return selectors.value_of(rows, predicate)


def test_a_new_statement_enriches_the_existing_thread_instead_of_starting_one(scope):
    first = say(scope, "Ich will meine Meditationspraxis vertiefen.", session="s-1")
    space, _ = threads.space_resolve(scope=scope, name="Meditation", message=first)
    started = threads.thread_place(
        scope=scope, message_id=first.pk, topic="Meditationspraxis", space_ref=space
    )
    assert started["action"] == "created"
    again = say(scope, "Heute war meine Meditationspraxis ruhiger als sonst.", session="s-2")
    placed = threads.thread_place(
        scope=scope, message_id=again.pk, topic="Ruhe beim Sitzen", space_ref=space
    )
    assert placed == {"thread": started["thread"], "action": "enriched", "state_change": None}
    assert Entity.objects.filter(owner_sub=scope.owner_sub, kind_id="thread").count() == 1
    detail = selectors.reflection_detail(scope=scope, ref=started["thread"])
    entries = [f["value"] for f in detail["facts"] if f["predicate"] == "thread_entry"]
    assert {e["message_id"] for e in entries} == {str(first.pk), str(again.pk)}
    # continued in a second session: it carries beyond one conversation
    assert _state(scope, started["thread"], "lifecycle_state")["state"] == "established"
    # the same space name finds the same space
    assert threads.space_resolve(scope=scope, name="meditation") == (space, False)


def test_similar_meaning_alone_never_merges_and_ambiguity_is_not_guessed(scope):
    first = say(scope, "Achtsamkeit beim Essen ist mir neu.")
    space, _ = threads.space_resolve(scope=scope, name="Achtsamkeit", message=first)
    eating = threads.thread_place(
        scope=scope, message_id=first.pk, topic="Achtsam essen", space_ref=space
    )
    walking = say(scope, "Beim Gehen achtsam sein fühlt sich ähnlich an.")
    other = threads.thread_place(
        scope=scope, message_id=walking.pk, topic="Achtsames Gehen", space_ref=space
    )
    assert other["action"] == "created" and other["thread"] != eating["thread"]
    both = say(scope, "Achtsam essen und achtsames Gehen, beides heute.")
    unsure = threads.thread_place(scope=scope, message_id=both.pk, topic="Alltag", space_ref=space)
    assert unsure["action"] == "ambiguous"
    assert unsure["candidates"] == sorted([eating["thread"], other["thread"]])
    entries = selectors.values_of(
        selectors.current_by_entity(
            scope=scope, entity_ids=[entity_by_ref(scope=scope, ref=space).pk]
        )[entity_by_ref(scope=scope, ref=space).pk],
        "thread_entry",
    )
    assert [e["message_id"] for e in entries] == [str(both.pk)]


def test_thread_states_follow_the_state_machine_with_trigger_and_history(scope):
    message = say(scope, "Ich frage mich, ob ich den Job wechseln soll.")
    thread = threads.thread_place(scope=scope, message_id=message.pk, topic="Jobwechsel")["thread"]
    decided = say(scope, "Ich habe mich entschieden: ich bleibe.")
    changed = threads.thread_state_change(
        scope=scope, ref=thread, state="resolved", trigger="entschieden", message=decided
    )
    assert changed["from"] == "active" and changed["to"] == "resolved"
    with pytest.raises(Conflict, match="allowed: reopened"):
        threads.thread_state_change(scope=scope, ref=thread, state="active", trigger="x")
    with pytest.raises(InvalidInput):
        threads.thread_state_change(scope=scope, ref=thread, state="paused", trigger="x")
    assert (
        threads.thread_state_change(scope=scope, ref=thread, state="resolved", trigger="y") is None
    )
    later = say(scope, "Der Jobwechsel beschäftigt mich doch wieder.", session="s-9")
    placed = threads.thread_place(scope=scope, message_id=later.pk, topic="Jobwechsel")
    assert placed["state_change"]["to"] == "reopened"
    entity = entity_by_ref(scope=scope, ref=thread)
    history = temporal.fact_history(scope=scope, entity_ids=[entity.pk], predicate="thread_state")
    believed = [h.object_value for h in history if h.superseded_at is None]
    assert [v["state"] for v in believed] == ["active", "resolved", "reopened"]
    assert believed[-1]["sources"] == [f"source_message:{later.pk}"]
    assert "s-9" in believed[-1]["trigger"]


def test_open_questions_are_not_asked_twice(scope):
    message = say(scope, "Was bedeutet Erfolg für mich?")
    thread = threads.thread_place(scope=scope, message_id=message.pk, topic="Erfolg")["thread"]
    asked = threads.question_open(
        scope=scope,
        message_id=message.pk,
        question="Was bedeutet Erfolg für mich?",
        thread_ref=thread,
    )
    assert asked["created"]
    again = say(scope, "Was bedeutet Erfolg für mich? Immer noch unklar.")
    same = threads.question_open(
        scope=scope,
        message_id=again.pk,
        question="was bedeutet Erfolg für mich?",
        thread_ref=thread,
    )
    assert same == {"question": asked["question"], "created": False}
    closed = threads.question_close(
        scope=scope, ref=asked["question"], state="answered", trigger="geklärt", message=again
    )
    assert closed["to"] == "answered"
    assert selectors.reflection_list(scope=scope, kind="open_question", state="open") == []


def test_anchors_come_due_by_date_or_condition_and_resurface_the_thread(scope):
    message = say(scope, "Lass uns nach dem Urlaub wieder über das Schreiben reden.")
    thread = threads.thread_place(scope=scope, message_id=message.pk, topic="Schreiben")["thread"]
    tomorrow = timezone.localdate() + timedelta(days=1)
    by_date = threads.anchor_set(scope=scope, target_ref=thread, due=tomorrow, message=message)
    assert _state(scope, thread)["state"] == "anchored"
    by_condition = threads.anchor_set(
        scope=scope, target_ref=thread, condition="nach dem Urlaub", message=message
    )
    assert threads.anchors_due(scope=scope, text="Wie geht es dir?") == []
    due = threads.anchors_due(scope=scope, text="Ich bin zurück, nach dem Urlaub!")
    assert [d["anchor"] for d in due] == [by_condition["anchor"]]
    later = timezone.now() + timedelta(days=2)
    due = threads.anchors_due(scope=scope, text="", now=later)
    assert [d["anchor"] for d in due] == [by_date["anchor"]]
    surfaced = threads.anchor_surface(scope=scope, ref=by_date["anchor"], trigger="due")
    assert surfaced["targets"] == [thread]
    assert _state(scope, thread)["state"] == "active"
    assert _state(scope, by_date["anchor"], "anchor_state")["state"] == "surfaced"
    assert threads.anchor_surface(scope=scope, ref=by_date["anchor"], trigger="due") is None
    with pytest.raises(InvalidInput):
        threads.anchor_set(scope=scope, target_ref=thread)
    assert isinstance(tomorrow, date)
