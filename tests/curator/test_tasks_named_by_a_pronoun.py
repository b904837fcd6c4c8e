"""A task whose name only points at the thing to be done ("renew it", "get that done") is
not stored under that name; a task that names its thing is, demonstrative or not. The
sentences here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts


def _tasks(text: str) -> set[str]:
    return {s for s, _p, _v in facts(text) if s.startswith("task:")}


@pytest.mark.parametrize(
    "text",
    [
        "the tv licence runs out, i have to renew it by friday",
        "i need to post them before the 14th",
        "remind me to get that sorted by tuesday",
        "ich muss es bis montag abschicken",
    ],
)
def test_a_task_named_by_a_pronoun_is_not_stored(text):
    assert not _tasks(text)


@pytest.mark.parametrize(
    ("text", "task"),
    [
        ("i need to send that form by friday", "task:send-that-form"),
        ("need to pay the council tax by the 3rd", "task:pay-council-tax"),
    ],
)
def test_a_task_that_names_its_thing_is_stored(text, task):
    assert task in _tasks(text)


def test_a_pronoun_naming_the_recipient_keeps_the_task():
    assert _tasks("i have to post them my bank statements by the 12th")
