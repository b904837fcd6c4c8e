"""Dates as a person types them into the pages: ``31.12.2025``, ``31.12.2025 18:00``,
``gestern 18 Uhr``, ``heute``, ``yesterday 6:30``, and the ISO forms (``2025-12-31T18:00``)
an ``<input type=datetime-local>`` or a link sends. Read in the display time zone."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from worldmemory.errors import InvalidInput
from worldmemory.moments import parse_moment

DATE_EXAMPLE = _("Write it like 31.12.2025 18:00 or “yesterday 18:00”.")
NOT_A_DATE = _("Not a date and time: “%(value)s”. %(example)s")
OUT_OF_RANGE = _("“%(value)s” lies outside the years %(first)s to %(last)s that the memory keeps.")

# days back from today; "heute"/"jetzt" without a time is now
DAY_WORDS = {
    "jetzt": 0,
    "now": 0,
    "heute": 0,
    "today": 0,
    "gestern": 1,
    "yesterday": 1,
    "vorgestern": 2,
    "morgen": -1,
    "tomorrow": -1,
}
GERMAN_DATE = re.compile(r"^(?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>\d{2}|\d{4})?$")
CLOCK = re.compile(
    r"^(?:um\s+|at\s+)?(?P<h>\d{1,2})(?:[:.](?P<min>\d{2}))?\s*(?:uhr|h|o'clock)?"
    r"(?:\s*(?P<half>am|pm))?$"
)


def _clock(text: str) -> time | None:
    found = CLOCK.match(text.strip())
    if not found:
        return None
    hour, minute = int(found["h"]), int(found["min"] or 0)
    if found["half"] == "pm" and hour < 12:
        hour += 12
    if found["half"] == "am" and hour == 12:
        hour = 0
    if hour > 23 or minute > 59:
        return None
    return time(hour, minute)


def _day(text: str, today: date) -> date | None:
    found = GERMAN_DATE.match(text)
    if not found:
        return None
    year = found["y"]
    number = today.year if year is None else int(year) + (2000 if len(year) == 2 else 0)
    try:
        return date(number, int(found["m"]), int(found["d"]))
    except ValueError:
        return None


def parse_local(text: str, *, name: str = "date") -> datetime:
    """The moment ``text`` names (aware, UTC); ``InvalidInput`` when it names none."""
    raw = " ".join(text.strip().split())
    lowered = raw.casefold().replace(",", " ")
    lowered = " ".join(lowered.split())
    zone = ZoneInfo(settings.TIME_ZONE)
    now = timezone.now().astimezone(zone)
    head, _, rest = lowered.partition(" ")
    moment: datetime | None = None
    if head in DAY_WORDS:
        day = now.date() - timedelta(days=DAY_WORDS[head])
        clock = _clock(rest) if rest else now.time().replace(second=0, microsecond=0)
        if clock is not None:
            moment = datetime.combine(day, clock, tzinfo=zone)
    elif (day := _day(head, now.date())) is not None:
        clock = _clock(rest) if rest else time.min
        if clock is not None:
            moment = datetime.combine(day, clock, tzinfo=zone)
    if moment is None:
        return parse_moment(raw, name=name)  # ISO, or its error
    # the same range rule as every other date: a round trip through the ISO reader
    return parse_moment(moment.replace(tzinfo=None).isoformat(timespec="minutes"), name=name)


def moment_error(text: str, failure: InvalidInput) -> str:
    """What a page says of a date ``parse_local`` refused: a moment outside the years the
    memory keeps is named as such (not "no date"), anything else gets the example."""
    if failure.extra.get("field"):  # only the range refusal names its field
        return OUT_OF_RANGE % {
            "value": text,
            "first": settings.GD_TIME_MIN_YEAR,
            "last": settings.GD_TIME_MAX_YEAR,
        }
    return NOT_A_DATE % {"value": text, "example": DATE_EXAMPLE}
