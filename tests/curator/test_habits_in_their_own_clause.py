"""A habit said in one of two clauses joined by "und"/"and" is the clause its frequency
stands in: the other clause (a job, a move, a pet one has) is no part of what is done each
week. Days joined by "and" and a doing joined on without a verb stay one habit."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_routines


@pytest.mark.parametrize(
    ("text", "kept", "left"),
    [
        ("Ich wohne in Bremen und spiele jeden Donnerstag Skat", "Skat", "Bremen"),
        ("bin Lehrerin an einer Grundschule und geh mittwochs immer zum Chor", "Chor", "Lehrerin"),
        ("I started a new job in March and I swim every Tuesday", "swim", "job"),
        ("we got a puppy and every Sunday we take her to the beach", "beach", "puppy"),
    ],
)
def test_the_habit_is_the_clause_its_frequency_stands_in(text, kept, left):
    found = my_routines(text)
    assert any(kept in value for value in found), found
    assert not any(left in value for value in found), found


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Montags und donnerstags gehe ich zum Tanzen", ("Montags", "donnerstags", "Tanzen")),
        ("Saturdays and Sundays I work at the bakery", ("Saturdays", "Sundays", "bakery")),
        ("jeden Freitag gehen wir schwimmen und danach in die Sauna", ("schwimmen", "Sauna")),
    ],
)
def test_joined_days_and_a_verbless_addition_stay_one_habit(text, words):
    found = my_routines(text)
    assert any(all(w.lower() in value.lower() for w in words) for value in found), found


def test_a_since_said_with_its_full_stop_does_not_stay_in_the_habit():
    found = my_routines("seit dem 3. März gehe ich zweimal die Woche laufen")
    assert found, found
    assert not any("März" in value or "seit" in value for value in found), found


def test_a_day_after_und_goes_on_the_list_of_days():
    found = my_routines("seit Januar geh ich jeden Montag und Freitag vor der Arbeit schwimmen")
    assert any("Montag" in v and "Freitag" in v and "schwimmen" in v for v in found), found


def test_a_clause_pointing_back_keeps_what_it_points_to():
    found = my_routines(
        "Ich hab mir ein neues Rad gekauft und fahre seitdem jeden Tag damit zur Arbeit"
    )
    assert all("Rad" in value for value in found), found


@pytest.mark.parametrize(
    "text",
    [
        "I moved to Leeds in May and my sister comes round every Sunday",
        "my brother lives in Leeds and he goes to the gym every Monday",
        "our cat is twelve now, she gets her food at 7 and a brushing every evening",
    ],
)
def test_whose_habit_the_whole_piece_tells(text):
    assert not my_routines(text)
