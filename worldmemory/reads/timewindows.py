"""Time spans a question names: "was war im März", "in May 2023", "letzten Winter", "last week".

Passage search lifts turns said within such a span (``passages``). This is a small reader of
the common German and English phrasings, relative to the moment the question is asked; a
month without a year is the most recent one that has begun (asked in April, "im Dezember" is
last December). A season counts only after "letzten"/"last" and the like, since "im Sommer"
often plans ahead and "Dr. Sommer" is a name; an English month only capitalised ("in May",
not "you may").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

MONTHS = {
    "januar": 1, "jänner": 1, "january": 1, "jan": 1,
    "februar": 2, "february": 2, "feb": 2,
    "märz": 3, "maerz": 3, "march": 3,
    "april": 4, "apr": 4,
    "mai": 5, "may": 5,
    "juni": 6, "june": 6,
    "juli": 7, "july": 7,
    "august": 8, "aug": 8,
    "september": 9, "sept": 9, "sep": 9,
    "oktober": 10, "october": 10, "okt": 10, "oct": 10,
    "november": 11, "nov": 11,
    "dezember": 12, "december": 12, "dez": 12, "dec": 12,
}  # fmt: skip
# English month names that are also everyday words count only capitalised
AMBIGUOUS = {"may", "march", "jan", "sep", "dec", "oct", "nov", "aug", "apr", "feb", "sept"}
SEASONS = {
    "frühling": 3, "frühjahr": 3, "spring": 3,
    "sommer": 6, "summer": 6,
    "herbst": 9, "autumn": 9, "fall": 9,
    "winter": 12,
}  # fmt: skip
PAST = r"(?:letzte[nms]?|vorige[nms]?|vergangene[nms]?|last|past|previous)"
UNITS = {
    "woche": "week", "week": "week",
    "monat": "month", "month": "month",
    "jahr": "year", "year": "year",
}  # fmt: skip

_MONTH = re.compile(r"\b(" + "|".join(MONTHS) + r")\b\.?(?:\s+(\d{4}))?", re.IGNORECASE)
_SEASON = re.compile(rf"\b{PAST}\s+({'|'.join(SEASONS)})\b", re.IGNORECASE)
_UNIT = re.compile(rf"\b{PAST}\s+(woche|week|monat|month|jahr|jahres|year)\b", re.IGNORECASE)
_YESTERDAY = re.compile(r"\b(gestern|yesterday)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Window:
    since: date  # first day inside
    until: date  # first day after

    def holds(self, moment: datetime) -> bool:
        return self.since <= moment.date() < self.until


def _month(year: int, month: int) -> Window:
    start = date(year, month, 1)
    end = date(year + month // 12, month % 12 + 1, 1)
    return Window(start, end)


def _months(year: int, month: int, count: int) -> Window:
    first = _month(year, month)
    last = _month(year + (month + count - 2) // 12, (month + count - 2) % 12 + 1)
    return Window(first.since, last.until)


def time_windows(*, text: str, asked_at: datetime) -> list[Window]:
    """The spans of time ``text`` names, relative to ``asked_at``; empty when it names none."""
    today = asked_at.date()
    windows: list[Window] = []
    for match in _MONTH.finditer(text):
        word, year = match.group(1), match.group(2)
        if word.casefold() in AMBIGUOUS and not word[0].isupper():
            continue
        month = MONTHS[word.casefold()]
        if year:
            windows.append(_month(int(year), month))
        else:
            windows.append(_month(today.year - (month > today.month), month))
    for match in _SEASON.finditer(text):
        start = SEASONS[match.group(1).casefold()]
        # the last such season that has ended; winter begins in the December before
        if start == 12:
            year = today.year - 1 if today.month >= 3 else today.year - 2
        else:
            year = today.year if today >= date(today.year, start + 3, 1) else today.year - 1
        windows.append(_months(year, start, 3))
    for match in _UNIT.finditer(text):
        unit = UNITS[match.group(1).casefold().removesuffix("es")]
        if unit == "week":
            monday = today - timedelta(days=today.weekday())
            windows.append(Window(monday - timedelta(days=7), monday))
        elif unit == "month":
            previous = today.replace(day=1) - timedelta(days=1)
            windows.append(_month(previous.year, previous.month))
        else:
            windows.append(Window(date(today.year - 1, 1, 1), date(today.year, 1, 1)))
    if _YESTERDAY.search(text):
        windows.append(Window(today - timedelta(days=1), today))
    return windows
