"""Other people's trades and the speaker's animals as fresh chat says them: a pet named in the
next sentence ("he's called Bolt"), fed at "half six", fed in a clause that
drops its subject, an animal no list names right before its name, and a trade no list names
said with the employer it is practised at. The phrasings here are not those of the
evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.test_unseen_people_and_work import _facts, _values

ME = "person:me"


# --- a pet named by a pronoun in the next sentence --------------------------------------------


@pytest.mark.parametrize(
    "texts",
    [
        ("we rescued a greyhound last month. he's called Bolt",),
        ("got a greyhound from the shelter on friday", "she's named Bolt"),
    ],
)
def test_a_pet_said_first_is_named_by_a_pronoun_after(texts):
    facts = _facts(*texts)
    assert ("person:me", "owns", "pet:bolt") in facts
    assert _values(facts, "pet:bolt", "species") == {"dog"}


# --- when a pet is fed ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pet", "clock"),
    [
        ("our cat Tilly gets her biscuits at half six", "pet:tilly", "18:30"),
        ("my horse Dobbin, he gets fed at half past four", "pet:dobbin", "16:30"),
        # a clause that drops its subject, the verb in the third person: the animal's
        ("unser Pony Fridolin hat Husten. bekommt jeden Abend um sieben seine Möhren",
         "pet:fridolin", "19:00"),
        ("our pony Flash is lame. gets his carrots at 7 every evening", "pet:flash", "19:00"),
    ],
)  # fmt: skip
def test_a_feeding_time_in_chat_phrasing(text, pet, clock):
    assert _values(_facts(text), pet, "feeding_time") == {clock}


def test_half_before_an_amount_is_no_clock_time():
    facts = _facts("our cat Tilly eats half 5 kilo bags in a month")
    assert not _values(facts, "pet:tilly", "feeding_time")


# --- an animal no list names, right before its name ----------------------------------------


@pytest.mark.parametrize(
    ("text", "pet", "species"),
    [
        ("my little gecko Noodle is shedding again", "pet:noodle", "gecko"),
        ("unser Axolotl Gustav frisst nicht mehr", "pet:gustav", "axolotl"),
        ("we've got a tortoise called Pepper and a 4 yo, chaos", "pet:pepper", "tortoise"),
    ],
)
def test_an_unlisted_animal_before_its_name_is_the_speakers_pet(text, pet, species):
    facts = _facts(text)
    assert (ME, "owns", pet) in facts
    assert _values(facts, pet, "species") == {species}
    # "and a 4 yo": one more, not named, not the pet
    assert not _values(facts, pet, "age")


@pytest.mark.parametrize(
    "text",
    [
        "mein Auto Hugo ist schon wieder kaputt",
        "my neighbour has a gecko called Ziggy",
    ],
)
def test_no_animal_or_not_the_speakers_is_no_pet_of_theirs(text):
    assert not _values(_facts(text), ME, "owns")


# --- a trade said with its employer ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person", "job"),
    [
        ("mein Schwager Till, der ist Bestatter bei Pietät Sommer", "person:till", "Bestatter"),
        ("my cousin Ola is a sommelier at the Ritz", "person:ola", "sommelier"),
        ("my aunt Jen, she's been head gardener at Kew for years", "person:jen",
         "head gardener"),
    ],
)  # fmt: skip
def test_a_trade_at_an_employer_is_a_job(text, person, job):
    facts = _facts(text)
    assert _values(facts, person, "works_as") == {job}
    assert not _values(facts, ME, "works_as")


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("my gran Edna's a patient at St Luke's", "person:edna"),
        ("meine Tante Uschi ist Mitglied beim Kegelclub Alle Neune", "person:uschi"),
        ("my sister Amy's a big kid at Christmas", "person:amy"),
        ("meine Schwester Lea ist krank in Berlin", "person:lea"),
    ],
)
def test_what_one_is_at_a_place_without_a_trade_is_no_job(text, person):
    facts = _facts(text)
    assert not _values(facts, person, "works_as")
    assert not _values(facts, ME, "works_as")
