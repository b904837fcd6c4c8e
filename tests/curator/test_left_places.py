"""A place left is no home ("moved out of my parents' place in Hull", "bin aus der WG in Jena
ausgezogen"), a house worked on for a day is no home ("fixing a roof on a house in Didsbury
today") and a job said in dialect to be over ("nich mehr", "ned mehr") is not held. The phrasings
here are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted

ME = "person:me"


@pytest.mark.parametrize(
    "text",
    [
        "finally moved out of my mum's place in Hull last weekend, so much space now",
        "bin letzte woche aus meiner WG in Jena ausgezogen, endlich allein",
        "moving out of the flat in Brixton was a nightmare",
    ],
)
def test_a_place_moved_out_of_is_no_home(text):
    assert not any(p == "lives_in" for _, p, _ in _asserted(text))


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("our place in Didsbury is tiny but cosy", (ME, "lives_in", "place:didsbury")),
        ("moved out of Hull, into a flat in Leeds", (ME, "lives_in", "place:leeds")),
    ],
)
def test_a_home_is_still_read(text, home):
    assert home in _asserted(text)


@pytest.mark.parametrize(
    ("said", "ended"),
    [
        ("bin seit April nich mehr bei Lidl, sondern Filialleiterin", (ME, "works_at", "org:lidl")),
        (
            "i schaff ned mehr beim Autohaus Maier, hob jetzt a Werkstatt",
            (ME, "works_at", "org:autohaus-maier"),
        ),
    ],
)
def test_a_job_said_in_dialect_to_be_over_is_not_held(said, ended):
    assert ended not in _asserted("ich arbeite bei Lidl und beim Autohaus Maier", said)


@pytest.mark.parametrize(
    ("text", "home"),
    [
        ("moved into a flat in Leeds today, so happy", (ME, "lives_in", "place:leeds")),
        (
            "my grandad is in a care home in Cork now, visiting him tomorrow",
            ("person:grandad", "lives_in", "place:cork"),
        ),
    ],
)
def test_a_home_with_an_indefinite_article_is_still_read(text, home):
    assert home in _asserted(text)


def test_a_house_worked_on_is_no_home():
    facts = _asserted("up at 6, fixing the roof on a house in Didsbury today")
    assert not any(p == "lives_in" for _, p, _ in facts)


def test_the_new_home_beside_the_one_left_is_read():
    facts = _asserted("moved out of my dad's place and now live in Leeds")
    assert (ME, "lives_in", "place:leeds") in facts
