"""Seed 003's scenarios, fed only through ``POST /sources/messages`` and the worker.

No reflection API is called: the dialogue is ingested, the worker's scheduler runs what is
due (django-q2's sync mode runs each task in this process, as a worker would), and the
threads, experiences and open questions are read back from the store.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django_q.models import Schedule

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.pages.world import login
from worldmemory import temporal
from worldmemory.benchmarks.reflection_quality import (
    _insights_in_review,
    in_process_worker,
    worker_drain,
)
from worldmemory.models import ProposalOp, SessionWorkingState, SourceMessage, WorldEvent
from worldmemory.reflection import markers, selectors
from worldmemory.tenancy import owner_scope
from worldmemory.tokens import token_create

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
BERLIN = ZoneInfo("Europe/Berlin")


class Dialogue:
    """One owner talking to the assistant through the ingest endpoint."""

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.counts: dict[str, int] = {}
        with owner_scope(owner) as scope:
            self.token = token_create(scope=scope, name="chat")

    def session(self, chat: str, at: datetime, turns: list[tuple[str, str]]) -> None:
        first = self.counts.get(chat, 0) + 1
        self.counts[chat] = first + len(turns) - 1
        messages = [
            {
                "session_external_id": chat,
                "external_id": f"{chat}-t{index:02d}",
                "role": role,
                "speaker": "me" if role == "user" else "assistant",
                "text": text,
                "occurred_at": (at + timedelta(minutes=index)).isoformat(),
            }
            for index, (role, text) in enumerate(turns, start=first)
        ]
        with in_process_worker():
            response = Client().post(
                "/api/v1/sources/messages",
                json.dumps({"messages": messages}),
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {self.token}",
            )
        assert response.status_code == 200, response.content

    def objects(self, kind: str) -> list[dict]:
        """Each object of ``kind`` with its current facts and the turns it cites."""
        with owner_scope(self.owner) as scope:
            entities = selectors.reflection_entities(scope=scope, kind=kind)
            current = selectors.current_by_entity(scope=scope, entity_ids=[e.pk for e in entities])
            turns = {
                str(m.pk): m.external_id for m in SourceMessage.objects.filter(owner_sub=self.owner)
            }
            found = []
            for entity in entities:
                rows = current[entity.pk]
                facts: dict = {}
                for row in rows:
                    if row.object_entity_id is None:
                        facts.setdefault(row.predicate_id, []).append(row.object_value)
                cited = {
                    turns[ref.split(":", 1)[1]]
                    for ref in ((r.evidence or {}).get("ref") for r in rows)
                    if ref and ref.startswith("source_message:") and ref.split(":", 1)[1] in turns
                }
                cited |= {turns[v["message_id"]] for v in facts.get("thread_entry", [])}
                name = entity.canonical_name
                found.append({"ref": entity.ref, "name": name, "facts": facts, "turns": cited})
            return found


def test_enrichment_waits_for_the_debounce_and_then_runs_on_the_worker():
    chat = Dialogue("owner-enrich-wait")
    at = datetime(2026, 8, 19, 18, 15, tzinfo=BERLIN)
    chat.session("wait-1", at, [("user", "Gestern bin ich im Atlantik geschwommen, herrlich.")])
    pending = Schedule.objects.get(name="gd-enrich:owner-enrich-wait:wait-1")
    assert pending.func == "worldmemory.reflection.tasks.enrich"
    assert worker_drain() == []
    assert chat.objects("experience") == []  # the session may still go on
    chat.counts.clear()  # the same turn again, and one more
    with override_settings(GD_REFLECTION_ENRICH_SECONDS=0):
        chat.session(
            "wait-1",
            at + timedelta(minutes=5),
            [("user", "Gestern bin ich im Atlantik geschwommen, herrlich."), ("user", "Ja.")],
        )
    assert worker_drain() == []
    assert [e["turns"] for e in chat.objects("experience")] == [{"wait-1-t01"}]


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_the_meditation_example_becomes_one_dated_significant_experience():
    chat = Dialogue("owner-enrich-meditation")
    chat.session(
        "urlaub-6",
        datetime(2026, 8, 19, 18, 15, tzinfo=BERLIN),
        [
            (
                "user",
                "Gestern habe ich meinen Urlaubstag dazu genutzt, tief zu meditieren. Dabei "
                "ist es bei mir zum ersten Mal vorgekommen, dass ich das Gefühl hatte, meinen "
                "Körper zu verlassen. Das war eine tiefgreifende Erfahrung.",
            ),
            ("assistant", "Das klingt sehr besonders. Wie geht es dir heute damit?"),
            ("user", "Aufgewühlt, aber gut."),
        ],
    )
    assert worker_drain() == []
    [experience] = chat.objects("experience")
    facts = experience["facts"]
    assert experience["turns"] == {"urlaub-6-t01"}
    assert facts["occurred_on"] == [{"value": "2026-08-18", "granularity": "day", "cue": "gestern"}]
    signals = {s["signal"] for s in facts["significance_signal"]}
    assert {"explicit_importance", "biographical_novelty"} <= signals
    # proposed, not settled: two signals make a candidate; the owner may promote it
    assert facts["lifecycle_state"][0]["state"] == "candidate"


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_holiday_series_in_one_batch_keeps_one_experience_per_moment():
    chat = Dialogue("owner-enrich-holiday")
    chat.session(
        "carvoeiro",
        datetime(2026, 8, 11, 19, 40, tzinfo=BERLIN),
        [
            (
                "user",
                "Heute morgen um 8 in der Praia da Marinha geschwommen, ich war komplett "
                "allein in der Bucht. Herrlich.",
            ),
            ("assistant", "Das klingt nach einem perfekten Morgen."),
            (
                "user",
                "Und vorgestern die Wanderung über die Sete Vales Suspensos mit Anke. Wir "
                "haben viel geredet. Eigentlich einer der schönsten Tage unserer Ehe.",
            ),
            (
                "user",
                "Gestern waren wir mit dem Kajak in der Benagil-Höhle. War okay, ziemlich "
                "touristisch. Für mich nicht so wichtig, Anke fands toll.",
            ),
            ("user", "Anke will nächste Woche unbedingt noch nach Sagres fahren."),
        ],
    )
    assert worker_drain() == []
    experiences = {frozenset(e["turns"]): e["facts"] for e in chat.objects("experience")}
    assert set(experiences) == {
        frozenset({"carvoeiro-t01"}),
        frozenset({"carvoeiro-t03"}),
        frozenset({"carvoeiro-t04"}),
    }  # the plan of t05 is no experience
    days = {turns: f["occurred_on"][0]["value"] for turns, f in experiences.items()}
    assert days == {
        frozenset({"carvoeiro-t01"}): "2026-08-11",
        frozenset({"carvoeiro-t03"}): "2026-08-09",
        frozenset({"carvoeiro-t04"}): "2026-08-10",
    }
    hike = experiences[frozenset({"carvoeiro-t03"})]
    assert "explicit_importance" in {s["signal"] for s in hike["significance_signal"]}
    kayak = experiences[frozenset({"carvoeiro-t04"})]
    assert kayak["user_significance"] == ["not_important"]  # the owner's word decides
    assert kayak["lifecycle_state"][0]["state"] == "transient"


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_work_topic_recurring_across_five_sessions_becomes_a_thread_candidate():
    chat = Dialogue("owner-enrich-thread")
    start = datetime(2026, 3, 2, 20, 0, tzinfo=BERLIN)
    said = [
        "Der neue Teamleiter Wegner hat heute mein Projekt vor allen kritisiert.",
        "Wegner hat schon wieder meine Mail an die Geschäftsführung weitergeleitet.",
        "Im Jour fixe hat Wegner mich wieder unterbrochen, das nervt mich.",
        "Ich überlege, mit Wegner ein Gespräch unter vier Augen zu führen.",
        "Das Gespräch mit Wegner war gut, er hat sich entschuldigt.",
    ]
    for day, text in enumerate(said):
        chat.session(
            f"arbeit-{day + 1}",
            start + timedelta(days=7 * day),
            [("user", text), ("assistant", "Wie geht es dir damit?"), ("user", "Gemischt.")],
        )
        assert worker_drain() == []
        # an aside repeated in unrelated turns is no topic
        chat.session(
            f"arbeit-{day + 1}",
            start + timedelta(days=7 * day, minutes=10),
            [("user", ["Es regnet.", "Kaffee ist alle.", "Schöner Abend."][day % 3])],
        )
        assert worker_drain() == []
    threads = chat.objects("thread")
    assert len(threads) == 1
    [thread] = threads
    assert "Wegner" in thread["name"]
    assert {t.split("-t")[0] for t in thread["turns"]} == {f"arbeit-{n}" for n in range(1, 6)}
    assert thread["facts"]["lifecycle_state"][0]["state"] == "candidate"
    assert thread["facts"]["thread_state"][0]["state"] == "active"
    [sentences] = thread["facts"]["summary_sentences"]
    assert sentences and {s["turn"] for s in sentences} <= thread["turns"]
    # the Reflexion page shows it as proposed, with the turns it rests on
    page = Client()
    page.force_login(login(chat.owner, "jana-thread"))
    listed = page.get(reverse("gedaechtnis:reflection")).content.decode()
    assert thread["name"] in listed
    assert f'data-testid="proposed-{thread["ref"]}"' in listed
    detail = page.get(reverse("gedaechtnis:entity", args=[thread["ref"]])).content.decode()
    assert "Gespräch mit Wegner war gut" in detail
    # run again: nothing new to enter, nothing doubled
    with owner_scope(chat.owner) as scope:
        from worldmemory.reflection.enrichment import enrichment_run

        assert enrichment_run(scope=scope, chat_id="arbeit-5")["threads"] == []


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_with_a_summary_model_a_thread_is_also_told_in_its_own_words(settings):
    from pydantic_ai.messages import ModelResponse, TextPart
    from pydantic_ai.models.function import FunctionModel

    from worldmemory.models import Usage

    excerpts: list[str] = []

    def write(messages, info):
        excerpts.append(messages[-1].parts[-1].content)
        return ModelResponse(parts=[TextPart("Mit Wegner hast du dich nach Wochen ausgesprochen.")])

    settings.GD_REFLECTION_SUMMARY_MODEL = FunctionModel(write)
    chat = Dialogue("owner-enrich-told")
    start = datetime(2026, 3, 2, 20, 0, tzinfo=BERLIN)
    said = [
        "Der neue Teamleiter Wegner hat heute mein Projekt vor allen kritisiert.",
        "Wegner hat schon wieder meine Mail an die Geschäftsführung weitergeleitet.",
        "Im Jour fixe hat Wegner mich wieder unterbrochen, das nervt mich.",
        "Das Gespräch mit Wegner war gut, er hat sich entschuldigt.",
    ]
    for day, text in enumerate(said):
        chat.session(f"arbeit-{day + 1}", start + timedelta(days=7 * day), [("user", text)])
        assert worker_drain() == []
    [thread] = chat.objects("thread")
    assert thread["facts"]["statement"] == ["Mit Wegner hast du dich nach Wochen ausgesprochen."]
    # the cited sentences stay the thread's evidence
    [sentences] = thread["facts"]["summary_sentences"]
    assert sentences and {s["turn"] for s in sentences} <= thread["turns"]
    # the model saw the thread's sentences, not the whole conversation
    assert any("Gespräch mit Wegner war gut" in excerpt for excerpt in excerpts)
    told = Usage.objects.filter(owner_sub=chat.owner, run_id__startswith="thread-summary:")
    assert told.exists() and all(u.kind == "reflection-summary" for u in told)
    listed = Client()
    listed.force_login(login(chat.owner, "jana-told"))
    page = listed.get(reverse("gedaechtnis:reflection")).content.decode()
    assert "Mit Wegner hast du dich nach Wochen ausgesprochen." in page


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0, GD_REFLECTION_CONSOLIDATE_SECONDS=0)
def test_similar_moments_told_in_several_sessions_consolidate_into_one_insight():
    chat = Dialogue("owner-enrich-insight")
    start = datetime(2026, 6, 6, 19, 0, tzinfo=BERLIN)
    told = [
        "Heute früh war ich im See schwimmen, das Wasser war herrlich klar.",
        "Gestern Abend bin ich wieder im See geschwommen, danach war ich total entspannt.",
        "Heute Morgen bin ich vor der Arbeit im See geschwommen, herrlich ruhig.",
    ]
    for week, text in enumerate(told):
        chat.session(f"sommer-{week + 1}", start + timedelta(days=7 * week), [("user", text)])
        assert worker_drain() == []
    experiences = chat.objects("experience")
    assert len(experiences) == 3
    # a derived pattern goes to the owner's review before it is memory
    assert chat.objects("insight") == []
    ops = ProposalOp.objects.filter(
        owner_sub=chat.owner, decision="pending", payload__subject_ref__startswith="insight:"
    )
    facts = {op.payload.get("predicate"): op.payload for op in ops}
    derivation = facts["derivation"]["object_value"]
    assert derivation["evidence_count"] == 3
    assert derivation["scope"]["sessions"] == ["sommer-1", "sommer-2", "sommer-3"]
    # it rests on every moment's own message, and says no more than they do
    told = {str(m.pk) for m in SourceMessage.objects.filter(owner_sub=chat.owner)}
    assert set(derivation["sources"]) == told
    statement = facts["statement"]["object_value"]
    assert "geschwommen" in statement and "3 Beobachtungen aus 3 Gesprächen" in statement
    assert "immer" not in statement
    derived = [op.payload for op in ops if op.payload.get("predicate") == "derived_from"]
    assert sorted(op["object_ref"] for op in derived) == sorted(e["ref"] for e in experiences)
    # the benchmark reads it as a candidate, with the turns it rests on
    [candidate] = _insights_in_review(chat.owner)
    assert candidate.turns == {"sommer-1-t01", "sommer-2-t01", "sommer-3-t01"}
    assert candidate.lifecycle == "candidate" and candidate.extra["text"] == statement


def test_an_unanswered_question_resurfaces_and_is_closed_by_a_later_decision():
    chat = Dialogue("owner-enrich-question")
    start = datetime(2026, 6, 24, 21, 30, tzinfo=BERLIN)
    chat.session(
        "schule-1",
        start,
        [
            ("user", "Frau Dr. Albrecht fragt, ob ich mich auf die Konrektorstelle bewerbe."),
            ("assistant", "Wie ist dein erster Impuls?"),
            ("user", "Will ich die Konrektorstelle überhaupt, oder nur weil alle es erwarten?"),
            ("assistant", "Eine wichtige Frage. Was würdest du vermissen?"),
            ("user", "Wie warm ist der Atlantik im August?"),
            ("assistant", "Meist zwischen 19 und 22 Grad."),
        ],
    )
    assert worker_drain() == []
    [question] = chat.objects("open_question")
    assert question["turns"] == {"schule-1-t03"}  # the water question was answered
    assert question["facts"]["question_state"][0]["state"] == "open"
    chat.session(
        "schule-2",
        start + timedelta(days=10),
        [("user", "Die Konrektorstelle geht mir nicht aus dem Kopf, alle erwarten es.")],
    )
    assert worker_drain() == []
    with owner_scope(chat.owner) as scope:
        state = SessionWorkingState.objects.get(owner_sub=scope.owner_sub, chat_id="schule-2")
        assert question["ref"] in state.memory_refs  # back in the session's context
    [question] = chat.objects("open_question")
    assert question["facts"]["question_state"][0]["state"] == "open"
    chat.session(
        "schule-3",
        start + timedelta(days=60),
        [("user", "Ich habe mich entschieden: keine Bewerbung auf die Konrektorstelle.")],
    )
    assert worker_drain() == []
    [question] = chat.objects("open_question")
    closed = question["facts"]["question_state"][0]
    assert closed["state"] == "answered"
    assert closed["trigger"] == "decided in session schule-3"


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_another_owners_session_is_like_a_missing_one():
    chat = Dialogue("owner-enrich-a")
    chat.session(
        "privat-1",
        datetime(2026, 5, 2, 20, 0, tzinfo=BERLIN),
        [("user", "Gestern war ich im Konzert, einer der schönsten Abende meines Lebens.")],
    )
    from worldmemory.reflection import tasks

    # the worker asked for this session in another owner's name: it sees nothing there
    assert tasks.enrich("owner-enrich-b", "privat-1") == {
        "session": "privat-1",
        "experiences": [],
        "questions": [],
        "threads": [],
    }
    assert Dialogue("owner-enrich-b").objects("experience") == []
    assert worker_drain() == []
    assert len(chat.objects("experience")) == 1


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_question_only_the_owner_can_settle_stays_open_when_the_reply_does_not_answer_it():
    chat = Dialogue("owner-enrich-deliberation")
    chat.session(
        "abend-1",
        datetime(2026, 9, 14, 21, 5, tzinfo=BERLIN),
        [
            (
                "user",
                "Sandra überlegt, mit Lotte zu ihrem Freund nach Hamburg zu ziehen. "
                "Was mach ich denn, wenn sie wirklich gehen?",
            ),
            ("assistant", "Das musst du heute noch nicht wissen. Noch ist nichts entschieden."),
            ("user", "Wie lange muss Leinölfirnis eigentlich trocknen?"),
            ("assistant", "Etwa 24 Stunden bei Zimmertemperatur, bei Kälte länger."),
            ("user", "Should I keep going to the gym until the physio has seen my knee?"),
            ("assistant", "Better to rest the knee completely until the physio has seen it."),
            ("user", "Soll ich Lotte eine eigene Ecke in der Werkstatt einrichten? Oder zu viel?"),
            ("assistant", "Was meinst du, wie sie es fände?"),
        ],
    )
    assert worker_drain() == []
    questions = {q["name"]: q["turns"] for q in chat.objects("open_question")}
    # the reply leaves the move open; the drying time and the gym are answered, the one by
    # a fact, the other by a reply about the matter in other words
    assert questions == {
        "Was mach ich denn, wenn sie wirklich gehen?": {"abend-1-t01"},
        # the question naming the matter, not the short weighing after it
        "Soll ich Lotte eine eigene Ecke in der Werkstatt einrichten?": {"abend-1-t07"},
    }


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_experiences_told_in_different_sessions_about_one_place_become_a_space():
    chat = Dialogue("owner-enrich-series")
    start = datetime(2026, 5, 4, 20, 0, tzinfo=ZoneInfo("Europe/London"))
    chat.session(
        "swim-1",
        start,
        [
            (
                "user",
                "Sea swimming club started again yesterday at Clevedon. The water was 11 "
                "degrees, I screamed the whole way in. Absolutely freezing and I loved it.",
            ),
            ("assistant", "Eleven degrees is brave!"),
            (
                "user",
                "On Thursday I locked myself out of the car at the supermarket and waited an "
                "hour for the AA. Not a big deal really.",
            ),
            ("assistant", "Annoying!"),
        ],
    )
    assert worker_drain() == []
    assert chat.objects("reflection_space") == []  # one swim is no series yet
    chat.session(
        "swim-2",
        start + timedelta(days=20),
        [
            (
                "user",
                "This morning at Clevedon a seal popped up ten metres from me while I was "
                "swimming. I'll never forget that face.",
            ),
            ("assistant", "How magical!"),
        ],
    )
    assert worker_drain() == []
    [space] = chat.objects("reflection_space")
    assert space["name"] == "Clevedon"
    with owner_scope(chat.owner) as scope:
        entity = selectors.reflection_entities(scope=scope, kind="reflection_space")[0]
        members = {
            r.subject_entity_id
            for r in temporal.incoming_current(scope=scope, entity_ids=[entity.pk])
            if r.predicate_id == "in_space"
        }
    swims = {
        e["ref"] for e in chat.objects("experience") if e["turns"] & {"swim-1-t01", "swim-2-t01"}
    }
    assert len(swims) == 2
    with owner_scope(chat.owner) as scope:
        refs = {
            e.ref
            for e in selectors.reflection_entities(scope=scope, kind="experience")
            if e.pk in members
        }
    assert refs == swims  # the car park is not part of it


@pytest.mark.parametrize(
    ("text", "felt"),
    [
        ("Gestern Abend auf Miriams Geburtstag war es so schön.", True),
        ("Die Präsentation heute Vormittag lief richtig gut.", True),
        ("Das war ein toller Abend mit allen.", True),
        ("The gig last night went really well.", True),
        # folded "schön" is "schon": only the tagger tells the adverb from the judgement
        ("Das hab ich gestern schon erledigt.", False),
        # a plain adjective judges nothing until it is made strong
        ("Gut, dann gestern eben nicht.", False),
        ("Das Wasser war ganz glatt.", False),
    ],
)
def test_a_judgement_of_the_moment_is_a_feeling_in_both_languages(text, felt):
    assert markers.felt(text) is felt


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_family_topic_recurring_without_a_moment_told_becomes_a_space():
    chat = Dialogue("owner-enrich-area")
    start = datetime(2026, 2, 2, 20, 0, tzinfo=BERLIN)
    said = [
        (
            "Mama hat wieder Probleme mit der Hüfte, der Arzt meint, sie muss operiert werden.",
            "Die Steuererklärung schiebe ich vor mir her, die Belege liegen überall.",
        ),
        (
            "Die OP von Mama ist am Dienstag, ich fahre dann zu ihr nach Kassel.",
            "Für die Steuererklärung fehlen mir noch die Belege vom Zahnarzt.",
        ),
        (
            "Mama ist aus dem Krankenhaus zurück, meine Schwester kümmert sich diese Woche.",
            "Die Steuererklärung ist fast fertig, nur die Belege für die Fahrtkosten fehlen.",
        ),
    ]
    for day, (family, taxes) in enumerate(said):
        chat.session(
            f"area-{day + 1}",
            start + timedelta(days=7 * day),
            [
                ("user", family),
                ("assistant", "Wie geht es dir damit?"),
                ("user", taxes),
                ("assistant", "Das klingt nach einer Menge."),
            ],
        )
        assert worker_drain() == []
    threads = {t["name"]: t["ref"] for t in chat.objects("thread")}
    assert any("Mama" in name for name in threads), threads
    assert any("Steuererklärung" in name or "Belege" in name for name in threads), threads
    assert chat.objects("experience") == []  # no moment told: the space is the area itself
    # the family topic is a part of life by its words; the tax return is a chore that
    # recurs, not an area: no space of its own without a moment of it told
    [space] = chat.objects("reflection_space")
    assert space["name"] == "Familie"
    with owner_scope(chat.owner) as scope:
        entity = selectors.reflection_entities(scope=scope, kind="reflection_space")[0]
        members = {
            r.subject_entity_id
            for r in temporal.incoming_current(scope=scope, entity_ids=[entity.pk])
            if r.predicate_id == "in_space"
        }
        refs = {
            e.ref
            for e in selectors.reflection_entities(scope=scope, kind="thread")
            if e.pk in members
        }
    assert refs == {ref for name, ref in threads.items() if "Mama" in name}


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_moment_whose_meaning_comes_in_the_next_turn_is_one_experience():
    chat = Dialogue("owner-enrich-follow-up")
    at = datetime(2026, 7, 12, 21, 0, tzinfo=ZoneInfo("Europe/London"))
    chat.session(
        "walk-1",
        at,
        [
            ("user", "Last night we walked along the harbour wall in Whitby until dark."),
            ("assistant", "That sounds lovely. How was it for you?"),
            ("user", "I cried a bit, honestly. One of the best evenings of my life."),
            ("assistant", "What a thing to keep."),
            ("user", "This morning we drove to the garage in Leeds for the MOT."),
            ("assistant", "How did that go?"),
            ("user", "Fine, it passed."),
        ],
    )
    assert worker_drain() == []
    # the walk with what it meant; the garage, answered without a feeling, is no moment
    [experience] = chat.objects("experience")
    assert {"walk-1-t01", "walk-1-t03"} <= experience["turns"]
    signals = {v["signal"] for v in experience["facts"]["significance_signal"]}
    assert "explicit_importance" in signals


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_parent_said_in_passing_everywhere_names_only_the_topic_about_them():
    chat = Dialogue("owner-enrich-mum")
    start = datetime(2026, 2, 16, 20, 0, tzinfo=ZoneInfo("Europe/London"))
    said = [
        (
            "Mum rang about the house again, Callum thinks she should move to a care home.",
            "My sourdough starter finally bubbled, mum gave me her old recipe for it.",
        ),
        (
            "Callum and I looked round Maple Court with Mum, she went very quiet after.",
            "Ran ten kilometres on Sunday morning, mum came to watch at the finish line.",
        ),
        (
            "Mum moved into Maple Court on Saturday, Callum carried all the boxes upstairs.",
            "Work ran long today and mum called right in the middle of the standup.",
        ),
    ]
    weather = [
        "The weather was grey all day and the bus into town was late again.",
        "Finished the crossword on the train for the first time this year.",
    ]
    for week, (about, passing) in enumerate(said):
        chat.session(
            f"mum-{week + 1}",
            start + timedelta(days=7 * week),
            [
                ("user", about),
                ("assistant", "How are you feeling about it?"),
                ("user", passing),
                ("assistant", "Nice."),
                *[("user", text) for text in weather],
            ],
        )
        assert worker_drain() == []
    threads = chat.objects("thread")
    about = {f"mum-{n}-t01" for n in (1, 2, 3)}
    passing = {f"mum-{n}-t03" for n in (1, 2, 3)}
    [thread] = [t for t in threads if t["turns"] & about]
    assert "Mum" in thread["name"] and "Callum" in thread["name"]
    assert about <= thread["turns"]
    # the sourdough, the run and the standup are not about her
    assert not any(t["turns"] & passing for t in threads)


# A friend's illness, first told beside the potatoes brought to her (two sessions), then in
# three more and two after the owner named it; each session also says things of no matter
# to it
FRIEND_ILL = [
    [
        "Heute hab ich Gesa Bratkartoffeln mit Speck gebracht, seit ein paar Wochen isst sie "
        "kaum noch etwas.",
        "Gesa mochte Bratkartoffeln schon in der Schulzeit, ihre Oma hat sie jeden Freitag "
        "gemacht.",
        "Im Garten blühen endlich die Tulpen, das hat mich gefreut.",
        "Morgen muss ich unbedingt die Steuererklärung abschicken, der Termin drängt.",
    ],
    [
        "Wieder Bratkartoffeln für Gesa gemacht, diesmal mit Spiegelei. Sie hat immerhin die "
        "Hälfte gegessen.",
        "Gesa sagt, seit der Biopsie hat sie gar keinen Appetit mehr, nicht mal auf "
        "Bratkartoffeln.",
        "Auf der Arbeit war heute wieder Chaos mit dem neuen Dienstplan.",
        "Mein Fahrrad hat schon wieder einen Platten, zum dritten Mal.",
    ],
    [
        "Gesa hat den Befund: Krebs, aber früh erkannt, sagt die Ärztin. Nach der Operation "
        "kommt die Chemo.",
        "Gesa ist gefasster als ich. Ich funktioniere einfach und heule abends im Auto.",
        "Ich hab endlich das Bücherregal im Flur aufgebaut.",
    ],
    [
        "Gesa ist operiert, ihr Mann schreibt: Der Krebs ist raus, jetzt noch die Chemo.",
        "Ich bin so erleichtert, dass bei Gesa die Operation gut gelaufen ist.",
        "Im Supermarkt gab es keine Hefe mehr, also kein Brot backen.",
    ],
    [
        "Donnerstag fahre ich Gesa zur ersten Chemo. Ich habe mehr Angst als sie.",
        "Gesa sagt, der Krebs macht ihr weniger Angst als die Chemo.",
        "Der Kater hat sich beim Tierarzt ganz tapfer geschlagen.",
    ],
    [
        "Die zweite Chemo hat Gesa besser vertragen als die erste, nur müde ist sie.",
        "Gesa meint, nach der Chemo will sie mit mir an die Ostsee fahren.",
        "Ich überlege, im Sommer wieder mit dem Schwimmen anzufangen.",
    ],
    [
        "Bei Gesa schlägt die Chemo gut an, der Krebs ist kleiner geworden, sagt die Ärztin.",
        "Gesa und ich haben auf die gute Nachricht mit Sekt angestoßen.",
        "Mein Bruder hat sich endlich ein neues Handy gekauft.",
    ],
]


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_thread_is_retitled_by_its_matter_as_it_grows_and_keeps_the_owners_name():
    chat = Dialogue("owner-enrich-retitle")
    start = datetime(2026, 2, 1, 20, 0, tzinfo=BERLIN)

    def session(index: int) -> list[dict]:
        first, *rest = FRIEND_ILL[index]
        chat.session(
            f"gesa-{index + 1}",
            start + timedelta(days=7 * index),
            [
                ("user", first),
                ("assistant", "Wie geht es dir damit?"),
                *[("user", t) for t in rest],
            ],
        )
        assert worker_drain() == []
        return chat.objects("thread")

    assert session(0) == []
    [told_beside] = session(1)
    assert told_beside["name"] == "Bratkartoffeln · Gesa"
    for index in (2, 3, 4):
        [grown] = session(index)
    # the same thread, now named by what its turns are about
    assert grown["ref"] == told_beside["ref"]
    assert grown["name"].split(" · ")[0] == "Krebs"
    with owner_scope(chat.owner):
        renames = WorldEvent.objects.filter(event_type_id="rename")
        assert [(e.source, e.payload["from"]) for e in renames] == [
            ("gedaechtnis:reflection", "Bratkartoffeln · Gesa")
        ]
    renamed = Client().post(
        f"/api/v1/entities/{grown['ref']}/rename",
        json.dumps({"canonical_name": "Gesas Krankheit"}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {chat.token}",
    )
    assert renamed.status_code == 200, renamed.content
    for index in (5, 6):
        [later] = session(index)
    # later sessions enter their turns, and the owner's name stays
    assert later["name"] == "Gesas Krankheit"
    assert {"gesa-6-t01", "gesa-7-t01"} <= later["turns"]
    with owner_scope(chat.owner):
        assert WorldEvent.objects.filter(event_type_id="rename").count() == 2
