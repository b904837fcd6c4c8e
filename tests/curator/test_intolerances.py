"""An intolerance said of oneself is a condition and the diet it implies, gluten as lactose."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "diet"),
    [
        ("fyi i'm gluten intolerant so no pasta ideas pls", "gluten_free"),
        ("ich hab seit letztem jahr ne glutenunverträglichkeit", "gluten_free"),
        ("ich hab eine Laktoseunverträglichkeit", "lactose_free"),
    ],
)
def test_an_intolerance_is_a_condition_and_a_diet(text, diet):
    triples = asserted_triples(text)
    assert (ME, "diet", diet) in triples
    assert any(s == ME and p == "health_condition" for s, p, _ in triples)


def test_a_guessed_intolerance_is_neither():
    assert not asserted_triples("maybe i'm gluten intolerant? no idea tbh")
