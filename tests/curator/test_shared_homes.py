"""A home said of a household is each member's: the speaker said with others as the subject
("me and my wife Priya live in …", "ich und mein Mann Jens wohnen …"), or someone living
"with"/"mit" a named person; not a companion of another verb ("work with my colleague")."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


def _homes(text: str) -> set[tuple[str, str]]:
    return {(s, str(o)) for s, p, o in facts(text) if p == "lives_in"}


@pytest.mark.parametrize(
    ("text", "people", "place"),
    [
        ("me and my wife Priya live in Swindon now", {ME, "person:priya"}, "place:swindon"),
        ("my boyfriend Arlo and I rent a flat in Hexham", {ME, "person:arlo"}, "place:hexham"),
        ("ich und mein Mann Jens wohnen in Gotha", {ME, "person:jens"}, "place:gotha"),
        ("ich wohn mit meiner Freundin Mira in Marburg", {ME, "person:mira"}, "place:marburg"),
        ("i live in Truro with my partner Jago", {ME, "person:jago"}, "place:truro"),
        (
            "my uncle Dermot lives in Galway with my aunt Nuala",
            {"person:dermot", "person:nuala"},
            "place:galway",
        ),
    ],
)
def test_a_home_said_of_a_household_is_each_members(text, people, place):
    assert {(person, place) for person in people} <= _homes(text)


@pytest.mark.parametrize(
    ("text", "other"),
    [
        ("i live in Truro and work with my colleague Kerensa", "person:kerensa"),
        ("I share an office with my colleague Tamsin in Exeter", "person:tamsin"),
        ("ich arbeite mit meiner Kollegin Ute in Erfurt", "person:ute"),
    ],
)
def test_a_companion_of_another_verb_shares_no_home(text, other):
    assert not {h for h in _homes(text) if h[0] == other}


@pytest.mark.parametrize(
    ("text", "people", "place"),
    [
        # the companion before the verb, the speaker after it
        ("mit meiner Freundin Carla wohne ich in Erfurt", {ME, "person:carla"}, "place:erfurt"),
        # a home said without a verb
        ("just me and my wife Nell in a little flat in Derby", {ME, "person:nell"}, "place:derby"),
        # the companion in a verbless afterthought
        ("wohne in Kiel, in Gaarden, mit meinem Mann Sven", {ME, "person:sven"}, "place:kiel"),
    ],
)
def test_a_companion_around_the_verb_shares_the_speakers_home(text, people, place):
    assert {(person, place) for person in people} <= _homes(text)


def test_an_afterthought_with_its_own_verb_is_no_companion():
    homes = _homes("ich wohne in Kiel, mein Bruder Sven arbeitet mit seiner Frau Ida in Hamburg")
    assert ("person:ida", "place:kiel") not in homes
