"""What a sentence says beside a relative, a pet or a correction, and is no fact of theirs: a
common noun ending a phrase before "my wife" is no name ("mehr Glück, meine Frau sagt"), a
pet named after a comma past a feeding time is the next clause's subject, a correction's
preposition is no value, a divorce said in the main clause's order ends the marriage, and
how little one makes of a trade is no part of it. The sentences here are not those of the
evaluation set."""

from __future__ import annotations

import pytest

from curator.rules import Known
from tests.curator.reading import asserted_triples as _facts
from tests.curator.test_extract import ops_of

ME = "person:me"


def _people(*texts: str) -> set[str]:
    return {f[0] for f in _facts(*texts) if f[0].startswith("person:") and f[0] != ME}


@pytest.mark.parametrize(
    "text",
    [
        "mit 60 hat man halt mehr Glück, meine Frau sagt das auch",
        "grüß gott, mei bua hat mir des handy eingrichtet",
        "na spaß, mei chef sagt i soll mehr lernen",
        "i such a wohnung über so a immobilienportal, mei schwester hat mir des empfohlen",
        "i was reading about dolphins, my grandson loves them",
    ],
)
def test_a_common_noun_ending_a_phrase_is_no_relatives_name(text):
    assert _people(text) == set()


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Finn, mein Sohn, ist jetzt in der zweiten Klasse", "person:finn"),
        ("ach und finn, mein sohn hat nächste woche geburtstag", "person:finn"),
        ("Grace, my wife, is a teacher", "person:grace"),
    ],
)
def test_a_name_opening_its_clause_still_names_the_relative(text, person):
    assert person in _people(text)


def test_a_pet_may_still_be_called_by_a_noun():
    assert (ME, "owns", "pet:krumel") in _facts("das ist Krümel, unser Hund")


def test_an_adverb_after_a_relative_is_no_name():
    assert _people("ich fahr jeden tag mitm auto von meiner omma lang zur arbeit") == set()


def test_a_pet_named_past_a_comma_after_the_time_is_the_next_clauses():
    facts = _facts(
        "wir ham nen kater, den moritz, und ne katze, die frieda. "
        "sein futter kriegt er um halb sieben morgens, die frieda erst abends"
    )
    assert ("pet:moritz", "feeding_time", "06:30") in facts
    assert not {f for f in facts if f[:2] == ("pet:frieda", "feeding_time")}


def test_each_pet_gets_the_time_of_its_own_clause():
    facts = _facts(
        "we have a labrador called Biscuit and a budgie called Kiwi. "
        "she gets her seed at 7 in the morning, biscuit eats at 6 in the evening"
    )
    assert ("pet:kiwi", "feeding_time", "07:00") in facts
    assert ("pet:biscuit", "feeding_time", "18:00") in facts


def test_two_times_of_one_pet_keep_the_first():
    facts = _facts("unsere Katze Luna kriegt um 7 und um 18 Uhr Futter")
    assert {f for f in facts if f[1] == "feeding_time"} == {("pet:luna", "feeding_time", "07:00")}


@pytest.mark.parametrize(
    ("text", "breed"),
    [
        ("we also have a cockatiel called Mango", "Cockatiel"),
        ("unser Nymphensittich Pieps ist 4", "Nymphensittich"),
    ],
)
def test_kinds_of_parrot_are_birds(text, breed):
    facts = _facts(text)
    pets = {f[2] for f in facts if f[:2] == (ME, "owns")}
    assert len(pets) == 1
    (pet,) = pets
    assert (pet, "species", "bird") in facts
    assert (pet, "breed", breed) in facts


ALLERGY = [
    {"id": "pen", "subject_ref": ME, "predicate": "allergic_to", "value": "penicillin",
     "object_ref": None},
]  # fmt: skip


def test_a_corrections_preposition_is_no_value():
    ops = ops_of(
        "it's codeine im allergic to not penicillin, penicillin is my sister",
        known=Known(facts=ALLERGY),
    )
    allergies = {
        (op["object_value"], op.get("corrects_fact_id"))
        for op in ops
        if op["op"] == "assert_fact" and op["predicate"] == "allergic_to"
    }
    assert allergies == {("codeine", "pen")}


@pytest.mark.parametrize(
    "text",
    [
        "mein mann jens und ich lassen uns scheiden, der zieht nach stade",
        "my husband Rob and I are divorcing, he's moving out in may",
    ],
)
def test_a_divorce_in_the_main_clauses_order_ends_the_marriage(text):
    assert not {f for f in _facts(text) if f[1] == "relation_to_user"}


def test_a_task_that_is_only_a_particle_is_not_stored():
    ops = ops_of("meld bitte unsre zwei konzerte an. muss ja bis zum 20. raus")
    assert not [op for op in ops if op.get("id_hint") == "task:ja"]
    assert not [op for op in ops if str(op.get("subject_ref", "")).startswith("task:ja")]


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("im only the driver, shes the talent", "driver"),
        ("i'm just a cleaner at the hospital", "cleaner"),
    ],
)
def test_how_little_one_makes_of_a_trade_is_no_part_of_it(text, job):
    jobs = {f[2] for f in _facts(text) if f[:2] == (ME, "works_as")}
    assert jobs == {job}


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("i'm a paramedic at st mary's here in portsmouth", "place:portsmouth"),
        ("im a dog groomer, self employed, based in swansea.", "place:swansea"),
        ("I'm based in Leeds these days", "place:leeds"),
        ("ich wohn nich in kahla sondern in pößneck", "place:possneck"),
        ("we don't live in Ames but in Boone", "place:boone"),
    ],
)
def test_the_speakers_home_said_in_passing(text, place):
    assert (ME, "lives_in", place) in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "i work for a startup that's based in Berlin",
        "ich wohn nich in kahla",
        "a barista at a little cafe in Shoreditch",
    ],
)
def test_no_home_where_none_is_said(text):
    assert not {f for f in _facts(text) if f[:2] == (ME, "lives_in")}
