"""A numbered list of things to do ("1) …  2) …", "1. … 2. …") is one task per item, named by
the item's words, due by the deadline said after its comma and done when the item says so; a
day said in a clause of its own after the comma is no deadline, and a number alone opening a
sentence is an answer, not an item. The phrasings are not those of the evaluation set."""

from __future__ import annotations

from tests.curator.reading import my_tasks as _tasks


def test_each_item_of_a_german_list_on_one_line_is_a_task():
    tasks = _tasks(
        "kannst du mir ne liste machen? 1) wohnung kündigen, spätestens 31.5. "
        "2) personalausweis abholen 3) winterreifen bestellen, bis ende des monats"
    )
    assert tasks["task:wohnung-kundigen"] == {"status": "open", "due": "2026-05-31"}
    assert tasks["task:personalausweis-abholen"] == {"status": "open"}
    assert tasks["task:winterreifen-bestellen"] == {"status": "open", "due": "2026-03-31"}


def test_an_english_list_item_said_done_is_done():
    tasks = _tasks(
        "to-do list pls: 1. cancel the gym membership by the 20th 2. return the library books "
        "(already done ✅) 3. buy a birthday card for Jen"
    )
    assert tasks["task:cancel-gym-membership"] == {"status": "open", "due": "2026-03-20"}
    assert tasks["task:return-library-books"] == {"status": "done"}
    assert tasks["task:buy-birthday-card-for-jen"] == {"status": "open"}


def test_a_list_cut_after_a_date_goes_on_in_the_next_sentence():
    tasks = _tasks(
        "meine todos 🙈 1. stromanbieter wechseln, bis 30. april. 2. paket abholen, das liegt "
        "seit dem 2. märz bei der post. 3. zeugnis kopieren"
    )
    assert tasks["task:stromanbieter-wechseln"] == {"status": "open", "due": "2026-04-30"}
    # the day of the clause after the comma dates the parcel, not a deadline
    assert tasks["task:paket-abholen"] == {"status": "open"}
    assert tasks["task:zeugnis-kopieren"] == {"status": "open"}


def test_a_number_alone_opening_a_sentence_is_no_item():
    assert _tasks("5. Mila mag eh nur vanille, Paul alles mit nüssen") == {}
