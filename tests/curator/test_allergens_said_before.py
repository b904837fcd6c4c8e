"""An allergen said before a bare "allergic" — the thing a clause turns down ("keine Nüsse
bitte, bin allergisch", "hold the prawns, i'm allergic"), fronted with its preposition ("Auf
Wespen bin ich allergisch") or left with "to" at the end ("shellfish i'm allergic to") — is the
allergy of whoever is allergic; a refusal of no substance ("no thanks", "keine Ahnung") names
none. The phrasings here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted


def _allergies(*texts: str) -> set[tuple[str, str]]:
    return {(s, str(v).lower()) for s, p, v in _asserted(*texts) if p == "allergic_to"}


@pytest.mark.parametrize(
    ("text", "allergy"),
    [
        ("keine Walnüsse in den Salat bitte, bin allergisch", "walnüsse"),
        ("Sellerie bitte weglassen, da bin ich allergisch", "sellerie"),
        ("Auf Wespen bin ich seit meiner Kindheit allergisch", "wespenstiche"),
        ("bitte ohne Kiwi, ich bin da total allergisch", "kiwi"),
        ("hold the prawns, i'm allergic", "prawns"),
        ("nothing with sesame please - I'm allergic to it", "sesame"),
        ("shellfish i'm allergic to, so skip the paella", "shellfish"),
        ("can't take aspirin btw, i'm allergic, what else helps?", "aspirin"),
    ],
)
def test_the_allergen_said_before_is_the_speakers(text, allergy):
    assert ("person:me", allergy) in _allergies(text)


def test_a_relative_said_allergic_has_the_allergy():
    found = _allergies("mach bitte keinen Sesam rein, meine Tochter Mia ist allergisch")
    assert found == {("person:mia", "sesam")}


@pytest.mark.parametrize(
    "text",
    [
        "no thanks, i'm allergic",
        "keine Ahnung, bin allergisch oder so",
        "a room that's not pet friendly pls, i'm allergic",
        "kein Problem, bin ja nicht allergisch",
    ],
)
def test_a_refusal_of_no_substance_names_no_allergen(text):
    assert not _allergies(text)
