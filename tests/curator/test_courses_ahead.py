"""A course or qualification taken up from a time ahead ("ab oktober mach ich den
motorradführerschein", "next month i'm starting a pottery course") is the speaker's plan,
named by the course and what it is in or for (:mod:`curator.extract.courses_ahead`); a diet,
a chore or a course without a time ahead is none. The phrasings are not those of the
evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples

AT = "2026-09-02T21:00:00+02:00"


def _plans(text: str) -> set[str]:
    return {v for s, p, v in asserted_triples(text, at=AT) if s == "person:me" and p == "plans"}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("ab november mach ich den bootsführerschein, endlich", {"bootsführerschein"}),
        ("ich mach ab februar ne ausbildung zur pflegefachfrau", {"ausbildung", "pflegefachfrau"}),
        ("nächsten monat starte ich einen italienischkurs", {"italienischkurs"}),
        ("from october i'm doing an evening course in welding", {"course", "welding"}),
        ("next month i'm starting a pottery class", {"pottery", "class"}),
        ("i'm taking my motorbike licence in november", {"motorbike", "licence"}),
    ],
)
def test_a_course_taken_up_ahead_is_a_plan(text, words):
    plans = _plans(text)
    assert any(words <= set(p.lower().split()) for p in plans), plans


@pytest.mark.parametrize(
    "text",
    [
        "ab montag mach ich diät",
        "letztes jahr hab ich den führerschein gemacht",
        "i'm taking a first aid course, it's fun",
        "i'm taking the bins out tomorrow",
    ],
)
def test_no_plan_without_a_course_or_a_time_ahead(text):
    assert _plans(text) == set()
