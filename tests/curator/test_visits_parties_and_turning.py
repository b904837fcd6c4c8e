"""Days that belong to a plan or to an age: a visit on a day ahead is the speaker's plan, a
birthday party's day is no birthday, an age said with its birthday ahead is one less until
then, and the day an age was reached dates the age, not what else the sentence says."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import ops_of

ME = "person:me"


def _facts(*texts: str) -> dict[tuple, str]:
    """(subject, predicate, value) → the day it holds from."""
    return {
        (o["subject_ref"], o["predicate"], o.get("object_value") or o.get("object_ref")): o[
            "valid_from"
        ][:10]
        for o in ops_of(*texts)
        if o["op"] in ("assert_fact", "assert_relationship")
    }


@pytest.mark.parametrize(
    ("text", "plan", "task"),
    [
        (
            "My brother Ole is coming to visit on August 3.",
            "visit from Ole",
            "task:visit-from-ole",
        ),
        (
            "My brother Ole will visit us on the 3rd of August",
            "visit from Ole",
            "task:visit-from-ole",
        ),
        ("Mein Bruder Ole kommt am 3. August zu Besuch.", "Besuch von Ole", "task:besuch-von-ole"),
        ("Mein Bruder Ole besucht uns am 3. August", "Besuch von Ole", "task:besuch-von-ole"),
    ],
)
def test_a_visit_on_a_day_ahead_is_the_speakers_plan_and_no_task(text, plan, task):
    # a visit is awaited, not done by its day: no task due that day
    found = _facts(text)
    assert (ME, "plans", plan) in found
    assert not [f for f in found if f[0] == task]


@pytest.mark.parametrize(
    "text",
    [
        "Is my brother Ole coming to visit on August 3?",
        "If my brother Ole comes to visit on August 3, we'll cook.",
        "My brother Ole came to visit on July 3.",
        "Mein Bruder Ole kommt nicht am 3. August zu Besuch.",
        "My brother Ole is coming to visit.",
        # which sister: the plan could not say
        "Meine Schwester kommt am 3. August zu Besuch.",
    ],
)
def test_an_asked_a_past_a_denied_an_undated_or_an_unnamed_visit_is_no_plan(text):
    assert not [f for f in _facts(text) if f[1] in ("plans", "due")]


@pytest.mark.parametrize(
    ("text", "plan", "day"),
    [
        (
            "We're planning a birthday party for Mia on March 14, 2027.",
            "birthday party for Mia",
            "2027-03-14",
        ),
        (
            "Wir planen am 14. März eine Geburtstagsparty für Mia.",
            "Geburtstagsparty Mia",
            "2027-03-14",
        ),
    ],
)
def test_a_birthday_partys_day_is_the_partys_not_the_birthday(text, plan, day):
    found = _facts("Meine Tochter Mia ist 6.", text)
    assert (ME, "plans", plan) in found
    # the day is the party's: neither Mia's birthday nor a task due then
    assert not any(f[1] == "due" and f[2] == day for f in found)
    assert not [f for f in found if f[1] == "birthday"]


@pytest.mark.parametrize(
    "text",
    ["Mia has her birthday on March 14.", "Mia hat am 14. März Geburtstag."],
)
def test_a_birthday_said_as_one_stays_a_birthday(text):
    found = _facts("Meine Tochter Mia ist 6.", text)
    assert ("person:mia", "birthday", "--03-14") in found


@pytest.mark.parametrize(
    "text",
    [
        "Meine Tante Gerda hat am 2. Oktober Geburtstag, sie wird 60.",
        "Meine Tante Gerda wird am 2. Oktober 60.",
        "My aunt Gerda turns 60 on October 2.",
    ],
)
def test_an_age_with_its_birthday_ahead_is_one_less_until_then(text):
    found = _facts(text)
    assert ("person:gerda", "birthday", "--10-02") in found
    assert ("person:gerda", "age", "59") in found
    assert ("person:gerda", "age", "60") not in found


@pytest.mark.parametrize(
    "text",
    ["My cat Minka turned 4 last week.", "Meine Katze Minka ist letzte Woche 4 geworden."],
)
def test_the_day_an_age_was_reached_dates_the_age_not_the_pet(text):
    found = _facts(text)
    assert found[("pet:minka", "age", "4")] == "2026-07-13"  # the Monday of last week
    assert found[(ME, "owns", "pet:minka")] == "2026-07-25"  # got no later than said
