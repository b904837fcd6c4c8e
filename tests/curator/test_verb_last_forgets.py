"""A German request to forget with its verb last and a clause after it ("alles über den bitte
rausschmeißen, will nix mehr von dem lesen") forgets the topic before the verb, a person
pointed at by the article alone too; the clause after the verb only says why. The phrasings
here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted

SAID = "meine kollegin Jana wohnt in Köln und spielt dienstags tennis. ich wohne in Bonn"


@pytest.mark.parametrize(
    "asked",
    [
        "die jana is raus. alles über die bitte rauswerfen, die hat mich enttäuscht",
        "jana und ich sind fertig miteinander. bitte alles von der rausschmeißen, echt jetzt",
    ],
)
def test_a_person_pointed_at_before_the_last_verb_is_forgotten(asked):
    found = _asserted(SAID, asked)
    assert not {s for s, _, _ in found if s == "person:jana"}
    assert ("person:me", "lives_in", "place:bonn") in found  # what no request named stays


def test_a_medicine_named_before_the_last_verb_is_forgotten():
    found = _asserted(
        "ich nehme Citalopram. ich wohne in Gera",
        "das Citalopram bitte wieder rausnehmen, der arzt hat es abgesetzt",
    )
    assert not {v for _, p, v in found if p == "takes_medication"}
    assert ("person:me", "lives_in", "place:gera") in found


def test_talking_about_someone_forgets_nothing():
    found = _asserted(SAID, "ich red gern über die, die ist toll")
    assert ("person:jana", "lives_in", "place:koln") in found
