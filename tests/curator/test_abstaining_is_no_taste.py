"""Not eating or drinking a thing is abstaining, which says nothing of taste by itself ("I
don't eat pork", "Bier trink ich keins"); said with a distaste in the same sentence it is a
dislike ("I don't eat olives, they taste like soap")."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


def _disliked(*texts: str) -> set[str]:
    return {value for subject, p, value in facts(*texts) if subject == ME and p == "dislikes"}


@pytest.mark.parametrize(
    "text",
    [
        "I don't drink beer, so just sparkling water for me",
        "we never eat red meat at home",
        "Bier trink ich keins, ich fahr ja",
        "Schweinefleisch esse ich nicht",
    ],
)
def test_abstaining_names_no_dislike(text):
    assert not _disliked(text)


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I don't eat olives, they taste like soap", "olives"),
        ("Oliven esse ich nicht, die sind eklig", "Oliven"),
    ],
)
def test_abstaining_said_with_a_distaste_is_a_dislike(text, thing):
    assert any(thing.lower() in value.lower() for value in _disliked(text))
