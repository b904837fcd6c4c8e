"""A task is named by the whole short action: what it is for and to whom it goes ("für die
Nebenkosten", "an die Redaktion") say which thing is meant and stay in the name; where it is
taken ("zum Steuerberater") does not. The phrasings are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples


def _tasks(text: str) -> set[str]:
    return {s for s, p, _ in asserted_triples(text) if s.startswith("task:") and p == "status"}


@pytest.mark.parametrize(
    ("text", "task"),
    [
        (
            "ich muss bis freitag noch die Belege für die Nebenkosten einreichen",
            "task:belege-fur-nebenkosten-einreichen",
        ),
        (
            "muss bis zum 12. mai die fotos an die Redaktion schicken",
            "task:fotos-redaktion-schicken",
        ),
    ],
)
def test_what_a_task_is_for_or_goes_to_stays_in_its_name(text, task):
    assert task in _tasks(text)


def test_where_a_thing_is_taken_is_left_out():
    assert "task:unterlagen-bringen" in _tasks(
        "muss bis donnerstag die unterlagen zum steuerberater bringen"
    )
