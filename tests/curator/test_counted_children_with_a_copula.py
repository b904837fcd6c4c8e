"""Children counted and then named with their ages said by a copula ("two kids, Ottilie's 8
and Cormac's 5", "zwei Kinder, Lotta ist 7 und Emil 4"): each is the speaker's child of that
age, named without the "'s"."""

from __future__ import annotations

from tests.curator.reading import asserted_triples


def test_ages_said_with_is_after_counted_children():
    found = asserted_triples("we've got two kids, Ottilie's 8 and Cormac's 5")
    assert {("person:ottilie", "age", "8"), ("person:cormac", "age", "5")} <= found, found
    assert ("person:ottilie", "relation_to_user", "daughter") in found, found
    found = asserted_triples("wir haben zwei Kinder, Lotta ist 7 und Emil 4")
    assert {("person:lotta", "age", "7"), ("person:emil", "age", "4")} <= found, found
    found = asserted_triples("i have two kids: Maisie is 6 and Alfie is 3")
    assert ("person:alfie", "age", "3") in found, found
