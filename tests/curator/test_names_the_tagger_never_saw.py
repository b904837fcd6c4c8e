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


@pytest.mark.parametrize(
    ("text", "subject", "predicate", "value"),
    [
        ("luna ist meine katze", "pet:luna", "species", "cat"),
        ("bella is our dog", "pet:bella", "species", "dog"),
        ("ok so anna is my sister", "person:anna", "relation_to_user", "sister"),
        ("kira ist unsere hovawart-hündin, 4 jahre alt", "pet:kira", "age", "4"),
        ("Kira ist unsere Hovawart-Hündin", "pet:kira", "species", "dog"),
    ],
)
def test_a_name_said_by_a_copula_to_be_a_relative_or_an_animal(text, subject, predicate, value):
    assert (subject, predicate, value) in asserted_triples(text)


def test_the_relative_named_by_a_copula_holds_what_follows():
    said = asserted_triples("tom is my brother and lives in leeds")
    assert ("person:tom", "lives_in", "place:leeds") in said
    assert ("person:me", "lives_in", "place:leeds") not in said


@pytest.mark.parametrize(
    "text", ["das ist meine katze", "he's my brother", "here is my dog", "er ist mein bruder"]
)
def test_a_pronoun_or_adverb_before_the_copula_names_nobody(text):
    assert not {s for s, _, _ in asserted_triples(text)} - {"person:me"}


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("mein bruder lukas wohnt seit 2019 in Hamburg", "person:lukas"),
        ("my brother lukas lives in Hamburg", "person:lukas"),
    ],
)
def test_a_writer_capitalising_only_places_still_names_in_lower_case(text, person):
    assert (person, "relation_to_user", "brother") in asserted_triples(text)


def test_a_writer_capitalising_nouns_names_with_capitals():
    said = asserted_triples("mein Bruder lukas wohnt in Hamburg")
    assert ("person:lukas", "relation_to_user", "brother") not in said
