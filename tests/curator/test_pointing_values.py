"""A word that only points at what another clause names ("erinner mich dran", "mag ich
sogar", "dafür lieb ich …") is no task and no liking; a reminder said "rechtzeitig" or
"later" names no thing to do either. Adjectives that are tastes stay."""

from __future__ import annotations

import pytest

from curator.extract.fragments import only_points
from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    "text",
    [
        "Ende Mai ist die Abgabe der Masterarbeit, erinner mich bitte rechtzeitig",
        "mein Zahnarzt sagt, ich soll im August zur Kontrolle, erinner mich bitte dran",
        "nächsten Monat läuft die Versicherung aus, erinner mich da bitte dran",
    ],
)
def test_a_reminder_pointing_back_is_no_task_of_its_own(text):
    stored = asserted_triples(text)
    tasks = {s for s, _, _ in stored if s.startswith("task:")}
    assert not tasks & {"task:rechtzeitig", "task:dran"}, stored


@pytest.mark.parametrize(
    ("text", "kept", "pointer"),
    [
        ("und tulpen mag ich sogar richtig gern", "Tulpen", "sogar"),
        ("dafür lieb ich alles mit kürbis und linsen", None, "dafür"),
    ],
)
def test_a_pointing_word_is_no_liking(text, kept, pointer):
    stored = asserted_triples(text)
    assert not {f for f in stored if str(f[2]).lower() == pointer}, stored
    if kept:
        assert (ME, "prefers", kept) in stored


@pytest.mark.parametrize(
    ("value", "lang", "qualifiers", "points"),
    [
        ("dran", "de", False, True),
        ("daran", "de", False, True),
        ("sogar", "de", False, True),
        ("rechtzeitig", "de", True, True),
        ("rechtzeitig", "de", False, False),
        ("asiatisch", "de", False, False),
        ("deftig", "de", False, False),
        ("Steuererklärung", "de", True, False),
        ("it", "en", False, True),
        ("tea", "en", False, False),
        ("blind", "de", False, False),
        # nouns written small, which the tagger alone reads as adverbs
        ("koriander", "de", False, False),
        ("glaserin", "de", False, False),
        ("zöliakie", "de", False, False),
    ],
)
def test_only_points_reads_the_word_class(value, lang, qualifiers, points):
    assert only_points(value, lang=lang, qualifiers=qualifiers) is points
