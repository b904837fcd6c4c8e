"""An employer written in lower case right after the job ("justizfachangestellte am
landgericht bonn", "lab technician at the university of bristol"): a word of an institution
and a word that reads as a name among its words; a preposition after the job that leads to
no institution ("at the end of my rope", "bei der arbeit") or to common words alone ("at the
county hospital") names no employer, and "im kundenservice bei der sparkasse" does not make
"bei" part of a name."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

ME = "person:me"


def _employers(*texts: str) -> set[str]:
    return {o for s, p, o in asserted_triples(*texts) if s == ME and p == "works_at"}


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("ich bin Mira, justizfachangestellte am landgericht bonn, und brauch hilfe",
         "org:landgericht-bonn"),
        ("hey, i'm jo, 31, lab technician at the university of bristol",
         "org:university-of-bristol"),
        # dictated without a comma: the next verb ends the name
        ("ich heiße lene arbeite als maskenbildnerin am landestheater detmold wohn aber in lemgo",
         "org:landestheater-detmold"),
    ],
)  # fmt: skip
def test_a_lower_case_employer_after_the_job(text, org):
    assert org in _employers(text)


@pytest.mark.parametrize(
    "text",
    [
        "i'm a teacher at the end of my rope lol",
        "ich bin krankenschwester bei der arbeit immer gestresst",
        "i'm a nurse at the hospital and i'm knackered",
        # common words name a kind of place, not an employer
        "i'm a nurse at the county hospital, nights again",
        "i'm a paramedic with the ambulance service",
    ],
)
def test_no_employer_where_no_institution_is_named(text):
    assert not _employers(text)


def test_a_preposition_after_a_department_is_no_part_of_its_name():
    said = "bin seit april gruppenleiterin im kundenservice bei der volksbank, echt stressig"
    assert not {o for o in _employers(said) if o.endswith("-bei")}
