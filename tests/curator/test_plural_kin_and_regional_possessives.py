"""A plural kin or pet noun names everyone listed after it; Bavarian "mei" and spoken "unsre"
make a relative or pet the speaker's; a name set off before "n Dackel" is that animal; after a
plural the plain verb is no name."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "my lads Rory and Finn are mad into hurling",
            {
                ("person:rory", "relation_to_user", "son"),
                ("person:finn", "relation_to_user", "son"),
            },
        ),
        (
            "meine jungs luis und karl haben ferien",
            {
                ("person:luis", "relation_to_user", "son"),
                ("person:karl", "relation_to_user", "son"),
            },
        ),
        (
            "meine Schwestern Ida und Greta wohnen beide in Kiel",
            {
                ("person:ida", "relation_to_user", "sister"),
                ("person:greta", "relation_to_user", "sister"),
            },
        ),
        (
            "ich wohne mit zwei Mitbewohnerinnen, Mia und Zoe",
            {
                ("person:mia", "relation_to_user", "flatmate"),
                ("person:zoe", "relation_to_user", "flatmate"),
            },
        ),
        (
            "we've got 3 ponies, Bramble, Pip and Toffee",
            {
                ("pet:bramble", "species", "horse"),
                ("pet:pip", "species", "horse"),
                ("pet:toffee", "species", "horse"),
            },
        ),
        (
            "im Garten wohnen unsre zwei Vögel, Hansi und Fridolin",
            {("pet:hansi", "species", "bird"), ("pet:fridolin", "species", "bird")},
        ),
    ],
)
def test_a_plural_noun_names_everyone_listed_after_it(text, expected):
    assert expected <= facts(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("mei schwester Resi kimmt am samstag", ("person:resi", "relation_to_user", "sister")),
        (
            "mei freundin Vroni zieht im mai zu mir",
            ("person:vroni", "relation_to_user", "partner"),
        ),
        ("unsre Katze Mausi frisst nur Nassfutter", (ME, "owns", "pet:mausi")),
        ("my nana Bridie turns 88 on sunday", ("person:bridie", "relation_to_user", "grandmother")),
        ("our wee girl Niamh started school", ("person:niamh", "relation_to_user", "daughter")),
    ],
)
def test_regional_and_family_words_make_a_relative_the_speakers(text, fact):
    assert fact in facts(text)


def test_a_name_set_off_before_an_animal_is_that_animal_not_the_speakers():
    found = facts("ich pass grad auf zwei hunde auf: Emil, n mops, und Lola, ne dogge")
    assert {("pet:emil", "species", "dog"), ("pet:emil", "breed", "Mops")} <= found
    assert not {f for f in found if f[1] == "owns"}


@pytest.mark.parametrize(
    "text", ["Max, a boxer, moved in next door", "Darius, ein Perser, kocht super"]
)
def test_a_breed_that_names_people_too_is_no_animal_by_itself(text):
    assert not {f for f in facts(text) if f[0].startswith("pet:")}


@pytest.mark.parametrize(
    "text", ["my kids love pasta", "the boys adore their nan", "our cats hate the hoover"]
)
def test_a_plain_verb_after_a_plural_is_no_name(text):
    assert not {f for f in facts(text) if f[1] == "relation_to_user" or f[0].startswith("pet:")}


def test_a_named_relative_with_an_article_is_corrected():
    found = facts(
        "mei cousin Xaver hat morgen prüfung", "der xaver is mei schwager, ned mei cousin"
    )
    assert ("person:xaver", "relation_to_user", "brother-in-law") in found


@pytest.mark.parametrize(
    ("texts", "left", "stays"),
    [
        (
            ("we share a flat, me and my housemates Priya and Dom", "oh and dom moved out in may"),
            "person:dom",
            "person:priya",
        ),
        (
            ("ich wohne mit zwei Mitbewohnerinnen, Mia und Zoe", "Zoe ist im März ausgezogen"),
            "person:zoe",
            "person:mia",
        ),
    ],
)
def test_a_flatmate_who_moved_out_is_one_no_longer(texts, left, stays):
    found = facts(*texts)
    assert (stays, "relation_to_user", "flatmate") in found
    assert (left, "relation_to_user", "flatmate") not in found
