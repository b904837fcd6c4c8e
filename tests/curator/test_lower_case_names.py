"""Names written in lower case, as people type on a phone: the frame marks the name ("meine
frau heißt wiebke", "ne tochter, ida, die …", "fridolin, unser kaninchen", "hey i'm callum,
45", "my boss at brightwell is called priya"), never its first letter; a word of another kind
in the same frame ("ich bin umgezogen, …", "genau, meine schwester …") names nobody."""

from __future__ import annotations

from datetime import datetime

import pytest

from curator.rules import Known, RuleCurator, Turn
from tests.curator.test_spoken_phrasing import AT, asserted

ME = "person:me"


def said(*texts: str) -> set[tuple[str, str, str]]:
    return {
        (o["subject_ref"], o["predicate"], o.get("object_ref") or o.get("object_value"))
        for o in asserted(*texts)
    }


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("hi! ich bin jonte, 29, ich arbeite als tischler", "Jonte"),
        ("moin, ich bin übrigens die wiebke, 52", "Wiebke"),
        ("hey i'm callum, 45, i fix boilers", "Callum"),
        ("hi, im priya, nice to meet you", "Priya"),
    ],
)
def test_the_speakers_own_name_opening_the_chat(text, name):
    facts = said(text)
    assert (ME, "name", name) in facts
    assert not any(p == "takes_medication" for _, p, _ in facts)


@pytest.mark.parametrize(
    "text",
    [
        "ich bin umgezogen, seit märz wohnen wir in kiel",
        "ich bin müde, war ein langer tag",
        "ich bin krank, 3 tage schon",
        "i'm knackered, long day at work",
        "i'm moving, finally",
    ],
)
def test_a_state_after_ich_bin_is_no_name(text):
    assert not any(p == "name" for _, p, _ in said(text))


@pytest.mark.parametrize(
    ("text", "ref", "relation"),
    [
        ("meine frau heißt wiebke, sie ist erzieherin", "person:wiebke", "wife"),
        ("mein mann heisst übrigens torben", "person:torben", "husband"),
        ("my husband's called rory, he's a plumber", "person:rory", "husband"),
        ("wir haben ne tochter, ida, die wird im juni 5", "person:ida", "daughter"),
        ("we've got a son, finn, he turns 8 in june", "person:finn", "son"),
        ("mein chef bei hansen heißt ole, netter typ", "person:ole", "boss"),
        ("my boss at brightwell is called priya, she's lovely", "person:priya", "boss"),
        ("Mein Chef bei Hansen heißt Ole.", "person:ole", "boss"),
    ],
)
def test_a_relative_named_by_heisst_or_in_apposition(text, ref, relation):
    facts = said(text)
    assert (ref, "relation_to_user", relation) in facts
    # the relation noun and the workplace's preposition are no people, the role no job
    assert not any(s in ("person:frau", "person:mann", "person:bei") for s, _, _ in facts)
    assert not any(p == "works_as" and s == ME for s, p, _ in facts)


def test_the_job_said_of_the_wife_named_by_heisst_is_hers():
    facts = said("meine frau heißt wiebke, sie ist erzieherin")
    assert ("person:wiebke", "works_as", "erzieherin") in facts


@pytest.mark.parametrize(
    ("text", "pet", "species"),
    [
        ("und dann gibts noch fridolin, unser kaninchen.", "pet:fridolin", "rabbit"),
        ("und dann gibts noch kurt, unsere schildkröte.", "pet:kurt", "tortoise"),
        ("Das ist Kurt, unsere Schildkröte.", "pet:kurt", "tortoise"),
        ("and then there's pebble, our tortoise", "pet:pebble", "tortoise"),
    ],
)
def test_a_pet_named_before_its_noun(text, pet, species):
    facts = said(text)
    assert (pet, "species", species) in facts
    assert (ME, "owns", pet) in facts


def test_a_lower_case_name_found_once_is_read_again_later():
    facts = said("meine frau heißt wiebke", "wiebke hat am 3. august geburtstag")
    assert ("person:wiebke", "birthday", "--08-03") in facts


@pytest.mark.parametrize(
    "text",
    [
        "genau, meine schwester wohnt in bonn",
        "lol, my sister is so funny",
        "ja, mein bruder kommt morgen",
        "wie heißt das nochmal",
    ],
)
def test_a_word_before_or_after_the_frame_that_is_no_name(text):
    people = {s for s, _, _ in said(text) if s != ME}
    assert not people & {"person:genau", "person:lol", "person:ja", "person:das"}


@pytest.mark.parametrize(
    ("text", "org", "place"),
    [
        (
            "ich arbeite als bootsbauer bei der werft jessen in flensburg",
            "org:werft-jessen",
            "place:flensburg",
        ),
        (
            "seit letzter woche arbeite ich bei segelmacherei petersen in kiel",
            "org:segelmacherei-petersen",
            "place:kiel",
        ),
        (
            "bin jetzt bei der tischlerei vogt in husum angestellt",
            "org:tischlerei-vogt",
            "place:husum",
        ),
    ],
)
def test_a_trade_named_in_lower_case_is_the_employer_and_where_it_is(text, org, place):
    facts = said(text)
    assert (ME, "works_at", org) in facts
    assert (org, "located_in", place) in facts


@pytest.mark.parametrize(
    "text",
    [
        "am 14. januar hab ich um 9:30 nen zahnarzttermin bei dr. lorenzen",
        "Am 14. Januar habe ich um 9:30 einen Zahnarzttermin bei Dr. Lorenzen.",
        "I've got a check-up with Dr. Patel at work on Friday",
    ],
)
def test_a_doctor_seen_is_no_employer(text):
    assert not any(p == "works_at" for _, p, _ in said(text))


def test_what_is_denied_with_a_contraction_is_no_dislike_of_those_words():
    facts = said("i haven't had coffee since january, only tea now")
    assert not any(p == "dislikes" and "n't" in str(v) for _, p, v in facts)


@pytest.mark.parametrize(
    "texts",
    [
        ("meine frau heißt wiebke", "ja wiebke liest ihr jetzt jeden abend was vor"),
        ("Meine Frau heißt Wiebke.", "Ja, Wiebke liest ihr jetzt jeden Abend was vor."),
        ("my brother is called tom", "yeah tom goes swimming every monday"),
    ],
)
def test_a_named_persons_habit_after_a_reply_word_is_not_the_speakers(texts):
    assert not any(s == ME and p == "routine" for s, p, _ in said(*texts))


def test_the_speakers_own_habit_after_a_reply_word_stays_theirs():
    facts = said("meine frau heißt wiebke", "ja ich geh jetzt jeden morgen joggen")
    assert any(s == ME and p == "routine" for s, p, _ in facts)


@pytest.mark.parametrize(
    ("alias", "ref", "text", "fact"),
    [
        (
            "wiebke",
            "person:wiebke",
            "wiebke hat am 3. august geburtstag",
            ("person:wiebke", "birthday", "--08-03"),
        ),
        ("kurt", "pet:kurt", "kurt ist übrigens 23 jahre alt", ("pet:kurt", "age", "23")),
        ("rory", "person:rory", "rory is 44 now", ("person:rory", "age", "44")),
    ],
)
def test_a_name_memory_holds_is_read_in_lower_case_in_a_later_chat(alias, ref, text, fact):
    turn = Turn(id="m0", role="user", text=text, occurred_at=datetime.fromisoformat(AT))
    ops = RuleCurator().propose([turn], Known(aliases={alias: ref}))
    facts = {
        (o["subject_ref"], o["predicate"], o.get("object_value")) for o in ops if "predicate" in o
    }
    assert fact in facts
