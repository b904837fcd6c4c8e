"""A medicine the speaker says they stopped is no medication they take: "hab das Ibuprofen
letzten Monat abgesetzt", "stopped the sertraline in spring". One taken beside it stays, and a
stop still ahead leaves it taken. The phrasings here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted

ME = "person:me"


def _medicines(*texts: str) -> set:
    return {v for s, p, v in _asserted(*texts) if s == ME and p == "takes_medication"}


@pytest.mark.parametrize(
    "text",
    [
        "medis nehm ich keine mehr, das ramipril hab ich im frühjahr abgesetzt.",
        "mein Ramipril hab ich abgesetzt",
        "no meds these days, i stopped the citalopram in june",
        "i stopped the sertraline in spring, felt flat all the time",
    ],
)
def test_a_medicine_stopped_is_not_taken(text):
    assert not _medicines(text)


def test_a_medicine_taken_beside_one_stopped_stays():
    found = _medicines("I take metformin every morning, stopped the atorvastatin though")
    assert "metformin" in found
    assert "atorvastatin" not in found
