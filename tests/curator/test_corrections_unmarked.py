"""A correction need not say it is one: a negation naming a value said before takes it back
("it's Oakwood Primary not Oakfield"), in dialect too ("nich", "ned", "net"); the name said
in its place is whole, a medicine said in its place is kept beside the others, and a corrected
feeding time holds for every pet that was said to eat then. The phrasings here are not those
of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted

ME = "person:me"


@pytest.mark.parametrize(
    ("said", "taken_back", "wrong", "right"),
    [
        (
            "i work as a nurse at Riverside Clinic in Derby",
            "it's Riverbank Clinic not Riverside, always mix them",
            (ME, "works_at", "org:riverside-clinic"),
            (ME, "works_at", "org:riverbank-clinic"),
        ),
        (
            "bin seit 2020 bei der Volksbank Hof als Kassiererin",
            "es is die Volksbank Bayreuth, nich Hof",
            (ME, "works_at", "org:volksbank-hof"),
            (ME, "works_at", "org:volksbank-bayreuth"),
        ),
        (
            "i schaff beim Autohaus Maier als Mechaniker",
            "Autohaus Huber, ned Maier",
            (ME, "works_at", "org:autohaus-maier"),
            (ME, "works_at", "org:autohaus-huber"),
        ),
    ],
)
def test_a_negation_naming_a_value_said_before_takes_it_back(said, taken_back, wrong, right):
    facts = _asserted(said, taken_back)
    assert right in facts
    assert wrong not in facts


@pytest.mark.parametrize(
    ("said", "later", "kept"),
    [
        # a value contrasted with another never said is no correction
        (
            "i work at Riverside Clinic",
            "i love tea not coffee",
            (ME, "works_at", "org:riverside-clinic"),
        ),
        # a change says the old value held
        (
            "ich arbeite bei der Volksbank Hof",
            "jetzt bin ich bei der Sparkasse, nicht mehr Hof",
            (ME, "works_at", "org:sparkasse"),
        ),
    ],
)
def test_a_negation_of_a_value_never_said_or_one_that_changed_corrects_nothing(said, later, kept):
    assert kept in _asserted(said, later)


@pytest.mark.parametrize(
    ("said", "taken_back", "wrong", "right"),
    [
        (
            "my meds: i take metformin every evening",
            "oh and vitamin b12. wait no it's atenolol not metformin, mixed it up with my dad",
            (ME, "takes_medication", "metformin"),
            (ME, "takes_medication", "atenolol"),
        ),
        (
            "ich nehm jeden morgen ramipril",
            "und vitamin d. moment, falsch, es ist bisoprolol nicht ramipril",
            (ME, "takes_medication", "ramipril"),
            (ME, "takes_medication", "bisoprolol"),
        ),
    ],
)
def test_the_medicine_said_in_place_of_the_wrong_one_is_taken(said, taken_back, wrong, right):
    facts = _asserted(said, taken_back)
    assert right in facts
    assert wrong not in facts


@pytest.mark.parametrize(
    ("said", "taken_back", "pets", "right", "wrong"),
    [
        (
            "my dogs Pepper and Salt get dinner at 5:30",
            "sorry typo, 6:30 not 5:30",
            ("pet:pepper", "pet:salt"),
            "18:30",
            "17:30",
        ),
        (
            "meine Katzen Lotte und Lilly kriegen um 7 Uhr morgens ihr Futter",
            "vertippt, um 8 nicht um 7",
            ("pet:lotte", "pet:lilly"),
            "08:00",
            "07:00",
        ),
    ],
)
def test_a_corrected_feeding_time_holds_for_every_pet_said_to_eat_then(
    said, taken_back, pets, right, wrong
):
    facts = _asserted(said, taken_back)
    for pet in pets:
        assert (pet, "feeding_time", right) in facts
        assert (pet, "feeding_time", wrong) not in facts


def test_the_words_of_a_denial_are_never_the_value_said_instead():
    facts = _asserted(
        "seit dem Sommer geh ich abends nach der Arbeit immer schwimmen",
        "ach ne stimmt gar nich, nich abends – mittags in der Pause",
    )
    values = {v for _, p, v in facts if p == "routine"}
    assert not values & {"ne", "nich", "gar", "stimmt"}
