"""Someone else's job said with a place ("my cousin Ruth's a midwife down in Plymouth", "he's a
barista in Galway") says where they live, whether or not the occupation list holds the job, and
so does how near the speaker they are in a place ("she's just round the corner in Hexham");
where they are for a while ("in Paris for the weekend") is no home."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples


def _homes(*texts: str) -> set[tuple[str, str]]:
    return {(s, o) for s, p, o in asserted_triples(*texts) if p == "lives_in"}


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("my cousin Ruth's a midwife down in Plymouth, she'll know",
         ("person:ruth", "place:plymouth")),
        ("my brother Finn's a sound engineer up in Glasgow these days",
         ("person:finn", "place:glasgow")),
        ("my mate Joe is a plumber out in Oban", ("person:joe", "place:oban")),
    ],
)  # fmt: skip
def test_a_job_in_a_place_is_where_they_live(text, home):
    assert home in _homes(text)


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("my gran Ivy can babysit, she's just round the corner in Hexham",
         ("person:ivy", "place:hexham")),
        ("my dad, Ray, he's like 20 min away in Marietta", ("person:ray", "place:marietta")),
    ],
)  # fmt: skip
def test_how_near_the_speaker_someone_is_in_a_place_is_their_home(text, home):
    assert home in _homes(text)


def test_a_stay_is_no_home():
    assert not _homes("my sister Meg is in Paris for the weekend")
