"""A task or plan named by its verb alone ("bestellen", "RSVP", "sign up") names nothing to do:
a task is named by what is to be done to what. The phrasings here are not those of the
evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted


def _tasks(*texts: str) -> set[str]:
    return {s for s, p, _ in _asserted(*texts) if s.startswith("task:") and p == "status"}


@pytest.mark.parametrize(
    "text",
    [
        "die Konzertkarten sind super, das muss ich bis zum 20. März bestellen",
        "the party is on april 30 so i need to RSVP by april 2",
        "registration ends april 10 so i gotta sign up asap",
        "remind me to call before friday",
    ],
)
def test_a_task_named_by_its_verb_alone_is_no_task(text):
    assert _tasks(text) == set()


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("i need to renew my passport by april 2", "task:renew-passport"),
        ("muss bis zum 20. März die Steuererklärung abgeben", "task:steuererklarung-abgeben"),
        ("to-do: taxes by april 15", "task:taxes"),
    ],
)
def test_a_task_named_by_what_is_done_to_what_stays(text, task):
    assert task in _tasks(text)


def test_a_plan_named_by_its_verb_alone_is_no_plan():
    facts = _asserted("die Handyrechnung ist zu hoch, den Vertrag will ich wechseln")
    assert not any(p == "plans" for _, p, _ in facts)


def test_a_german_task_opening_with_its_thing_stays():
    assert "task:steuer" in _tasks("ich muss Steuer machen bis zum 31. Juli")
