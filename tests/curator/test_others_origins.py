"""Where someone else comes from, told with a verb in the third person ("die Ayşe, die kommt
aus Adana", "Tom's from Leeds", "his mam's from Cork"): the person named is its subject, or
nobody memory can name; never the speaker."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "who", "place"),
    [
        ("meine kollegin Ayşe, die kommt aus Izmir", "person:ayse", "place:izmir"),
        ("der Goran, der kommt aus Split und kocht super", "person:goran", "place:split"),
        ("my wife Nicole, who's from Bonn, hates it here", "person:nicole", "place:bonn"),
        ("Kieran's from Galway, he's always on about it", "person:kieran", "place:galway"),
    ],
)
def test_the_named_person_is_the_one_who_comes_from_there(text, who, place):
    facts = asserted_triples(text)
    assert (who, "comes_from", place) in facts
    assert not any(s == ME and p == "comes_from" for s, p, _ in facts)


@pytest.mark.parametrize(
    "text",
    [
        "his mam's from Cork, so we're off there for easter",
        "her dad's from Lagos originally",
        "die kommt aus Dresden, glaub ich",
        "weil sie aus Graz stammt",
    ],
)
def test_someone_unnamed_coming_from_somewhere_is_not_the_speaker(text):
    assert not any(s == ME and p == "comes_from" for s, p, _ in asserted_triples(text))


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("i'm from Cork originally", "place:cork"),
        ("ich komm aus Kempten", "place:kempten"),
        ("dass ich aus Rostock komm, hört man", "place:rostock"),
    ],
)
def test_the_speakers_own_origin_stays_theirs(text, place):
    assert (ME, "comes_from", place) in asserted_triples(text)
