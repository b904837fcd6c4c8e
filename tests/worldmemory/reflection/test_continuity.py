"""Session continuity: working state per turn, rolling summaries, the close checkpoint."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from django.test import override_settings
from django_q.models import Schedule

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.models import Entity, SessionWorkingState
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import continuity, reground, selectors, threads
from worldmemory.sources import IncomingMessage, IncomingSession, messages_ingest

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
START = datetime(2026, 9, 1, 8, 0, tzinfo=UTC)


def _turn(scope, text, minute, session="s-long", role="user", metadata=None):
    at = START + timedelta(minutes=minute)
    message = say(scope, text, session=session, at=at, role=role, metadata=metadata)
    continuity.working_state_note(scope=scope, messages=[message])
    return message


def _counts(scope) -> dict[str, int]:
    return {
        kind: Entity.objects.filter(owner_sub=scope.owner_sub, kind_id=kind).count()
        for kind in ("insight", "thread", "experience", "open_question")
    }


def test_the_working_state_moves_turn_by_turn(scope):
    seed = say(scope, "Meditation und Schreiben beschäftigen mich.", at=START - timedelta(days=9))
    meditation, _ = threads.space_resolve(scope=scope, name="Meditation", message=seed)
    writing, _ = threads.space_resolve(scope=scope, name="Schreiben", message=seed)
    thread = threads.thread_place(scope=scope, message_id=seed.pk, topic="Atemübungen")["thread"]

    _turn(scope, "Heute wieder zur Meditation gesetzt.", 0)
    state = continuity.working_state_data(scope=scope, chat_id="s-long")
    assert state["primary_space"] == meditation and state["turns"] == 1
    _turn(scope, "Die Atemübungen helfen.", 1)
    _turn(scope, "Gut zu hören.", 2, role="assistant")
    _turn(scope, "Beim Schreiben merke ich das auch.", 3)
    state = continuity.working_state_data(scope=scope, chat_id="s-long")
    assert state["turns"] == 4
    assert state["primary_space"] == meditation  # the active space stays first
    assert state["related_spaces"] == [writing]
    assert state["active_threads"] == [thread]
    assert state["memory_refs"][:2] == [writing, thread]
    assert state["fidelity"] == {"status": "ok"}
    # session metadata decides over words in the text
    _turn(scope, "Weiter geht's.", 4, metadata={"reflection_space": "Schreiben"})
    state = continuity.working_state_data(scope=scope, chat_id="s-long")
    assert state["primary_space"] == writing and meditation in state["related_spaces"]
    _turn(scope, "Nein, das stimmt nicht, es war gestern.", 5)
    fidelity = continuity.working_state_data(scope=scope, chat_id="s-long")["fidelity"]
    assert fidelity["status"] == "needs_regrounding"
    # one close is pending per session, pushed back by every turn
    assert Schedule.objects.filter(name="gd-session-idle:owner-reflect:s-long").count() == 1


@override_settings(GD_SESSION_SUMMARY_TOKENS=60)
def test_a_long_dialogue_is_summarised_while_it_runs_with_its_exact_span(scope):
    turns = [
        _turn(scope, f"Gedanke Nummer {i}: heute ging es um Geduld und um das Warten.", i)
        for i in range(10)
    ]
    state = SessionWorkingState.objects.get(owner_sub=scope.owner_sub, chat_id="s-long")
    assert continuity.summary_due(scope=scope, state=state)
    ref = continuity.summary_roll(scope=scope, chat_id="s-long")
    summary = entity_by_ref(scope=scope, ref=ref)
    rows = selectors.current_by_entity(scope=scope, entity_ids=[summary.pk])[summary.pk]
    span = selectors.value_of(rows, "covers_span")
    # all but the newest turns, which stay verbatim in the working context
    assert span["first_message_id"] == str(turns[0].pk)
    assert span["last_message_id"] == str(turns[-1 - continuity.KEEP_RECENT_TURNS].pk)
    assert span["messages"] == 10 - continuity.KEEP_RECENT_TURNS
    assert selectors.value_of(rows, "derivation")["label"] == "derived"
    # extractive: chosen sentences of the span, each citing the message it comes from
    sentences = selectors.value_of(rows, "summary_sentences")
    assert sentences and all(s["message_id"] in span["message_ids"] for s in sentences)
    statement = selectors.value_of(rows, "statement")
    assert statement == " · ".join(s["text"] for s in sentences)
    assert len(statement) < sum(len(t.text) for t in turns[: span["messages"]])
    state.refresh_from_db()
    assert state.summarised_until_id == turns[-1 - continuity.KEEP_RECENT_TURNS].pk
    assert statement in state.summary
    # the originals stay authoritative: re-grounding returns exactly the covered messages
    passages = reground.reground(scope=scope, ref=ref)["data"]["passages"]
    assert [p["message_id"] for p in passages] == span["message_ids"]
    # the slice is small again: no second summary
    assert continuity.summary_roll(scope=scope, chat_id="s-long") is None


def test_closing_a_session_writes_only_what_changed_and_never_an_insight(scope):
    seed = say(scope, "Ich will nach dem Umzug wieder über Malen reden.", at=START)
    thread = threads.thread_place(scope=scope, message_id=seed.pk, topic="Malen")["thread"]
    threads.anchor_set(scope=scope, target_ref=thread, condition="Umzug", message=seed)
    before = _counts(scope)
    _turn(scope, "Der Umzug ist geschafft.", 10, session="s-close")
    _turn(scope, "Glückwunsch!", 11, session="s-close", role="assistant")
    report = continuity.session_close(scope=scope, external_id="s-close")
    assert report["changed"] is True
    assert report["sources"] == {"messages": 2, "deleted": 0}
    kinds = [next(iter(change)) for change in report["changes"]]
    assert kinds == ["summary", "anchor_surfaced"]
    assert (
        selectors.state_name(
            selectors.value_of(
                selectors.current_by_entity(
                    scope=scope, entity_ids=[entity_by_ref(scope=scope, ref=thread).pk]
                )[entity_by_ref(scope=scope, ref=thread).pk],
                "thread_state",
            )
        )
        == "active"
    )
    assert _counts(scope) == before  # no insight, thread, experience or question from an end
    # nothing changed since: closing again writes nothing
    again = continuity.session_close(scope=scope, external_id="s-close")
    assert again["changed"] is False and again["changes"] == []


def test_an_ordinary_session_end_produces_nothing_but_its_summary(scope):
    _turn(scope, "Heute nichts Besonderes.", 0, session="s-plain")
    before = _counts(scope)
    report = continuity.session_close(scope=scope, external_id="s-plain", reason="inactivity")
    assert [next(iter(c)) for c in report["changes"]] == ["summary"]
    assert _counts(scope) == before


def test_an_idle_session_is_closed_by_the_task_and_a_busy_one_is_not(scope):
    _turn(scope, "Kurzer Gedanke.", 0, session="s-idle")
    assert continuity.close_if_idle(scope=scope, chat_id="s-idle", now=START) is None
    later = START + timedelta(hours=2)
    report = continuity.close_if_idle(scope=scope, chat_id="s-idle", now=later)
    assert report["reason"] == "inactivity"
    assert continuity.close_if_idle(scope=scope, chat_id="s-idle", now=later) is None


def test_a_named_thread_brings_its_space_into_the_working_state(scope):
    seed = say(scope, "Über Vergebung nachdenken.", at=START - timedelta(days=3))
    space, _ = threads.space_resolve(scope=scope, name="Beziehungen", message=seed)
    thread = threads.thread_place(
        scope=scope, message_id=seed.pk, topic="Vergebung", space_ref=space
    )["thread"]
    _turn(scope, "Die Vergebung fällt mir heute leichter.", 0, session="s-link")
    state = continuity.working_state_data(scope=scope, chat_id="s-link")
    assert state["primary_space"] == space
    assert state["active_threads"] == [thread]


def test_with_a_summary_model_the_summary_is_abstractive_and_still_cites_its_sentences(
    scope, settings
):
    from pydantic_ai.messages import ModelResponse, TextPart
    from pydantic_ai.models.function import FunctionModel

    from worldmemory.models import Usage

    seen: list[str] = []

    def write(messages, info):
        seen.append(messages[-1].parts[-1].content)
        return ModelResponse(parts=[TextPart("Du hast mit Anke über Portugal geredet.")])

    settings.GD_REFLECTION_SUMMARY_MODEL = FunctionModel(write)
    _turn(scope, "Mit Anke über Portugal geredet, mein Passwort ist hunter2secret.", 0, "s-abs")
    _turn(scope, "Am 8. August fliegen wir nach Faro.", 1, "s-abs")
    report = continuity.session_close(scope=scope, external_id="s-abs")
    ref = report["changes"][0]["summary"]
    summary = entity_by_ref(scope=scope, ref=ref)
    rows = selectors.current_by_entity(scope=scope, entity_ids=[summary.pk])[summary.pk]
    assert selectors.value_of(rows, "statement") == "Du hast mit Anke über Portugal geredet."
    assert selectors.value_of(rows, "derivation")["method"] == "abstractive"
    # the evidence stays the chosen sentences with their messages
    assert selectors.value_of(rows, "summary_sentences")
    assert "8. August" in seen[0]
    usage = Usage.objects.get(owner_sub=scope.owner_sub, kind="reflection-summary")
    assert usage.run_id.startswith("summary:s-abs:")


def test_a_failing_summary_model_leaves_the_extractive_summary(scope, settings):
    from pydantic_ai.models.function import FunctionModel

    def broken(messages, info):
        raise RuntimeError("endpoint down")

    settings.GD_REFLECTION_SUMMARY_MODEL = FunctionModel(broken)
    _turn(scope, "Heute war der Chor richtig gut, Frau Haller war zufrieden.", 0, "s-fail")
    report = continuity.session_close(scope=scope, external_id="s-fail")
    summary = entity_by_ref(scope=scope, ref=report["changes"][0]["summary"])
    rows = selectors.current_by_entity(scope=scope, entity_ids=[summary.pk])[summary.pk]
    assert selectors.value_of(rows, "derivation")["method"] == "extractive:centrality"
    assert "Frau Haller" in selectors.value_of(rows, "statement")


def test_a_summary_is_named_by_its_conversation_and_the_speakers_clock(scope):
    summer = timezone(timedelta(hours=2))
    told = messages_ingest(
        scope=scope,
        messages=[
            IncomingMessage(
                session_external_id="chat-7f3a",
                external_id="m-named",
                role="user",
                speaker="user",
                text="Die Wohnung in Eimsbüttel hat mir gefallen.",
                occurred_at=datetime(2026, 10, 12, 20, 51, tzinfo=summer),
            )
        ],
        sessions=[IncomingSession(external_id="chat-7f3a", title="Wohnungssuche")],
    )
    continuity.working_state_note(scope=scope, messages=told.new)
    report = continuity.session_close(scope=scope, external_id="chat-7f3a")
    [summary] = [change["summary"] for change in report["changes"] if "summary" in change]
    # the title, not the chat's id; 20:51 where it was said, not 18:51 UTC
    assert (
        entity_by_ref(scope=scope, ref=summary).canonical_name == "Wohnungssuche · 12.10.2026 20:51"
    )
