"""A speaker labelling themselves by what they like ("more of a wine gal myself", "ich selber
bin eher der Rotweintyp") likes the thing, without the label or the emphasis after it."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


def _liked(text: str) -> set[str]:
    return {v.lower() for s, p, v in asserted_triples(text) if s == ME and p == "prefers"}


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("my husband loves beer but i'm more of a wine gal myself", "wine"),
        ("honestly more of a cider guy tbh", "cider"),
        ("i'm more of a pizza girl myself, the crust is everything", "pizza"),
        ("mein mann trinkt nur bier, ich selber bin eher der rotweintyp", "rotwein"),
        ("ich selbst bin ja eher der katzenmensch", "katzen"),
        ("ich persönlich bin eher so der kaffeetrinker", "kaffee"),
    ],
)
def test_a_self_label_likes_its_thing(text, thing):
    liked = _liked(text)
    assert thing in liked
    assert not any(w in v for v in liked for w in ("gal", "guy", "girl", "myself", "typ"))
