"""Everyday phone chat: allergens listed after the first ("allergic to penicillin and latex"),
a consequence with its own subject is a clause of its own ("i don't have a car so i walk to
work every day"), a pet's name set off after when it came ("we got a dog last month,
Biscuit"), a request to the assistant is no habit ("help me plan my week"), a medicine taken
by its dose is no routine, and a trade said by what is driven ("ich fahr Bus bei der
Rheinbahn"). The sentences here are not those of the evaluation set."""

from __future__ import annotations

from datetime import datetime

import pytest

from curator.rules import Known, RuleCurator, Turn
from tests.curator.reading import AT, my_tasks
from tests.curator.reading import asserted_triples as _facts

ME = "person:me"


def _allergies(text: str) -> set[str]:
    return {v.lower() for s, p, v in _facts(text) if s == ME and p == "allergic_to"}


@pytest.mark.parametrize(
    ("text", "allergens"),
    [
        ("i'm allergic to penicillin and latex", {"penicillin", "latex"}),
        ("ich bin allergisch gegen Nüsse, Sellerie und Senf", {"nüsse", "sellerie", "senf"}),
        ("allergic to codeine, latex and bee stings tbh", {"codeine", "latex", "bee stings"}),
        ("i'm allergic to birch and also hazelnuts", {"birch", "hazelnuts"}),
        ("bin allergisch gegen Erdbeeren und Kiwi, leider", {"erdbeeren", "kiwi"}),
    ],
)
def test_every_allergen_of_a_list(text, allergens):
    assert _allergies(text) == allergens


@pytest.mark.parametrize(
    ("text", "allergen"),
    [
        ("i'm allergic to cats and my husband hates fish", "cats"),
        ("allergic to dogs, cats are fine weirdly", "dogs"),
        ("allergic to penicillin, found out as a kid", "penicillin"),
        ("ich bin allergisch gegen Nüsse und ich hab nen Hund", "nüsse"),
    ],
)
def test_a_list_ends_where_a_clause_goes_on(text, allergen):
    assert _allergies(text) == {allergen}


@pytest.mark.parametrize(
    ("text", "routine"),
    [
        ("i don't have a car so i walk to work every day", "walk to work every day"),
        ("i do the market run tuesdays and fridays at 5am so i'd get fresh stock", "market run"),
    ],
)
def test_a_consequence_keeps_its_negation_and_supposition_to_itself(text, routine):
    routines = {v for s, p, v in _facts(text) if s == ME and p == "routine"}
    assert any(routine in v for v in routines), routines


def test_a_consequence_after_laughter_is_its_own_clause():
    facts = _facts("funny part is i'm allergic to cats lol so i pop a zyrtec every morning")
    assert (ME, "allergic_to", "Cats") in facts
    assert not {f for f in facts if f[1] == "routine"}


def test_a_negated_consequence_denies_only_itself():
    facts = _facts("i work nights at the depot so i don't eat breakfast")
    assert not {f for f in facts if f[1] == "routine" and "breakfast" in f[2]}


def _owned_since(text: str) -> dict[str, str]:
    turn = Turn(id="m", role="user", text=text, occurred_at=datetime.fromisoformat(AT))
    return {
        o["object_ref"]: o["valid_from"][:10]
        for o in RuleCurator().propose([turn], Known())
        if o["op"] == "assert_relationship" and o["predicate"] == "owns"
    }


@pytest.mark.parametrize(
    ("text", "since"),
    [
        ("we got a dog last month, Biscuit, she's a sweetheart", "2026-02-01"),
        ("got a rescue greyhound 3 weeks ago, Biscuit", "2026-02-17"),
        ("we got a kitten two weeks ago, Pickle", "2026-02-24"),
    ],
)
def test_a_pet_named_after_when_it_came(text, since):
    assert _owned_since(text) == {"pet:" + text.split(", ")[1].split(",")[0].lower(): since}


def test_a_name_after_a_time_still_needs_its_comma():
    assert _owned_since("we got a dog last month Biscuit was so happy") == {}


@pytest.mark.parametrize(
    "text",
    [
        "ok help me plan my week",
        "help me sort my weekly shopping",
        "kannst du mir helfen, meine woche zu planen",
    ],
)
def test_a_request_to_the_assistant_is_no_habit(text):
    assert not {f for f in _facts(text) if f[1] in ("routine", "hobby")}


def test_a_request_beside_a_habit_leaves_the_habit():
    facts = _facts("can you help me with a meal plan, i'm vegan and do crossfit every morning")
    assert (ME, "routine", "crossfit every morning") in facts


@pytest.mark.parametrize(
    ("text", "medicine"),
    [
        ("i'm on lamotrigine 100mg twice a day", "lamotrigine"),
        ("i got COPD so i'm on the Trelegy inhaler every mornin", "Trelegy"),
        ("ich hab asthma, deswegen inhalier ich jeden morgen Budesonid", "Budesonid"),
    ],
)
def test_a_medicine_taken_by_its_dose_is_no_routine(text, medicine):
    facts = _facts(text)
    assert not {f for f in facts if f[1] == "routine"}
    assert any(p == "takes_medication" and v.startswith(medicine) for _, p, v in facts)


def test_what_a_plan_replaced_is_no_part_of_it():
    facts = _facts("the hotel cancelled so we're doing Edinburgh instead")
    assert {v for _, p, v in facts if p == "plans"} == {"Edinburgh"}


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("i've been driving buses for the city 6 years now", "bus driver"),
        ("my brother Tom drives taxis for Uber at weekends", "taxi driver"),
        ("ich fahr Bus bei der Rheinbahn, meistens Spätschicht", "Busfahrer"),
        ("ich fahre LKW für eine Spedition in Kassel", "LKW-Fahrer"),
    ],
)
def test_a_trade_said_by_what_is_driven(text, job):
    assert job in {v for _, p, v in _facts(text) if p == "works_as"}


@pytest.mark.parametrize(
    "text", ["ich fahr Bus zur Arbeit", "ich fahre jeden Tag Bus", "i drive my own truck"]
)
def test_riding_or_owning_a_vehicle_is_no_trade(text):
    assert not {f for f in _facts(text) if f[1] == "works_as"}


def test_a_reason_after_a_task_is_no_part_of_its_name():
    tasks = my_tasks("gotta renew my passport before june cos we're going to barcelona")
    assert set(tasks) == {"task:renew-passport"}


@pytest.mark.parametrize(
    "text",
    [
        "mein Sohn Jonas ist seit diesem Schuljahr am Goethe-Gymnasium",
        "meine Tochter ist jetzt im zweiten Lehrjahr",
    ],
)
def test_a_span_of_time_after_a_copula_is_no_trade(text):
    assert not {f for f in _facts(text) if f[1] == "works_as"}


def test_a_job_said_in_the_past_in_an_introduction_is_no_job_now():
    facts = _facts(
        "Also, ich bin die Renate, 68, seit drei Jahren in Rente, war Grundschullehrerin."
    )
    assert (ME, "age", "68") in facts
    assert not {f for f in facts if f[1] == "works_as"}


@pytest.mark.parametrize(
    ("said", "forget", "kept"),
    [
        (
            "Ich bin allergisch gegen Nüsse und Sellerie.",
            "Und vergiss das mit dem Sellerie.",
            "Nüsse",
        ),
        ("i'm allergic to penicillin and latex", "forget the latex thing", "Penicillin"),
    ],
)
def test_forgetting_one_item_of_a_list_keeps_the_others(said, forget, kept):
    allergies = {v for _, p, v in _facts(said, forget) if p == "allergic_to"}
    assert allergies == {kept}


def test_forgetting_a_topic_still_takes_every_value_it_covers():
    said = "I love red wine and rosé wine"
    assert {f for f in _facts(said) if f[1] == "prefers"}
    assert not {f for f in _facts(said, "forget what I said about wine") if f[1] == "prefers"}
