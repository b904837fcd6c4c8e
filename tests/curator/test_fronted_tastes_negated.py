"""A taste put first and denied in chat or regional words ("fenchel mag ich nich", "pilze mag
i ned") is a dislike, never the liking its verb alone would say."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("spinat mag ich nich, schon als kind nich", "Spinat"),
        ("Sellerie mag ich ned so", "Sellerie"),
    ],
)
def test_a_fronted_taste_denied_in_chat_words_is_a_dislike(text, thing):
    triples = asserted_triples(text)
    assert (ME, "dislikes", thing) in triples
    assert not {t for t in triples if t[1] == "prefers"}
