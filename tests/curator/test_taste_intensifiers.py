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


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("bitte keinen espresso, der ist mir viel zu bitter", None),
        ("Rotwein ist mir zu herb, lieber weißwein", "Rotwein"),
        ("dark chocolate is a bit too bitter for me tbh", "dark chocolate"),
    ],
)
def test_a_taste_too_strong_for_the_speaker_is_a_dislike(text, thing):
    dislikes = {v for s, p, v in asserted_triples(text) if s == ME and p == "dislikes"}
    assert (thing in dislikes) if thing else dislikes


def test_something_too_far_is_no_taste():
    assert not asserted_triples("die Strecke ist mir zu weit zum Laufen")
