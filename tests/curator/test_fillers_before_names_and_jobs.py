"""A name after a filler ("ich heiß eigentlich Birte") and a job after the speaker's copula
without its "ich" ("Birte, 51, bin Dachdeckerin bei …") are the speaker's, the filler and the
copula no part of them (introductions after an exclamation: ``test_greeting_openings``)."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("ich heiß eigentlich Birte und komm aus Husum", "Birte"),
        ("my name's actually Siobhan", "Siobhan"),
    ],
)
def test_a_filler_between_the_naming_verb_and_the_name(text, name):
    assert (ME, "name", name) in asserted_triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "Birte, 51, bin Dachdeckerin bei Holzbau Janssen",
        "bin kfz-mechatroniker bei Autohaus Brandt",
    ],
)
def test_a_job_after_the_copula_without_its_pronoun_is_the_job_alone(text):
    jobs = {o for s, p, o in asserted_triples(text) if s == ME and p == "works_as"}
    assert jobs and not any(job.lower().startswith("bin ") for job in jobs)
