"""Another person's habit said in passing is stored on them when the clause opens with them
(by name, by a pronoun for them, or in a clause joined to one that does), never on the
speaker; a pronoun as a habit's object keeps whom it stands for, or the habit is left out."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


def _routines(*texts: str) -> set[tuple[str, str]]:
    return {(subject, value) for subject, p, value in facts(*texts) if p == "routine"}


@pytest.mark.parametrize(
    ("texts", "owner", "word"),
    [
        (
            ("my cousin Niamh is staying over", "niamh does aqua aerobics tues n thurs"),
            "niamh",
            "aerobics",
        ),
        (
            ("my brother Tariq is grand, he does a long run every saturday w his club",),
            "tariq",
            "run",
        ),
        (("meine Oma Gisela ist 88 und strickt jeden abend socken",), "gisela", "strickt"),
        (
            ("my aunt Roisin is the one who does the crossword every morning",),
            "roisin",
            "crossword",
        ),
        (("mein Kumpel Jonas ist Koch, der kocht jeden sonntag für alle",), "jonas", "kocht"),
    ],
)
def test_a_named_persons_habit_is_theirs(texts, owner, word):
    found = _routines(*texts)
    assert any(s == f"person:{owner}" and word in v for s, v in found), found
    assert not any(s == ME for s, _ in found), found


@pytest.mark.parametrize(
    "text",
    [
        "my sister goes to spin every friday",  # never named: nobody to store it on
        "he goes to the gym every morning",  # nobody named before the pronoun
        # what they do is named in another clause, or is a complaint about them
        "meine Oma wohnt allein, mein Onkel Bernd schaut jeden Abend nach ihr",
        "my boss Dermot keeps booking calls at 8am on mondays",
    ],
)
def test_a_habit_of_nobody_named_is_stored_on_no_one(text):
    assert not _routines(text)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("our pony Biscuit lives at a yard in Kent, i groom her every saturday", "Biscuit"),
        ("meine Stute Fee steht in Verden, ich longier sie jeden dienstag", "Fee"),
        ("mein Opa Karl wohnt allein, ich besuch ihn jeden sonntag", "Karl"),
    ],
)
def test_a_pronoun_object_keeps_whom_it_stands_for(text, named):
    found = _routines(text)
    assert any(s == ME and named in v for s, v in found), found
    assert not any(w in v.split() for _, v in found for w in ("her", "ihn", "sie")), found


def test_a_pronoun_object_for_no_one_named_leaves_the_habit_out():
    found = _routines("it's grim since the funeral. i try to ring her every sunday")
    assert not any("her" in v.split() for _, v in found), found
