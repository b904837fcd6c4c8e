"""A trip ahead said with the German "es geht" ("im august gehts mitm wohnmobil an den
gardasee") is a plan of the speaker's, named by the way and the destination said after it
(:mod:`curator.extract.going_ahead`); a past going, a greeting and a topic are none. The
phrasings are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

AT = "2026-06-08T19:41:00+02:00"


def _plans(text: str) -> set[str]:
    return {v for s, p, v in asserted_triples(text, at=AT) if s == "person:me" and p == "plans"}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("im september gehts mitm zug nach wien, hab schon gebucht", {"zug", "wien"}),
        ("ab oktober gehts dann endlich wandern in den harz", {"wandern", "harz"}),
        ("im august geht's mit der ganzen familie auf sylt", {"familie", "sylt"}),
        # the same kind in English, read by the trip rule
        ("in august we're off to Norway with the camper", {"norway"}),
        ("we're heading to Crete in september, flights are booked", {"crete"}),
        ("i'm going to Oslo in october for a week", {"oslo"}),
    ],
)
def test_a_going_ahead_is_a_plan_named_by_its_way_and_destination(text, words):
    plans = _plans(text)
    assert any(words <= set(p.lower().split()) for p in plans), plans


@pytest.mark.parametrize(
    "text",
    [
        "letzten sommer gings nach dänemark",
        "im juli gehts um die nebenkosten",
        "wie gehts dir im moment?",
        "vor drei wochen gehts mit dem rad nach hause",
    ],
)
def test_a_past_going_a_topic_or_a_greeting_is_no_plan(text):
    assert _plans(text) == set()
