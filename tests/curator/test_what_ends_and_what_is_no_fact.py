"""Deaths, breakups and requests to forget end only what the sentence is about, and everyday
words are no condition, medicine or taste: "Tom's dog died" ends nothing of Tom's, "I can't
get rid of this cough" forgets nothing, "Signalstörung" is a train fault."""

from __future__ import annotations

import pytest

from curator.rules import Known
from tests.curator.test_extract import facts, ops_of

KNOWN = Known(
    aliases={"tom": "person:tom", "ben": "person:ben", "oma": "person:oma"},
    facts=[
        {"id": "f1", "subject_ref": "person:tom", "predicate": "works_at", "object_ref": "org:x"},
        {
            "id": "f2",
            "subject_ref": "person:ben",
            "predicate": "relation_to_user",
            "value": "partner",
        },
        {"id": "f3", "subject_ref": "person:me", "predicate": "health_condition", "value": "cough"},
        {
            "id": "f4",
            "subject_ref": "person:oma",
            "predicate": "lives_in",
            "object_ref": "place:bonn",
        },
    ],
)


def ended(text: str) -> set[str]:
    return {
        op["target_fact_id"]
        for op in ops_of(text, known=KNOWN)
        if op["op"] in ("end_fact", "invalidate_fact")
    }


@pytest.mark.parametrize(
    "text",
    [
        "Tom's dog died yesterday",
        "I went to the funeral with Tom, his grandma died last week",
        "Gestern war ich mit Tom auf der Beerdigung, seine Oma ist gestorben",
        "We had dinner and my sister told me she and her boyfriend split up",
        "Wir waren gestern essen, und meine Schwester hat erzählt, dass sie sich getrennt hat",
        "Nein, Ben und ich haben uns nicht getrennt, alles gut",
        "I can't get rid of this cough.",
        "I'll drop it off tomorrow.",
    ],
)
def test_nothing_ends_that_the_sentence_is_not_about(text):
    assert not ended(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Oma ist letzte Woche gestorben", "f4"),
        ("Tom ist gestern gestorben", "f1"),
        ("Ben and I broke up", "f2"),
        ("Ben und ich sind nicht mehr zusammen", "f2"),
        ("please drop the bit about my cough", "f3"),
    ],
)
def test_what_the_sentence_is_about_ends(text, fact):
    assert fact in ended(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ich stand heute ewig am Bahnhof, Signalstörung mal wieder.",
        "I went out on Saturday with Pam.",
        "Ich hab mir gestern mit Pam Schuhe gekauft.",
        "Not into town today, too tired.",
        "Can't do mornings at the moment, the baby is up at five.",
    ],
)
def test_everyday_words_are_no_condition_medicine_or_taste(text):
    kept = {"health_condition", "takes_medication", "dislikes"}
    assert not [f for f in facts(text) if f[1] in kept]


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("ich hab seit Jahren eine Schlafstörung", "Schlafstörung"),
        ("bei mir wurde eine Angststörung festgestellt", "Angststörung"),
    ],
)
def test_a_medical_disorder_is_still_a_condition(text, condition):
    assert ("person:me", "health_condition", condition) in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Her mum's turning 70 next week. Her name is Brigid.",
        "Seine Mama hat morgen Geburtstag, sie heißt Gerda.",
    ],
)
def test_someone_elses_parent_is_not_the_speakers(text):
    assert not [f for f in facts(text) if f[1] == "relation_to_user"]
