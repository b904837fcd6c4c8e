"""A value must name a thing: regional pronouns and particles, a preposition the verb outside
governs, the predicate's own noun or a clause running on are pieces of speech, not likings,
jobs or hobbies. Each case is held to sentences of its own and to sentences it must leave
alone."""

from __future__ import annotations

import pytest

from curator.extract.fragments import bare_value, is_fragment
from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("predicate", "value"),
    [
        ("prefers", "det"),
        ("prefers", "eh"),
        ("prefers", "ones"),
        ("health_condition", "gonna"),
        ("prefers", "einfach nich"),
        ("hobby", "Hobby"),
        ("prefers", "von den roten"),
        ("prefers", "for bagpipes"),
        ("prefers", "pork I don't"),
        ("dislikes", "Pilze ich nicht"),
    ],
)
def test_a_piece_of_speech_is_no_value(predicate, value):
    assert is_fragment(predicate=predicate, value=value)


@pytest.mark.parametrize(
    ("predicate", "value"),
    [
        ("prefers", "Grauburgunder"),
        ("prefers", "old country music"),
        ("hobby", "Modelleisenbahnen"),
        ("works_as", "school caretaker"),
        ("health_condition", "Migräne mit Aura"),
        ("dislikes", "Sauce hollandaise"),
        ("routine", "mittwochs abends Chorprobe"),
    ],
)
def test_a_thing_is_a_value(predicate, value):
    assert not is_fragment(predicate=predicate, value=value)


def test_the_dialect_subject_after_the_verb_is_no_part_of_the_job():
    assert bare_value("i zimmerer") == "zimmerer"
    assert bare_value("ick Busfahrer") == "Busfahrer"
    assert bare_value("Imker") == "Imker"


@pytest.mark.parametrize(
    "text",
    [
        "fasching is ja mein lieblingsfest, ick liebe det wenn mir wer bier übers hemd kippt 🙄",
        "den riesling mag ich eh am liebsten von den trockenen",
        "i eat anything, only lamb I don't eat",
    ],
)
def test_no_liking_is_stored_from_a_piece_of_speech(text):
    stored = asserted_triples(text)
    pieces = {"det", "eh", "von trockenen", "lamb i don't"}
    assert not {f for f in stored if str(f[2]).lower() in pieces}, stored


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("seit märz bin i schreiner bei der Holzbau Brunner", (ME, "works_as", "schreiner")),
        ("i'm a bus driver in Leeds", (ME, "works_as", "bus driver")),
    ],
)
def test_a_job_after_a_dialect_subject_is_still_stored(text, fact):
    assert fact in asserted_triples(text)
