"""An obligation opened by a colon ("need to: …", "remind me to: …") lists its things to do
with plain commas: each is a task of its own, with its own deadline. The phrasings are not
those of the evaluation set."""

from __future__ import annotations

from tests.curator.reading import my_tasks


def test_each_thing_after_need_to_and_a_colon_is_a_task():
    tasks = my_tasks(
        "ok quick list. need to: renew the bus pass by the 15th, return the drill to Kev, "
        "print the boarding passes"
    )
    assert tasks["task:renew-bus-pass"] == {"status": "open", "due": "2026-03-15"}
    assert tasks["task:return-drill-to-kev"] == {"status": "open"}
    assert tasks["task:print-boarding-passes"] == {"status": "open"}


def test_a_plain_comma_without_a_colon_or_and_still_ends_the_task():
    tasks = my_tasks("need to renew the bus pass by the 15th, it runs out soon")
    assert set(tasks) == {"task:renew-bus-pass"}


def test_a_request_to_remember_after_a_colon_is_no_list():
    tasks = my_tasks(
        "Erinner mich bitte: Hausratversicherung kündigen, bis Ende Oktober muss das raus"
    )
    assert tasks == {"task:hausratversicherung-kundigen": {"status": "open", "due": "2026-10-31"}}


def test_an_item_followed_by_a_pronoun_clause_keeps_that_clauses_deadline():
    # "it runs out on the 30th" says when of the item before it: no thing to do of its own
    tasks = my_tasks(
        "need to: renew the car insurance, it runs out on the 30th, print the boarding passes"
    )
    assert tasks["task:renew-car-insurance"] == {"status": "open", "due": "2026-03-30"}
    assert tasks["task:print-boarding-passes"] == {"status": "open"}
    assert len(tasks) == 2


def test_a_german_item_followed_by_es_keeps_its_deadline():
    tasks = my_tasks(
        "muss noch: das Zeitungsabo kündigen, es verlängert sich sonst am 1. April, "
        "und die Winterreifen einlagern"
    )
    assert tasks["task:zeitungsabo-kundigen"] == {"status": "open", "due": "2026-04-01"}
    assert tasks["task:winterreifen-einlagern"] == {"status": "open"}
