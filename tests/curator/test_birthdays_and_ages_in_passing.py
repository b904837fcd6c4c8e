"""A birthday with the year of birth: said with the day ("my birthday is 4.10.1967"), apart
from it ("my birthday is oct 4, born 1967", "Jahrgang 1958"), or as a form's line with no
subject ("geb. am 14.11.1963", "born on 2 march 1971 in cork"); and the speaker's age set off
by commas after what they are ("im a tram driver in sheffield, 41, …"). The sentences here
are not those of the evaluation set."""

from __future__ import annotations

import pytest

from tests.curator.reading import asserted_triples as _facts

ME = "person:me"


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("my birthday is 2.3.1971", "1971-03-02"),
        ("my birthday is march 2nd, born 1971", "1971-03-02"),
        ("mein geburtstag ist am 2. märz, jahrgang 1971", "1971-03-02"),
        ("geb. am 02.03.1971 in Trier", "1971-03-02"),
        ("geb. bin ich am 02.03.1971", "1971-03-02"),
        ("born on 2 march 1971 in cork", "1971-03-02"),
        # a birthday without a year stays a day of the year
        ("my birthday is on the 2nd of march", "--03-02"),
    ],
)
def test_the_speakers_birthday_keeps_the_year_of_birth(text, day):
    assert {f for f in _facts(text) if f[1] == "birthday"} == {(ME, "birthday", day)}


def test_a_year_of_someone_elses_birth_is_not_the_speakers():
    facts = _facts("my birthday is march 2nd, my son was born 1999")
    assert (ME, "birthday", "--03-02") in facts
    # someone named before "born" is whose birth it is
    assert ("person:mira", "birthday", "2019-05-12") in _facts(
        "Mira, born 12 May 2019, is my niece"
    )


@pytest.mark.parametrize(
    "text",
    [
        "im a tram driver in sheffield, 41, two kids",
        "i'm a locksmith, self employed, 41, and i live in hull",
        "ich bin ne Erzieherin in Kassel, 41, und hab zwei Kinder",
    ],
)
def test_the_speakers_age_set_off_by_commas_after_what_they_are(text):
    assert (ME, "age", "41") in _facts(text)


def test_a_number_after_a_description_that_is_no_age():
    assert not {f for f in _facts("i'm a driver, 5 days a week") if f[1] == "age"}
    assert not {f for f in _facts("im a mum of two, 3 and 5") if f[0] == ME and f[1] == "age"}


def test_an_age_said_for_a_day_ahead_is_reached_then():
    facts = _facts("my cousin Deirdre is 40 on the 22nd, any gift ideas")
    assert ("person:deirdre", "age", "39") in facts
    assert ("person:deirdre", "birthday", "--03-22") in facts
    assert not {f for f in _facts("the shop is 5 on the map") if f[1] == "age"}
