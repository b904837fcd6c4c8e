"""Date expressions in German and English → time windows in the display time zone.

"am 19. August 2026", "19.08.2026", "2026-08-19", "August 19th, 2026", "im August",
"gestern", "letzte Woche", "last summer", "vor 3 Tagen", "letzten Montag" … each becomes
a half-open window ``[start, end)``. A date without a year is the latest one not in the
future. Deterministic, no model: the context builder runs this on every message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings

from worldmemory.refs import normalize_alias

MONTHS = {
    "januar": 1, "january": 1, "jan": 1, "janner": 1,
    "februar": 2, "february": 2, "feb": 2,
    "marz": 3, "march": 3, "mar": 3,
    "april": 4, "apr": 4,
    "mai": 5, "may": 5,
    "juni": 6, "june": 6, "jun": 6,
    "juli": 7, "july": 7, "jul": 7,
    "august": 8, "aug": 8,
    "september": 9, "sept": 9, "sep": 9,
    "oktober": 10, "october": 10, "okt": 10, "oct": 10,
    "november": 11, "nov": 11,
    "dezember": 12, "december": 12, "dez": 12, "dec": 12,
}  # fmt: skip
WEEKDAYS = {
    "montag": 0, "monday": 0, "dienstag": 1, "tuesday": 1, "mittwoch": 2, "wednesday": 2,
    "donnerstag": 3, "thursday": 3, "freitag": 4, "friday": 4, "samstag": 5, "sonnabend": 5,
    "saturday": 5, "sonntag": 6, "sunday": 6,
}  # fmt: skip
NUMBERS = {
    "ein": 1, "einem": 1, "einer": 1, "eine": 1, "one": 1, "a": 1,
    "zwei": 2, "two": 2, "drei": 3, "three": 3, "vier": 4, "four": 4, "funf": 5, "five": 5,
    "sechs": 6, "six": 6, "sieben": 7, "seven": 7, "acht": 8, "eight": 8, "neun": 9,
    "nine": 9, "zehn": 10, "ten": 10,
}  # fmt: skip
# season → (first month, months long); winter starts in December
SEASONS = {
    "fruhling": (3, 3), "fruhjahr": (3, 3), "spring": (3, 3),
    "sommer": (6, 3), "summer": (6, 3),
    "herbst": (9, 3), "autumn": (9, 3), "fall": (9, 3),
    "winter": (12, 3),
}  # fmt: skip

MONTH = "(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
WEEKDAY = "(" + "|".join(sorted(WEEKDAYS, key=len, reverse=True)) + ")"
NUMBER = r"(\d{1,2}|" + "|".join(sorted(NUMBERS, key=len, reverse=True)) + ")"
SEASON = "(" + "|".join(sorted(SEASONS, key=len, reverse=True)) + ")"
YEAR = r"(\d{4})"
DAY = r"(\d{1,2})(?:\.|st|nd|rd|th)?"
LAST = r"(?:letzte[nrms]?|vergangene[nrms]?|vorige[nrms]?|last|past)"
THIS = r"(?:diese[nrms]?|this)"


@dataclass(frozen=True)
class Window:
    start: datetime
    end: datetime
    text: str  # the words that named it

    def as_dict(self) -> dict:
        return {"start": self.start, "end": self.end, "text": self.text}


def _zone() -> ZoneInfo:
    return ZoneInfo(settings.TIME_ZONE)


def _days(first: date, last_exclusive: date, text: str) -> Window:
    zone = _zone()
    return Window(
        datetime.combine(first, time.min, zone),
        datetime.combine(last_exclusive, time.min, zone),
        text,
    )


def _month_start(year: int, month: int) -> date:
    while month > 12:
        year, month = year + 1, month - 12
    return date(year, month, 1)


def _past_year(today: date, month: int, day: int = 1) -> int:
    """The year of the latest such day not after today."""
    try:
        return today.year if date(today.year, month, day) <= today else today.year - 1
    except ValueError:
        return today.year - 1


def _number(text: str) -> int:
    return int(text) if text.isdigit() else NUMBERS[text]


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def date_windows(*, text: str, now: datetime) -> list[Window]:
    """Every date expression in ``text`` as a window (in order of appearance, no duplicates)."""
    folded = normalize_alias(text)
    today = now.astimezone(_zone()).date()
    found: list[tuple[int, Window]] = []
    taken: list[tuple[int, int]] = []

    def add(match: re.Match, first: date | None, last: date | None) -> None:
        span = match.span()
        if first is None or last is None or any(a < span[1] and span[0] < b for a, b in taken):
            return
        taken.append(span)
        found.append((span[0], _days(first, last, match.group(0).strip())))

    one = timedelta(days=1)
    for m in re.finditer(r"\b(\d{4})-(\d{2})-(\d{2})\b", folded):
        day = _safe_date(int(m[1]), int(m[2]), int(m[3]))
        add(m, day, day and day + one)
    for m in re.finditer(r"\b(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?(?!\d)", folded):
        year = int(m[3]) if m[3] else _past_year(today, int(m[2]) if int(m[2]) <= 12 else 1, 1)
        year = year + 2000 if year < 100 else year
        day = _safe_date(year, int(m[2]), int(m[1]))
        add(m, day, day and day + one)
    for m in re.finditer(rf"\b{DAY}\s+(?:of\s+)?{MONTH}(?:\s+{YEAR})?\b", folded):
        month = MONTHS[m[2]]
        year = int(m[3]) if m[3] else _past_year(today, month, min(int(m[1]), 28))
        day = _safe_date(year, month, int(m[1]))
        add(m, day, day and day + one)
    for m in re.finditer(rf"\b{MONTH}\s+{DAY}(?:,?\s+{YEAR})?\b", folded):
        month = MONTHS[m[1]]
        year = int(m[3]) if m[3] else _past_year(today, month, min(int(m[2]), 28))
        day = _safe_date(year, month, int(m[2]))
        add(m, day, day and day + one)
    for m in re.finditer(rf"\b(?:im|in|seit|during)\s+{MONTH}(?:\s+{YEAR})?\b", folded):
        month = MONTHS[m[1]]
        year = int(m[2]) if m[2] else _past_year(today, month)
        add(m, date(year, month, 1), _month_start(year, month + 1))
    for m in re.finditer(r"\b(?:im jahr|in|im)\s+(\d{4})\b", folded):
        add(m, date(int(m[1]), 1, 1), date(int(m[1]) + 1, 1, 1))
    relative = {
        r"\b(?:vorgestern|day before yesterday)\b": (today - 2 * one, today - one),
        r"\b(?:gestern|yesterday)\b": (today - one, today),
        r"\b(?:heute|today)\b": (today, today + one),
    }
    for pattern, (first, last) in relative.items():
        for m in re.finditer(pattern, folded):
            add(m, first, last)
    monday = today - timedelta(days=today.weekday())
    for m in re.finditer(rf"\b{LAST}\s+(?:woche|week)\b", folded):
        add(m, monday - 7 * one, monday)
    for m in re.finditer(rf"\b{THIS}\s+(?:woche|week)\b", folded):
        add(m, monday, monday + 7 * one)
    month_start = today.replace(day=1)
    for m in re.finditer(rf"\b{LAST}\s+(?:monat|month)\b", folded):
        previous = (month_start - one).replace(day=1)
        add(m, previous, month_start)
    for m in re.finditer(rf"\b{LAST}\s+(?:jahr|year)\b", folded):
        add(m, date(today.year - 1, 1, 1), date(today.year, 1, 1))
    for m in re.finditer(rf"\b(?:{LAST}|{THIS})\s+{SEASON}\b", folded):
        first_month, length = SEASONS[m[1]]
        this = m.group(0).startswith(("this", "dies"))
        year = today.year if first_month != 12 else today.year - (1 if today.month < 12 else 0)
        start = date(year, first_month, 1)
        end = _month_start(year, first_month + length)
        if not this:
            # the latest season that is over; in July "letzten Sommer" is last year's
            while end > today:
                year -= 1
                start, end = date(year, first_month, 1), _month_start(year, first_month + length)
        add(m, start, end)
    for m in re.finditer(
        rf"\b(?:vor\s+{NUMBER}\s+(tagen?|wochen?|monaten?)|{NUMBER}\s+(days?|weeks?|months?)\s+ago)\b",
        folded,
    ):
        amount = _number(m[1] or m[3])
        unit = (m[2] or m[4])[:3]
        if unit in {"tag", "day"}:
            day = today - amount * one
            add(m, day, day + one)
        elif unit in {"woc", "wee"}:
            center = today - timedelta(weeks=amount)
            add(m, center - 3 * one, center + 4 * one)
        else:
            year, month = today.year, today.month - amount
            while month < 1:
                year, month = year - 1, month + 12
            add(m, date(year, month, 1), _month_start(year, month + 1))
    for m in re.finditer(rf"\b(?:(?:am|on|{LAST})\s+){WEEKDAY}\b", folded):
        back = (today.weekday() - WEEKDAYS[m[1]]) % 7 or 7
        day = today - timedelta(days=back)
        add(m, day, day + one)
    return [window for _, window in sorted(found, key=lambda item: item[0])]


def date_spans_removed(*, text: str, windows: list[Window]) -> str:
    """The text without the words that named dates (what the question is about)."""
    folded = normalize_alias(text)
    for window in windows:
        folded = folded.replace(window.text, " ")
    return " ".join(folded.split())
