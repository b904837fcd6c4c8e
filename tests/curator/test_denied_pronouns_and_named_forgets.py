""" "keins" and Alemannic "kei" deny what is fronted before them; a request to forget that
names its topic erases that topic even when the same sentence says something new."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    "text",
    [
        "Cortison nehm ich inzwischen keins mehr, hat nix gebracht",
        "Zucker iss i kei meh, das bekommt mir nöd",
    ],
)
def test_a_fronted_thing_denied_by_keins_is_not_stated(text):
    assert not [f for f in facts(text) if f[1] in ("takes_medication", "prefers", "diet")]


def test_keins_denies_only_its_own_clause():
    found = facts("seit Januar nehm ich Metformin, Ibuprofen nehm ich keins mehr")
    assert (ME, "takes_medication", "Metformin") in found
    assert not [f for f in found if f[2] == "Ibuprofen"]


@pytest.mark.parametrize(
    ("texts", "forgotten", "kept"),
    [
        (
            (
                "ich hab seit zwei Jahren Migräne",
                "vergiss das mit der Migräne bitte, ich bin übrigens Lehrerin",
            ),
            "health_condition",
            (ME, "works_as", "Lehrerin"),
        ),
        (
            ("I've had psoriasis since school", "forget that bit about psoriasis, I'm a nurse btw"),
            "health_condition",
            (ME, "works_as", "nurse"),
        ),
    ],
)
def test_a_forget_naming_its_topic_beside_a_new_fact_still_forgets(texts, forgotten, kept):
    found = facts(*texts)
    assert not [f for f in found if f[1] == forgotten]
    assert kept in found


@pytest.mark.parametrize(
    "texts",
    [
        (
            "ich bin Erzieherin im Kindergarten Sonnenschein und hab seit Mai Neurodermitis",
            "vergiss das mit der Neurodermitis wieder",
        ),
        (
            "I'm a paramedic with the Ambulance Service and I've got psoriasis",
            "please forget the psoriasis",
        ),
    ],
)
def test_forgetting_a_topic_keeps_the_clause_joined_before_it(texts):
    found = facts(*texts)
    assert not [f for f in found if f[1] == "health_condition"]
    assert [f for f in found if f[1] == "works_as"]
