"""What the speaker would give their life for is a liking, though said in the conditional:
"i'd honestly die for a decent pad thai", "für ne gscheite Brezn würd ich sterben"; a craving
of the moment, one's own people and someone else's things are none."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


def _liked(text: str) -> set[str]:
    return {v.lower() for s, p, v in asserted_triples(text) if s == ME and p == "prefers"}


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("i'd honestly die for a decent pad thai", "pad thai"),
        ("ugh i would sell my soul for halloumi fries", "halloumi fries"),
        ("i'd walk a mile for proper sourdough tbh", "sourdough"),
        ("für ne gute brezn würd ich sterben", "brezn"),
        ("für käsespätzle tät ich alles geben", "käsespätzle"),
        ("für Marzipan würde ich glatt sterben", "marzipan"),
    ],
)
def test_what_one_would_die_for_is_liked(text, thing):
    assert thing in _liked(text)


@pytest.mark.parametrize(
    "text",
    [
        "i'd die for a coffee right now",
        "i would die for my kids",
        "ich würde für meine familie sterben",
        "für nen kaffee würd ich grad sterben",
        "i'd sell my soul for a job like yours",
    ],
)
def test_cravings_people_and_envy_are_no_taste(text):
    assert not _liked(text)
