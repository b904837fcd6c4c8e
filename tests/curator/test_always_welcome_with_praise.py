"""A thing said to be always welcome keeps its article and praise out of the liking, in both
languages: "give me a decent crime drama any day", "ne heiße Suppe geht immer"."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


def _liked(text: str) -> set[str]:
    return {v.lower() for s, p, v in asserted_triples(text) if s == ME and p == "prefers"}


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("give me a good crime drama any day", "crime drama"),
        ("honestly give me a nice bacon sandwich any day", "bacon sandwich"),
        ("give me a cheesy christmas film any day", "christmas film"),
        ("ne heiße suppe geht immer", "suppe"),
        ("und ein guter eintopf geht immer", "eintopf"),
        ("oh ja, n frisches brötchen geht immer", "brötchen"),
    ],
)
def test_an_always_welcome_thing_is_liked_without_its_praise(text, thing):
    assert thing in _liked(text)
