"""A flavour liked or refused alone stands for the food of that flavour: "ich mag's am
liebsten herzhaft" (herzhaftes Essen), "nothing overly sweet" (sweet food), "the saltier the
better"; another's flavour is theirs, and a flavour beside a thing stays with the thing."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


def _tastes(text: str) -> set[tuple[str, str]]:
    return {
        (p, v) for s, p, v in asserted_triples(text) if s == ME and p in ("prefers", "dislikes")
    }


@pytest.mark.parametrize(
    ("text", "taste"),
    [
        (
            "koch mir was fürs wochenende, ich mag's am liebsten herzhaft",
            ("prefers", "herzhaftes Essen"),
        ),
        ("bei chips gilt: je salziger desto besser", ("prefers", "salziges Essen")),
        ("zum kaffee bitte nix allzu süßes, danke", ("dislikes", "süßes Essen")),
        ("suggest a dessert? nothing overly sweet pls", ("dislikes", "sweet food")),
        ("i'm easy with food, the spicier the better honestly", ("prefers", "spicy food")),
        ("find me a ramen place, i'm not into anything too salty", ("dislikes", "salty food")),
    ],
)
def test_a_flavour_alone_is_the_food_of_it(text, taste):
    assert taste in _tastes(text)


@pytest.mark.parametrize(
    "text",
    [
        "my gran wants nothing too spicy, she has reflux",
        "i like my chips salty",
    ],
)
def test_no_flavour_food_without_the_speakers_flavour_alone(text):
    assert not {t for t in _tastes(text) if t[1].endswith(("food", "Essen"))}
