"""Not having a thing says nothing of liking it; not having the patience for it does."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    "text",
    [
        "also I don't have a car, I cycle everywhere",
        "ich hab kein auto, ich fahr überall mit dem rad",
        "we don't own a tv",
        "wir haben keine kinder",
        "I haven't got a garden",
    ],
)
def test_not_having_a_thing_is_no_dislike(text):
    assert not [fact for fact in facts(text) if fact[1] == "dislikes"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I don't have much patience for jazz", "jazz"),
        ("I don't like cars", "cars"),
        ("ich mag keine autos", "autos"),
    ],
)
def test_a_dislike_beside_having_is_still_read(text, value):
    assert (ME, "dislikes", value) in facts(text)
