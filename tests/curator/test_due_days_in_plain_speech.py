"""Deadlines said with a time of day, things said due, and things the speaker has on a day
ahead, in plain German and English. The phrasings here are not those of the evaluation set."""

from __future__ import annotations

from datetime import datetime

import pytest

from curator.extract.timeparse import resolve_times
from tests.curator.reading import asserted_triples

AT = "2026-03-10T19:00:00+01:00"  # a Tuesday


def _dues(text: str) -> set[tuple[str, str]]:
    return {(s, v) for s, p, v in asserted_triples(text, at=AT) if p == "due"}


@pytest.mark.parametrize(
    ("text", "task", "day"),
    [
        ("übermorgen früh muss ich die Fenster putzen", "task:fenster-putzen", "2026-03-12"),
        (
            "ich muss Donnerstag abend die Nebenkosten überweisen",
            "task:nebenkosten-uberweisen",
            "2026-03-12",
        ),
        ("I need to ring the landlord tomorrow morning", "task:ring-landlord", "2026-03-11"),
        ("on Friday afternoon I have to collect the keys", "task:collect-keys", "2026-03-13"),
    ],
)
def test_a_deadline_with_a_time_of_day_is_its_day(text, task, day):
    assert (task, day) in _dues(text)


def test_a_time_of_day_today_names_no_day_of_its_own():
    anchor = datetime.fromisoformat(AT)
    assert resolve_times("heute abend koche ich", anchor=anchor, lang="de") == []
    [said] = resolve_times("gestern abend bin ich umgezogen", anchor=anchor, lang="de")
    assert (said.granularity, said.valid_from.isoformat()) == ("day", "2026-03-09")


@pytest.mark.parametrize(
    ("text", "task", "day"),
    [
        ("the water bill is due on the 20th", "task:water-bill", "2026-03-20"),
        (
            "oh and the library books are due back by next Monday",
            "task:library-books",
            "2026-03-16",
        ),
        ("die Kfz-Steuer ist am 1. April fällig", "task:kfz-steuer", "2026-04-01"),
        ("die Hausarbeit wird bis zum 25. fällig", "task:hausarbeit", "2026-03-25"),
        ("das Gutachten muss in drei Wochen raus", "task:gutachten", "2026-03-31"),
    ],
)
def test_a_thing_said_due_on_a_day_is_a_task_due_then(text, task, day):
    assert (task, day) in _dues(text)


@pytest.mark.parametrize(
    "text",
    [
        "my sister's baby is due on the 2nd",
        "Priya's due on the 4th",
        "is the water bill due on the 20th?",
        "the baby's due in August",
        "Jonas muss bis Freitag seine Hausarbeit abgeben",
    ],
)
def test_who_is_due_or_what_someone_else_must_do_is_no_task_of_mine(text):
    assert not any(s.startswith("task:") and p == "status" for s, p, _ in asserted_triples(text))


@pytest.mark.parametrize(
    ("text", "task", "day"),
    [
        ("in drei Wochen hab ich eine Prüfung in Statik", "task:prufung-in-statik", "2026-03-31"),
        ("am 20. haben wir ein Konzert in Leipzig", "task:konzert-in-leipzig", "2026-03-20"),
        ("next Thursday I've got a job interview", "task:job-interview", "2026-03-12"),
        ("in two weeks we have a wedding in Bristol", "task:wedding-in-bristol", "2026-03-24"),
    ],
)
def test_a_thing_the_speaker_has_on_a_day_ahead_is_a_task_due_then(text, task, day):
    assert (task, day) in _dues(text)


@pytest.mark.parametrize(
    "text",
    [
        "tomorrow I have a lot of work",
        "next week I have a cold, probably",
        "ich hab am Montag keine Prüfung",
        "hast du am Montag eine Prüfung?",
    ],
)
def test_what_is_had_that_is_no_thing_to_do(text):
    assert not any(s.startswith("task:") for s, _ in _dues(text))
