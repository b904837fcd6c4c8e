"""A feeding time said of "they" when the speaker holds one pet the lists know is about
other animals (ones the lists do not name), not that pet; said of several pets held, it is
theirs. The sentences here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts


@pytest.mark.parametrize(
    "texts",
    [
        ("my dog Rex is 5.", "my son has two stick insects, they get fed at 6pm"),
        ("unser Kater Moritz ist 12.",
         "die Kinder haben zwei Schnecken, die kriegen um 18 Uhr Futter"),
    ],
)  # fmt: skip
def test_they_of_unlisted_animals_feeds_not_the_one_pet_held(texts):
    assert not {s for s, p, _v in facts(*texts) if p == "feeding_time"}


def test_they_of_several_pets_held_feeds_them_all():
    found = facts("our cats Tom and Jerry are 3.", "they get fed at 7 every morning")
    assert {s for s, p, _v in found if p == "feeding_time"} == {"pet:tom", "pet:jerry"}
