"""A condition's whole name (where on the body it sits, what it comes with, the noun an
adjective stands for, the word chat shortens it to), a drug named before its verb,
abbreviated weekdays written apart, and a liking said with the copula leaning on the thing
or put first: each held to phrasings of its own in both languages and to sentences it must
leave alone."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


def _of_me(found: set, predicate: str) -> set:
    return {value for subject, p, value in found if subject == ME and p == predicate}


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        (
            "hab seit dem Sturz nen Bänderriss im rechten Sprunggelenk",
            "Bänderriss im rechten Sprunggelenk",
        ),
        ("hab seit Jahren Arthrose im Knie", "Arthrose im Knie"),
        ("i've had tendinitis in my left shoulder since march", "tendinitis in my left shoulder"),
        ("ich leide unter Migräne mit Aura", "Migräne mit Aura"),
        ("i get migraines with aura since my teens", "migraines with aura"),
    ],
)
def test_where_a_condition_sits_and_what_it_comes_with_belong_to_its_name(text, condition):
    assert condition in _of_me(facts(text), "health_condition")


def test_a_companion_with_an_article_or_a_pronoun_is_said_about_the_condition():
    assert _of_me(facts("ich hab Asthma mit meinem neuen Spray im Griff"), "health_condition") == {
        "Asthma"
    }
    assert _of_me(facts("i have asthma with the odd bad week"), "health_condition") == {"asthma"}


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("my gp confirmed it, i'm coeliac", "coeliac disease"),
        ("turns out i'm celiac, ugh", "celiac disease"),
        ("bloods came back, i'm anemic again", "anemia"),
        ("i've got coeliac disease since last year", "coeliac disease"),
    ],
)
def test_a_condition_said_as_an_adjective_is_written_as_its_noun(text, condition):
    assert condition in _of_me(facts(text), "health_condition")


def test_a_condition_chat_shortens_is_written_out():
    found = facts("that a-fib the doctors found last spring is acting up again")
    assert "atrial fibrillation" in _of_me(found, "health_condition")
    assert "atrial fibrillation" in _of_me(facts("i have afib"), "health_condition")


def test_a_finding_needs_the_finders_right_after_the_condition():
    assert not _of_me(facts("they found a cafe with asthma friendly seating"), "health_condition")


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("Paracetamol nehm ich nur wenn's gar nicht anders geht", "Paracetamol"),
        ("diclo krieg ich seit der OP", "Diclofenac"),
    ],
)
def test_a_drug_named_before_its_verb_is_taken(text, drug):
    assert drug in _of_me(facts(text), "takes_medication")


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("i swim tue thu mornings at the leisure centre", "swim Tuesday Thursday mornings"),
        ("we do pilates mon wed", "pilates Monday Wednesday"),
    ],
)
def test_abbreviated_weekdays_written_apart_are_the_days(text, routine):
    assert any(routine in value for value in _of_me(facts(text), "routine"))


def test_a_single_short_day_word_stays_a_word():
    values = _of_me(facts("every morning i sat in the sun with my coffee"), "routine")
    assert not any(day in value for value in values for day in ("Saturday", "Sunday"))


# --- likes said with the copula leaning on the thing or put first --------------------------


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("board games? nah, crosswords's my thing", "crosswords"),
        ("oolong's my go-to when i'm working late", "oolong"),
        ("what i actually enjoy is birdwatching", "birdwatching"),
        ("was ich wirklich mag, ist Stachelbeerkuchen", "Stachelbeerkuchen"),
    ],
)
def test_a_liking_is_read_whatever_the_order(text, thing):
    likes = _of_me(facts(text), "prefers")
    assert thing in likes
    assert not any(value.lower().startswith(("is ", "ist ")) or "'s" in value for value in likes)


def test_a_genitive_is_no_copula():
    assert not _of_me(facts("my gran's stew is the best thing ever"), "prefers") & {"gran"}
