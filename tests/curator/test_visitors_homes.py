"""Someone on their way to the speaker lives where the journey starts ("my aunt Maeve is
flying in from Boston", "will come from Doha for a week"); an origin ("comes from"), a
migration long ago ("came over from …"), a trip's town and the speaker's own journey are not
their home."""

from __future__ import annotations

import pytest

from tests.curator.test_extract import facts


def _homes(text: str) -> set[tuple[str, str]]:
    return {(s, str(o)) for s, p, o in facts(text) if p == "lives_in"}


@pytest.mark.parametrize(
    ("text", "person", "place"),
    [
        ("my aunt Maeve is flying in from Boston for the wedding", "person:maeve", "place:boston"),
        ("my son Kofi's flying home from Melbourne at christmas", "person:kofi", "place:melbourne"),
        ("my father Ramesh is coming from Chennai on the 4th", "person:ramesh", "place:chennai"),
        ("my sister Leila will come from Doha for a week", "person:leila", "place:doha"),
        ("my brother Owen is driving up from Cardiff tonight", "person:owen", "place:cardiff"),
    ],
)
def test_a_visitor_lives_where_the_journey_starts(text, person, place):
    assert (person, place) in _homes(text)


@pytest.mark.parametrize(
    "text",
    [
        "my cousin Nia is flying back from her holiday in Lisbon tomorrow",
        "my grandad Winston came over from Kingston in 1958",
        "I'm flying in from Denver on friday",
        "my friend Tariq is coming back from a conference in Oslo",
    ],
)
def test_a_trip_an_old_migration_or_the_speakers_journey_is_no_home(text):
    assert not {h for h in _homes(text) if h[0] != "person:me"}
    assert not {h for h in _homes(text) if h[1] in ("place:lisbon", "place:kingston")}
