"""A job said with "als"/"as a" outside the "arbeite als"/"work as" frame ("bei der Spedition
als disponentin angefangen", "mein job als hotelsekretärin", "took a new gig as a lifeguard"),
when the noun reads as a job though no list holds it; a role that is none ("als Kind", "as a
joke", "as a pirate") gives no job."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


def _jobs(*texts: str) -> set[tuple[str, str]]:
    return {(s, o) for s, p, o in asserted_triples(*texts) if p == "works_as"}


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("ich hab als notfallsanitäterin nur selten frei", "notfallsanitäterin"),
        ("bin im april bei der Spedition Kern als disponentin angefangen", "disponentin"),
        ("hab als physiklaborantin nur ne halbe stunde pause", "physiklaborantin"),
        ("mein job als hotelsekretärin macht mir spaß", "hotelsekretärin"),
        ("took a new gig as a lifeguard at the lido last month", "lifeguard"),
    ],
)
def test_a_job_said_with_als_is_the_speakers(text, job):
    assert (ME, job) in _jobs(text)


@pytest.mark.parametrize(
    "text",
    [
        "als Kind war ich oft bei meiner Oma",
        "ich hab die Uhr als Geschenk bekommen",
        "als anfängerin bin ich beim klettern noch langsam",
        "das gilt bei uns als überstunde",
        "we started the group chat as a joke at work",
        "i dressed up as a pirate for the work party",
        "as a kid i worked on my uncle's farm",
        # a dish: German names a trade by an agent's ending
        "als vorspeise nehm ich lieber suppe",
        # a role not yet held or held no longer
        "im mai ist meine prüfung als notfallsanitäterin",
        "nach zehn jahren als disponentin mach ich jetzt was anderes",
    ],
)
def test_a_role_that_is_no_job_gives_none(text):
    assert not _jobs(text)
