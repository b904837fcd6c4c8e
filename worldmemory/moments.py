"""Moments a person or an agent names: ISO dates and date-times read the way the memory keeps
them (the API parameters and the pages' as-of forms share this reading), and the clock a
turn was said on (the curator and reflection read "gestern" on it)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from datetime import timezone as dt_timezone
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils.dateparse import parse_date, parse_datetime

from worldmemory.contracts import time_range_problem
from worldmemory.errors import InvalidInput
from worldmemory.models import SourceMessage


def parse_moment(text: str, *, name: str) -> datetime:
    """An ISO date or date-time; without a zone it is read in the display time zone."""
    try:
        moment = parse_datetime(text)
        if moment is None and (day := parse_date(text)) is not None:
            moment = datetime.combine(day, time.min)
    except ValueError:
        moment = None
    if moment is None:
        raise InvalidInput(f"{name} must be an ISO date or date-time, not {text!r}")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=ZoneInfo(settings.TIME_ZONE))
    problem = time_range_problem(moment)
    if problem:
        raise InvalidInput(f"{name} {problem}, not {text!r}", extra={"field": name})
    return moment.astimezone(UTC)


def speaker_time(row: SourceMessage) -> datetime:
    """When the turn happened on the speaker's clock: in the offset the client sent with it,
    else in the owner's time zone setting, so dates in the text resolve to local days."""
    if row.utc_offset_minutes is not None:
        zone = dt_timezone(timedelta(minutes=row.utc_offset_minutes))
    else:
        zone = ZoneInfo(settings.TIME_ZONE)
    return row.occurred_at.astimezone(zone)
