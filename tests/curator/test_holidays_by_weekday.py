"""Holidays that fall on a weekday of their month (the UK's bank holidays, Mother's and
Father's Day, Victoria Day, the US Monday holidays) and Mothering Sunday, which hangs on
Easter; "since the …" keeps its article."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from curator.language.dates import resolve_times

ANCHOR = datetime.fromisoformat("2026-06-10T19:00:00+01:00")


@pytest.mark.parametrize(
    ("text", "lang", "day"),
    [
        ("started the tuesday after the spring bank holiday", "en", date(2026, 5, 26)),
        ("been off sugar since the early may bank holiday", "en", date(2026, 5, 4)),
        ("we've had him since mothers day", "en", date(2026, 5, 10)),
        ("sie wohnt seit Muttertag bei uns", "de", date(2026, 5, 10)),
        ("last mothering sunday", "en", date(2026, 3, 15)),
        ("since presidents day", "en", date(2026, 2, 16)),
    ],
)
def test_a_holiday_on_a_weekday_of_its_month(text, lang, day):
    found = resolve_times(text, anchor=ANCHOR, lang=lang)
    assert [t.valid_from.date() for t in found] == [day]


def test_victoria_day_is_the_monday_before_the_25th_of_may():
    found = resolve_times("on victoria day 2026", anchor=ANCHOR, lang="en")
    assert [t.valid_from.date() for t in found] == [date(2026, 5, 18)]
