"""A modal particle or a stance word beside a habit ("eigentlich", "ansonsten", "sowieso",
"honestly", "actually") says how the speaker feels about it, not what or when it is; an
indefinite article names no part of it either. The routine keeps the doing and its days."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_routines


@pytest.mark.parametrize(
    ("text", "kept", "dropped"),
    [
        ("ich geh eigentlich jeden donnerstag bouldern", "bouldern", "eigentlich"),
        ("ansonsten fahr ich samstags zum wochenmarkt", "wochenmarkt", "ansonsten"),
        ("ich mach sowieso jeden abend einen spaziergang", "spaziergang", "sowieso"),
        ("ich mach sowieso jeden abend einen spaziergang", "spaziergang", "einen"),
        ("honestly i swim every sunday morning", "swim", "honestly"),
        ("i actually do pilates every tuesday", "pilates", "actually"),
    ],
)
def test_a_stance_word_is_no_part_of_the_habit(text, kept, dropped):
    found = my_routines(text)
    assert any(kept in value.lower() for value in found), found
    assert not any(dropped in value.lower().split() for value in found), found


@pytest.mark.parametrize(
    ("text", "kept", "replaced"),
    [
        ("freitags fahr ich jetzt rad statt auto", "rad", "auto"),
        ("i walk to the office every day now instead of taking the tram", "walk", "tram"),
    ],
)
def test_what_the_habit_replaced_is_no_part_of_it(text, kept, replaced):
    found = my_routines(text)
    assert any(kept in value.lower() for value in found), found
    assert not any(replaced in value.lower() for value in found), found
