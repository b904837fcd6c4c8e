"""German "Frau" and "Mann" are a wife and a husband only after a possessive ("meine Frau
Anke"); before a surname without one they are a title ("schreib an Frau Özdemir"), and with an
article any woman or man ("ne Frau namens Ute") — someone to point back to, no relative."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("die bewerbung geht an Frau Özdemir, die leitet das team", "person:ozdemir"),
        ("muss noch an frau Lindqvist schreiben", "person:lindqvist"),
        ("hab ne frau namens Ute beim bäcker getroffen", "person:ute"),
    ],
)
def test_a_title_or_a_woman_is_no_wife(text, person):
    assert not {f for f in facts(text) if f[0] == person and f[1] == "relation_to_user"}


def test_the_titled_person_is_whom_a_demonstrative_points_back_to():
    said = facts("die mail geht an Frau Özdemir, die ist Ärztin")
    assert ("person:ozdemir", "works_as", "Ärztin") in said
    assert ("person:me", "works_as", "Ärztin") not in said


@pytest.mark.parametrize(
    ("text", "person", "relation"),
    [
        ("meine Frau Dörte ist Lehrerin", "person:dorte", "wife"),
        ("mit meinem Mann Pawel war ich in Krakau", "person:pawel", "husband"),
    ],
)
def test_a_possessive_makes_the_wife_or_husband(text, person, relation):
    assert (person, "relation_to_user", relation) in facts(text)
