"""A vitamin is named with its letter ("nehme Vitamin D", "on vitamin B12 shots"): the letter
is part of the medicine's name; "a vitamin a day" names none. The phrasings here are not those
of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted

ME = "person:me"


def _medicines(text: str) -> set:
    return {v for s, p, v in _asserted(text) if s == ME and p == "takes_medication"}


@pytest.mark.parametrize(
    ("text", "medicine"),
    [
        ("seit dem winter nehme ich Vitamin D und Magnesium", "Vitamin D"),
        ("my GP put me on vitamin B12 because my levels were low", "vitamin B12"),
        ("i've been taking vitamin c every morning since january", "vitamin C"),
    ],
)
def test_a_vitamin_keeps_its_letter(text, medicine):
    assert medicine in _medicines(text)


def test_an_article_after_vitamin_is_no_letter():
    assert "vitamin A" not in _medicines("i take a vitamin a day, nothing else")
