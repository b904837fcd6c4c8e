"""A speaker's clause that no construction reads is mapped onto a predicate by its nearest
labelled example clauses (the multilingual embedding model), with its content words as the
value; a mood of the day, someone else's taste, a question or a negated state is not."""

from __future__ import annotations

import pytest

from curator.extract import nearest
from tests.conftest import BOTH_DATABASES
from tests.curator.test_extract import facts
from tests.curator.test_newcomer_phrasing import Chat

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # phrasings none of the example clauses has
        ("lakritz ist nix für mich", (ME, "dislikes", "lakritz")),
        ("i just really don't like olives", (ME, "dislikes", "olives")),
        ("i do my laundry on sunday mornings", (ME, "routine", "laundry on sunday mornings")),
    ],
)
def test_a_clause_no_construction_reads_takes_its_nearest_examples_predicate(text, fact):
    assert fact in facts(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("lakritz ist nix für mich", (ME, "dislikes", "lakritz")),
        # (not "… on sunday mornings": a weekday's part in the plural is read as a habit)
        ("i do my laundry at the weekend", (ME, "routine", "laundry at weekend")),
    ],
)
def test_without_an_embedding_model_nothing_is_guessed(text, fact, monkeypatch):
    monkeypatch.setattr(nearest, "configured_embedder", lambda: None)
    assert fact not in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "ich hab heute keine lust auf kochen",
        "ich muss morgen früh raus",
        "my sister hates olives",
        "should i try yoga?",
        "ich bin kein fan von yoga",
        "i'm so tired today",
    ],
)
def test_a_mood_a_day_someone_else_or_a_question_states_no_taste_or_habit(text):
    assert not {
        f for f in facts(text) if f[0] == ME and f[1] in ("prefers", "dislikes", "routine", "hobby")
    }


@pytest.mark.parametrize(
    ("clause", "predicate", "lang", "value"),
    [
        ("jeden Sonntag ruf ich meine Oma an", "routine", "de", "jeden Sonntag Oma anrufen"),
        ("da hol ich immer meine Nichte ab", "routine", "de", "immer Nichte abholen"),
        ("seit Montag mach ich Intervallfasten", "routine", "de", "Intervallfasten"),
        ("with oat milk and no sugar", "prefers", "en", "oat milk"),
        ("kaffee krieg ich echt nicht runter", "dislikes", "de", "kaffee"),
        # what frames the thing is no part of it
        ("mein lieblingsessen ist lasagne", "prefers", "de", "lasagne"),
        ("sushi is my comfort food", "prefers", "en", "sushi"),
        ("ich bin ein großer fan von hörbüchern", "prefers", "de", "hörbüchern"),
        ("i'm a sucker for spicy food", "prefers", "en", "spicy food"),
        ("Tee ist mir lieber als Kaffee", "prefers", "de", "Tee"),
        ("I prefer tea over coffee", "prefers", "en", "tea"),
        ("rotwein ist mir zu schwer", "dislikes", "de", "rotwein"),
        ("mayo is nasty", "dislikes", "en", "mayo"),
        ("ich nehm ramipril gegen den blutdruck", "takes_medication", "de", "ramipril"),
        ("ich nehm jeden morgen l-thyroxin", "takes_medication", "de", "l-thyroxin"),
        ("i take levothyroxine every morning", "takes_medication", "en", "levothyroxine"),
        ("ich hab seit der geburt einen herzfehler", "health_condition", "de", "herzfehler"),
        # a clipped German verb beside its subject is the verb, in the infinitive
        ("ich spiel seit jahren gitarre", "hobby", "de", "gitarre spielen"),
        ("nebenbei töpfer ich", "hobby", "de", "töpfern"),
        ("ich back unheimlich gern brot", "hobby", "de", "brot backen"),
        ("zweimal die woche geh ich bouldern", "routine", "de", "zweimal woche bouldern"),
    ],
)  # fmt: skip
def test_the_value_is_the_content_and_a_german_activity_ends_on_its_infinitive(
    clause, predicate, lang, value
):
    said = nearest.without_dislike_words(clause, lang=lang) if predicate == "dislikes" else clause
    assert nearest.content(said, predicate=predicate, lang=lang) == value


@pytest.mark.parametrize(
    "text",
    [
        # a like by its words, a dislike by the nearest example said without a negation
        # ("ich find camping furchtbar", "lakritz ist für mich das schlimmste")
        "ich find kreuzfahrten furchtbar",
        "rosenkohl ist für mich das schlimmste",
        "raw tomatoes make me gag",
    ],
)
def test_a_taste_whose_words_and_neighbours_disagree_is_no_like(text):
    assert not {f for f in facts(text) if f[1] == "prefers"}


@pytest.mark.parametrize(
    "text",
    [
        "morgen geh ich vielleicht schwimmen",
        "someday i want to learn the cello",
        "ich schau heute abend nen film",
        "ich ess kein fleisch mehr seit gestern, mal sehen",
        "i'm not vegetarian anymore",
        # someone else's activity, a habit that ended, a thing, a name, one evening, a
        # correction
        "Um 18 Uhr kommt mein Mann erst heim",
        "I don't drink coffee anymore",
        "can you summarise this CV for me? it's for a role on my team",
        "So, quick intro since you're new: I'm Sam, 38",
        "just got in from a 12 hr shift, absolutely knackered",
        "actually I meant Bath",
    ],
)
def test_a_plan_a_hope_someone_else_or_a_negation_states_no_habit_taste_or_diet(text):
    assert not {
        f
        for f in facts(text)
        if f[1] in ("routine", "hobby", "diet", "prefers", "dislikes", "health_condition")
    }


@pytest.mark.django_db(databases=BOTH_DATABASES)
def test_through_the_api_and_the_worker_a_routine_and_a_dislike_are_believed():
    chat = Chat(owner="nearest-en")
    chat.say("i do my laundry on sunday mornings, and i just really don't like olives")
    facts_now = chat.current(ME)
    assert facts_now.get("routine") == "laundry on sunday mornings"
    assert facts_now.get("dislikes") == "olives"


def test_a_duration_after_a_routine_is_no_routine_of_its_own():
    found = facts("I do yoga every morning before work, like 20 mins")
    assert (ME, "routine", "20 mins") not in found


@pytest.mark.parametrize(
    "text",
    [
        "my optician mentioned it",
        "von 6 bis 14 uhr",
        "my one true love",
    ],
)
def test_a_far_neighbour_is_a_guess_and_states_nothing(text):
    assert not {f for f in facts(text) if f[0] == ME}
