"""Tastes with the intensifiers and spellings of everyday English: "mad into", "dead into",
"my all time favourite"."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("i'm dead into northern soul at the minute", "northern soul"),
        ("pulp are my all time favourite band", "pulp"),
    ],
)
def test_a_taste_said_with_a_regional_intensifier_is_kept(text, thing):
    assert any(s == ME and p == "prefers" and thing in v for s, p, v in asserted_triples(text))
