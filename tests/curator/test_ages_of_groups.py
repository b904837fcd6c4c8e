"""An age said of several people or pets at once ("Hoppel und Mümmel sind jetzt 3", "Rex and
Fido (both 6)", "twins Ava and Lily, who are 10", "they're 4" after the pair was named): each of
them is that age, or each its own when as many ages are said; a unit after the number makes no
age ("are 5 minutes away", "sind 3 Tage in Berlin")."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples


@pytest.mark.parametrize(
    ("text", "names", "age"),
    [
        ("meine hasen Hoppel und Mümmel sind jetzt 3", ("pet:hoppel", "pet:mummel"), "3"),
        ("unsere katzen heißen Lotte und Paul, die sind schon 12", ("pet:lotte", "pet:paul"), "12"),
        ("my dogs Rex and Fido are both 6", ("pet:rex", "pet:fido"), "6"),
        (
            "unsere zwei kaninchen Hazel und Fiver (beide 4) buddeln den garten um",
            ("pet:hazel", "pet:fiver"),
            "4",
        ),
        ("my daughters Ava and Lily, who are 10, love horses", ("person:ava", "person:lily"), "10"),
        (
            "my nieces Cara and Nell, they're 7, stay over on fridays",
            ("person:cara", "person:nell"),
            "7",
        ),
    ],
)
def test_one_age_said_of_a_group_is_each_ones(text, names, age):
    found = asserted_triples(text)
    assert {(name, "age", age) for name in names} <= found, found


def test_a_plural_pronoun_takes_the_pair_named_before():
    found = asserted_triples("my budgies Kiwi and Mango keep me up", "they're 4, is that old?")
    assert {("pet:kiwi", "age", "4"), ("pet:mango", "age", "4")} <= found, found
    found = asserted_triples("wir haben zwei katzen, Lotte und Paul. die beiden sind übrigens 11")
    assert {("pet:lotte", "age", "11"), ("pet:paul", "age", "11")} <= found, found


def test_as_many_ages_as_names_go_in_order():
    found = asserted_triples("meine söhne Jakob und Emil sind 12 und 9")
    assert {("person:jakob", "age", "12"), ("person:emil", "age", "9")} <= found, found


@pytest.mark.parametrize(
    "text",
    [
        "my nephews Tom and Sam are 5 minutes away",
        "meine Kollegen Jan und Tim sind 3 Tage in Berlin",
        "my cousins Ella and Rose are 2 hours late again",
    ],
)
def test_a_number_with_a_unit_is_no_age_of_a_group(text):
    found = asserted_triples(text)
    assert not {t for t in found if t[1] == "age"}, found


def test_ages_said_before_the_names_go_in_order():
    found = asserted_triples("my nieces Maddie and Grace. they are 11 and 8, Maddie and Grace")
    assert {("person:maddie", "age", "11"), ("person:grace", "age", "8")} <= found, found
    assert ("person:grace", "age", "11") not in found, found
