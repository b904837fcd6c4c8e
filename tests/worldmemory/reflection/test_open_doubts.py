"""A doubt the owner voices is an open question whatever the reply; voiced again in a later
session it is the same question coming back; the owner's settling words close it — fed
through ``POST /sources/messages`` and the worker only."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings

from tests.conftest import BOTH_DATABASES
from tests.worldmemory.reflection.test_enrichment import Dialogue
from worldmemory.benchmarks.reflection_quality import worker_drain
from worldmemory.models import SourceMessage
from worldmemory.reflection import enrichment, selectors
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
BERLIN = ZoneInfo("Europe/Berlin")


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_voiced_doubt_is_one_open_question_until_the_owner_settles_it():
    chat = Dialogue("owner-open-doubt")
    start = datetime(2026, 3, 28, 19, 45, tzinfo=BERLIN)
    chat.session(
        "tafel-1",
        start,
        [
            ("user", "Die Tafel in Grünau sucht jemanden für die Koordination der Ausgabe."),
            ("assistant", "Das klingt nach einer verantwortungsvollen Aufgabe."),
            ("user", "Ich bin hin- und hergerissen, ob ich mir die Tafel neben dem Job zutraue."),
            # the reply does not hand it back, yet the owner's own words leave it open
            ("assistant", "Die Ausgabe ist dienstags und samstags."),
            ("user", "Und die Wohnung? Immer noch nichts."),
            ("assistant", "Soll ich dir Portale für Zwischenmieten heraussuchen?"),
        ],
    )
    assert worker_drain() == []
    [question] = chat.objects("open_question")
    assert question["turns"] == {"tafel-1-t03"}  # "Und die Wohnung?" opens a topic only
    assert question["name"].startswith("Ich bin hin- und hergerissen")
    assert question["facts"]["question_state"][0]["state"] == "open"

    chat.session(
        "tafel-2",
        start + timedelta(days=14),
        [("user", "Bei der Tafel weiß ich immer noch nicht recht, ob ich das schaffe.")],
    )
    assert worker_drain() == []
    assert [q["ref"] for q in chat.objects("open_question")] == [question["ref"]]

    chat.session(
        "tafel-3",
        start + timedelta(days=42),
        [("user", "Wegen der Tafel: Ich hab zugesagt, aber nur für die Dienstagsausgabe.")],
    )
    assert worker_drain() == []
    [question] = chat.objects("open_question")
    closed = question["facts"]["question_state"][0]
    assert closed["state"] == "answered"
    assert closed["trigger"] == "decided in session tafel-3"


@pytest.mark.parametrize(
    "sentence",
    [
        "Ich glaub, ich weiß jetzt, warum mich Tobias so aufregt.",
        "Jetzt weiß ich, woran es lag: die Heizung war falsch eingestellt.",
        "Beim Arzt hat sich herausgestellt, dass es nur eine Zerrung ist.",
        "Turned out it was the gutter all along, not rising damp.",
        "Now I know why the band felt so heavy: it was never the music.",
        "I found out the course runs on Thursdays, so that's that.",
        "Ich hab rausgefunden, warum der Kessel tropft: das Ventil.",
        "It turned out that the roofer had the wrong flashing.",
        "The damp turned out to be condensation.",
        "Turns out, the course runs on Thursdays.",
    ],
)
def test_a_finding_out_settles_a_doubt(sentence):
    assert enrichment._decision_sentence(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Ich weiß nicht, ob ich das wirklich will.",
        "Ob das jetzt reicht, weiß ich nicht.",
        "I don't know yet whether the course is worth it.",
        "I'm trying to find out whether the flat is still free.",
        "ich weiß jetzt nicht mehr weiter.",
        "ich weiß es jetzt nicht genau.",
        "Jetzt weiß ich auch nicht, ob das reicht.",
        "I haven't found out yet why the boiler leaks.",
        "I haven’t found out why the boiler leaks.",
        "ich hab noch nicht rausgefunden warum.",
        "the party turned out great.",
        "I turned out the lights and went to bed.",
    ],
)
def test_not_knowing_yet_settles_nothing(sentence):
    assert not enrichment._decision_sentence(sentence)


def _asked(question: dict) -> set[str]:
    """The turns a question was asked in: its own and each time it came back."""
    state = question["facts"]["question_state"][0]
    with owner_scope(question["owner"]):
        ids = selectors.message_ids_of(state["sources"])
        return set(SourceMessage.objects.filter(pk__in=ids).values_list("external_id", flat=True))


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_question_asked_again_stays_one_question_and_cites_each_asking():
    """Asked in German, again in other German words and in English a week later: one open
    question for each matter, citing every asking. A doubt weighed a turn later is the same
    question, named with what it is about; a question on the same frame about another thing
    ("the parents' evening at Lea's school") is another."""
    chat = Dialogue("owner-asked-again")
    start = datetime(2026, 11, 20, 19, 0, tzinfo=BERLIN)
    chat.session(
        "abend-1",
        start,
        [
            (
                "user",
                "Übrigens: Ich habe ein Jobangebot von Zeiss in Jena bekommen. "
                "Ich weiß noch nicht, ob ich es annehmen soll.",
            ),
            ("assistant", "Was spricht denn dafür und was dagegen?"),
            (
                "user",
                "Mehr Geld, aber Miriam müsste ihre Stelle aufgeben. Ich bin hin- und hergerissen.",
            ),
            ("assistant", "Das verstehe ich."),
            ("user", "Wann ist eigentlich Leas Theateraufführung in der Schule?"),
            ("assistant", "Das hast du mir noch nicht gesagt."),
            ("user", "Soll ich meiner Schwester von dem Geld erzählen?"),
            ("assistant", "Das kannst nur du entscheiden."),
        ],
    )
    chat.session(
        "abend-2",
        start + timedelta(days=7),
        [
            ("user", "Should I tell my sister about the money?"),
            ("assistant", "Only you can weigh that."),
            ("user", "When is the parents' evening at Lea's school?"),
            ("assistant", "I don't know, maybe check the school newsletter."),
            ("user", "Wann ist nochmal Leas Theateraufführung?"),
            ("assistant", "Das weiß ich leider immer noch nicht."),
        ],
    )
    assert worker_drain() == []
    questions = {q["name"]: {**q, "owner": chat.owner} for q in chat.objects("open_question")}
    job = questions.pop(
        "Ich habe ein Jobangebot von Zeiss in Jena bekommen. "
        "Ich weiß noch nicht, ob ich es annehmen soll."
    )
    assert _asked(job) == {"abend-1-t01", "abend-1-t03"}
    play = questions.pop("Wann ist eigentlich Leas Theateraufführung in der Schule?")
    assert _asked(play) == {"abend-1-t05", "abend-2-t05"}
    money = questions.pop("Soll ich meiner Schwester von dem Geld erzählen?")
    assert _asked(money) == {"abend-1-t07", "abend-2-t01"}
    evening = questions.pop("When is the parents' evening at Lea's school?")
    assert _asked(evening) == {"abend-2-t03"}
    assert questions == {}


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_surprise_a_tear_and_a_wording_given_are_no_open_questions():
    chat = Dialogue("owner-no-open-question")
    start = datetime(2026, 10, 3, 18, 30, tzinfo=ZoneInfo("Europe/London"))
    chat.session(
        "week-1",
        start,
        [
            ("user", "my brother wants to drive to the wedding in Aberdeen in one go."),
            ("assistant", "That's about nine hours from here."),
            ("user", "ten hours in a van?! mad. fine, i'll share the driving then"),
            ("assistant", "Sensible to split it."),
            ("user", "the physio says it's a torn ligament, not a break, so six weeks off."),
            ("assistant", "Good that it's not broken. Rest it properly."),
            (
                "user",
                "my landlady texted: 'Can I come round on Friday to check the boiler?' "
                "what should i text back?",
            ),
            ("assistant", "You could reply: 'Friday works, I'm in after five.'"),
        ],
    )
    assert worker_drain() == []
    assert chat.objects("open_question") == []


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_doubt_with_a_matter_of_its_own_is_not_an_earlier_question_again():
    chat = Dialogue("owner-doubt-own-matter")
    start = datetime(2026, 10, 3, 18, 30, tzinfo=ZoneInfo("Europe/London"))
    chat.session(
        "dad-1",
        start,
        [("user", "should i take over dad's bank letters now that his eyes are going?")],
    )
    assert worker_drain() == []
    [earlier] = chat.objects("open_question")
    chat.session(
        "dad-2",
        start + timedelta(days=5),
        [
            (
                "user",
                "wondering whether to bring dad to the seaside for his birthday weekend, "
                "not sure he'd manage",
            ),
            ("assistant", "A shorter trip might suit him better."),
        ],
    )
    assert worker_drain() == []
    questions = {q["ref"]: q for q in chat.objects("open_question")}
    assert questions[earlier["ref"]]["turns"] == {"dad-1-t01"}
    [doubt] = [q for ref, q in questions.items() if ref != earlier["ref"]]
    assert doubt["turns"] == {"dad-2-t01"}


@pytest.mark.parametrize(
    ("question", "about", "later", "done"),
    [
        # the question's own words told back as done
        (
            "Wie bring ich das meiner Vermieterin Frau Oltmanns bei?",
            set(),
            "Hab's gestern Frau Oltmanns gesagt, sie hat es gelassen genommen.",
            True,
        ),
        # after all, naming the matter the question was asked beside
        (
            "Is it daft to enter a triathlon at my age?",
            {"triat", "relay"},
            "Well, I went for it: entered the relay triathlon in Bala last night.",
            True,
        ),
        (
            "Soll ich dem Chor absagen oder noch eine Saison dranhängen?",
            {"saiso", "chor"},
            "Bin dann doch geblieben, die Saison mach ich noch mit dem Chor.",
            True,
        ),
        # one word of the question in a past sentence says nothing of it being done
        (
            "Should I sell the camper van before winter?",
            set(),
            "We took the camper van to the coast on Saturday.",
            False,
        ),
        # a plan to do it is not having done it
        (
            "Wie sag ich das Herrn Albers?",
            set(),
            "Nächste Woche werde ich es Herrn Albers sagen.",
            False,
        ),
    ],
)
def test_a_question_is_answered_by_telling_it_done(question, about, later, done):
    assert enrichment._done_as_asked(question, about, later) is done


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_the_turn_telling_how_a_question_went_answers_it_and_asks_nothing_new():
    chat = Dialogue("owner-told-done")
    chat.session(
        "before",
        datetime(2026, 5, 4, 20, 0, tzinfo=BERLIN),
        [
            (
                "user",
                "Signed up for the open mic at the Crown on Thursday. What if I freeze on stage?",
            ),
            ("assistant", "Only you can know how it feels up there, but nerves are normal."),
        ],
    )
    assert worker_drain() == []
    chat.session(
        "after",
        datetime(2026, 5, 9, 11, 0, tzinfo=BERLIN),
        [
            (
                "user",
                "i did the open mic!! first chord was wrong, the room went quiet and then they "
                "actually sang along to the chorus??",
            ),
            ("assistant", "That's wonderful!"),
        ],
    )
    assert worker_drain() == []
    questions = chat.objects("open_question")
    assert len(questions) == 1, [q["name"] for q in questions]
    assert questions[0]["facts"]["question_state"][-1]["state"] == "answered"


@pytest.mark.parametrize(
    ("sentence", "decides"),
    [
        ("so i rang my sister and told her she can have the spare room till june.", True),
        ("Gestern hab ich ihm gesagt, er darf das Fahrrad behalten.", True),
        ("my landlord told me i can stay another month.", False),
    ],
)
def test_leave_the_owner_gives_someone_is_a_decision(sentence, decides):
    assert enrichment._decision_sentence(sentence) is decides


@override_settings(GD_REFLECTION_ENRICH_SECONDS=0)
def test_a_question_about_what_the_sentence_before_names_is_an_open_question():
    chat = Dialogue("owner-question-before")
    chat.session(
        "werkstatt-1",
        datetime(2026, 9, 7, 20, 0, tzinfo=BERLIN),
        [
            (
                "user",
                "Ich überleg seit Monaten, ob ich mich nicht einfach selbstständig mach. "
                "Eigene Werkstatt, eigene Kunden. Aber mit 38 und Kind – soll ich das "
                "wirklich machen?",
            ),
            ("assistant", "Das klingt nach einem Gedanken, der schon länger in dir arbeitet."),
            ("user", "Keine Ahnung."),
            ("assistant", "Lass dir Zeit damit."),
        ],
    )
    assert worker_drain() == []
    [question] = chat.objects("open_question")
    # named with the sentence that says what "das" is; "Keine Ahnung." names nothing
    assert question["name"].startswith("Eigene Werkstatt, eigene Kunden.")
    assert question["turns"] == {"werkstatt-1-t01"}
