"""Meat refused with fish kept beside it is pescetarian, whichever verb refuses the meat
("don't do", "won't touch", "gave up") and however fish is kept ("is fine", "nur Fisch");
meat refused alone, or with fish, is vegetarian."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


def _diets(text: str) -> set[str]:
    return {v for s, p, v in asserted_triples(text) if s == ME and p == "diet"}


@pytest.mark.parametrize(
    "text",
    [
        "honestly i don't do meat, but fish is totally fine",
        "i won't touch red meat, seafood's ok though",
        "gave up meat a while back but i still eat fish",
        "ich esse kein fleisch, nur fisch",
        "ich ess schon lang kein fleisch mehr, fisch ist aber ok",
        "wir essen kein fleisch, meeresfrüchte sind in ordnung",
    ],
)
def test_meat_refused_with_fish_kept_is_pescetarian(text):
    assert _diets(text) == {"pescetarian"}


@pytest.mark.parametrize(
    "text",
    [
        "i don't eat meat or fish",
        "ich esse kein fleisch und keinen fisch",
        "i don't do meat, never have",
    ],
)
def test_meat_refused_alone_is_vegetarian(text):
    assert _diets(text) == {"vegetarian"}
