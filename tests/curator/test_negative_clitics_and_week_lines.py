"""An English negative clitic ("don't", "doesnt") is tagged as the auxiliary the tagger
knows, so the verb after it stays a verb and the thing denied is its object; one weekday
heading a verbless clause is a line of the usual week once that week is being told."""

from __future__ import annotations

import pytest

from curator.language.tagging import sentence_tags
from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    "words",
    [["i", "don't", "eat", "mushrooms"], ["she", "doesnt", "drink", "beer"]],
)
def test_a_negated_auxiliary_leaves_the_verb_after_it_a_verb(words):
    tags = sentence_tags(words, lang="en")
    assert [w for w, _ in tags] == words  # one row per word, as given
    assert tags[1][1].startswith("VD")
    assert tags[2][1].startswith("VV")


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("i don't drink beer, cider's my thing", "beer"),
        ("honestly i don't eat olives", "olives"),
    ],
)
def test_a_denied_verb_of_taste_dislikes_its_object_not_the_verb(text, thing):
    dislikes = {f[2] for f in facts(text) if f[:2] == (ME, "dislikes")}
    assert dislikes <= {thing}
    assert not any("drink" in d or "eat" in d for d in dislikes)


@pytest.mark.parametrize(
    ("turns", "value"),
    [
        (
            (
                "trying to put together a weekly plan, I cycle to work every day",
                "thursday evening a pub quiz at the Crown",
            ),
            "thursday evening pub quiz at Crown",
        ),
        (
            (
                "kannst du mir nen Wochenplan machen? Montags geh ich laufen",
                "Mittwochabend Töpferkurs in der Volkshochschule",
            ),
            "Mittwochabend Töpferkurs in Volkshochschule",
        ),
    ],
)
def test_a_verbless_day_line_of_the_usual_week_is_a_routine(turns, value):
    routines = {f[2] for f in facts(*turns) if f[:2] == (ME, "routine")}
    assert any(r.lower().split() == value.lower().split() for r in routines), routines


@pytest.mark.parametrize(
    "turns",
    [
        ("friday dinner with Priya, can't wait",),
        ("Samstag Grillen bei Jonas",),
        ("what a day", "sunday football with the lads"),
    ],
)
def test_a_day_line_without_a_usual_week_is_no_routine(turns):
    assert not [f for f in facts(*turns) if f[1] == "routine"]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("tbh i'm sick to death of quinoa", "quinoa"),
        ("fed up with true crime podcasts tbh", "true crime podcasts"),
        ("i cain't stand grits", "grits"),
    ],
)
def test_being_weary_of_a_thing_is_a_dislike_not_a_liking(text, thing):
    found = facts(text)
    assert (ME, "dislikes", thing) in found
    assert not [f for f in found if f[1] == "prefers"]


@pytest.mark.parametrize(
    ("text", "thing"),
    [("honestly pho is life", "pho"), ("Käsekuchen ist einfach Leben!", "Käsekuchen")],
)
def test_a_thing_said_to_be_life_is_liked(text, thing):
    assert (ME, "prefers", thing) in facts(text)


@pytest.mark.parametrize("text", ["missed the bus again, oh well that's life", "so ist das Leben"])
def test_resignation_is_no_taste(text):
    assert not [f for f in facts(text) if f[1] in ("prefers", "dislikes")]


@pytest.mark.parametrize(
    "text",
    ["Fenchel? den will ich echt nicht auf dem Teller", "ich will auch kein Drama an Weihnachten"],
)
def test_a_wish_denied_after_its_verb_is_no_plan(text):
    assert not [f for f in facts(text) if f[1] == "plans"]


def test_a_wish_not_denied_is_still_a_plan():
    assert (ME, "plans", "nach Norwegen") in facts("im Sommer will ich nach Norwegen")


@pytest.mark.parametrize(
    "text",
    ["can you help me make a weekly plan for the kids", "ich brauch nen Wochenplan fürs Team"],
)
def test_the_kind_of_plan_asked_for_is_no_routine(text):
    assert not [f for f in facts(text) if f[1] == "routine"]


def test_a_weekly_doing_is_still_a_routine():
    assert (ME, "routine", "weekly shop at Lidl") in facts("i do a weekly shop at Lidl")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("tuesdays i do aqua aerobics.. no wait that's fridays", "fridays aqua aerobics"),
        ("montags geh ich bouldern, nee quatsch, das ist mittwochs", "mittwochs bouldern"),
    ],
)
def test_a_habit_whose_days_are_taken_back_holds_on_the_new_days(text, value):
    routines = {f[2] for f in facts(text) if f[:2] == (ME, "routine")}
    assert value in routines, routines


def test_someone_elses_habit_with_corrected_days_is_not_the_speakers():
    text = "my brother goes running on mondays, no wait that's fridays"
    assert not [f for f in facts(text) if f[:2] == (ME, "routine")]
