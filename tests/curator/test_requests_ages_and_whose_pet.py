"""Plain family and work facts said in passing: a relative or pet introduced inside a request
phrased as a question, an age said with a bare number ("Opa ist 92", "und ist schon 14",
"Sam who's 8"), a job after a fronted clause, whose pet a having verb gives, and a marital
state that is no job."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Kannst du mir ein Rezept für meinen Sohn Jonas raussuchen?",
            ("person:jonas", "relation_to_user", "son"),
        ),
        (
            "Could you suggest a book for my niece Hannah?",
            ("person:hannah", "relation_to_user", "niece"),
        ),
        ("Was kann ich meiner Katze Frieda gegen Haarballen geben?", (ME, "owns", "pet:frieda")),
    ],
)
def test_a_possessive_introduction_inside_a_question_is_kept(text, expected):
    assert expected in facts(text)


def test_a_question_still_stores_nothing_it_asks():
    assert not any(p == "lives_in" for _, p, _ in facts("Wohnt meine Schwester Ute in Kiel?"))


def test_a_pronoun_in_the_next_sentence_points_at_the_one_relative_just_named():
    said = facts("Hilfst du mir bei einer Karte für meinen Onkel Bernd? Er wird im Oktober 60.")
    assert ("person:bernd", "age", "59") in said


def test_a_pronoun_after_two_relatives_gives_no_age():
    said = facts("My aunt Carol and my mum are visiting. She's turning 65 in October.")
    assert not any(p == "age" for _, p, _ in said)


@pytest.mark.parametrize(
    ("text", "subject", "age"),
    [
        ("Meine Oma ist 88 und backt noch jeden Sonntag.", "person:oma", "88"),
        ("my grandad's 91, still drives", "person:grandad", "91"),
        ("Unser Hund heißt Fips und ist jetzt 11.", "pet:fips", "11"),
    ],
)
def test_a_bare_number_after_the_copula_is_the_age(text, subject, age):
    assert (subject, "age", age) in facts(text)


def test_a_bare_number_before_a_unit_is_no_age():
    assert not any(p == "age" for _, p, _ in facts("My dad is 10 minutes away."))


def test_children_listed_with_relative_clause_ages():
    said = facts("We've got two kids, Noah who's 11 and Ivy who's 6.")
    assert ("person:noah", "age", "11") in said
    assert ("person:ivy", "age", "6") in said


def test_a_job_after_a_fronted_clause_is_read_with_the_inverted_verb():
    said = facts("Seit dem Umzug arbeite ich wieder als Rettungssanitäter.")
    assert (ME, "works_as", "Rettungssanitäter") in said


@pytest.mark.parametrize(
    "text",
    [
        "My cousin has a rabbit called Clover.",
        "Unsere Nachbarn haben einen Wellensittich namens Hansi.",
    ],
)
def test_someone_elses_pet_is_not_the_speakers(text):
    assert not any(p == "owns" for _, p, _ in facts(text))


@pytest.mark.parametrize(
    "text", ["We have a hamster called Nibbles.", "Ich hab ein Kaninchen namens Stups."]
)
def test_the_speakers_own_having_still_owns(text):
    assert any(s == ME and p == "owns" for s, p, _ in facts(text))


@pytest.mark.parametrize("text", ["Meine Tante ist Witwe.", "My uncle is a widower."])
def test_a_marital_state_is_no_job_and_no_name(text):
    said = facts(text)
    assert not any(p == "works_as" for _, p, _ in said)
    assert not any("wit" in s or "widow" in s for s, _, _ in said)
