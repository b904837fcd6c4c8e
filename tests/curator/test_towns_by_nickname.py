"""A city called by its nickname ("i'm in philly", "moved to nyc", "ich wohn in kölle") is
stored as the city a careful person writes down, with the nickname as one of its names."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples
from tests.curator.test_extract import ops_of


@pytest.mark.parametrize(
    ("text", "subject", "predicate", "town"),
    [
        ("i'm in philly", "person:me", "lives_in", "place:philadelphia"),
        ("we moved to nyc last year", "person:me", "lives_in", "place:new-york"),
        ("my sister lives in Philly", "person:sister", "lives_in", "place:philadelphia"),
        ("ich wohn in kölle", "person:me", "lives_in", "place:koln"),
        ("i'm from brum", "person:me", "comes_from", "place:birmingham"),
    ],
)
def test_a_city_by_its_nickname_is_the_city(text, subject, predicate, town):
    assert (subject, predicate, town) in asserted_triples(text)


def test_the_nickname_stays_a_name_of_the_city():
    ops = ops_of("i'm in philly")
    city = next(o for o in ops if o.get("id_hint") == "place:philadelphia")
    assert city["canonical_name"] == "Philadelphia"
    assert "Philly" in city["aliases"]
