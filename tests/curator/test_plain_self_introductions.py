"""The plainest introduction, "ich bin Gisela aus Bielefeld", names the writer and their
town; a first name the model places among jobs is no job ("hi ich bin Mareike")."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "name", "town"),
    [
        ("hallo, ich bin Renate aus Paderborn. kannst du mir helfen?", "Renate", "place:paderborn"),
        ("bin Wiebke aus Husum, hab mal ne frage", "Wiebke", "place:husum"),
        ("Hallo! Ich bin Jannik aus Gießen.", "Jannik", "place:giessen"),
    ],
)  # fmt: skip
def test_a_name_and_its_town_after_the_copula(text, name, town):
    found = facts(text)
    assert (ME, "name", name) in found
    assert (ME, "lives_in", town) in found
    assert not [f for f in found if f[1] == "works_as"]


@pytest.mark.parametrize("text", ["hi ich bin Jolina", "hallo, ich bin Dörte!"])
def test_a_first_name_the_tagger_never_saw_is_the_name_not_a_job(text):
    found = facts(text)
    assert [f[1] for f in found] == ["name"]


@pytest.mark.parametrize(
    "text",
    [
        "ich bin Präparatorin.",
        "hallo, ich bin Rentnerin aus Kassel",
        "bin grad aus dem Urlaub zurück",
    ],
)
def test_a_woman_by_her_trade_or_a_noun_names_no_one(text):
    assert not [f for f in facts(text) if f[1] == "name"]
