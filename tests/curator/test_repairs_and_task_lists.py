"""A word put right in the same breath is read as put right, and a list of things to do is read
piece by piece: a later obligation opens with its own cue, a clause of its own is no task, a
weekday with its date names that date. The phrasings here are not those of the evaluation
set."""

from __future__ import annotations

import pytest

from curator.extract.repairs import without_repaired
from tests.curator.reading import asserted_triples as _asserted


@pytest.mark.parametrize(
    ("text", "lang", "kept", "gone"),
    [
        ("Termin ist am 7. – nein, am 9. um 8", "de", "am 9.", "7."),
        ("the meeting is thursday, sorry friday", "en", "friday", "thursday"),
        ("mein Neffe heißt Ben – Finn mein ich", "de", "Finn", "Ben"),
        ("our cat is 6 - no, 7", "en", "7", "6"),
        ("sie ist 41, äh, 42", "de", "42", "41"),
    ],
)
def test_a_word_put_right_in_the_same_breath_is_blanked(text, lang, kept, gone):
    read = without_repaired(text, lang=lang)
    assert len(read) == len(text)
    assert kept in read
    assert gone not in read


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I'm 40, no kids though", "en"),
        ("see you monday, sorry for the wait", "en"),
        ("ich trink Tee, nein, ich liebe Tee", "de"),
    ],
)
def test_words_of_another_kind_after_no_or_sorry_are_no_repair(text, lang):
    assert without_repaired(text, lang=lang) == text


def test_a_day_put_right_dates_the_task():
    facts = _asserted("ich muss die Miete bis zum 18. – nee, bis zum 19. überweisen")
    assert ("task:miete-uberweisen", "due", "2026-03-19") in facts
    assert not any(p == "due" and v == "2026-03-18" for _, p, v in facts)


def test_a_date_put_right_after_sorry_dates_the_task():
    facts = _asserted("need to pay the gas bill by the 20th, sorry, meant the 22nd")
    assert ("task:pay-gas-bill", "due", "2026-03-22") in facts


def test_a_name_put_right_is_the_name_kept():
    facts = _asserted("my niece is called Ava - Eva i mean")
    assert ("person:eva", "relation_to_user", "niece") in facts
    assert not any(s == "person:ava" for s, _, _ in facts)


def test_an_age_put_right_is_the_age_kept():
    facts = _asserted("mein Hund Bello ist 8, nee, 9")
    assert ("pet:bello", "age", "9") in facts
    assert ("pet:bello", "age", "8") not in facts


def _tasks(*texts: str) -> set[tuple]:
    return {(s, p, v) for s, p, v in _asserted(*texts) if s.startswith("task:")}


def test_a_later_obligation_in_a_list_is_its_own_task_and_a_clause_is_none():
    tasks = _tasks(
        "gotta file the insurance claim by march 27, and my son's recital is april 2, "
        "need to buy the flowers for the teacher by april 1 haha"
    )
    assert ("task:file-insurance-claim", "due", "2026-03-27") in tasks
    assert ("task:buy-flowers-for-teacher", "due", "2026-04-01") in tasks
    assert not any("recital" in s for s, _, _ in tasks)
    assert not any("haha" in s or s.startswith("task:need") for s, _, _ in tasks)


@pytest.mark.parametrize(
    ("text", "task", "due"),
    [
        ("need to return the library books by thursday the 26th", "task:return-library-books",
         "2026-03-26"),
        ("ich muss bis Freitag, den 27. März die Kaution überweisen",
         "task:kaution-uberweisen", "2026-03-27"),
    ],
)  # fmt: skip
def test_a_weekday_with_its_date_names_that_date(text, task, due):
    assert (task, "due", due) in _tasks(text)
