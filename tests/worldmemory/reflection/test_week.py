"""A week of ordinary conversation (``tests/fixtures/week_de.json``), fed as a person's agent
would feed it: session by session through ``POST /api/v1/sources/messages``, the worker's
due schedules run after each (django-q2's sync mode, with no enrichment debounce).

Each expectation is what Lena would recognise on the Reflexion pages after that week: a
thread, an experience or an open question, formed from the dialogue alone and citing the
turns it rests on. An expectation the engine does not meet yet is marked ``xfail(strict)``
with the reason, so it turns into a failure (to be unmarked) the day the engine meets it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.db import transaction
from django.test import override_settings

from curator.language.tagging import part_of_speech
from tests.conftest import BOTH_DATABASES
from worldmemory.benchmarks.reflection_quality import conversation_feed, fold, formed_read
from worldmemory.reflection import language as lang
from worldmemory.reflection.continuity import working_state_data
from worldmemory.tenancy import owner_scope

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)

WEEK = json.loads(
    (Path(__file__).resolve().parents[2] / "fixtures" / "week_de.json").read_text("utf-8")
)
EXPECT = WEEK["expect"]
OWNER = "owner-week-de"
USER_TURNS = {t["id"] for s in WEEK["sessions"] for t in s["turns"] if t["role"] == "user"}
ALL_TURNS = {t["id"] for s in WEEK["sessions"] for t in s["turns"]}


@pytest.fixture(scope="module")
def formed(django_db_setup, django_db_blocker):
    """The week is fed once for the module, inside transactions rolled back at its end
    (each test then runs in a savepoint of them, as in a Django TestCase class)."""
    with (
        django_db_blocker.unblock(),
        transaction.atomic(using="default"),
        transaction.atomic(using="app"),
    ):
        with override_settings(GD_REFLECTION_ENRICH_SECONDS=0):
            failures = conversation_feed(conversation=WEEK, owner=OWNER)
        assert failures == []
        yield formed_read(owner=OWNER)
        transaction.set_rollback(True, using="app")
        transaction.set_rollback(True, using="default")


def _by_id(items: list[dict]) -> dict[str, dict]:
    return {item["id"]: item for item in items}


def _named(name: str, keywords: list[str]) -> bool:
    return any(fold(word) in fold(name) for word in keywords)


def _xfail(reason: str):
    return pytest.mark.xfail(strict=True, reason=reason)


THREADS = _by_id(EXPECT["threads"])
EXPERIENCES = _by_id(EXPECT["experiences"])
QUESTIONS = _by_id(EXPECT["open_questions"])


@pytest.mark.parametrize(
    "expected",
    ["th-relaunch", "th-umstrukturierung", "th-wohnung", "th-nacken", "th-tobias"],
)
def test_a_topic_of_the_week_is_a_thread_resting_on_its_turns(formed, expected):
    item = THREADS[expected]
    fitting = [
        thread
        for thread in formed["thread"]
        if _named(thread.name, item["keywords"]) and thread.turns & set(item["turns"])
    ]
    assert fitting, f"no thread names {item['keywords']} on {item['turns']}"
    best = max(fitting, key=lambda thread: len(thread.turns & set(item["turns"])))
    # the evidence is the owner's own turns, across more than one session
    assert best.turns <= USER_TURNS
    assert len({turn.split("-")[0] for turn in best.turns}) >= 2
    assert best.state in {item["state_at_end"], *item["state_also_ok"]}


def _experience(formed, expected: str):
    item = EXPERIENCES[expected]
    told = {item["turn"], *item.get("also_turns", [])}
    return item, [e for e in formed["experience"] if e.extra.get("source") in told]


@pytest.mark.parametrize(
    "expected",
    [
        "ex-besichtigung",
        "ex-praesentation",
        "ex-geburtstag",
        # what happened in one turn, what it meant in the next ("Wie ging es dir dabei?")
        "ex-sonnenaufgang",
    ],
)
def test_a_moment_told_is_one_dated_experience_citing_its_turn(formed, expected):
    item, found = _experience(formed, expected)
    assert len(found) == 1, f"{item['what']}: {[e.name for e in found]}"
    [experience] = found
    assert item["turn"] in experience.turns or experience.extra["source"] in experience.turns
    assert experience.extra["occurred"].get("value") == item["occurred"]
    assert experience.extra["occurred"].get("granularity") == item["granularity"]


def test_the_sunrise_carries_lenas_own_word_on_its_importance(formed):
    item, [experience] = _experience(formed, "ex-sonnenaufgang")
    assert "explicit_importance" in experience.extra["signals"]
    # the word came in the next turn: that turn is the evidence of it
    assert set(item["also_turns"]) <= experience.turns


@pytest.mark.parametrize("expected", ["oq-tobias", "oq-stress", "oq-stadt"])
def test_a_question_left_open_is_an_open_question_citing_where_it_was_asked(formed, expected):
    item = QUESTIONS[expected]
    found = [q for q in formed["open_question"] if q.extra.get("source") == item["turn"]]
    assert len(found) == 1, item["text"]
    assert item["turn"] in found[0].turns


@pytest.mark.parametrize("expected", ["oq-tobias", "oq-stress"])
def test_a_question_nobody_answered_is_still_open_at_the_end_of_the_week(formed, expected):
    item = QUESTIONS[expected]
    [question] = [q for q in formed["open_question"] if q.extra.get("source") == item["turn"]]
    assert question.state == "open"


def test_the_city_or_outside_doubt_is_settled_by_the_decision_on_sunday(formed):
    """'Mir ist klar geworden, dass ich gar nicht unbedingt in der Stadt wohnen muss' (s12)
    settles 'Ich liebe die Stadt. … Keine Ahnung, was ich will.' (s7): the city the
    asking turn named, two sentences before the doubt."""
    item = QUESTIONS["oq-stadt"]
    [question] = [q for q in formed["open_question"] if q.extra.get("source") == item["turn"]]
    assert question.state != "open"
    assert question.extra["resolved_by"] in {item["resolved_by"], *item["resolved_also_ok"]}


def test_the_gift_question_answered_at_once_is_not_an_open_question(formed):
    """'Was schenk ich ihr?' (s3-t01) is settled in its session by 'Perfekt, das mach ich.
    Der Töpferkurs in Ottensen hat Gutscheine' (s3-t05), taking up the suggestion."""
    [asked] = EXPECT["not_open_questions"]
    assert not [q for q in formed["open_question"] if q.extra.get("source") == asked["turn"]]


@pytest.mark.parametrize("kind", ["thread", "experience", "open_question", "reflection_space"])
def test_everything_formed_points_at_turns_of_the_week(formed, kind):
    """Traceable: each object of the week cites at least one of its turns, and only those."""
    assert formed[kind], f"nothing of kind {kind} formed"
    for item in formed[kind]:
        assert item.turns, f"{item.name} cites no turn"
        assert item.turns <= ALL_TURNS, item.name


def test_an_experience_is_named_by_the_sentence_that_tells_it_not_the_whole_message(formed):
    """'Die Präsentation heute Vormittag lief richtig gut.', not 'Geschafft! Die …
    geklatscht, als ich die neue Buchungsstrecke gezeigt habe.'"""
    messages = {t["id"]: t["text"] for s in WEEK["sessions"] for t in s["turns"]}
    for experience in formed["experience"]:
        told = messages[experience.extra["source"]]
        assert len(lang.sentences(experience.name.removesuffix(" …"))) == 1, experience.name
        assert fold(experience.name.removesuffix(" …")) in fold(told), experience.name
        assert len(experience.name) <= 120


# STTS tags of the words that name no topic: adjectives, adverbs, interjections, particles,
# full verbs ("drehen" in "Nacken · drehen · Kopf")
WEAK_TAGS = ("ADJ", "ADV", "ITJ", "PTK", "VV")


@pytest.mark.parametrize("kind", ["thread", "reflection_space"])
def test_no_thread_or_space_is_named_by_an_adjective_adverb_or_verb(formed, kind):
    """'Gute · Idee', 'früh', 'schlimmer' name nothing Lena would recognise."""
    for item in formed[kind]:
        for word in item.name.split(" · "):
            for token in lang.tokens(word):
                assert not part_of_speech(token, lang="de").startswith(WEAK_TAGS), item.name


def test_a_name_after_a_title_names_the_person_not_the_season(formed):
    """'Dr. Sommer', Lena's doctor, is not 'Sommer'."""
    names = [item.name for kind in ("thread", "reflection_space") for item in formed[kind]]
    assert "Dr. Sommer" in " · ".join(names)
    assert not [n for n in names if "Sommer" in n.split(" · ")]


def test_a_sessions_working_state_lists_what_was_formed_from_its_turns(formed):
    """Noted at ingest, before the enrichment ran: the session page read '—' for both."""
    # a thread's turns are its entries; an open question's, where it was asked
    formed_from = [(t, t.turns) for t in formed["thread"]]
    formed_from += [(q, {q.extra["source"]}) for q in formed["open_question"]]
    with owner_scope(OWNER) as scope:
        for session in WEEK["sessions"]:
            chat = f"{WEEK['id']}/{session['id']}"
            state = working_state_data(scope=scope, chat_id=chat)
            own = {t["id"] for t in session["turns"]}
            listed = {*state["active_threads"], *state["open_questions"]}
            for item, turns in formed_from:
                if turns & own:
                    assert item.ref in listed, f"{chat}: {item.name} not in its working state"
