"""A thing the speaker needs by a deadline ("need a new tent by june 3", "brauch ich noch die
Meldebescheinigung, bis ende April") is a thing to do, open, due then, named by the thing; a
thing needed without a deadline, or asked about, is none. The phrasings are not those of the
evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_tasks as _tasks


def test_a_thing_needed_by_a_day_is_a_task_due_then():
    tasks = _tasks("festival is booked 🎉 need a new tent by june 3 tho, the old one leaks")
    assert tasks["task:new-tent"] == {"status": "open", "due": "2026-06-03"}


def test_a_german_thing_needed_with_its_deadline_after_a_comma():
    tasks = _tasks("umzug klappt, jetzt brauch ich nur noch die meldebescheinigung, bis ende april")
    assert tasks["task:meldebescheinigung"] == {"status": "open", "due": "2026-04-30"}


@pytest.mark.parametrize(
    "text",
    [
        "need a dinner idea for friday, something quick",
        "would i need a visa by june if i moved?",
        "brauch ne packliste für nächsten samstag",
    ],
)
def test_a_thing_needed_without_a_deadline_or_asked_about_is_no_task(text):
    assert _tasks(text) == {}


def test_the_deadline_after_the_thing_is_its_due_day_not_an_earlier_one():
    # "by friday" belongs to the rent; the tent is needed by the day said after it
    tasks = _tasks("rent's due by friday ugh, and i need a new tent by june 3")
    assert tasks["task:new-tent"] == {"status": "open", "due": "2026-06-03"}
