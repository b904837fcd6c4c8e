"""Dates of fresh speech the reader gives a fact: a weekday before last, a hedge between the
preposition and its time ("seit so etwa Oktober", "since like october"), an event a state holds
since ("seit meiner Knie-OP im März"), a year named after the day ("am 5. Juni letzten
Jahres", "on june 5th last year"), a year cut to two digits after a month, and the carnival by
its regional names. The phrasings here are not those of the evaluation set."""

# ruff: noqa: E501 (tables read best one row a line)
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from curator.language.dates import resolve_times

CET = timezone(timedelta(hours=1))
# A Thursday in winter.
THURSDAY = datetime(2026, 2, 26, 18, 0, tzinfo=CET)


def _read(text: str, *, lang: str, anchor: datetime = THURSDAY) -> list[tuple[str, str, str, str]]:
    return [
        (t.text, t.relation, t.valid_from.date().isoformat(), t.granularity)
        for t in resolve_times(text, anchor=anchor, lang=lang)
    ]


# (lang, text, expression, relation, valid_from, granularity)
# fmt: off
CASES = [
    # the weekday a week before the last one
    ("de", "seit vorletztem Freitag hab ich eine neue Kollegin", "seit vorletztem Freitag", "since", "2026-02-13", "day"),
    ("de", "vorletzten Dienstag bin ich umgezogen", "vorletzten Dienstag", "at", "2026-02-17", "day"),
    ("en", "we got the keys the friday before last", "friday before last", "at", "2026-02-13", "day"),
    ("en", "she's been vegan since monday before last", "since monday before last", "since", "2026-02-16", "day"),
    # a hedge between the preposition and its time
    ("de", "ich wohne seit so etwa Oktober in Gera", "seit so etwa Oktober", "since", "2025-10-01", "month"),
    ("de", "vor genau drei Wochen hab ich gekündigt", "vor genau drei Wochen", "ago", "2026-02-05", "day"),
    ("en", "i've had this cough since like october", "since like october", "since", "2025-10-01", "month"),
    ("en", "he's been at the bakery for about 4 years", "for about 4 years", "since", "2022-01-01", "year"),
    # an event the statement holds since: its time lies behind
    ("de", "seit meiner Knie-OP im Januar darf ich nicht laufen", "im Januar", "since", "2026-01-01", "month"),
    ("en", "i've walked with a stick since the fall in january", "in january", "since", "2026-01-01", "month"),
    # the year named after the day or the month
    ("de", "am 5. Juni letzten Jahres haben wir geheiratet", "am 5. Juni letzten Jahres", "at", "2025-06-05", "day"),
    ("de", "im Oktober letztes Jahr bin ich nach Jena", "im Oktober letztes Jahr", "at", "2025-10-01", "month"),
    ("en", "we got married on june 5th last year", "on june 5th last year", "at", "2025-06-05", "day"),
    ("en", "the lease ends in april next year", "in april next year", "at", "2027-04-01", "month"),
    # a year cut to its last two digits after a month
    ("en", "moved to york on the 9th of june '21", "on the 9th of june '21", "at", "2021-06-09", "day"),
    ("en", "been with them since oct '19", "since oct '19", "since", "2019-10-01", "month"),
    # the carnival by its regional names ends on Shrove Tuesday (17 February 2026)
    ("de", "seit Karneval rauch ich nicht mehr", "seit Karneval", "since", "2026-02-17", "day"),
    ("de", "seit der fasnacht gehts mir besser", "seit der fasnacht", "since", "2026-02-17", "day"),
]
# fmt: on


@pytest.mark.parametrize(
    ("lang", "text", "expression", "relation", "valid_from", "granularity"), CASES
)
def test_reads_the_time_fresh_speech_gives(
    lang, text, expression, relation, valid_from, granularity
):
    assert (expression, relation, valid_from, granularity) in _read(text, lang=lang)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "i have about 5 cats"),  # a hedge before a count that names no time
        ("de", "ich hab so ungefähr drei Katzen"),
        ("de", "die Weiberfastnacht war lustig"),  # its own day, not Shrove Tuesday
    ],
)
def test_a_hedge_or_a_feast_names_no_other_time(lang, text):
    read = _read(text, lang=lang)
    assert all(valid_from != "2026-02-17" for _, _, valid_from, _ in read)
    if lang == "en" or "Katzen" in text:
        assert read == []
