"""Animals and their feed in regional spelling: Saxon, Franconian and Upper German speech soften
p, t, k to b, d, g and drop a final "e", Bavarian says "ua" for "u" and "-a" for "-er". Such a
word is read as the animal or feed word it stands for; hardening or a doubled letter is no
such spelling, and an ordinary word stays as written."""

from __future__ import annotations

import pytest

from curator.extract.dialect import standard_speech
from tests.curator.reading import asserted_triples

ME = "person:me"


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("unsa schildgrödn-gehege", "unser schildgrödn-gehege"),  # no animal word alone
        ("unsa gadze schläft", "unser katze schläft"),
        ("de Katz kriegt ihr fuadda", "de Katze kriegt ihr futter"),
        ("er kriegt sei drockenfudder", "er kriegt sei drockenfutter"),
        ("a britische kurzhaarkatz", "a britische kurzhaarkatze"),
        ("mit unserm hund", "mit unserem hund"),
    ],
)
def test_softened_animal_and_feed_words_are_read_as_standard(written, read):
    assert standard_speech(written, lang="de").text == read


@pytest.mark.parametrize(
    "written",
    [
        "das ist wider alle Vernunft",  # "wider" is no "Widder"
        "am donnerstogs treffen wir uns",  # "togs" is no hardened "dogs"
        "unser Hundefutter ist alle",  # a standard compound stays
        "die Hunde bellen",
        "sie liebt Pferde und Katzen",  # inflected standard words
    ],
)
def test_ordinary_words_stay_as_written(written):
    assert standard_speech(written, lang="de").text.replace("ist", "is") == written.replace(
        "ist", "is"
    )


def test_a_softened_pet_word_names_the_speakers_pet():
    facts = asserted_triples("mei gadze Mimmi is scho 12 un kricht früh um 8 ihr drockenfudder")
    assert (ME, "owns", "pet:mimmi") in facts
    assert ("pet:mimmi", "species", "cat") in facts
    assert ("pet:mimmi", "age", "12") in facts
    assert ("pet:mimmi", "feeding_time", "08:00") in facts


def test_a_dative_possessive_in_dialect_names_the_speakers_pet():
    facts = asserted_triples("i wohn mit unserm hund Stupsi in am kloan haus")
    assert (ME, "owns", "pet:stupsi") in facts


def test_a_softened_word_that_is_no_animal_stores_no_pet():
    facts = asserted_triples("mei gadde Erwin is scho 70")
    assert not any(s.startswith("pet:") for s, _, _ in facts)
