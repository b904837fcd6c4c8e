"""A trade said with "retired", "former", "ex-", "ehemalige" or "pensionierte" was held once
and is not held now: it is no current ``works_as``; a trade said plainly still is."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples


@pytest.mark.parametrize(
    "text",
    [
        "i'm a retired nurse",
        "my mum fiona is a retired district nurse",
        "my dad is a former firefighter",
        "my dad is an ex-firefighter",
        "ich bin ehemalige Krankenschwester",
        "mein vater ist pensionierter lehrer",
    ],
)
def test_a_trade_once_held_is_no_current_trade(text):
    assert not {t for t in asserted_triples(text) if t[1] == "works_as"}


def test_the_retired_relative_is_still_the_relative():
    said = asserted_triples("my mum fiona is a retired district nurse")
    assert ("person:fiona", "relation_to_user", "mother") in said


@pytest.mark.parametrize(
    ("text", "trade"),
    [("i'm a nurse", "nurse"), ("I'm an expat teacher", "expat teacher")],
)
def test_a_trade_said_plainly_is_held(text, trade):
    assert ("person:me", "works_as", trade) in asserted_triples(text)
