"""A trade said by its nickname is written down in the standard word ("i'm a brickie" →
bricklayer, "been a sparkie for ten years" → electrician); the same word outside a job's frame
("off to the chippy for tea") is no job."""

from __future__ import annotations

import pytest

from curator.extract.lexicon import standard_job
from tests.curator.reading import asserted_triples

ME = "person:me"


def _jobs(*texts: str) -> set[str]:
    return {o for s, p, o in asserted_triples(*texts) if s == ME and p == "works_as"}


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("quick one: i'm a brickie, can you help me price a garden wall?", "bricklayer"),
        ("i'm a chippie, mostly kitchens and stairs", "carpenter"),
        ("i'm a sparkie, any tips on quoting rewires?", "electrician"),
    ],
)
def test_a_trade_nickname_is_stored_as_the_trade(text, job):
    assert job in _jobs(text)


def test_the_nickname_in_a_longer_job_is_replaced_alone():
    assert standard_job("head sparky") == "head electrician"


def test_the_fish_shop_is_no_job():
    assert not _jobs("off to the chippy for tea, what goes with mushy peas?")
