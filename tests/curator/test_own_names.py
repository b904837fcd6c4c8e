"""The speaker's own name, age and nickname said in passing: "name's Wendell btw", an age set off
after the own name ("i'm maddie, 31, …"), the name everyone uses ("alle sagen Kalle", "it's Bex
to everyone"), and a short lead-up before the introduction ("so ihr wisst wer ich bin: ich bin
die Ulla"). Someone else's name, or a word of the language in the slot, names no one."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


def _own(facts, predicate):
    return {o for s, p, o in facts if s == ME and p == predicate}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("name's Wendell btw, need a hand with my tax return", "Wendell"),
        ("ok, quick one so you know who you're talking to: name's Orla and i teach piano", "Orla"),
        ("Name: Bettina Kraus, geboren in Fulda", "Bettina Kraus"),
        ("so you know who's asking: i'm maddie, 31, and i run a flower stall", "Maddie"),
        ("so ihr wisst wer ich bin: ich bin die Ulla und wohn in Hof", "Ulla"),
        ("yeah i'm Greta, that's right", "Greta"),
        ("hey, nico from leipzig here, kurze frage", "Nico"),
        ("rosa here, need help with a form", "Rosa"),
        ("ich heiß eigentlich gundula, aber egal", "Gundula"),
    ],
)
def test_the_speakers_own_name_said_in_passing(text, name):
    assert _own(asserted_triples(text), "name") == {name}


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("so you know who's asking: i'm maddie, 31, and i run a flower stall", "31"),
        ("ich heiß übrigens Torben, 52, bin Dachdecker", "52"),
        ("name's Wendell, 64, retired postie", "64"),
    ],
)
def test_an_age_set_off_after_the_own_name_is_the_speakers(text, age):
    assert _own(asserted_triples(text), "age") == {age}


@pytest.mark.parametrize(
    ("text", "nickname"),
    [
        ("ich bin der Karl-Heinz, aber alle sagen Kalle", "Kalle"),
        ("name's Rebecca but it's Bex to everyone", "Bex"),
        ("my mates call me Dunc, easier", "Dunc"),
        ("sag ruhig Uli zu mir", "Uli"),
    ],
)
def test_the_name_everyone_uses_is_the_preferred_one(text, nickname):
    assert _own(asserted_triples(text), "preferred_name") == {nickname}


@pytest.mark.parametrize(
    "text",
    [
        "his name's Rufus and he's my neighbour's dog",
        "the name's not important, can you just check the letter",
        "her name is Ellie, she's my niece",
        "alle sagen immer dasselbe, aber keiner hilft",
        "update: im tired, long shift",
        "it's cold to everyone who lives here",
    ],
)
def test_someone_elses_name_or_a_word_names_no_one(text):
    facts = asserted_triples(text)
    assert not _own(facts, "name")
    assert not _own(facts, "preferred_name")


@pytest.mark.parametrize(
    ("text", "age", "job"),
    [
        ("name's Dougie. 46, self-employed roofer, live in Paisley.", "46", "self-employed roofer"),
        ("hallo, ich bin die Marlies. 61, Floristin, wohn in Gera.", "61", "Floristin"),
    ],
)
def test_a_bare_age_opening_the_sentence_after_the_own_name_is_the_speakers(text, age, job):
    facts = asserted_triples(text)
    assert _own(facts, "age") == {age}
    assert _own(facts, "works_as") == {job}


def test_a_bare_age_after_someone_else_is_not_the_speakers():
    facts = asserted_triples("name's Dougie. my nan Edna is a legend. 84, still drives.")
    assert not _own(facts, "age")
