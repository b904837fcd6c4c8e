"""Where the speaker lives and comes from, said in passing: the kind of building before the
town, the town a commute starts from, a spoken "nimmer … sondern", and German's verb last."""

from __future__ import annotations

import pytest

from curator.prefilter import classify
from tests.curator.test_extract import facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("unser neubau in Riedberg hat schon wieder nen wasserschaden", "place:riedberg"),
        ("we've got a little terrace in Stockport, the damp is brutal", "place:stockport"),
        ("renting a condo in Kelowna now, way cheaper", "place:kelowna"),
        ("ich pendel jeden morgen von Tettnang rüber", "place:tettnang"),
        ("my commute from Didcot takes an hour each way", "place:didcot"),
        ("i wohn ned in Graz sondern in Leoben", "place:leoben"),
    ],
)
def test_a_home_said_in_passing(text, place):
    assert (ME, "lives_in", place) in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "we stayed in a cabin in Aviemore last weekend",
        "ich pendel von der Arbeit direkt zum Training",
        "the commute from work is the worst part",
    ],
)
def test_a_stay_or_a_commute_from_no_town_is_no_home(text):
    assert not {f for f in facts(text) if f[1] == "lives_in"}


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("bin ja hergezogen aus Kassel, vor acht jahren", "place:kassel"),
        ("weil ich aus Chemnitz komm, kenn ich das", "place:chemnitz"),
    ],
)
def test_where_the_speaker_comes_from_with_the_verb_elsewhere(text, place):
    assert (ME, "comes_from", place) in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "ok thanks. living out in Frome so it's a drive",
        "und ab nächster woche wohna mir in Passau",
    ],
)
def test_a_home_said_in_passing_is_worth_curating(text):
    assert classify(text=text).trigger
