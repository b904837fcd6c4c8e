"""Health and corrections as people say them in plain speech: the one named for a condition
has it and does no job by that name, a body part alone names no condition, an adverb before
a preparation is no part of its name, a day is no allergen, and a correction may say the
right value after the wrong one ("nicht X, Y"). The phrasings here are not those of the
evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted

ME = "person:me"


def _of_me(found: set, predicate: str) -> set:
    return {value for subject, p, value in found if subject == ME and p == predicate}


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("bin seit der Pubertät Epileptikerin", "Epilepsie"),
        ("ich bin Asthmatiker und geh trotzdem laufen", "Asthma"),
    ],
)
def test_one_named_for_a_condition_has_it_and_no_job_by_that_name(text, condition):
    found = _asserted(text)
    assert condition in _of_me(found, "health_condition")
    assert not _of_me(found, "works_as")


def test_a_job_said_beside_a_condition_noun_stays_a_job():
    found = _asserted("bin Diabetikerin und arbeite als Floristin")
    assert _of_me(found, "works_as") == {"Floristin"}


@pytest.mark.parametrize(
    "text",
    ["my back has opinions about that sofa", "meine Schulter sagt was anderes"],
)
def test_a_body_part_alone_names_no_condition(text):
    assert not _of_me(_asserted(text), "health_condition")


def test_a_condition_in_a_body_part_keeps_its_place():
    assert "bursitis in my hip" in _of_me(
        _asserted("I have bursitis in my hip"), "health_condition"
    )


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("ich hab Rheuma und nehme deshalb Tabletten", set()),
        ("ich nehme dafür Magnesiumtabletten", {"Magnesiumtabletten"}),
        ("I also take iron pills", {"iron pills"}),
    ],
)
def test_an_adverb_before_a_preparation_is_no_part_of_its_name(text, kept):
    assert _of_me(_asserted(text), "takes_medication") == kept


@pytest.mark.parametrize(
    "text",
    ["honestly I'm allergic to Sundays", "ich bin allergisch gegen Freitage lol"],
)
def test_a_day_is_no_allergen(text):
    assert not _of_me(_asserted(text), "allergic_to")


def test_laughter_after_an_allergen_is_no_part_of_it():
    assert _of_me(_asserted("I'm allergic to shellfish haha"), "allergic_to") == {"shellfish"}


@pytest.mark.parametrize(
    ("said", "corrected", "right", "wrong"),
    [
        ("ich bin allergisch gegen Kiwis", "korrektur: nicht Kiwis, Mangos", "Mangos", "Kiwis"),
        ("I'm allergic to pollen", "sorry, not pollen, dust mites", "dust mites", "pollen"),
        ("ich nehme Bisoprolol", "hab mich vertan, nicht Bisoprolol sondern Metoprolol",
         "Metoprolol", "Bisoprolol"),
    ],
)  # fmt: skip
def test_the_value_said_after_the_wrong_one_takes_its_place(said, corrected, right, wrong):
    predicate = "takes_medication" if "nehme" in said else "allergic_to"
    found = _of_me(_asserted(said, corrected), predicate)
    assert right in found
    assert wrong not in found


def test_a_value_said_on_after_a_negation_replaces_nothing():
    found = _of_me(
        _asserted("I'm allergic to pollen", "not pollen anymore thankfully"), "allergic_to"
    )
    assert "anymore" not in " ".join(found)


# --- a condition word that names no condition anyone has ---------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # a modifier of the noun after it
        "I volunteer with autistic teenagers",
        "I'm an epilepsy nurse at the children's hospital",
        # the condition of a relative clause's antecedent
        "ich besuche jeden Sonntag meinen Onkel, der Parkinson hat",
        "I drive my neighbour, who has epilepsy, to work",
        # a passing state a moment gives
        "the exam gave me insomnia lol",
        "heute bin ich total depression, weil es regnet",
        # a condition named in a purpose or another's care, read by no construction
        "ich sammle Spenden für die Diabetes Forschung",
        "I bring my cat to the vet for her arthritis",
    ],
)
def test_a_condition_word_that_no_one_is_said_to_have_is_stored_for_no_one(text):
    assert not _of_me(_asserted(text), "health_condition")


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("ich habe seit dem Studium Migräne", "Migräne"),
        ("I've got asthma, it's worse every winter", "asthma"),
        ("bin seit heute offiziell Diabetikerin", "Diabetes"),
    ],
)
def test_a_lasting_condition_stays_the_speakers(text, condition):
    assert condition in _of_me(_asserted(text), "health_condition")


def test_a_german_demonstrative_after_a_comma_keeps_the_condition_its_persons():
    # the verb right after the pronoun opens a main clause, not a relative one
    found = _asserted("meine Nachbarin Gisela kommt morgen, die hat Rheuma")
    assert ("person:gisela", "health_condition", "Rheuma") in found
