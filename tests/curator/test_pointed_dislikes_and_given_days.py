"""A thing named, then pointed back to by a denying verdict, is disliked; chat's "nich" and a
fronted "I don't" deny a liking; plural days said to be an activity are a routine."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the pointer after the verb (left dislocation), past a reason in between
        ("bring bitte keine Oliven mit, nicht wegen Allergie, ich mag die echt nich", "Oliven"),
        # the pointer first, the denial closed by "mehr sehen"
        ("bloß keinen Fenchel, den kann ich nicht mehr sehen", "Fenchel"),
        # "das Zeug" points back like "das"
        ("Zwiebeln ja, aber Knoblauch bitte nich, das Zeug vertrag ich nicht", "Knoblauch"),
        ("ohne Kapern, die ess ich nicht", "Kapern"),
    ],
)
def test_a_denied_pointer_is_a_dislike_of_the_thing_before(text, value):
    found = facts(text)
    assert (ME, "dislikes", value) in found
    assert not [f for f in found if f[1] == "prefers"]


@pytest.mark.parametrize(
    "text",
    [
        "keine Blumen bitte, die hab ich nicht gern im Haus",  # having, not tasting
        "kein Thema, das kann ich nicht sagen",
    ],
)
def test_a_denied_pointer_without_a_verb_of_taste_is_no_dislike(text):
    assert not [f for f in facts(text) if f[1] == "dislikes"]


@pytest.mark.parametrize(
    "text",
    [
        "ich mag den einfach nich",
        "we eat most things, only pork we don't eat",
    ],
)
def test_a_denied_liking_is_no_preference(text):
    assert not [f for f in facts(text) if f[1] == "prefers"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("fridays are yoga then i meet my sister for tea", "fridays yoga"),
        ("sunday mornings are football with the lads", "sunday mornings football with lads"),
    ],
)
def test_plural_days_given_to_an_activity_are_a_routine(text, value):
    assert (ME, "routine", value) in facts(text)


@pytest.mark.parametrize(
    "text",
    ["mondays are the worst at the shop", "saturdays are busy", "sundays are quiet"],
)
def test_plural_days_said_to_be_a_state_are_no_routine(text):
    assert not [f for f in facts(text) if f[1] == "routine"]
