"""A declined offer is no job, home or membership and may end a plan; a trip said with its
day is a plan and no task due that day; a value said again in the other language is no
change; a first time is no routine."""

from __future__ import annotations

import pytest

from curator.language.sentences import split_sentences
from curator.rules import Known
from tests.curator.test_extract import facts, ops_of
from worldmemory.bilingual import same_value

ME = "person:me"
HELD = {"works_at", "works_as", "lives_in", "member_of", "hobby", "owns"}


@pytest.mark.parametrize(
    "text",
    [
        "Ich habe den Job bei Zeiss abgelehnt",
        "Und ich habe mich entschieden: Ich habe den Job bei Zeiss abgelehnt, wir bleiben hier.",
        "Den Job bei Bosch hab ich abgesagt.",
        "Ich hab den Job bei BMW doch nicht genommen",
        "Ich lehne die Stelle bei Siemens ab",
        "Ich habe die Wohnung in Dresden abgesagt",
        "Ich bin dem Chor doch nicht beigetreten",
        "I turned down the job at Google",
        "I pulled out of the job at Tesco",
        "I said no to the job at Amazon",
        "I turned down the flat in Leeds",
    ],
)
def test_what_was_declined_is_not_held(text):
    assert not [f for f in facts(text) if f[1] in HELD]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I work at Google, I turned down Amazon", (ME, "works_at", "org:google")),
        (
            "Ich habe bei Zeiss abgesagt und arbeite weiter bei der Sparkasse",
            (ME, "works_at", "org:sparkasse"),
        ),
        (
            "Meine Schwester Jana hat den Job bei Zeiss abgelehnt",
            ("person:jana", "relation_to_user", "sister"),
        ),
    ],
)
def test_beside_a_declined_offer_the_rest_is_still_said(text, fact):
    found = facts(text)
    assert fact in found
    assert not any(f[2] == "org:zeiss" or f[2] == "org:amazon" for f in found)


def _plan(value: str) -> Known:
    return Known(
        facts=[
            {
                "id": "p1",
                "subject_ref": ME,
                "predicate": "plans",
                "value": value,
                "object_ref": None,
            },
            {
                "id": "j1",
                "subject_ref": ME,
                "predicate": "works_at",
                "value": None,
                "object_ref": "org:zeiss",
            },
        ]
    )


def test_a_plan_called_off_ends_and_a_declined_promotion_ends_no_job():
    ops = ops_of("Die Reise nach Lissabon haben wir abgesagt", known=_plan("Reise nach Lissabon"))
    assert [o["target_fact_id"] for o in ops if o["op"] == "end_fact"] == ["p1"]
    ops = ops_of("Die Beförderung bei Zeiss habe ich abgelehnt", known=_plan("Reise nach Lissabon"))
    assert not [o for o in ops if o["op"] in ("end_fact", "invalidate_fact")]


@pytest.mark.parametrize(
    ("text", "plan", "task", "day"),
    [
        (
            "Am 14. März 2027 fliegen wir nach Lissabon, darauf freue ich mich sehr.",
            "Reise nach Lissabon",
            "task:reise-nach-lissabon",
            "2027-03-14",
        ),
        (
            "Wir machen eine Reise nach Lissabon vom 14. bis 21. März 2027",
            "Reise nach Lissabon",
            "task:reise-nach-lissabon",
            "2027-03-14",
        ),
        (
            "Wir fahren am 3. April an die Ostsee",
            "Reise an die Ostsee",
            "task:reise-an-die-ostsee",
            "2027-04-03",
        ),
        (
            "Vom 3.4. bis 10.4. fahren wir an die Ostsee",
            "Reise an die Ostsee",
            "task:reise-an-die-ostsee",
            "2027-04-03",
        ),
        ("We fly to Lisbon on March 14th", "trip to Lisbon", "task:trip-to-lisbon", "2027-03-14"),
        (
            "We're flying to Porto from 14 to 21 March",
            "trip to Porto",
            "task:trip-to-porto",
            "2027-03-14",
        ),
    ],
)
def test_a_trip_with_its_day_is_a_plan_and_no_task(text, plan, task, day):
    # nothing is to be done by the day a trip begins: it is no task due that day
    found = facts(text, at="2026-12-05T10:15:00+01:00")
    assert (ME, "plans", plan) in found
    assert (task, "due", day) not in found
    assert not [f for f in found if f[0].startswith("task:")]


@pytest.mark.parametrize(
    "text",
    [
        "Wann fliegen wir nach Lissabon?",
        "Fliegen wir am 14. März nach Lissabon?",
        "Wenn wir am 14. März nach Lissabon fliegen, brauche ich Urlaub",
        "Letztes Jahr am 14. März sind wir nach Lissabon geflogen",
        "My sister flies to Rome on the 3rd",
    ],
)
def test_no_trip_of_a_question_a_condition_the_past_or_someone_else(text):
    assert not [f for f in facts(text, at="2026-12-05T10:15:00+01:00") if f[1] in ("plans", "due")]


def test_a_trip_in_a_month_has_no_day():
    found = facts("Ich fahr im Oktober nach Portugal")
    assert found == {(ME, "plans", "Reise nach Portugal")}


def test_a_day_and_month_closing_a_range_ends_no_sentence():
    said = split_sentences("Vom 3.4. bis 10.4. fahren wir an die Ostsee", lang="de")
    assert len(said) == 1
    assert len(split_sentences("Wir sind seit 2019. Das war gut.", lang="de")) == 2


@pytest.mark.parametrize(
    ("believed", "said"),
    [
        ("Krankenschwester", "I'm a nurse"),
        ("nurse", "Ich bin Krankenschwester"),
        ("Lehrerin", "I'm a teacher"),
    ],
)
def test_a_job_said_again_in_the_other_language_is_the_believed_one(believed, said):
    known = Known(
        facts=[
            {
                "id": "w1",
                "subject_ref": ME,
                "predicate": "works_as",
                "value": believed,
                "object_ref": None,
            }
        ]
    )
    assert facts(said, known=known) == {(ME, "works_as", believed)}


def test_another_job_in_the_other_language_is_a_change():
    known = Known(
        facts=[
            {
                "id": "w1",
                "subject_ref": ME,
                "predicate": "works_as",
                "value": "Krankenschwester",
                "object_ref": None,
            }
        ]
    )
    assert facts("I'm a midwife now", known=known) == {(ME, "works_as", "midwife")}
    assert not same_value("Krankenschwester", "Lehrerin")


@pytest.mark.parametrize(
    "text",
    [
        "I went running again last Saturday, did my first 5k in ages and felt amazing.",
        "I had my first yoga class on Monday",
        "Ich hab gestern zum ersten Mal seit Jahren Yoga gemacht",
    ],
)
def test_a_first_time_is_no_routine(text):
    assert not [f for f in facts(text) if f[1] in ("routine", "hobby")]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "Ich gehe jetzt jeden Samstag laufen, das tut mir richtig gut.",
            (ME, "routine", "jeden Samstag laufen"),
        ),
        (
            "My first coffee every morning is at 6",
            (ME, "routine", "first coffee every morning at 6"),
        ),
    ],
)
def test_a_habit_said_with_first_is_still_a_routine(text, fact):
    assert fact in facts(text)
