"""Diabetes named by its type alone, in a frame of having or finding it ("since my type 2
diagnosis", "hab Typ 2 seit letztem Jahr", "i'm T1D"), is the condition "type N diabetes";
a type with no such frame ("a type 2 charging cable", "Ladekabel Typ 2") names no illness.
The phrasings here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted


def _conditions(*texts: str) -> set[tuple[str, str]]:
    return {(s, str(v).lower()) for s, p, v in _asserted(*texts) if p == "health_condition"}


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("lost 6 kilos since my type 2 diagnosis in the summer", ("person:me", "type 2 diabetes")),
        ("diagnosed with type 1 at uni, pump since last year", ("person:me", "type 1 diabetes")),
        ("i'm T1D and run a lot, what should i carry?", ("person:me", "type 1 diabetes")),
        ("hab Typ 2 seit letztem Jahr, muss jetzt mehr laufen", ("person:me", "typ-2-diabetes")),
        ("bei mir wurde im Mai Typ 2 diagnostiziert", ("person:me", "typ-2-diabetes")),
        ("mein Sohn Emil hat Typ 1, seit er vier ist", ("person:emil", "typ-1-diabetes")),
    ],
)
def test_diabetes_named_by_its_type(text, condition):
    assert condition in _conditions(text)


@pytest.mark.parametrize(
    "text",
    ["need a type 2 charging cable for the car", "das Ladekabel Typ 2 ist kaputt"],
)
def test_a_type_without_a_frame_names_no_illness(text):
    assert not _conditions(text)
