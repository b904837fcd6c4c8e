"""A taste weaned off ("Kaffee hab ich mir abgewöhnt", "gave up coffee", "cut out sugar") is
no liking, and ends the liking said before."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    "text",
    [
        "hab mir den kaffee abgewöhnt",
        "i quit coffee last year",
        "i kicked coffee in january",
    ],
)
def test_a_taste_weaned_off_is_no_liking(text):
    assert not {t for t in asserted_triples(text) if t[1] == "prefers"}


def test_weaning_off_ends_the_liking_said_before():
    triples = asserted_triples("ich liebe cola", "die cola hab ich mir jetzt abgewöhnt")
    assert not {t for t in triples if t[1] == "prefers"}
