"""Someone else's job said with a copula after their name or a pronoun of speech ("Resi is
seit montag konrektorin", "der Paul is Chef", "die is jetzt Oberärztin"): the job is theirs,
never the speaker's, and a kind of person is no job."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "who", "job"),
    [
        ("Gerti is seit montag konrektorin an ihrer schule", "person:gerti", "konrektorin"),
        ("der Paul is jetzt Chef", "person:paul", "Chef"),
        ("meine tochter Nina, die is jetzt Oberärztin", "person:nina", "Oberärztin"),
        ("die Sabine ist Lehrerin in Ulm", "person:sabine", "Lehrerin"),
        ("my sister Ffion, she's a midwife", "person:ffion", "midwife"),
    ],
)
def test_a_named_persons_copula_job_is_theirs(text, who, job):
    facts = asserted_triples(text)
    assert (who, "works_as", job) in facts
    assert not any(s == ME and p == "works_as" for s, p, _ in facts)


def test_a_name_after_its_article_is_the_subject_not_the_speaker():
    facts = asserted_triples("der Jonas is bäcker bei der Bäckerei Wolf")
    assert ("person:jonas", "works_as", "bäcker") in facts
    assert not any(s == ME and p in ("works_as", "works_at") for s, p, _ in facts)


@pytest.mark.parametrize(
    "text",
    [
        "die Lena is Schwäbin",
        "der Paul is Frühaufsteher",
        "die Anna is Vegetarierin, glaub ich",
        "Heute ist Montag",
    ],
)
def test_a_kind_of_person_or_a_day_is_no_job(text):
    assert not any(p == "works_as" for _, p, _ in asserted_triples(text))
