"""Whose a clause is: someone named by chat shorthand ("my gf", "my missus", "my pal"), a
clause describing someone the window never named ("tom's a paramedic"), a verb in another's
person ("kriegt zweimal am Tag Insulin"), a condition under another's possessive ("his
asthma"), a diet word describing food or a place ("gluten free spots"). None of these is the
speaker's. The phrasings here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.test_unseen_people_and_work import _facts, _values

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("my gf Leonie is a dentist", "person:leonie", "partner"),
        ("my bf Omar cooks on sundays", "person:omar", "partner"),
        ("my missus Shannon works at the chemist", "person:shannon", "wife"),
        ("my pal Dougie is a joiner", "person:dougie", "friend"),
    ],
)
def test_chat_shorthand_for_a_partner_or_friend_names_the_relation(text, person, relation):
    facts = _facts(text)
    assert _values(facts, person, "relation_to_user") == {relation}
    assert not _values(facts, ME, "works_as")


@pytest.mark.parametrize(
    ("text", "predicate"),
    [
        ("my gf Leonie is coeliac so we only eat out at a few places", "health_condition"),
        ("kev's a firefighter so he's never home at night", "works_as"),
        ("ahmet's a welder, has been for years", "works_as"),
        (
            "unsere katze Mimi, die is zuckerkrank. kriegt zweimal am tag insulin",
            "takes_medication",
        ),
        ("my uncle Reg is 80 and his asthma has got worse", "health_condition"),
        ("mein opa Heinz sagt, seine arthrose wird schlimmer", "health_condition"),
    ],
)
def test_what_another_is_or_has_is_not_the_speakers(text, predicate):
    assert not _values(_facts(text), ME, predicate)


@pytest.mark.parametrize(
    "text",
    [
        "we're always hunting gluten free spots when we travel",
        "any vegan restaurants near the station?",
    ],
)
def test_a_diet_word_before_what_it_describes_is_no_diet(text):
    assert not _values(_facts(text), ME, "diet")


@pytest.mark.parametrize(
    ("text", "condition", "medication"),
    [
        ("ich hab asthma und krieg zweimal am tag mein spray", "asthma", None),
        ("i've got migraines, take sumatriptan when one starts", "migraines", "sumatriptan"),
        ("hab migräne, nehm dann ibuprofen", "migräne", "ibuprofen"),
    ],
)
def test_the_speakers_own_condition_and_medication_stay_theirs(text, condition, medication):
    facts = _facts(text)
    assert {v.lower() for v in _values(facts, ME, "health_condition")} == {condition}
    if medication:
        assert medication in {v.lower() for v in _values(facts, ME, "takes_medication")}


@pytest.mark.parametrize(
    ("text", "diet"),
    [
        ("i'm vegan lol", "vegan"),
        ("i'm on a vegan diet", "vegan"),
        ("bin vegetarierin", "vegetarian"),
    ],
)
def test_a_diet_said_of_oneself_stays(text, diet):
    assert _values(_facts(text), ME, "diet") == {diet}
