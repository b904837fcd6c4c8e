"""Speech dictated by voice (no marks, counts as words) and written by learners: "weder … noch"
denies, a request to forget names its topic with a particle inside ("vergiss das bitte mit
…") and goes no further than it, "the medicine" beside another topic is every medicine, an
age said in words is an age, "been a …" opening a sentence is the speaker's trade. The
sentences here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from curator.rules import Known
from tests.curator.reading import asserted_triples as _facts
from tests.curator.test_extract import ops_of

ME = "person:me"


def _mine(*texts: str) -> set[tuple]:
    return {f for f in _facts(*texts) if f[0] == ME}


@pytest.mark.parametrize(
    "text",
    [
        "ich bin weder Vegetarierin noch Diabetikerin",
        "ich heiß weder anna noch bin ich diabetikerin",
    ],
)
def test_weder_noch_denies(text):
    assert not {f for f in _mine(text) if f[1] in ("diet", "health_condition")}


def test_weder_noch_leaves_what_is_affirmed():
    assert (ME, "works_as", "Lehrerin") in _mine(
        "ich bin Lehrerin und weder Vegetarierin noch Diabetikerin"
    )


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("ich bin dreiundvierzig und arbeite in der Pflege", "43"),
        ("ich selber bin achtundsiebzig und noch gut beieinander", "78"),
        ("I'm forty-three and a bus driver", "43"),
        ("I am sixty five years old", "65"),
    ],
)
def test_an_age_said_in_words(text, age):
    assert (ME, "age", age) in _mine(text)


def test_small_counts_stay_words_for_what_is_counted():
    facts = _facts("ich hab zwei Katzen, Luna und Mimi")
    assert {(ME, "owns", "pet:luna"), (ME, "owns", "pet:mimi")} <= facts


def test_a_forget_with_a_particle_inside_goes_no_further_than_its_topic():
    facts = _facts(
        "ich bin tischler in bonn und mein hund bello muss ja irgendwo hin",
        "meine ärztin sagt ich soll mir nicht zu viel zumuten wegen der migräne",
        "ach vergiss das bitte mit der migräne das war zu viel info bello kommt eh zu meinem "
        "kumpel tom der hat nen garten",
    )
    assert not {f for f in facts if f[1] == "health_condition"}
    assert (ME, "works_as", "tischler") in facts
    assert (ME, "owns", "pet:bello") in facts


MEDS = [
    {"id": "bp", "subject_ref": ME, "predicate": "health_condition", "value": "high blood pressure",
     "object_ref": None},
    {"id": "aml", "subject_ref": ME, "predicate": "takes_medication", "value": "amlodipine",
     "object_ref": None},
    {"id": "job", "subject_ref": ME, "predicate": "works_as", "value": "phone technician",
     "object_ref": None},
]  # fmt: skip


def test_the_medicine_beside_another_topic_is_every_medicine():
    ops = ops_of(
        "please, forget what I say about the blood pressure and the medicine",
        known=Known(facts=MEDS),
    )
    forgotten = {op["target_fact_id"] for op in ops if op["op"] == "invalidate_fact"}
    assert forgotten == {"bp", "aml"}


def test_a_routine_named_beside_another_is_no_kind_of_fact():
    # "die Therapie" is one routine: the other routines stay
    facts = _facts(
        "ich geh jeden dienstag schwimmen",
        "mittwochs geh ich klettern",
        "und donnerstags nach der arbeit hab ich therapie, immer um 18 uhr",
        "vergiss bitte das mit dem klettern und der therapie",
    )
    routines = {f[2] for f in facts if f[:2] == (ME, "routine")}
    assert "jeden dienstag schwimmen" in routines
    assert not [r for r in routines if "klettern" in r]


@pytest.mark.parametrize("text", ["Salam alaikum, I need help", "I work at Hallam Blades"])
def test_words_ending_like_a_drug_are_no_drug(text):
    assert not {f for f in _mine(text) if f[1] == "takes_medication"}


@pytest.mark.parametrize("drug", ["alprazolam", "lorazepam"])
def test_benzodiazepines_are_still_drugs(drug):
    assert (ME, "takes_medication", drug) in _mine(f"i take {drug} at night")


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("my mum works as a dinner lady at the primary", "dinner lady"),
        ("i work as a delivery man for DPD", "delivery man"),
    ],
)
def test_a_trade_named_by_its_role_word(text, job):
    assert job in {f[2] for f in _facts(text) if f[1] == "works_as"}


def test_been_opening_a_sentence_is_the_speakers_trade():
    assert (ME, "works_as", "bail bondsman") in _mine(
        "been a bail bondsman here in amarillo since '09"
    )
    assert not {f for f in _mine("been a nightmare tbh") if f[1] == "works_as"}


def test_a_trade_after_the_name_is_no_town():
    facts = _mine("im Kerry-Ann, bingo caller")
    assert not {f for f in facts if f[1] == "lives_in"}
    assert (ME, "lives_in", "place:london") in _mine("tom here, london uk")


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("mein hund kalle ist neun", "pet:kalle"),
        ("meine tochter nele ist 7", "person:nele"),
    ],
)
def test_a_name_the_lexicon_never_saw_is_no_verb_after_its_noun(text, named):
    assert named in {f[0] for f in _facts(text)}


@pytest.mark.parametrize(
    "text", ["meine frau sacht nix mehr", "meine kollegin vonne arbeit hat geburtstag"]
)
def test_spoken_verbs_and_contractions_after_a_relative_are_no_names(text):
    assert not {f for f in _facts(text) if f[1] == "relation_to_user"}


@pytest.mark.parametrize(
    "text",
    [
        "ich bin allergisch gegen penicillin falls das wichtig ist",
        "i'm allergic to penicillin if that matters",
        "gegen penicillin bin ich allergisch falls das wichtig ist",
    ],
)
def test_a_clause_run_on_after_the_allergen_is_no_part_of_it(text):
    assert {f[2].lower() for f in _mine(text) if f[1] == "allergic_to"} == {"penicillin"}


@pytest.mark.parametrize(
    ("text", "pet"),
    [
        ("Wir haben auch Katze, Mochi, sie ist schon alt.", "pet:mochi"),
        ("I have dog, his name is Rex", "pet:rex"),
        ("We have cat named Luna", "pet:luna"),
        ("ich habe Hund, heißt Bello", "pet:bello"),
    ],
)
def test_a_pet_said_without_its_article(text, pet):
    assert (ME, "owns", pet) in _facts(text)


def test_what_a_pet_noun_qualifies_is_no_pet():
    assert not {f for f in _facts("I have dog food at home") if f[1] == "owns"}


def test_a_home_hoped_for_one_day_is_no_home():
    facts = _mine("Maybe one day we buy own house in Cookstown, but this is only dream")
    assert not {f for f in facts if f[1] == "lives_in"}


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("mein nachbar herr özdemir macht mir den garten", "person:ozdemir", "neighbour"),
        ("my neighbour mr patel is a pharmacist", "person:patel", "neighbour"),
        ("meine chefin frau kowalczyk ist streng", "person:kowalczyk", "boss"),
    ],
)
def test_a_title_after_the_relation_is_no_name(text, person, relation):
    facts = _facts(text)
    assert (person, "relation_to_user", relation) in facts
    assert not {f for f in facts if f[0] in ("person:herr", "person:frau", "person:mr")}
