"""A condition that opens its clause and is said to be back, still there or flaring
("Migräne meldet sich seit gestern wieder", "eczema's flaring again", "the tinnitus is still
there") is the speaker's, though no owner is named; a condition named as a topic ("Diabetes
ist weit verbreitet", "asthma is common in kids") is nobody's. The phrasings here are not
those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _asserted


def _my_conditions(*texts: str) -> set[str]:
    return {
        str(v).lower()
        for s, p, v in _asserted(*texts)
        if s == "person:me" and p == "health_condition"
    }


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("Migräne meldet sich seit gestern wieder, hab kaum geschlafen", "migräne"),
        ("tja, Neurodermitis ist immer noch da, trotz der neuen Creme", "neurodermitis"),
        ("Tinnitus ist seit dem Konzert wieder lauter geworden", "tinnitus"),
        ("eczema's flaring again, any tips for the winter?", "eczema"),
        ("ugh, the tinnitus is still there after the gig", "tinnitus"),
        ("sciatica is acting up again since the long drive", "sciatica"),
    ],
)
def test_a_condition_said_by_its_course_is_the_speakers(text, condition):
    assert condition in _my_conditions(text)


@pytest.mark.parametrize(
    "text",
    [
        "Diabetes ist weit verbreitet in Deutschland",
        "asthma is common in kids, right?",
        "is hay fever worse this year for everyone?",
        "Neurodermitis ist diesen Winter bei vielen schlimmer",
    ],
)
def test_a_condition_named_as_a_topic_is_nobodys(text):
    assert not _my_conditions(text)
