"""Experiences: significance signals, promotion and the owner's word (seed 003)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.conftest import say
from worldmemory import temporal
from worldmemory.errors import InvalidInput, NotFound
from worldmemory.models import Entity, SourceMessage
from worldmemory.reads.resolution import entity_by_ref
from worldmemory.reflection import promotion, selectors, threads
from worldmemory.reflection.significance import lived_moment, significance_assess
from worldmemory.sources import IncomingMessage, messages_ingest
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

MEDITATION = (
    "Gestern habe ich meinen Urlaubstag dazu genutzt, tief zu meditieren. Dabei ist es bei "
    "mir zum ersten Mal vorgekommen, dass ich das Gefühl hatte, meinen Körper zu verlassen. "
    "Das war eine tiefgreifende Erfahrung."
)


def _current(scope, ref):
    entity = entity_by_ref(scope=scope, ref=ref)
    return entity, selectors.current_by_entity(scope=scope, entity_ids=[entity.pk])[entity.pk]


def test_meditation_experience_is_one_candidate_with_signals_and_edges_and_one_source(scope):
    message = say(scope, MEDITATION, at=datetime(2026, 8, 19, 9, 0, tzinfo=UTC))
    space, created = threads.space_resolve(scope=scope, name="Meditation", message=message)
    assert created
    placed = threads.thread_place(
        scope=scope, message_id=message.pk, topic="Meine Meditationsreise", space_ref=space
    )
    recorded = promotion.experience_record(
        scope=scope,
        message_id=message.pk,
        periods=("life_period:urlaub-sommer-2026",),
        spaces=(space,),
        threads=(placed["thread"],),
    )
    assert recorded["state"] == "candidate"
    assert set(recorded["signals"]) == {"explicit_importance", "biographical_novelty"}
    assert recorded["landmark"] is False

    experience, rows = _current(scope, recorded["ref"])
    state = selectors.value_of(rows, "lifecycle_state")
    assert state["state"] == "candidate"
    assert state["sources"] == [f"source_message:{message.pk}"]
    signals = {v["signal"]: v for v in selectors.values_of(rows, "significance_signal")}
    assert signals["biographical_novelty"]["cue"] == "zum ersten Mal"  # as written
    # every signal names the message that supports it
    signal_rows = [r for r in rows if r.predicate_id == "significance_signal"]
    assert {r.evidence["ref"] for r in signal_rows} == {f"source_message:{message.pk}"}
    targets = {
        Entity.objects.get(pk=pk).ref
        for predicate in ("during", "in_space", "part_of")
        for pk in selectors.targets_of(rows, predicate)
    }
    assert targets == {"life_period:urlaub-sommer-2026", space, placed["thread"]}
    # one identity, one source: the message is referenced, not copied
    assert Entity.objects.filter(owner_sub=scope.owner_sub, kind_id="experience").count() == 1
    assert SourceMessage.objects.filter(owner_sub=scope.owner_sub).count() == 1

    again = promotion.experience_record(
        scope=scope, message_id=message.pk, spaces=(space,), threads=(placed["thread"],)
    )
    assert again["ref"] == recorded["ref"]
    assert Entity.objects.filter(owner_sub=scope.owner_sub, kind_id="experience").count() == 1
    history = temporal.fact_history(
        scope=scope, entity_ids=[experience.pk], predicate="lifecycle_state"
    )
    assert len(history) == 1  # the same state again writes no new row


def test_the_owners_word_overrides_the_score_both_ways(scope):
    unusual = say(scope, "Zum ersten Mal bin ich mit einem Gleitschirm geflogen, außergewöhnlich.")
    recorded = promotion.experience_record(scope=scope, message_id=unusual.pk)
    assert recorded["state"] == "candidate"
    dismissal = say(scope, "Ach, das war nicht wichtig.")
    marked = promotion.significance_user_mark(
        scope=scope, ref=recorded["ref"], message_id=dismissal.pk
    )
    assert marked == {"ref": recorded["ref"], "state": "transient", "user_word": "not_important"}
    entity, rows = _current(scope, recorded["ref"])
    assert selectors.value_of(rows, "user_significance") == "not_important"
    history = temporal.fact_history(
        scope=scope, entity_ids=[entity.pk], predicate="lifecycle_state"
    )
    believed = [h for h in history if h.superseded_at is None]
    # the earlier assessment stays in the history, ended where the owner's word begins
    assert [h.object_value["state"] for h in believed] == ["candidate", "transient"]
    assert believed[1].object_value["origin"] == "user"
    # the graph cannot promote it against the owner's word
    assert promotion.significance_reassess(scope=scope, ref=recorded["ref"])["changed"] is False

    plain = say(scope, "Wir waren heute kurz einkaufen.")
    small = promotion.experience_record(scope=scope, message_id=plain.pk)
    assert small["state"] == "transient" and small["signals"] == []
    word = say(scope, "Das war einer der wichtigsten Momente meines Lebens.")
    marked = promotion.significance_user_mark(scope=scope, ref=small["ref"], message_id=word.pk)
    assert marked["state"] == "established"
    _, rows = _current(scope, small["ref"])
    assert selectors.value_of(rows, "landmark")["landmark"] is True


def test_a_message_that_affirms_importance_itself_is_established_and_a_landmark(scope):
    message = say(scope, "Die Geburt meiner Tochter war einer der wichtigsten Momente überhaupt.")
    recorded = promotion.experience_record(scope=scope, message_id=message.pk)
    assert recorded["state"] == "established"
    assert recorded["landmark"] is True
    assert recorded["user_word"] == "important"


def test_dismissal_is_not_read_as_importance():
    assessment = significance_assess(text="Das war nicht wichtig, ehrlich gesagt.")
    assert assessment.user_word == "not_important"
    assert all(f.signal != "explicit_importance" for f in assessment.signals)
    english = significance_assess(text="For the first time I ran 10 km, it was profound.")
    assert {f.signal.value for f in english.signals} == {
        "biographical_novelty",
        "explicit_importance",
    }


def test_a_cue_is_quoted_as_the_owner_wrote_it():
    said = "Das  war EINER der Schönsten Abende meines Lebens. Nie vergessen!"
    assessment = significance_assess(text=said)
    # a quote of the message, not the folded form the patterns read ("einer der schonsten")
    assert [f.cue for f in assessment.signals] == ["EINER der Schönsten"]
    assert lived_moment(text=said) == "EINER der Schönsten Abende"
    assert significance_assess(text="Größter Moment!  Zum ersten Mal").signals[-1].cue == (
        "Zum ersten Mal"
    )


def test_later_links_add_reflection_effect_and_connectivity_and_promote(scope):
    message = say(
        scope, "Zum ersten Mal allein in den Bergen übernachtet, ein bedeutsames Erlebnis."
    )
    recorded = promotion.experience_record(
        scope=scope, message_id=message.pk, spaces=("reflection_space:natur",)
    )
    assert recorded["state"] == "candidate"
    later = say(scope, "Seit der Nacht in den Bergen denke ich über Alleinsein nach.")
    placed = threads.thread_place(scope=scope, message_id=later.pk, topic="Alleinsein")
    question = threads.question_open(
        scope=scope,
        message_id=later.pk,
        question="Was suche ich im Alleinsein?",
        thread_ref=placed["thread"],
    )
    from worldmemory.reflection.operations import Provenance, op_edge, reflection_commit

    how = Provenance.said(later)
    reflection_commit(
        scope=scope,
        ops=[
            op_edge(placed["thread"], "evolved_from", recorded["ref"], how),
            op_edge(question["question"], "based_on", recorded["ref"], how),
        ],
        purpose="test",
    )
    reassessed = promotion.significance_reassess(scope=scope, ref=recorded["ref"])
    assert set(reassessed["added"]) == {"reflection_effect", "connectivity"}
    assert reassessed["state"] == "established"
    _, rows = _current(scope, recorded["ref"])
    lifecycle = selectors.value_of(rows, "lifecycle_state")
    assert lifecycle["origin"] == "rules" and lifecycle["state"] == "established"


def test_other_owners_messages_and_assistant_turns_are_refused(scope):
    answer = say(scope, "Das klingt nach einer wichtigen Erfahrung.", role="assistant")
    with pytest.raises(InvalidInput):
        promotion.experience_record(scope=scope, message_id=answer.pk)
    mine = say(scope, "Zum ersten Mal getaucht.")
    with owner_scope("someone-else") as other, pytest.raises(NotFound):
        promotion.experience_record(scope=other, message_id=mine.pk)


def test_an_old_experience_taken_up_much_later_gains_retroactive_significance(scope):
    old = say(
        scope,
        "Heute habe ich eine Gitarre im Schaufenster gesehen.",
        at=datetime(2024, 5, 1, 12, tzinfo=UTC),
    )
    recorded = promotion.experience_record(scope=scope, message_id=old.pk)
    assert recorded["state"] == "transient"
    now = say(scope, "Seit damals spiele ich Gitarre, mein Lebenstraum.")
    placed = threads.thread_place(scope=scope, message_id=now.pk, topic="Gitarre")
    from worldmemory.reflection.operations import Provenance, op_edge, reflection_commit

    reflection_commit(
        scope=scope,
        ops=[op_edge(placed["thread"], "evolved_from", recorded["ref"], Provenance.said(now))],
        purpose="test",
    )
    reassessed = promotion.significance_reassess(scope=scope, ref=recorded["ref"])
    assert set(reassessed["added"]) == {"reflection_effect", "retroactive"}
    assert reassessed["state"] == "candidate"  # 0.65: observable now, not yet established
    _, rows = _current(scope, recorded["ref"])
    cues = {v["signal"]: v["cue"] for v in selectors.values_of(rows, "significance_signal")}
    assert (
        cues["retroactive"].startswith("linked ")
        and "days after it happened" in cues["retroactive"]
    )


def test_recording_the_message_again_adds_contexts_but_keeps_the_owners_word(scope):
    message = say(scope, "Zum ersten Mal ein Marathon, außergewöhnlich.")
    recorded = promotion.experience_record(scope=scope, message_id=message.pk)
    word = say(scope, "Das war nicht wichtig.")
    promotion.significance_user_mark(scope=scope, ref=recorded["ref"], message_id=word.pk)
    again = promotion.experience_record(
        scope=scope, message_id=message.pk, spaces=("reflection_space:sport",)
    )
    assert again["state"] == "transient" and again["user_word"] == "not_important"
    _, rows = _current(scope, recorded["ref"])
    assert selectors.state_name(selectors.value_of(rows, "lifecycle_state")) == "transient"
    assert len(selectors.targets_of(rows, "in_space")) == 1


def test_a_refused_link_writes_nothing(scope):
    message = say(scope, "Zum ersten Mal Sushi gemacht.")
    with pytest.raises(InvalidInput, match="refused"):
        # "during" only points at life periods
        promotion.experience_record(
            scope=scope, message_id=message.pk, periods=("reflection_space:kochen",)
        )
    assert not Entity.objects.filter(owner_sub=scope.owner_sub, kind_id="experience").exists()


def test_experiences_of_one_batch_keep_their_own_identity(scope):
    """Message ids of one batch share their time prefix; each experience is its own."""
    texts = [
        "Am ersten Urlaubstag sind wir bei Sonnenaufgang auf den Vulkan gestiegen.",
        "Heute haben wir in der kleinen Bucht geschnorchelt und Schildkröten gesehen.",
        "Abends gab es frischen Fisch am Hafen, das war einer der schönsten Abende.",
        "Zum Abschluss waren wir noch auf dem Markt in der Altstadt.",
    ]
    ingested = messages_ingest(
        scope=scope,
        messages=[
            IncomingMessage(
                session_external_id="urlaub",
                external_id=f"batch-{index}",
                role="user",
                speaker="user",
                text=text,
                occurred_at=datetime(2026, 8, 10 + index, 20, 0, tzinfo=UTC),
            )
            for index, text in enumerate(texts)
        ],
    )
    refs = [
        promotion.experience_record(scope=scope, message_id=message.pk)["ref"]
        for message in ingested.new
    ]
    assert len(set(refs)) == len(texts)
    assert Entity.objects.filter(owner_sub=scope.owner_sub, kind_id="experience").count() == 4
    for ref, text in zip(refs, texts, strict=True):
        _, rows = _current(scope, ref)
        assert selectors.value_of(rows, "statement") == text
