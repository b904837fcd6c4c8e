"""A turn the rule reader fails on is left unread, and the window's other turns still form
memory: the chat's curation would otherwise fail on every retry and hold back all that
follows."""

from __future__ import annotations

import logging

import pytest

from curator.extract.reader import Reader
from tests.curator.reading import asserted_triples

UNREADABLE = "mein bruder tom wohnt in graz"


@pytest.fixture
def reader_failing_on_one_turn(monkeypatch):
    read_turn = Reader.read_turn

    def failing(self, index, text, anchor, lang):
        read_turn(self, index, text, anchor, lang)  # half a reading, then the failure
        if text == UNREADABLE:
            raise ValueError("a sentence no rule foresaw")

    monkeypatch.setattr(Reader, "read_turn", failing)


def test_the_other_turns_form_memory(reader_failing_on_one_turn, caplog):
    with caplog.at_level(logging.ERROR, logger="curator.extract.propose"):
        triples = asserted_triples(
            "ich arbeite als Tischlerin", UNREADABLE, "meine Katze heißt Mimi"
        )
    assert ("person:me", "works_as", "Tischlerin") in triples
    assert any(s == "pet:mimi" and p == "species" for s, p, _ in triples)
    assert "could not read turn 1" in caplog.text


def test_nothing_of_the_failed_turn_is_kept(reader_failing_on_one_turn):
    triples = asserted_triples("ich arbeite als Tischlerin", UNREADABLE)
    assert not any("tom" in s or v == "Graz" for s, _, v in triples)
    assert asserted_triples(UNREADABLE) == set()


def test_the_same_turn_reads_without_the_failure():
    """The check above can fail: the turn says something when it is read."""
    assert any(s == "person:tom" for s, _, _ in asserted_triples(UNREADABLE))
