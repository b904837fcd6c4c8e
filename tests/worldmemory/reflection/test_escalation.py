"""Context escalation: as deep as needed, and the answer says which tiers and why."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connections

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory.context import build_context
from worldmemory.models import SessionWorkingState
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import activity, continuity, promotion, threads

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
AUGUST_19 = datetime(2026, 8, 19, 9, 0, tzinfo=UTC)
QUESTION = "Was habe ich am 19. August 2026 über meine Meditation gesagt?"


@pytest.fixture
def meditation(scope):
    """A meditation space and thread, an experience of 19 August, and a current session."""
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
    now = say(scope, "In der Meditation heute war ich unruhig.", session="s-now")
    continuity.working_state_note(scope=scope, messages=[now])
    return {"space": space, "thread": thread, "experience": experience, "august": first}


def _tiers(result) -> dict[str, list[str]]:
    return {t["tier"]: t["reasons"] for t in result["data"]["reflection"]["tiers"]}


def test_a_present_tense_message_stays_in_the_session_and_its_space(scope, meditation):
    result = build_context(
        scope=scope, message="Ich meditiere gerade, es ist ruhig.", chat_id="s-now"
    )
    tiers = _tiers(result)
    assert list(tiers) == ["session", "space"]
    assert tiers["space"] == ["primary space Meditation"]
    # a stored experience about meditation is similar, but similarity alone opens nothing
    assert result["data"]["reflection"]["long_term"] == []
    assert result["data"]["reflection"]["passages"] == []
    assert "### Reflection (session → space)" in result["text"]


def test_an_explicit_historical_reference_goes_down_to_the_sources(scope, meditation):
    result = build_context(scope=scope, message=QUESTION, chat_id="s-now")
    tiers = _tiers(result)
    assert list(tiers) == ["session", "space", "long_term", "sources"]
    assert tiers["sources"] == ["explicit historical reference: 19. august 2026"]
    reflection = result["data"]["reflection"]
    assert reflection["long_term"] == [meditation["experience"]]
    assert [p["message_id"] for p in reflection["passages"]] == [str(meditation["august"].pk)]
    assert "s-august" in result["text"]


def test_a_resumed_thread_a_due_anchor_and_a_contradiction_open_their_tiers(scope, meditation):
    dormant = say(scope, "Die Meditationsreise ruht erstmal.", session="s-now")
    threads.thread_state_change(
        scope=scope, ref=meditation["thread"], state="dormant", trigger="pause", message=dormant
    )
    resumed = build_context(
        scope=scope, message="Ich will die Meditationsreise wieder aufnehmen.", chat_id="s-now"
    )
    tiers = _tiers(resumed)
    assert tiers["threads"] == ["resumed thread Meditationsreise (dormant)"]
    assert tiers["long_term"] == ["resumed thread Meditationsreise"]
    assert "sources" not in tiers
    assert meditation["experience"] in resumed["data"]["reflection"]["long_term"]

    threads.anchor_set(scope=scope, target_ref=meditation["space"], condition="Retreat")
    anchored = build_context(scope=scope, message="Das Retreat beginnt morgen.", chat_id="s-now")
    assert _tiers(anchored)["threads"] == ["resurfacing anchor: condition named: Retreat"]

    corrected = build_context(
        scope=scope, message="Nein, das stimmt nicht, es waren 20 Minuten.", chat_id="s-now"
    )
    assert _tiers(corrected)["sources"] == ["contradiction: stimmt nicht"]
    texts = [p["text"] for p in corrected["data"]["reflection"]["passages"]]
    assert meditation["august"].text in texts  # re-grounded on the original


def test_the_budget_keeps_the_shallow_tiers_and_drops_the_deep_ones(scope, meditation):
    small = build_context(scope=scope, message=QUESTION, chat_id="s-now", budget_tokens=60)
    reflection = small["data"]["reflection"]
    assert reflection["tokens"] <= 60
    assert reflection["dropped"] > 0
    assert "#### session" in small["text"]
    assert meditation["august"].text not in small["text"]


def test_without_a_session_the_block_is_unchanged_and_queries_stay_bounded(
    scope, meditation, django_assert_max_num_queries
):
    plain = build_context(scope=scope, message="Ich meditiere gerade.")
    assert "reflection" not in plain["data"]
    with django_assert_max_num_queries(16, connection=connections["app"]):
        build_context(scope=scope, message="Ich meditiere gerade.", chat_id="s-now")


def test_low_confidence_in_context_goes_back_to_the_sources(scope, meditation):
    from worldmemory.reflection.operations import Provenance, op_entity, op_fact, reflection_commit

    how = Provenance.observed(what="vielleicht", confidence=0.3)
    reflection_commit(
        scope=scope,
        ops=[
            op_entity("person:lehrer", "Lehrer Kim", how),
            op_fact("person:lehrer", "status", "unsicher", how),
        ],
        purpose="test",
    )
    result = build_context(scope=scope, message="Lehrer Kim hat heute angerufen.", chat_id="s-now")
    assert _tiers(result)["sources"] == ["low confidence: person:lehrer status"]
    said = build_context(
        scope=scope, message="Lehrer Kim hat heute angerufen.", chat_id="s-now", language="de"
    )["text"]
    assert "Lehrer Kim" in said and "person:lehrer" not in said.split("#### ", 1)[1]


def test_today_is_not_a_historical_reference(scope, meditation):
    result = build_context(scope=scope, message="Heute meditiere ich im Park.", chat_id="s-now")
    assert list(_tiers(result)) == ["session", "space"]


def test_the_person_block_says_the_tiers_and_their_reasons_in_words(scope, meditation):
    german = build_context(scope=scope, message=QUESTION, chat_id="s-now", language="de")
    english = build_context(
        scope=scope,
        message="What did I say about my meditation last week?",
        chat_id="s-now",
        language="en",
    )
    text = german["text"]
    assert "### Aus dem Gespräch (dieses Gespräch → Reflexionsraum" in text, text
    assert "Hauptraum Meditation" in text and "Bezug auf früher: " in text
    assert "Langzeitgedächtnis" in text and "Originalnachrichten" in text
    assert "Reflection (" not in text and "#### long_term" not in text
    assert "s-august" not in text  # a session's key is no source a person recognises
    assert "19. August 2026" in text
    # the tier in German capitals, its reason not said twice
    assert "#### Dieses Gespräch\n" in text and "Dieses gespräch" not in text, text
    assert "#### This conversation\n" in english["text"]
    assert "From the conversation (this conversation → reflection space" in english["text"]
    assert "primary space Meditation" in english["text"]
    # the data keep the English reasons agents and tools read
    assert "primary space Meditation" in _tiers(german)["space"]


def test_the_person_block_reports_no_turns_it_has_not_counted(scope):
    agent = build_context(scope=scope, message="Hallo", chat_id="fresh")
    person = build_context(scope=scope, message="Hallo", chat_id="fresh", language="de")
    assert "- 0 turns" in agent["text"]  # the agents' block counts, in English
    assert "Züge" not in person["text"] and "Aus dem Gespräch" not in person["text"]


def test_a_related_space_that_rests_stays_latent_until_the_message_names_it(scope, meditation):
    said = datetime(2025, 1, 10, 19, 0, tzinfo=UTC)
    choir = say(scope, "Im Chor üben wir das Requiem.", session="s-chor", at=said)
    space, _ = threads.space_resolve(scope=scope, name="Chor", message=choir)
    threads.thread_place(scope=scope, message_id=choir.pk, topic="Requiem", space_ref=space)
    state = SessionWorkingState.objects.get(owner_sub=scope.owner_sub, chat_id="s-now")
    state.related_spaces = [*state.related_spaces, entity_by_ref(scope=scope, ref=space).pk]
    state.save()
    present = "Ich meditiere gerade, es ist ruhig."
    assert "- Space: Chor" in build_context(scope=scope, message=present, chat_id="s-now")["text"]

    # nearly two years without a word about the choir: archived, and so latent
    activity.activity_sweep(scope=scope)
    quiet = build_context(scope=scope, message=present, chat_id="s-now")["text"]
    assert "Chor" not in quiet
    # the session's own space rests too (August), but the session is in it
    assert "- Space: Meditation" in quiet
    named = build_context(scope=scope, message="Wie war das noch mit dem Chor?", chat_id="s-now")
    assert "- Space: Chor" in named["text"]
    assert "space named: Chor" in _tiers(named)["space"]
