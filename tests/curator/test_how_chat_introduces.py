"""How people introduce their animals, relatives and jobs in chat: the animal said twice is
no name ("einen Hund, einen Beagle namens Bruno"), names listed after a comma or colon are
names ("zwei katzen, pünktchen und anton"), "her birthday" after "my mum" is the mother's,
"became" says a new job, "forget that I …" is a request to forget and states nothing, and
the chatter after a thing ("penicillin btw") is no part of it."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from curator.rules import Known, RuleCurator, Turn

SPRING = datetime(2026, 4, 20, 9, 0, tzinfo=timezone(timedelta(hours=2)))


def _ops(*texts: str) -> list[dict]:
    turns = [
        Turn(id=f"i{i}", role="user", text=text, occurred_at=SPRING + timedelta(minutes=i))
        for i, text in enumerate(texts)
    ]
    return RuleCurator().propose(turns, Known())


def _facts(*texts: str) -> set[tuple[str, str, str]]:
    return {
        (op["subject_ref"], op["predicate"], str(op.get("object_value") or op.get("object_ref")))
        for op in _ops(*texts)
        if op["op"] in ("assert_fact", "assert_relationship")
    }


@pytest.mark.parametrize(
    ("text", "pet", "breed"),
    [
        ("Wir haben einen Hund, einen Beagle namens Bruno.", "pet:bruno", "Beagle"),
        ("Ich hab nen Kater, nen Perser namens Moritz.", "pet:moritz", "Perser"),
    ],
)
def test_the_animal_said_twice_is_no_name(text, pet, breed):
    ops = _ops(text)
    pets = {op["id_hint"] for op in ops if op["op"] == "upsert_entity" and op["kind"] == "pet"}
    assert pets == {pet}
    assert (pet, "breed", breed) in _facts(text)


@pytest.mark.parametrize(
    ("text", "names", "age"),
    [
        (
            "wir haben zwei katzen, pünktchen und anton, die sind beide 4",
            ("punktchen", "anton"),
            "4",
        ),
        ("wir haben zwei katzen: pünktchen und anton", ("punktchen", "anton"), None),
        ("we have two cats, pickles and mochi, both are 4", ("pickles", "mochi"), "4"),
    ],
)
def test_names_listed_after_a_comma_or_colon_are_each_a_pet(text, names, age):
    facts = _facts(text)
    for name in names:
        assert ("person:me", "owns", f"pet:{name}") in facts
        assert (f"pet:{name}", "species", "cat") in facts
        if age:
            assert (f"pet:{name}", "age", age) in facts


@pytest.mark.parametrize(
    ("texts", "relative", "relation"),
    [
        (
            [
                "my kids Ella (9) and Max (6)",
                "my mum passed away last year, her birthday was 5 May",
            ],
            "person:mum",
            "mother",
        ),
        (
            [
                "meine Tochter Lina ist 7",
                "meine Oma ist letztes Jahr gestorben, ihr Geburtstag war am 5. Mai",
            ],
            "person:oma",
            "grandmother",
        ),
    ],
)
def test_her_birthday_after_an_unnamed_relative_is_theirs(texts, relative, relation):
    facts = _facts(*texts)
    birthdays = {subject for subject, predicate, _ in facts if predicate == "birthday"}
    assert birthdays == {relative}
    assert (relative, "birthday", "--05-05") in facts
    assert (relative, "relation_to_user", relation) in facts


def test_became_says_the_new_job():
    facts = _facts("My girlfriend Amara works as a nurse.", "she just became a midwife")
    jobs = {value for subject, predicate, value in facts if predicate == "works_as"}
    assert jobs == {"midwife"}


@pytest.mark.parametrize(
    "texts",
    [
        ["Please forget that I play football."],
        [
            "I play five-a-side football on Wednesday evenings.",
            "Please forget that I play football, I quit.",
        ],
    ],
)
def test_forget_that_i_states_nothing_and_forgets(texts):
    assert not {f for f in _facts(*texts) if f[0] == "person:me"}


def test_scratch_that_still_corrects():
    facts = _facts("our cat Mimi is a siamese", "scratch that, she's a birman")
    assert ("pet:mimi", "breed", "Birman") in facts or ("pet:mimi", "breed", "birman") in facts


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        ("I'm allergic to penicillin btw", "allergic_to", "penicillin"),
        ("ich bin allergisch gegen Nüsse übrigens", "allergic_to", "Nüsse"),
        ("I hate coriander honestly", "dislikes", "coriander"),
    ],
)
def test_chatter_after_the_thing_is_no_part_of_it(text, predicate, value):
    assert ("person:me", predicate, value) in _facts(text)


def test_the_demonstrative_points_at_the_one_named_last_in_the_sentence_before():
    facts = _facts(
        "wir haben zwei jungs, yunus (12) und mert (8), und unser kater pascha ist 11. "
        "der hat seit letztem jahr diabetes"
    )
    conditions = {subject for subject, predicate, _ in facts if predicate == "health_condition"}
    assert conditions == {"pet:pascha"}
    assert ("person:mert", "age", "8") in facts


@pytest.mark.parametrize(
    ("text", "predicate", "value"),
    [
        # when a hobby is done is the routine's, not the hobby's
        ("Am Wochenende gehe ich gern wandern, am liebsten im Schwarzwald.", "hobby", "wandern"),
        # liking to do it is no part of what is done
        ("I like to go hiking on weekends.", "routine", "go hiking on weekends"),
        ("I try to meditate every evening", "routine", "meditate every evening"),
        # what one may not eat sets the diet
        ("Ich darf keine Laktose essen, bin intolerant.", "diet", "lactose_free"),
        ("Ich kann leider kein Gluten essen.", "diet", "gluten_free"),
    ],
)
def test_what_is_done_or_kept_to_in_its_own_words(text, predicate, value):
    said = {v for subject, p, v in _facts(text) if subject == "person:me" and p == predicate}
    assert said == {value}


@pytest.mark.parametrize(
    ("text", "job", "employer"),
    [
        (
            "ich bin neu hier, also kurz: Jana, 27, "
            "Pflegefachfrau auf der Intensiv im Klinikum Nürnberg",
            "Pflegefachfrau",
            "org:klinikum-nurnberg",
        ),
        ("about me: Tom, 34, nurse on a cardiac ward at St James's", "nurse", "org:st-james-s"),
    ],
)
def test_where_an_introduced_job_is_done_is_no_part_of_it(text, job, employer):
    facts = _facts(text)
    assert ("person:me", "works_as", job) in facts
    assert ("person:me", "works_at", employer) in facts


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("My name is Margaret Hughes, I am 74", "Margaret Hughes"),
        ("Ich heiße Hanna Wiegand", "Hanna Wiegand"),
        ("I'm Kasia Brennan, a nurse", "Kasia Brennan"),
        # a capitalised word that is no name stays out of it
        ("Ich heiße Anna Und wohne in Köln", "Anna"),
    ],
)
def test_the_speakers_full_name(text, name):
    assert {v for s, p, v in _facts(text) if s == "person:me" and p == "name"} == {name}


def test_a_colon_after_what_the_speaker_has_introduces_no_name_of_theirs():
    facts = _facts("My husband and I have a dog: Rex, 4, a border collie")
    assert not {p for s, p, v in facts if s == "person:me" and p in ("name", "age")}


def test_a_colon_listing_the_speakers_children_introduces_them_not_the_speaker():
    facts = _facts("Meine Frau Leyla und ich haben drei Kinder: Deniz (17), Elif (14) und Can (9)")
    assert not {(p, v) for s, p, v in facts if s == "person:me"} & {
        ("name", "Deniz"),
        ("age", "17"),
    }
    assert ("person:deniz", "age", "17") in facts
    assert ("person:can", "age", "9") in facts


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # an emoji is how the thing is felt about, never part of it; a question after it
        # is a thought of its own
        ("ansonsten ess ich alles, am liebsten scharf 🌶️ was koch ich heute?", "scharfes Essen"),
        ("I love spicy food 🌶️ what should I cook tonight?", "spicy food"),
        ("I love 🍕 pizza", "pizza"),
    ],
)
def test_an_emoji_is_no_part_of_what_is_liked(text, value):
    assert {v for s, p, v in _facts(text) if p == "prefers"} == {value}


@pytest.mark.parametrize(
    "text",
    [
        "I was vegetarian for years but I eat meat again now",
        "Ich war jahrelang Vegetarierin, aber jetzt esse ich wieder Fleisch",
        "I was a strict vegan for years",
    ],
)
def test_a_diet_held_before_is_no_diet_now(text):
    assert not {v for s, p, v in _facts(text) if p == "diet"}


def test_a_diet_held_now_beside_someone_elses_former_one():
    facts = _facts("my sister was vegan but I'm vegetarian")
    assert ("person:me", "diet", "vegetarian") in facts


@pytest.mark.parametrize(
    ("text", "age", "job"),
    [
        # an item between name and age; German "im" before an ordinal is "in dem"
        (
            "Hallo! Ich bin Lena, Studentin, 22. "
            "Ich studiere Psychologie in Marburg im 5. Semester.",
            "22",
            "Studentin",
        ),
        ("hi, I'm Tom, nurse, 34, living in Leeds", "34", "nurse"),
    ],
)
def test_an_item_between_the_speakers_name_and_age(text, age, job):
    facts = _facts(text)
    assert {v for s, p, v in facts if s == "person:me" and p == "age"} == {age}
    assert ("person:me", "works_as", job) in facts


@pytest.mark.parametrize(
    ("text", "children"),
    [
        ("my kids are Finn (10) and Isla (7), Finn has ADHD", {"person:finn", "person:isla"}),
        ("Meine Kinder sind Finn (10) und Isla (7)", {"person:finn", "person:isla"}),
        # what they are is no name
        ("my parents are British", set()),
        ("meine Eltern sind Rentner", set()),
    ],
)
def test_relatives_named_by_a_copula_after_a_plural(text, children):
    facts = _facts(text)
    assert {s for s, p, v in facts if p == "relation_to_user"} == children
    if children:
        assert ("person:finn", "age", "10") in facts


def test_adhd_is_finns_when_finn_is_named_first():
    facts = _facts("my kids are Finn (10) and Isla (7), Finn has ADHD")
    assert ("person:finn", "health_condition", "ADHD") in facts


@pytest.mark.parametrize(
    ("text", "who", "relation"),
    [
        ("husband's called Mark, he's a firefighter", "person:mark", "husband"),
        ("wife is Sarah btw", "person:sarah", "wife"),
    ],
)
def test_a_partner_called_by_the_word_alone_is_the_speakers(text, who, relation):
    assert (who, "relation_to_user", relation) in _facts(text)


@pytest.mark.parametrize(
    ("text", "who", "relation"),
    [
        ("Unsere Zwillinge Mats und Jule sind 8.", "person:jule", "daughter"),
        (
            "Leyla und ich haben drei Kinder: Deniz (17), Elif (14) und Can (9)",
            "person:elif",
            "daughter",
        ),
    ],
)
def test_a_daughter_by_a_name_the_endings_miss(text, who, relation):
    assert (who, "relation_to_user", relation) in _facts(text)


@pytest.mark.parametrize(
    ("text", "who", "school"),
    [
        ("my daughter Sofia is at UCLA studying nursing", "person:sofia", "org:ucla"),
        ("I'm at Leeds Uni studying law", "person:me", "org:leeds-uni"),
    ],
)
def test_the_school_said_before_the_studying(text, who, school):
    facts = _facts(text)
    assert (who, "studies_at", school) in facts
    assert not {f for f in facts if f[1] == "works_at"}
