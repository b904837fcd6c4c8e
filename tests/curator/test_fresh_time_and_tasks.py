"""Dated facts and tasks in fresh chat: the day a holiday names dates what follows it, a year
before a participle dates a diagnosis, a
subjectless "been there six years" says since when; a German obligation said last in its
clause or after a comma is a task, a request to remember is no question, a task done is
told by its own verb or a noun of its name. The phrasings are not those of the evaluation
set."""

from __future__ import annotations

from datetime import datetime

import pytest

from curator.language.dates import resolve_times
from curator.rules import Known, RuleCurator, Turn

AT = "2026-06-17T19:00:00+02:00"


def _asserted(*texts: str, at: str = AT) -> dict[tuple, str]:
    """``(subject, predicate, value or object ref)`` → the day its valid time starts."""
    turns = [
        Turn(id=f"m{n}", role="user", text=text, occurred_at=datetime.fromisoformat(at))
        for n, text in enumerate(texts)
    ]
    return {
        (o["subject_ref"], o["predicate"], o.get("object_value") or o.get("object_ref")): o[
            "valid_from"
        ][:10]
        for o in RuleCurator().propose(turns, Known())
        if o["op"] in ("assert_fact", "assert_relationship")
    }


def _tasks(facts: dict[tuple, str]) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for subject, predicate, value in facts:
        if subject.startswith("task:"):
            out.setdefault(subject, {})[predicate] = value
    return out


def test_a_weekday_after_a_holiday_dates_the_job():
    facts = _asserted("ich bin seit dem montag nach fronleichnam erzieherin bei der Kita Sonnenweg")
    assert facts[("person:me", "works_at", "org:kita-sonnenweg")] == "2026-06-08"


def test_a_holiday_said_before_since_then_dates_what_follows():
    facts = _asserted(
        "hab asthma seit 2015, und an pfingstmontag bin ich beim joggen umgeknickt, seitdem "
        "hab ich ne sehnenentzündung"
    )
    said = {k: v for k, v in facts.items() if k[1] == "health_condition"}
    assert "2026-05-25" in said.values()


def test_a_year_before_a_participle_dates_the_diagnosis():
    facts = _asserted("hab rheuma, 2018 diagnostiziert")
    assert facts[("person:me", "health_condition", "rheuma")] == "2018-01-01"


def test_an_american_slashed_date_dates_the_move():
    facts = _asserted(
        "been teaching at Lincoln High since 9/3/2019", at="2026-06-17T10:00:00-05:00"
    )
    assert facts[("person:me", "works_at", "org:lincoln-high")] == "2019-09-03"


def test_a_subjectless_been_there_says_since_when():
    facts = _asserted(
        "back at work on the 3rd of aug. i'm a paramedic at Northgate Ambulance, been there 4 yrs",
        at="2026-06-17T10:00:00+01:00",
    )
    assert facts[("person:me", "works_at", "org:northgate-ambulance")] == "2022-01-01"


def test_a_german_obligation_said_last_is_a_task_with_its_deadline():
    tasks = _tasks(
        _asserted("merk dir bitte, dass ich bis zum 15. juli den reisepass verlängern muss")
    )
    assert tasks["task:reisepass-verlangern"] == {"status": "open", "due": "2026-07-15"}


def test_a_request_to_remember_asked_as_a_question_is_kept():
    tasks = _tasks(
        _asserted("kannst du dir merken, dass ich bis zum 1. juli die nebenkosten prüfen muss?")
    )
    assert tasks["task:nebenkosten-prufen"]["due"] == "2026-07-01"


def test_a_thing_that_must_be_done_by_a_day_is_a_task():
    tasks = _tasks(_asserted("und der antrag muss bis ende august raus"))
    assert tasks["task:antrag"] == {"status": "open", "due": "2026-08-31"}


def test_an_obligation_after_a_comma_is_a_task():
    tasks = _tasks(
        _asserted("im herbst gehts nach Rom, muss noch die flüge buchen, spätestens ende juli")
    )
    assert tasks["task:fluge-buchen"]["due"] == "2026-07-31"


def test_a_phrase_for_whom_is_not_part_of_the_task():
    tasks = _tasks(
        _asserted("ich muss bis montag das zeugnis für meinen kleinen sohn Jonas abholen")
    )
    assert "task:zeugnis-abholen" in tasks
    english = _tasks(_asserted("i need to book the plumber for the week after the move by friday"))
    assert "task:book-plumber" in english


def test_a_task_done_is_told_by_its_own_verb():
    facts = _asserted(
        "ich muss bis freitag die kfz-steuer überweisen und den ölwechsel buchen",
        "kfz-steuer is überwiesen ✅",
    )
    tasks = _tasks(facts)
    assert tasks["task:kfz-steuer-uberweisen"]["status"] == "done"
    english = _tasks(
        _asserted("need to book the vet for the cat by friday", "booked the vet, all sorted")
    )
    assert [t["status"] for name, t in english.items() if "vet" in name] == ["done"]


def test_a_task_done_is_told_by_a_noun_of_its_name():
    tasks = _tasks(
        _asserted(
            "need to get the garden hedge trimmed by july 1",
            "hedge is finally done",
        )
    )
    assert any(t.get("status") == "done" and "hedge" in name for name, t in tasks.items())


@pytest.mark.parametrize(
    ("text", "since"),
    [
        # chat drops the subject and the auxiliary of the perfect: "for" says since when
        ("I'm an aerospace engineer, been doing it for 6 years.", "2020-01-01"),
        ("I'm an aerospace engineer, I've been doing it for 6 years.", "2020-01-01"),
    ],
)
def test_been_doing_it_for_years_dates_the_job(text, since):
    assert _asserted(text)[("person:me", "works_as", "aerospace engineer")] == since


def test_a_visit_for_two_weeks_says_no_start():
    found = resolve_times(
        "been to Spain for 2 weeks in May", anchor=datetime.fromisoformat(AT), lang="en"
    )
    assert "for 2 weeks" not in [t.text for t in found]
