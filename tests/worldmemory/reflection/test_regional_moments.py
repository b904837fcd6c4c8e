"""Moments told in regional speech: a Berlin "jestern ham wa …", a Swabian "i han … ghockt"
tell the same moment as the standard words and are read as one; the writer's words stay in
its name. A word of time in a clause about someone else alone names their moment.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import BOTH_DATABASES
from worldmemory.reflection.enrichment import experience_cue
from worldmemory.reflection.significance import significance_assess
from worldmemory.reflection.spoken import standard_reading

pytestmark = pytest.mark.django_db(databases=BOTH_DATABASES)
SAID_AT = datetime(2026, 6, 10, 21, 0, tzinfo=ZoneInfo("Europe/Berlin"))


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("wir ham den schrank runterjetragen", "wir haben den schrank runtergetragen"),
        ("hat se jefragt", "hat sie gefragt"),
        ("montach ham wa jegrillt", "montag haben wir gegrillt"),
        ("dit war een tach", "dit war ein tag"),
        ("i han im garte ghockt", "ich hab im garte gehockt"),
        ("mir hen des agstellt", "wir haben des angestellt"),
    ],
)
def test_regional_forms_are_read_as_the_standard_words(written, read):
    assert standard_reading(written) == read


@pytest.mark.parametrize(
    "text",
    [
        "ick hab jetzt jeden tag zu tun",
        "jemand hat jeklingelt, jenau",
        "I went to the pub with the lads",
        "Wir haben das Angebot angeschaut, der Ausgang war offen.",
    ],
)
def test_standard_words_stay_as_they_are(text):
    read = standard_reading(text)
    for word in ("jetzt", "jeden", "jemand", "pub", "Angebot", "angeschaut", "Ausgang"):
        assert (word in text) == (word in read)


@pytest.mark.parametrize(
    "text",
    [
        # Berlin: the participle with "je-", "wa" for "wir"
        "vorjestern sind wa mitm rad an die havel jefahren. ick war so glücklich wie lange nich.",
        # Swabian: "g-" before a consonant, "i" for "ich"
        "am samstag hab i mit meim enkel am neckar ghockt, i war so stolz uff den bua.",
        # a feast day named by its weekday
        "Ostermontag waren wir zu dritt am Steinhuder Meer, ich war so glücklich.",
    ],
)
def test_a_moment_told_in_regional_speech_is_a_moment(text):
    cue = experience_cue(text=text, said_at=SAID_AT)
    assert cue is not None
    assert "first person" in cue.reasons


def test_the_moment_keeps_the_writers_words():
    text = "jestern ham wa uffm balkon jesessen bis zwölfe. ick war so glücklich."
    cue = experience_cue(text=text, said_at=SAID_AT)
    assert cue is not None
    assert cue.sentence.startswith("jestern ham wa")
    assert cue.when["value"] == "2026-06-09"


@pytest.mark.parametrize(
    "text",
    [
        "He can't remember what he had for lunch yesterday. It breaks my heart.",
        "ick hab ihr dit foto jezeigt, aber se weeß nich, wat se jestern jemacht hat. traurig.",
    ],
)
def test_a_time_in_a_clause_about_someone_else_is_their_moment(text):
    assert experience_cue(text=text, said_at=SAID_AT) is None


@pytest.mark.parametrize(
    "text",
    [
        "dit war eener der schönsten tage seit langem",
        "den abend uffm balkon vergess ick nie",
    ],
)
def test_the_owners_word_in_regional_speech_marks_the_moment_important(text):
    assert significance_assess(text=text).signals
