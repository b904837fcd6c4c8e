"""A German job followed by "im"/"am" and a workplace's own name ("Floristin im Blumenhaus
Meyer") names the employer; the same preposition before a common noun ("im Schichtdienst",
"im Sommer", "im Familienbetrieb") names none."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("ich arbeite als Floristin im Blumenhaus Meyer.", "org:blumenhaus-meyer"),
        ("ich bin Verkäuferin im Edeka Center, seit zwei jahren", "org:edeka-center"),
        ("hab als Gärtner im Rosarium Uetersen angefangen", "org:rosarium-uetersen"),
    ],
)
def test_a_named_workplace_after_a_job_is_the_employer(text, employer):
    assert (ME, "works_at", employer) in asserted_triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "ich bin Krankenpflegerin im Schichtdienst",
        "ich arbeite als Kellner im Sommer",
        "ich arbeite als Tischler im Familienbetrieb",
    ],
)
def test_a_common_noun_after_the_job_names_no_employer(text):
    assert not {t for t in asserted_triples(text) if t[1] == "works_at"}
