"""A habit in a clause whose subject is another person stays theirs when the speaker's
"wir"/"we" stands in the next conjunct ("mein Mann Deniz pendelt täglich … und wir wohnen
…"): the other clause's subject is not the habit's."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("meine Frau Anja fährt jeden Morgen mit dem Rad ins Büro und wir wohnen in Kassel", "Rad"),
        (
            "meine Schwester Pia geht jeden Dienstag schwimmen und wir essen danach zusammen",
            "schwimmen",
        ),
        (
            "my brother Kofi plays five-a-side every thursday and we grab a pint after",
            "five-a-side",
        ),
    ],
)
def test_anothers_habit_beside_our_clause_is_not_mine(text, word):
    mine = {v for s, p, v in facts(text) if s == ME and p == "routine"}
    assert not [v for v in mine if word.lower() in v.lower()], mine


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("ich arbeite in Kassel und gehe jeden Mittwoch klettern", "klettern"),
        ("wir wohnen in Kassel und ich gehe jeden Morgen joggen", "joggen"),
        ("I live in Leeds and I swim every friday", "swim"),
        # a conjunct opening on its verb shares the speaker of the first one
        ("I keep my pony Bramble at a yard in Kent and ride her every Saturday", "ride"),
    ],
)
def test_my_own_habit_beside_another_clause_stays_mine(text, word):
    mine = {v for s, p, v in facts(text) if s == ME and p == "routine"}
    assert [v for v in mine if word.lower() in v.lower()], mine
