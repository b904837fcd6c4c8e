"""Names a writer without capitals uses that the tagger never saw ("theo", "luzi", "rhys"),
which it guesses to be numbers until capitalised, are names; a preposition after a kinship
noun ("call mum about …", "ring my gran after lunch") is none."""

from __future__ import annotations

import pytest

from curator.extract.lower_names import could_be_name
from tests.curator.reading import asserted_triples


@pytest.mark.parametrize(
    ("word", "lang"),
    [("theo", "en"), ("rhys", "en"), ("mateo", "en"), ("luzi", "de"), ("mert", "de")],
)
def test_a_word_the_tagger_never_saw_may_be_a_name(word, lang):
    assert could_be_name(word, lang=lang)


@pytest.mark.parametrize(
    ("word", "lang"),
    [("three", "en"), ("seventeen", "en"), ("drei", "de"), ("zwanzig", "de"), ("about", "en")],
)
def test_a_number_or_a_preposition_is_no_name(word, lang):
    assert not could_be_name(word, lang=lang)


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("meine frau heißt luzi", "person:luzi", "wife"),
        ("mateo, my son, is 4", "person:mateo", "son"),
        ("my son is called rhys", "person:rhys", "son"),
        ("moved in with mateo last year", "person:mateo", "partner"),
    ],
)
def test_an_unseen_name_in_a_naming_frame_is_read(text, person, relation):
    assert (person, "relation_to_user", relation) in asserted_triples(text)


def test_an_unseen_name_after_the_kin_noun_carries_the_age():
    assert ("person:theo", "age", "7") in asserted_triples("my son theo is 7")


@pytest.mark.parametrize(
    "text",
    ["need to call mum about dad's 70th", "sundays i ring my gran after lunch"],
)
def test_a_preposition_after_a_kin_noun_names_nobody(text):
    people = {s for s, p, _ in asserted_triples(text) if p == "relation_to_user"}
    assert not people & {"person:about", "person:after"}
