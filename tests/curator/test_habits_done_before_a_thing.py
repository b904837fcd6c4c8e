"""What a habit is done before: a thing or an event ("before my shift") says when it is done
and stays in the value, as "after my shower" does; a clause with a verb of its own ("before
the kids wake up") is a remark and is cut off."""

from __future__ import annotations

import pytest

from tests.curator.reading import my_routines


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("i do spin mon wed fri before my shift", ("spin", "before", "shift")),
        ("every tuesday i go swimming before my lectures", ("swimming", "lectures")),
        ("i stretch every morning before the commute", ("stretch", "commute")),
    ],
)
def test_a_thing_done_before_stays(text, words):
    found = my_routines(text)
    assert any(all(w in value.lower() for w in words) for value in found), found


@pytest.mark.parametrize(
    ("text", "kept", "gone"),
    [
        ("i run every morning before the kids wake up", "run", "kids"),
        ("i do yoga every evening before my husband gets home", "yoga", "husband"),
        ("we go for a swim every saturday before the market opens", "swim", "market"),
    ],
)
def test_a_clause_after_before_goes(text, kept, gone):
    found = my_routines(text)
    assert any(kept in value for value in found), found
    assert not any(gone in value for value in found), found
