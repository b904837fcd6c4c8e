"""The as-of bar: which point in time a page shows, read from (and written to) the URL.

``at`` is a local date-time as a person writes it (``31.12.2025 18:00``, ``gestern 18 Uhr``,
``heute``; ``dates.parse_local``) or as an ``<input type=datetime-local>`` sends it;
``axis=valid`` (default) asks "what held at …", ``axis=system`` asks "what did the agent know
at …". No ``at`` means now.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlencode

from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext as _

from worldmemory.errors import InvalidInput
from worldmemory.pages.dates import moment_error, parse_local

AXES = ("valid", "system")


@dataclass(frozen=True)
class AsOf:
    moment: datetime | None = None  # None: now
    axis: str = "valid"
    raw: str = ""
    error: str = ""

    @property
    def is_now(self) -> bool:
        return self.moment is None

    @property
    def system(self) -> bool:
        return self.axis == "system" and self.moment is not None

    @property
    def input_value(self) -> str:
        """The value for the datetime-local input (local time, minutes)."""
        if self.moment is None:
            return self.raw
        return timezone.localtime(self.moment).strftime("%Y-%m-%dT%H:%M")

    @property
    def text_value(self) -> str:
        """The value for the as-of bar's text input, as a German reader writes it."""
        if self.moment is None:
            return self.raw
        return timezone.localtime(self.moment).strftime("%d.%m.%Y %H:%M")

    def query(self) -> str:
        """The query string that reproduces this choice (empty for now/valid)."""
        params = {}
        if self.moment is not None:
            params["at"] = self.input_value
        if self.axis != "valid":
            params["axis"] = self.axis
        return urlencode(params)


def asof_parse(params: QueryDict) -> AsOf:
    """Read the as-of choice; a bad date or axis gives an ``AsOf`` at now carrying the error."""
    raw = params.get("at", "").strip()
    axis = params.get("axis", "valid").strip() or "valid"
    if axis not in AXES:
        return AsOf(axis="valid", raw=raw, error=_("Unknown time axis: %(axis)s") % {"axis": axis})
    if not raw:
        return AsOf(axis=axis)
    try:
        moment = parse_local(raw, name="at")
    except InvalidInput as failure:
        return AsOf(axis=axis, raw=raw, error=moment_error(raw, failure))
    return AsOf(moment=moment, axis=axis, raw=raw)
