"""A pet's feeding time, said with what it gets, with its meal or of several pets at once; the
speaker's own meals are not the pet's."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts


def feeding_times(*texts: str) -> set[tuple[str, str]]:
    return {
        (subject, value)
        for subject, predicate, value in facts(*texts)
        if predicate == "feeding_time"
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # what the animal gets, as a compound or a word of its own
        (
            "unser Kater Mogli haut abends um halb sechs sein Nassfutter weg",
            {("pet:mogli", "17:30")},
        ),
        ("meine Hündin Frida kriegt um 18 Uhr ihr Trockenfutter", {("pet:frida", "18:00")}),
        ("our rabbit Clover gets her hay at 7am", {("pet:clover", "07:00")}),
        ("my dog Biscuit gets his kibble at 7:30", {("pet:biscuit", "07:30")}),
        # eating, and the meal
        ("mein Hund Balu frisst immer um 17 Uhr", {("pet:balu", "17:00")}),
        ("our collie Jess gets her dinner at 5", {("pet:jess", "17:00")}),
        # every pet the clause names
        (
            "our guinea pigs Salt and Pepper get their veg at 6pm",
            {("pet:salt", "18:00"), ("pet:pepper", "18:00")},
        ),
        (
            "Unsere Katzen Lilo und Stitch bekommen um 18 Uhr ihr Trockenfutter",
            {("pet:lilo", "18:00"), ("pet:stitch", "18:00")},
        ),
        # a plural subject is every pet the sentence names
        (
            "wir haben zwei Kaninchen, Flocke und Krümel, und die kriegen morgens um 7 ihr Heu",
            {("pet:flocke", "07:00"), ("pet:krumel", "07:00")},
        ),
        # a plural subject in a sentence that names no pet: the speaker's pets
        (
            "Wir haben zwei Katzen, Mia und Leo. Die kriegen abends um 6 Nassfutter",
            {("pet:mia", "18:00"), ("pet:leo", "18:00")},
        ),
        # the speaker feeding the pet
        ("our dog Max, I feed him at 6pm", {("pet:max", "18:00")}),
        ("meine Katze Minka, ich geb ihr um 7 ihr Futter", {("pet:minka", "07:00")}),
    ],
)
def test_a_feeding_time_is_the_pets(text, expected):
    assert feeding_times(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "our cat Tom is 3 and I have dinner at 8",
        "ich hab eine Katze, Minka. ich frühstücke immer um 7",
        "ich esse um 19 Uhr zu Abend",
        "we have breakfast at 8 on sundays",
        "we have a cat, Tom. the kids love him, they have dinner at 6",
    ],
)
def test_the_speakers_meal_is_no_feeding_time(text):
    assert not feeding_times(text)
