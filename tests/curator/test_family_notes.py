"""Facts told while organising family life with the assistant (a sitter's handover note, a
guest list, a care plan): children listed with their ages after the word for them ("kinder:
tom (5) und ella (2)"), a town whose first word names none alone ("bad tölz", "new york"), a
breed named with its variety ("pembroke corgi", "holland lop"), and a breed or a cross set off
after the species noun, which is no name ("unsere Hündin, Labrador-Mix"). The sentences here
are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "children"),
    [
        ("zettel für die oma: kinder: paul (8) und lina (3).",
         {("person:paul", "son", "8"), ("person:lina", "daughter", "3")}),
        ("Note for the sitter. Kids are Rory (9) and Isla (6), Rory's the loud one.",
         {("person:rory", "son", "9"), ("person:isla", "daughter", "6")}),
        ("our kids are Maeve 10 and Oisín 7", {("person:maeve", "daughter", "10"),
                                               ("person:oisin", "son", "7")}),
        ("unsere Söhne heißen Emil (12) und Anton (9)",
         {("person:emil", "son", "12"), ("person:anton", "son", "9")}),
    ],
)  # fmt: skip
def test_children_listed_with_their_ages_after_the_word_for_them(text, children):
    facts = _facts(text)
    for who, relation, age in children:
        assert (who, "relation_to_user", relation) in facts
        assert (who, "age", age) in facts


@pytest.mark.parametrize(
    "text",
    [
        # someone else's children
        "ihre Kinder: Paul (8) und Lina (3).",
        "his kids are Rory (9) and Isla (6)",
        # a list without ages says nothing of children
        "the kids are Tom and Jerry fans",
        "kinder: paul und lina kommen später",
    ],
)
def test_a_list_of_someone_elses_children_or_without_ages_relates_no_one(text):
    assert not {f for f in _facts(text) if f[1] == "relation_to_user"}


@pytest.mark.parametrize(
    ("text", "who", "place"),
    [
        ("mein opa wohnt in bad reichenhall", "person:opa", "place:bad-reichenhall"),
        ("my cousin lives in new orleans now", "person:cousin", "place:new-orleans"),
        ("meine tante lebt in sankt wendel", "person:tante", "place:sankt-wendel"),
        ("my brother moved to san jose in may", "person:brother", "place:san-jose"),
    ],
)
def test_a_town_whose_first_word_names_none_alone_keeps_its_second(text, who, place):
    assert (who, "lives_in", place) in _facts(text)


@pytest.mark.parametrize(
    ("text", "pet", "breed", "species"),
    [
        ("Waffles is our cardigan corgi, 6 years old.", "pet:waffles", "Cardigan Corgi", "dog"),
        ("and nibbles, our mini lop.", "pet:nibbles", "Mini Lop", "rabbit"),
        ("Motte ist unsere Hündin, Schäferhund-Mischling, 5 Jahre alt.", "pet:motte",
         "Schäferhund-Mischling", "dog"),
        ("Tilda ist unser Kater, ein Maine Coon.", "pet:tilda", "Maine Coon", "cat"),
    ],
)  # fmt: skip
def test_a_breed_with_its_variety_or_set_off_after_the_species_noun(text, pet, breed, species):
    facts = _facts(text)
    assert (pet, "breed", breed) in facts
    assert (pet, "species", species) in facts
    assert (ME, "owns", pet) in facts


def test_a_breed_set_off_after_the_noun_is_no_name():
    facts = _facts("Motte ist unsere Hündin, Schäferhund-Mischling, 5 Jahre alt.")
    assert not {f for f in facts if "mischling" in f[0]}
    assert ("pet:motte", "age", "5") in facts


@pytest.mark.parametrize(
    ("text", "who", "age"),
    [
        ("meine oma heißt gerda, ist 91 und wohnt im betreuten wohnen", "person:gerda", "91"),
        ("mein Onkel heißt Ferdinand, is 67, und fährt noch Motorrad", "person:ferdinand", "67"),
    ],
)
def test_an_age_in_a_clause_whose_subject_the_chat_dropped(text, who, age):
    assert (who, "age", age) in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "ich wohne in Graz, ist 84 Quadratmeter groß",
        "ich bin müde, ist 22 uhr",
    ],
)
def test_a_number_after_a_dropped_subject_that_is_no_age_of_anyone(text):
    assert not {f for f in _facts(text) if f[1] == "age"}


@pytest.mark.parametrize(
    ("text", "who", "relation"),
    [
        ("papa (klaus) trinkt nur schwarzen tee", "person:klaus", "father"),
        ("my sister (orla) is flying in on friday", "person:orla", "sister"),
    ],
)
def test_a_name_in_brackets_after_its_kin_noun(text, who, relation):
    assert (who, "relation_to_user", relation) in _facts(text)


def test_a_pet_named_by_a_name_fronted_before_its_verb():
    facts = _facts("wir haben seit letzter woche ne katze aus dem tierheim, mimi heißt sie")
    assert ("pet:mimi", "species", "cat") in facts
    assert (ME, "owns", "pet:mimi") in facts


def test_a_question_for_the_name_names_no_pet():
    facts = _facts("Wir haben jetzt einen Hund. Wie heißt er denn am besten?")
    assert not {f for f in facts if f[0].startswith("pet:")}


@pytest.mark.parametrize(
    "text",
    [
        "organising a party for my mate bo, she turns 40 on the 3rd of june",
        "für meinen kumpel jo, er wird am 3. juni 40",
    ],
)
def test_a_birthday_told_of_her_or_him_is_never_the_speakers(text):
    assert (ME, "birthday", "--06-03") not in _facts(text)


def test_a_name_after_an_article_opening_its_clause_in_lower_case():
    facts = _facts("der ferdl is elektriker in wels")
    assert ("person:ferdl", "works_as", "elektriker") in facts
    assert (ME, "works_as", "elektriker") not in facts


def test_a_pet_named_after_an_article_then_its_noun_breed_and_age_set_off():
    facts = _facts("und dann die luna, unsere katze, britisch kurzhaar, 11 jahre.")
    assert ("pet:luna", "species", "cat") in facts
    assert ("pet:luna", "breed", "Britisch Kurzhaar") in facts
    assert ("pet:luna", "age", "11") in facts
    assert (ME, "owns", "pet:luna") in facts
    assert not {f for f in facts if f[0].startswith("pet:britisch")}


def test_a_duration_set_off_after_a_place_is_no_age():
    facts = _facts("Meine Schwester war in Neuseeland, 2 Jahre. Jetzt ist sie zurück.")
    assert not {f for f in facts if f[1] == "age"}


@pytest.mark.parametrize(
    ("text", "pet", "now", "before"),
    [
        ("unser kater mio kriegt sein futter früher um 6 und um 17 uhr, jetzt nur noch um 17 uhr",
         "pet:mio", "17:00", "06:00"),
        ("our dog Rex used to get breakfast at 7, now only dinner at 6", "pet:rex", "18:00",
         "07:00"),
    ],
)  # fmt: skip
def test_a_feeding_time_said_as_what_the_pet_got_before_is_not_its_time(text, pet, now, before):
    facts = _facts(text)
    assert (pet, "feeding_time", now) in facts
    assert (pet, "feeding_time", before) not in facts


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("morgen hat papa geburtstag und ich hab noch nix", "person:papa"),
        ("Morgen hat mein Opa Geburtstag, ich brauch ein Geschenk.", "person:opa"),
    ],
)
def test_a_birthday_after_its_verb_is_the_relatives_named_before_it(text, who):
    facts = _facts(text)  # said on Tuesday, 10 March 2026
    assert (who, "birthday", "--03-11") in facts
    assert not {f for f in facts if f[1] == "birthday" and f[0] != who}
    assert not {f for f in facts if "geburtstag" in f[0]}


@pytest.mark.parametrize(
    "text",
    [
        "ok for real tho kev is a paralegal and he hates cats",
        "und der neue mitbewohner ole ist koch in nem hotel",
    ],
)
def test_a_job_said_with_a_third_persons_copula_is_never_the_speakers(text):
    assert not {f for f in _facts(text) if f[0] == ME and f[1] == "works_as"}


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("Mein Beruf ist Erzieherin.", "Erzieherin"),
        ("ok next field. occupation is dental hygienist", "dental hygienist"),
        ("guess who's a qualified electrician now!!", "electrician"),
    ],
)
def test_the_speakers_job_said_by_a_copula_after_the_word_for_it(text, job):
    assert (ME, "works_as", job) in _facts(text)
