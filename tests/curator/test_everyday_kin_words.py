"""Everyday and regional words for the people around the speaker ("my other half Dina", "mei
spezl Ferdl", "a lodger, Kai", "our twins Mo and Lea") and a relative called by the kin word
alone before their name ("mum's Brenda btw", "nan's called Edna", "gaffer's Stuart")."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("my other half Dina is away this week", "person:dina", "partner"),
        ("mei spezl Ferdl hot a neis auto", "person:ferdl", "friend"),
        ("we rent the back room to a lodger, Kai, he's a chef", "person:kai", "flatmate"),
        ("our twins Mo and Lea start school in august", "person:lea", "daughter"),
        ("meine Zwillinge Ben und Jonas spielen Fußball", "person:ben", "son"),
    ],
)
def test_everyday_words_for_the_people_around_the_speaker(text, person, relation):
    assert (person, "relation_to_user", relation) in asserted_triples(text)


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("mum's Brenda btw, she'd love a card", "person:brenda", "mother"),
        ("nan's called Edna by the way", "person:edna", "grandmother"),
        ("gaffer's Stuart, he runs the yard", "person:stuart", "boss"),
    ],
)
def test_a_relative_called_by_the_kin_word_alone(text, person, relation):
    assert (person, "relation_to_user", relation) in asserted_triples(text)


@pytest.mark.parametrize("text", ["dad's Honda is in the garage again", "her mum's Kate."])
def test_a_possession_or_someone_elses_parent_is_no_name(text):
    assert not any(p == "relation_to_user" for _, p, _ in asserted_triples(text))
