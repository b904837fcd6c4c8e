""" "I could eat X every day" / "ich könnt jeden Tag X essen" is a liking, though conditional;
a supposition ("if i could …"), a question or another person's appetite is not the
speaker's."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("tbh i could eat dumplings every single day", "dumplings"),
        ("ich könnt jeden tag linsensuppe essen lol", "linsensuppe"),
    ],
)
def test_food_one_would_have_daily_is_liked(text, thing):
    assert (ME, "prefers", thing) in asserted_triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "if i could eat dumplings every day i'd be happy",
        "could i eat dumplings every day without gaining weight?",
        "my daughter could eat dumplings every day",
    ],
)
def test_a_supposition_a_question_or_someone_elses_appetite_is_no_liking_of_mine(text):
    assert not {t for t in asserted_triples(text) if t[0] == ME and t[1] == "prefers"}
