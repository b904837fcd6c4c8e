"""Pets named by a word no list holds: "me" as "my" before it, a compound whose head says the
species, and what the sentence says of the animal's care. A word no list holds that is no
animal, a toy, or a person stores no pet."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "pet", "species", "breed"),
    [
        ("unser Zwergpony Fritzi ist schon 20", "pet:fritzi", "horse", "Zwergpony"),
        ("my coonhound Duke is 7", "pet:duke", "dog", "coonhound"),
        ("mei Nymphensittich Hansi pfeift den ganzen Tag", "pet:hansi", "bird", "Nymphensittich"),
    ],
)
def test_a_compound_names_its_species_by_its_head(text, pet, species, breed):
    facts = asserted_triples(text)
    assert (ME, "owns", pet) in facts
    assert (pet, "species", species) in facts
    assert (pet, "breed", breed) in facts


@pytest.mark.parametrize(
    "text",
    [
        "mein Kuschelhase Hoppel liegt im Bett",  # a cuddly toy
        "mein Steckenpferd Python macht mir Spaß",  # a pastime
    ],
)
def test_a_toy_or_a_pastime_with_an_animal_head_is_no_pet(text):
    assert not any(p == "owns" for _, p, _ in asserted_triples(text))


def test_me_before_an_unlisted_animal_and_a_name_is_my():
    facts = asserted_triples("me ferret Bandit sleeps all day")
    assert (ME, "owns", "pet:bandit") in facts


@pytest.mark.parametrize("text", ["give me back Tom's keys", "let me ask Sarah tomorrow"])
def test_an_object_me_before_a_name_owns_nothing(text):
    assert not any(p == "owns" for _, p, _ in asserted_triples(text))


def test_a_name_with_a_contracted_is_keeps_the_name_and_age():
    facts = asserted_triples("my cockatiel Kiwi's 9 now")
    assert (ME, "owns", "pet:kiwi") in facts
    assert ("pet:kiwi", "age", "9") in facts


def test_an_unlisted_breed_is_a_pet_when_the_sentence_speaks_of_its_care():
    facts = asserted_triples("our ridgeback Zulu has to go to the vet on friday")
    assert (ME, "owns", "pet:zulu") in facts


def test_a_person_beside_an_animal_at_the_vet_is_no_pet():
    facts = asserted_triples("my lodger Tom took the cat to the vet")
    assert not any(o == "pet:tom" for _, _, o in facts)


@pytest.mark.parametrize(
    ("text", "pet", "species"),
    [
        ("Rufus, an old redbone coonhound, he's 12", "pet:rufus", "dog"),
        ("d Mimi, a Perserkatz, is scho 15", "pet:mimi", "cat"),
    ],
)
def test_a_name_apposed_to_a_compound_animal_word_is_that_animal(text, pet, species):
    assert (pet, "species", species) in asserted_triples(text)


@pytest.mark.parametrize(
    "text", ["Paula, eine alte Schulfreundin, kommt morgen", "Sam, a good mate, helps out"]
)
def test_a_name_apposed_to_a_word_for_a_person_is_no_pet(text):
    facts = asserted_triples(text)
    assert not any(ref.startswith("pet:") for s, _, o in facts for ref in (s, o))
