"""A correction names the value it takes back ("fish, not chicken", "nicht Aspirin, sondern
Ibuprofen", "chicken — no wait, fish"): in a slot of several values only that row is
corrected; a value memory does not believe is corrected by nothing."""

from __future__ import annotations

import uuid

import pytest

from curator.rules import Known
from tests.curator.test_extract import facts, ops_of


def _believing(subject: str, predicate: str, *values: str) -> tuple[list[str], Known]:
    ids = [str(uuid.uuid4()) for _ in values]
    name = subject.split(":")[1]
    return ids, Known(
        aliases={name: subject},
        facts=[
            {
                "id": fact_id,
                "subject_ref": subject,
                "predicate": predicate,
                "value": value,
                "object_ref": None,
            }
            for fact_id, value in zip(ids, values, strict=True)
        ],
    )


def _asserted(text: str, known: Known) -> list[dict]:
    return [o for o in ops_of(text, known=known) if o["op"] == "assert_fact"]


@pytest.mark.parametrize(
    ("subject", "text", "said", "wrong"),
    [
        ("pet:mocca", "Mocca is allergic to beef, not lamb.", "beef", "lamb"),
        ("pet:mocca", "Mocca is not allergic to lamb but to beef", "beef", "lamb"),
        ("pet:mocca", "Mocca is allergic to lamb — no wait, beef.", "beef", "lamb"),
        ("pet:mocca", "Mocca ist allergisch gegen Rind, nicht gegen Lamm.", "Rind", "Lamm"),
        ("pet:mocca", "Mocca ist nicht gegen Lamm allergisch, sondern gegen Rind.", "Rind", "Lamm"),
        ("pet:mocca", "Mocca ist nicht allergisch gegen Lamm, sondern gegen Rind", "Rind", "Lamm"),
        ("person:me", "Ich nehme Ibuprofen, nicht Aspirin.", "Ibuprofen", "Aspirin"),
        ("person:me", "Ich nehme nicht Aspirin, sondern Ibuprofen.", "Ibuprofen", "Aspirin"),
        ("person:me", "I speak Portuguese, not Spanish.", "Portuguese", "Spanish"),
    ],
)
def test_a_correction_of_a_set_replaces_the_row_it_names(subject, text, said, wrong):
    # the named value is not the newest row: the correction must not take "the" value
    ids, known = _believing(subject, _predicate_of(text), wrong, "Gräser")
    (op,) = _asserted(text, known)
    assert (op["subject_ref"], op["object_value"]) == (subject, said)
    assert (op["memory_type"], op["corrects_fact_id"]) == ("correction", ids[0])


def _predicate_of(text: str) -> str:
    if "allerg" in text:
        return "allergic_to"
    return "speaks" if "speak" in text else "takes_medication"


def test_a_functional_slot_is_corrected_at_the_row_named_too():
    ids, known = _believing("person:ella", "age", "9")
    (op,) = _asserted("Ella ist 8, nicht 9.", known)
    assert (op["object_value"], op["corrects_fact_id"]) == ("8", ids[0])


def test_an_elliptical_correction_of_a_food_allergy_says_the_new_food():
    ids, known = _believing("pet:mocca", "allergic_to", "lamb")
    (op,) = _asserted("sorry, beef, not lamb", known)
    assert (op["object_value"], op["corrects_fact_id"]) == ("beef", ids[0])


def test_a_value_taken_back_in_the_same_window_never_held():
    found = facts("My dog Mocca is allergic to lamb.", "Mocca is allergic to beef, not lamb.")
    assert ("pet:mocca", "allergic_to", "beef") in found
    assert ("pet:mocca", "allergic_to", "lamb") not in found


@pytest.mark.parametrize(
    "text",
    [
        # the value taken back is not believed: nothing is corrected, the new one is said
        "Mocca is allergic to beef, not pork.",
        "Mocca ist allergisch gegen Rind, nicht gegen Schwein.",
    ],
)
def test_a_value_memory_does_not_hold_is_corrected_by_nothing(text):
    _, known = _believing("pet:mocca", "allergic_to", "lamb")
    (op,) = _asserted(text, known)
    assert op["memory_type"] != "correction" and "corrects_fact_id" not in op


@pytest.mark.parametrize(
    "text",
    [
        "Ich nehme jetzt Ibuprofen, nicht mehr Aspirin.",
        "I take ibuprofen now, no longer aspirin.",
    ],
)
def test_a_change_is_no_correction_of_the_value_it_names(text):
    _, known = _believing("person:me", "takes_medication", "Aspirin")
    assert all(o["memory_type"] != "correction" for o in _asserted(text, known))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Ella is not 9 but 8.", "8"),
        ("Ella ist nicht 9, sondern 8.", "8"),
        ("Ella is 9 — no wait, 8.", "8"),
        ("Ella ist 9, nee warte, 8.", "8"),
    ],
)
def test_an_age_taken_back_either_way_is_corrected(text, said):
    ids, known = _believing("person:ella", "age", "9")
    (op,) = _asserted(text, known)
    assert (op["object_value"], op["corrects_fact_id"]) == (said, ids[0])


def test_a_preposition_said_again_goes_with_the_word_taken_back():
    ids, known = _believing("pet:mocca", "allergic_to", "Lamm")
    (op,) = _asserted("Mocca ist allergisch gegen Lamm, nee warte, gegen Rind.", known)
    assert (op["object_value"], op["corrects_fact_id"]) == ("Rind", ids[0])


def test_a_place_denied_with_does_not_then_but_is_corrected():
    fact_id = str(uuid.uuid4())
    known = Known(
        aliases={"ines": "person:ines", "graz": "place:graz"},
        facts=[
            {
                "id": fact_id,
                "subject_ref": "person:ines",
                "predicate": "lives_in",
                "value": "place:graz",
                "object_ref": "place:graz",
            }
        ],
    )
    (op,) = [
        o
        for o in ops_of("Ines doesn't live in Graz but in Linz.", known=known)
        if o["op"] == "assert_relationship"
    ]
    assert (op["object_ref"], op["corrects_fact_id"]) == ("place:linz", fact_id)


@pytest.mark.parametrize(
    "text",
    [
        "Mocca is allergic to beef, not sure about lamb.",
        "Mocca is allergic to beef, not only lamb.",
        "Mocca ist allergisch gegen Rind, nicht nur gegen Lamm.",
    ],
)
def test_a_hedged_or_added_value_is_not_taken_back(text):
    _, known = _believing("pet:mocca", "allergic_to", "lamb", "Lamm")
    assert all("corrects_fact_id" not in o for o in _asserted(text, known))
