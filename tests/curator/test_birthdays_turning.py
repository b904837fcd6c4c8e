"""A birthday said with the progressive "turning" and an age ("my brother's turning 30 on the
3rd of june", "Ella is turning 7 on 14 march") is read as "turns 30 on …" and "wird am 3. Juni
30" are; "turning" without an age after it ("turning the garden into a car park on the 3rd")
says no birthday."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples


@pytest.mark.parametrize(
    ("text", "who", "day"),
    [
        ("my brother's turning 30 on the 3rd of june", "person:brother", "--06-03"),
        ("my niece Ella is turning 7 on 14 march", "person:ella", "--03-14"),
        ("our neighbour Pat's turning 80 on the 21st of april, big party", "person:pat", "--04-21"),
        ("mein Bruder wird am 3. Juni 30", "person:bruder", "--06-03"),
        ("meine Nichte Ella wird am 14. März 17", "person:ella", "--03-14"),
        ("unser Nachbar Paul wird am 21. April 80, große Feier", "person:paul", "--04-21"),
    ],
)
def test_a_birthday_said_with_turning_and_an_age(text, who, day):
    found = asserted_triples(text)
    assert (who, "birthday", day) in found, found


@pytest.mark.parametrize(
    "text",
    [
        "our neighbour Pat is turning the garden into a car park on the 3rd",
        "my son Leo keeps turning the music up, even on the 2nd of may",
    ],
)
def test_turning_without_an_age_says_no_birthday(text):
    found = asserted_triples(text)
    assert not {t for t in found if t[1] == "birthday"}, found
