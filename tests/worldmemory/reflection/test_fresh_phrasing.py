"""Reflection on phrasing the rules were not tuned on, fed only through
``POST /sources/messages`` and the worker: a moment whose feeling comes after a plain first
sentence or in the owner's own "I", a bare weekday as its time, a trip whose moments share
no word, and open questions settled by being said back or left open by "not decided yet".
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.test_enrichment import Dialogue as Ingest
from worldmemory import temporal
from worldmemory.benchmarks.reflection_quality import worker_drain
from worldmemory.reflection import selectors
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
BERLIN = ZoneInfo("Europe/Berlin")
LONDON = ZoneInfo("Europe/London")


class Dialogue(Ingest):
    """Each session ingested, then the worker runs what the session made due."""

    def session(self, chat, at, turns) -> None:
        super().session(chat, at, turns)
        assert worker_drain() == []


def _state(question: dict) -> str:
    return question["facts"]["question_state"][-1]["state"]


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_moment_felt_after_a_plain_first_sentence_is_dated_by_its_bare_weekday():
    chat = Dialogue("owner-fresh-market")
    chat.session(
        "markt",
        datetime(2026, 9, 22, 21, 45, tzinfo=BERLIN),  # a Tuesday
        [
            (
                "user",
                "Samstag war ich mit Mama auf dem Wochenmarkt in Offenburg. Mitten zwischen "
                "den Ständen hat sie mich gefragt, wo sie ihr Auto geparkt hat.",
            ),
            ("assistant", "Oh. Wie hast du reagiert?"),
            (
                "user",
                "Ich bin ruhig geblieben. Aber hinterher saß ich allein im Auto und hab "
                "geheult wie ein Schlosshund.",
            ),
            ("assistant", "Das ist verständlich."),
        ],
    )
    [experience] = chat.objects("experience")
    assert "markt-t01" in experience["turns"]
    assert experience["facts"]["occurred_on"][-1]["value"] == "2026-09-19"


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_the_owners_own_i_in_the_answer_makes_the_moment_theirs_but_news_told_stays_news():
    chat = Dialogue("owner-fresh-dolphins")
    chat.session(
        "boat",
        datetime(2026, 10, 27, 21, 20, tzinfo=LONDON),
        [
            (
                "user",
                "Boat trip from St Justinian's this morning, choppy as anything, and a pod "
                "of dolphins came right up alongside.",
            ),
            ("assistant", "She got her dolphins! How did it feel?"),
            ("user", "Honestly I was the one welling up."),
            ("assistant", "That sounds unforgettable."),
            (
                "user",
                "Other news: Marco told me on Sunday he's dropping out of engineering at McGill.",
            ),
            ("assistant", "That's big news. How did the conversation go?"),
            ("user", "Badly. I said things I regret."),
            ("assistant", "That happens."),
        ],
    )
    told = [e["turns"] for e in chat.objects("experience")]
    assert any("boat-t01" in turns for turns in told)
    assert not any("boat-t05" in turns for turns in told)


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_decision_followed_by_how_it_feels_is_no_moment():
    chat = Dialogue("owner-fresh-decision")
    chat.session(
        "praxis",
        datetime(2026, 11, 8, 20, 15, tzinfo=BERLIN),
        [
            (
                "user",
                "Ich hab Frau Hallmann am Freitag zugesagt. Ich übernehm die Praxisleitung "
                "ab nächstem Herbst.",
            ),
            ("assistant", "Glückwunsch! Du hast dir genau das ausgehandelt, was dir wichtig war."),
            ("user", "Ja, ich bin selbst überrascht, wie gut sich das anfühlt."),
            ("assistant", "Das freut mich."),
        ],
    )
    assert chat.objects("experience") == []


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_the_moments_of_a_trip_and_one_told_afterwards_share_one_space():
    chat = Dialogue("owner-fresh-trip")
    chat.session(
        "plan",
        datetime(2026, 10, 14, 21, 0, tzinfo=BERLIN),
        [
            ("user", "Übernächste Woche sind Herbstferien, da fahren wir nach Meran."),
            ("assistant", "Eine schöne Gegend im Herbst."),
        ],
    )
    chat.session(
        "meran",
        datetime(2026, 10, 26, 21, 30, tzinfo=BERLIN),
        [
            (
                "user",
                "Grüße aus den Ferien! Heute Morgen standen Finn und ich zum Sonnenaufgang "
                "oben auf dem Hirzer, unter uns lag das Tal im Nebel.",
            ),
            ("assistant", "Was für ein Bild. Wie war das für dich?"),
            ("user", "Einer der schönsten Momente, die ich mit ihm je hatte."),
            ("assistant", "Und der Rest der Ferien?"),
            (
                "user",
                "Gestern hat's geschüttet, da waren wir in der Therme in Meran. War okay, "
                "aber nichts Besonderes.",
            ),
            ("assistant", "Regentage gehören dazu."),
        ],
    )
    chat.session(
        "daheim",
        datetime(2026, 11, 8, 20, 15, tzinfo=BERLIN),
        [
            (
                "user",
                "Seit einer Woche zurück. Am letzten Abend saßen wir in einem Buschenschank "
                "über Lana, Jonas hat mit der Wirtin getanzt und ich hab so viel gelacht wie "
                "seit Monaten nicht.",
            ),
            ("assistant", "Das klingt nach einem wunderbaren Abschluss."),
            (
                "user",
                "Gestern hab ich im Töpferkurs in Freiburg meine erste Schale glasiert, ich "
                "hab mich gefreut wie ein Kind.",
            ),
            ("assistant", "Wie schön!"),
        ],
    )
    experiences = {e["ref"]: e["turns"] for e in chat.objects("experience")}
    trip = [s for s in chat.objects("reflection_space") if s["name"].startswith("Urlaub")]
    assert len(trip) == 1, [s["name"] for s in chat.objects("reflection_space")]
    with owner_scope("owner-fresh-trip") as scope:
        [space] = [
            s
            for s in selectors.reflection_entities(scope=scope, kind="reflection_space")
            if s.ref == trip[0]["ref"]
        ]
        members = {
            row.subject_entity_id
            for row in temporal.incoming_current(scope=scope, entity_ids=[space.pk])
            if row.predicate_id == "in_space"
        }
        refs = {
            e.ref
            for e in selectors.reflection_entities(scope=scope, kind="experience")
            if e.pk in members
        }
    told = set().union(*(experiences[r] for r in refs))
    assert {"meran-t01", "meran-t05", "daheim-t01"} <= told
    assert "daheim-t03" not in told  # the pottery at home belongs to no trip


MERAN = [
    (
        "user",
        "Grüße aus den Ferien! Heute Morgen standen Finn und ich zum Sonnenaufgang "
        "oben auf dem Hirzer, unter uns lag das Tal im Nebel.",
    ),
    ("assistant", "Was für ein Bild. Wie war das für dich?"),
    ("user", "Einer der schönsten Momente, die ich mit ihm je hatte."),
    ("assistant", "Und der Rest der Ferien?"),
    (
        "user",
        "Gestern hat's geschüttet, da waren wir in der Therme in Meran. War okay, "
        "aber nichts Besonderes.",
    ),
    ("assistant", "Regentage gehören dazu."),
]


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_moments_of_a_trip_already_sitting_together_elsewhere_still_make_the_trip(monkeypatch):
    """Seed 003: a moment belongs to the space of its part of life and to the trip's.
    The holiday moments with Finn sitting in a space of his do not stop the trip's own."""
    from worldmemory.reflection import enrichment, trips

    chat = Dialogue("owner-fresh-trip-held")
    found = trips.trips_find
    monkeypatch.setattr(trips, "trips_find", lambda **kwargs: [])
    chat.session("meran", datetime(2026, 10, 26, 21, 30, tzinfo=BERLIN), MERAN)
    with owner_scope("owner-fresh-trip-held") as scope:
        moments = selectors.reflection_entities(scope=scope, kind="experience")
        assert len(moments) == 2
        first = enrichment.session_turns(scope=scope, chat_id="meran")[0]
        enrichment._space_link(
            scope=scope, name="Finn", members=moments, first=first, why="test", chat_id="meran"
        )
        monkeypatch.setattr(trips, "trips_find", found)
        enrichment.enrichment_run(scope=scope, chat_id="meran")
    names = [s["name"] for s in chat.objects("reflection_space")]
    assert "Finn" in names
    assert any(name.startswith("Urlaub") for name in names), names


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_question_said_back_two_sessions_later_is_settled_and_not_decided_yet_settles_none():
    chat = Dialogue("owner-fresh-questions")
    chat.session(
        "q1",
        datetime(2026, 9, 13, 21, 10, tzinfo=BERLIN),
        [
            (
                "user",
                "Meine Chefin hat mich am Freitag gefragt, ob ich die Praxisleitung "
                "übernehmen will. Will ich das überhaupt, mit Dienstplänen und Abrechnung?",
            ),
            ("assistant", "Was reizt dich daran, und was schreckt dich ab?"),
        ],
    )
    chat.session(
        "q2",
        datetime(2026, 9, 22, 21, 45, tzinfo=BERLIN),
        [
            (
                "user",
                "Jan meint, wir sollten für Mama nach einer Tagespflege schauen. Ist das "
                "nicht viel zu früh?",
            ),
            ("assistant", "Das hängt davon ab, wie sie ihren Alltag bewältigt."),
        ],
    )
    chat.session(
        "q3",
        datetime(2026, 10, 14, 21, 0, tzinfo=BERLIN),
        [
            (
                "user",
                "Ab November geht Mama zweimal die Woche in die Tagespflege. Zu früh ist es "
                "nicht, das seh ich jetzt auch.",
            ),
            ("assistant", "Das klingt gut."),
            ("user", "Die Praxisleitung hab ich immer noch nicht entschieden."),
            ("assistant", "Du hast ja noch Zeit."),
            ("user", "Hab ich dir eigentlich vom Töpferkurs erzählt?"),
            ("assistant", "Noch nicht!"),
        ],
    )
    questions = {q["name"]: q for q in chat.objects("open_question")}
    [daycare] = [q for name, q in questions.items() if "früh" in name]
    assert _state(daycare) != "open"
    [leading] = [q for name, q in questions.items() if "überhaupt" in name]
    assert _state(leading) == "open"
    # neither the doubt voiced again nor the story opener is a question of its own
    assert len(questions) == 2, list(questions)


def test_a_space_recurring_by_a_town_is_named_by_the_part_of_life_it_stands_for():
    """ "Offenburg" is where Mama lives: a third of the topic's turns naming the family
    make it the family's space, not the town's; a thing keeps its word."""
    from worldmemory.reflection.life_areas import space_name

    texts = [
        "War heute bei Mama in Offenburg zum Kaffee, sie hat dreimal dasselbe erzählt.",
        "Der Hausarzt in Offenburg hat sie überwiesen, Termin am 1. Oktober.",
        "Jan meint, wir sollten in Offenburg nach einer Tagespflege schauen.",
    ]
    assert space_name(words=["Offenburg", "Stunde"], texts=texts) == "Familie"
    halle = [
        "Ich hab heute den Mietvertrag für die Halle unterschrieben.",
        "In der Halle stehen jetzt die ersten Maschinen.",
    ]
    assert space_name(words=["Halle"], texts=halle) == "Halle"


def test_a_topic_told_only_beside_a_larger_matter_joins_it_but_not_beside_a_person():
    """'consultation' said in the turns around the depot merger is that topic, one thread;
    'sleep training' said beside turns naming Sophie stays a topic of its own."""
    from types import SimpleNamespace

    from worldmemory.reflection.enrichment import Topic, _side_topics_merged, topic_title

    said = [
        ("s1", "They announced on Friday that our depot is merging with Newport next year."),
        ("s1", "A consultation starts in October. Should I be applying for other jobs?"),
        ("s2", "HR sent the letter, the consultation opens on 12 October, 45 days."),
        ("s2", "So it depends whether there is a suitable role at the depot in Newport."),
        ("s3", "I will fight for a role at Newport once the consultation is done."),
    ]
    turns = [SimpleNamespace(session_external_id=s, text=t) for s, t in said]
    depot = Topic(["depot", "newpo"], {0, 3, 4}, {"depot": 2, "Newport": 3})
    consultation = Topic(["consu"], {1, 2, 4}, {"consultation": 3})
    [merged] = _side_topics_merged([depot, consultation], turns)
    assert merged.turns == {0, 1, 2, 3, 4}
    assert "consultation" in topic_title(merged)

    sophie = Topic(["sophi"], {0, 3, 4}, {"Sophie": 3})
    sleep = Topic(["sleep", "train"], {1, 2, 4}, {"sleep": 3, "training": 3})
    assert len(_side_topics_merged([sophie, sleep], turns)) == 2
