"""Date phrases of fresh speech: days named by a holiday or a neighbouring one, a week on
from a weekday, spelled ordinals, shortened weekdays, two-digit years and slashed dates by
where the speaker writes from.

The probe list at the end was written before the reader was read; a phrase counts as read
when the day it means lies in the period returned (or within the tolerance given).
"""

# ruff: noqa: E501 (tables read best one row a line)
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from curator.language.dates import resolve_times

CET = timezone(timedelta(hours=1))
CEST = timezone(timedelta(hours=2))
CHICAGO = timezone(timedelta(hours=-5))
LONDON = timezone(timedelta(hours=0))

# A Wednesday in German summer time.
WEDNESDAY = datetime(2026, 7, 15, 12, 0, tzinfo=CEST)


def _read(text: str, *, lang: str, anchor: datetime = WEDNESDAY) -> list[tuple[str, str, str, str]]:
    return [
        (t.text, t.relation, t.valid_from.date().isoformat(), t.granularity)
        for t in resolve_times(text, anchor=anchor, lang=lang)
    ]


# (anchor, lang, text, expression, relation, valid_from, granularity)
# fmt: off
CASES = [
    # a weekday or weekend next to a holiday
    (WEDNESDAY, "de", "Seit dem Mittwoch nach Ostern hab ich den neuen Job", "Seit dem Mittwoch nach Ostern", "since", "2026-04-08", "day"),
    (WEDNESDAY, "de", "am freitag vor pfingsten sind wir umgezogen", "am freitag vor pfingsten", "at", "2026-05-22", "day"),
    (WEDNESDAY, "en", "we got the keys the tuesday after easter", "the tuesday after easter", "at", "2026-04-07", "day"),
    (WEDNESDAY, "en", "she moved in the weekend before christmas", "in the weekend before christmas", "at", "2025-12-20", "day"),
    (WEDNESDAY, "en", "i quit smoking the weekend after easter", "the weekend after easter", "at", "2026-04-11", "day"),
    # holidays not in the calendar before
    (WEDNESDAY, "de", "seit karfreitag hab ich Rücken", "seit karfreitag", "since", "2026-04-03", "day"),
    (WEDNESDAY, "de", "an fronleichnam bin ich nach Würzburg gezogen", "an fronleichnam", "at", "2026-06-04", "day"),
    (WEDNESDAY, "de", "seit allerheiligen ist er Vegetarier", "seit allerheiligen", "since", "2025-11-01", "day"),
    (WEDNESDAY, "en", "been sober since memorial day", "since memorial day", "since", "2026-05-25", "day"),
    (WEDNESDAY, "en", "we adopted him on boxing day", "on boxing day", "at", "2025-12-26", "day"),
    (WEDNESDAY, "en", "she started at the clinic on st. patrick's day", "on st. patrick's day", "at", "2026-03-17", "day"),
    (WEDNESDAY, "en", "our anniversary is on labour day", "on labour day", "at", "2026-09-07", "day"),
    (WEDNESDAY, "en", "we're hosting at thanksgiving", "at thanksgiving", "at", "2026-11-26", "day"),
    # a week on from a weekday
    (WEDNESDAY, "en", "the exam is friday week", "friday week", "at", "2026-07-24", "day"),
    (WEDNESDAY, "en", "my interview is a week on monday", "a week on monday", "at", "2026-07-27", "day"),
    (WEDNESDAY, "en", "the move is saturday fortnight", "saturday fortnight", "at", "2026-08-01", "day"),
    (WEDNESDAY, "en", "the hearing is wednesday week", "wednesday week", "at", "2026-07-22", "day"),
    (WEDNESDAY, "de", "die Prüfung ist Montag in zwei Wochen", "Montag in zwei Wochen", "at", "2026-08-03", "day"),
    (WEDNESDAY, "en", "i broke my wrist yesterday week", "yesterday week", "ago", "2026-07-07", "day"),
    # the article a weekday's own phrase lacks, after "since" and "from"
    (WEDNESDAY, "en", "since the thursday before last i've run the clinic", "since the thursday before last", "since", "2026-07-02", "day"),
    (WEDNESDAY, "en", "the new rota applies from the monday after next", "from the monday after next", "from", "2026-07-27", "day"),
    (WEDNESDAY, "en", "had the scan a week yesterday", "a week yesterday", "ago", "2026-07-07", "day"),
    (WEDNESDAY, "en", "the wedding's a week tomorrow", "a week tomorrow", "at", "2026-07-23", "day"),
    (WEDNESDAY, "en", "she starts at the bakery a week today", "a week today", "at", "2026-07-22", "day"),
    (WEDNESDAY, "en", "we fly out the week after next", "the week after next", "at", "2026-07-27", "week"),
    # shortened weekdays with a word that makes them one
    (WEDNESDAY, "en", "moved into the new flat last fri", "last fri", "at", "2026-07-10", "day"),
    (WEDNESDAY, "en", "dentist on thurs", "on thurs", "at", "2026-07-16", "day"),
    # spelled ordinal days
    (WEDNESDAY, "de", "ich wohne seit dem dritten märz in Kiel", "seit dem dritten märz", "since", "2026-03-03", "day"),
    (WEDNESDAY, "de", "sie fängt zum fünfzehnten nächsten monats an", "zum fünfzehnten nächsten monats", "at", "2026-08-15", "day"),
    (WEDNESDAY, "en", "i've been at Acme since the second of february", "since the second of february", "since", "2026-02-02", "day"),
    (WEDNESDAY, "en", "the lease ends on the thirty-first of august", "on the thirty-first of august", "at", "2026-08-31", "day"),
    # two-digit years
    (WEDNESDAY, "de", "wir wohnen seit dem 1. april 23 in Jena", "seit dem 1. april 23", "since", "2023-04-01", "day"),
    (WEDNESDAY, "de", "geboren am 4.5.88", "am 4.5.88", "at", "1988-05-04", "day"),
    # slashed dates: the month first in the Americas
    (datetime(2026, 7, 15, 9, 0, tzinfo=CHICAGO), "en", "started at the depot 3/4/2022", "3/4/2022", "at", "2022-03-04", "day"),
    (datetime(2026, 7, 15, 9, 0, tzinfo=LONDON), "en", "started at the depot 3/4/2022", "3/4/2022", "at", "2022-04-03", "day"),
    # a year before a participle says when
    (WEDNESDAY, "de", "hab Diabetes, 2017 diagnostiziert", "2017", "at", "2017-01-01", "year"),
]
# fmt: on


@pytest.mark.parametrize(
    ("anchor", "lang", "text", "expression", "relation", "valid_from", "granularity"), CASES
)
def test_reads_fresh_date_phrases(
    anchor: datetime,
    lang: str,
    text: str,
    expression: str,
    relation: str,
    valid_from: str,
    granularity: str,
) -> None:
    assert (expression, relation, valid_from, granularity) in _read(text, lang=lang, anchor=anchor)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("zum ersten mal seit Jahren", "de"),
        ("the first time in ages", "en"),
        ("mein Onkel Nikolaus wohnt in Kassel", "de"),
        ("the 2019 budget was tight", "en"),
        ("das kostet 2019 Euro", "de"),
        ("a week on the beach", "en"),
        ("sat down with her", "en"),
        ("an Papas 70. Geburtstag", "de"),
    ],
)
def test_names_no_date_where_none_is_said(text: str, lang: str) -> None:
    assert _read(text, lang=lang) == []


# The probe list, written before the reader was read, with the tense a sentence would give
# it; "seit den herbstferien" is left out (school holidays name no date the reader keeps).
# (phrase, lang, expected day, tolerance in days)
# fmt: off
PROBES = [
    ("seit dem dienstag nach pfingsten", "de", "2026-05-26", 0),
    ("anfang letzten monats", "de", "2026-06-01", 5),
    ("the test is thursday week", "en", "2026-07-23", 0),
    ("started the monday after easter", "en", "2026-04-06", 0),
    ("we moved on labor day", "en", "2025-09-01", 0),
    ("vor zehn tag", "de", "2026-07-05", 0),
    ("a fortnight ago", "en", "2026-07-01", 0),
    ("moved on 25/12/2025", "en", "2025-12-25", 0),
    ("moved on 12/25/2025", "en", "2025-12-25", 0),
    ("übernächsten freitag", "de", "2026-07-24", 0),
    ("gestern", "de", "2026-07-14", 0),
    ("vorgestern", "de", "2026-07-13", 0),
    ("letzte Woche", "de", "2026-07-08", 3),
    ("vor drei Wochen", "de", "2026-06-24", 0),
    ("seit März", "de", "2026-03-01", 0),
    ("am 3. Mai war ich beim Arzt", "de", "2026-05-03", 0),
    ("seit dem 1.6.", "de", "2026-06-01", 0),
    ("Ende Mai bin ich umgezogen", "de", "2026-05-28", 4),
    ("letzten Sommer", "de", "2025-07-15", 45),
    ("vor einem halben Jahr", "de", "2026-01-15", 3),
    ("nächsten Montag", "de", "2026-07-20", 0),
    ("morgen", "de", "2026-07-16", 0),
    ("übermorgen", "de", "2026-07-17", 0),
    ("in zwei Wochen", "de", "2026-07-29", 0),
    ("bis Freitag", "de", "2026-07-17", 0),
    ("letzten Dienstag", "de", "2026-07-14", 7),
    ("vor zwei Jahren", "de", "2024-07-15", 31),
    ("seit 2019", "de", "2019-01-01", 0),
    ("Anfang des Jahres", "de", "2026-01-01", 15),
    ("zu Ostern waren wir bei Oma", "de", "2026-04-05", 0),
    ("am Ostermontag war ich krank", "de", "2026-04-06", 0),
    ("an Heiligabend hatte ich Dienst", "de", "2025-12-24", 0),
    ("vor anderthalb Jahren", "de", "2025-01-15", 31),
    ("Mitte August", "de", "2026-08-15", 3),
    ("vorletzte Woche", "de", "2026-07-01", 3),
    ("letzten Monat", "de", "2026-06-15", 15),
    ("seit Anfang Juni", "de", "2026-06-01", 5),
    ("am 4.7. bin ich umgezogen", "de", "2026-07-04", 0),
    ("yesterday", "en", "2026-07-14", 0),
    ("last week", "en", "2026-07-08", 3),
    ("three days ago", "en", "2026-07-12", 0),
    ("since March", "en", "2026-03-01", 0),
    ("i started on May 3rd", "en", "2026-05-03", 0),
    ("back in 2019", "en", "2019-01-01", 0),
    ("the day before yesterday", "en", "2026-07-13", 0),
    ("next Friday", "en", "2026-07-17", 7),
    ("by the end of the month", "en", "2026-07-31", 1),
    ("in two weeks", "en", "2026-07-29", 0),
    ("need to renew my passport before june", "en", "2027-06-01", 0),
    ("last Christmas", "en", "2025-12-25", 0),
    ("early last month", "en", "2026-06-01", 5),
    ("the week after next", "en", "2026-07-27", 3),
    ("ten days ago", "en", "2026-07-05", 0),
    ("in mid-September", "en", "2026-09-15", 3),
    ("since last autumn", "en", "2025-10-01", 31),
    ("we got engaged on New Year's Day", "en", "2026-01-01", 0),
    ("we met at Thanksgiving", "en", "2025-11-27", 0),
    ("on 2025-12-25", "en", "2025-12-25", 0),
]
# fmt: on


@pytest.mark.parametrize(("phrase", "lang", "day", "tolerance"), PROBES)
def test_probe_phrases(phrase: str, lang: str, day: str, tolerance: int) -> None:
    expected = date.fromisoformat(day)
    found = resolve_times(phrase, anchor=WEDNESDAY, lang=lang)
    assert found, phrase
    first = found[0]
    start, end = first.valid_from.date(), first.valid_to.date()
    assert start <= expected < end or abs((start - expected).days) <= tolerance
