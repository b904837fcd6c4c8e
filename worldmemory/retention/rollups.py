"""Rollup figures: what a period of windowed rows said, kept exact and mergeable.

Figures are sums and counts rather than means, so a later retention run can merge
its rows into the same period's rollup without losing precision.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from worldmemory.render import german_month

ROLLUP_NAMESPACE = uuid.UUID("6f1d2a4e-93b8-4f7c-9a51-0c3e8d2b7a10")
PARTS_OF_DAY = (("nachts", 0), ("morgens", 6), ("nachmittags", 12), ("abends", 18))
TOP_VALUES = 3


@dataclass(frozen=True)
class Observation:
    """One windowed belief about the past: its value and when it held."""

    value: Any
    valid_from: datetime
    valid_to: datetime | None


def period_of(moment: datetime) -> tuple[datetime, datetime]:
    """The calendar month (in the configured time zone) that ``moment`` falls in."""
    local = timezone.localtime(moment)
    start = local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    end = (start + timedelta(days=32)).replace(day=1)
    return start, end


def period_label(start: datetime) -> str:
    return german_month(start)


def rollup_key(
    *, owner_sub: str, kind: str, entity_id: uuid.UUID | None, name: str, start: datetime
) -> uuid.UUID:
    """The same (entity, predicate or event type, month) always maps to the same rollup."""
    return uuid.uuid5(ROLLUP_NAMESPACE, f"{owner_sub}|{kind}|{entity_id}|{name}|{start:%Y-%m}")


def number_of(value: Any) -> tuple[float, str] | None:
    """A numeric reading and its unit, from ``21.7`` or ``{"value": 21.7, "unit": "°C"}``."""
    if isinstance(value, dict):
        unit = value.get("unit")
        value = value.get("value")
    else:
        unit = None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value), unit if isinstance(unit, str) else ""


def _part_of_day(moment: datetime) -> str:
    hour = timezone.localtime(moment).hour
    return [name for name, first in PARTS_OF_DAY if hour >= first][-1]


def _text_of(value: Any) -> str:
    return value if isinstance(value, str) else str(value)


def fact_figures(observations: Iterable[Observation]) -> dict:
    """Count, first/last, min/max/sum per part of day for numbers, value counts for text."""
    figures: dict = {"kind": "facts", "count": 0, "first": None, "last": None, "values": {}}
    numbers: dict = {}
    values: Counter[str] = Counter()
    for observation in observations:
        figures["count"] += 1
        start = observation.valid_from.isoformat()
        end = (observation.valid_to or observation.valid_from).isoformat()
        figures["first"] = min(figures["first"] or start, start)
        figures["last"] = max(figures["last"] or end, end)
        reading = number_of(observation.value)
        if reading is None:
            values[_text_of(observation.value)] += 1
            continue
        number, unit = reading
        if not numbers:
            numbers = {
                "count": 0,
                "sum": 0.0,
                "min": number,
                "max": number,
                "unit": unit,
                "parts": {},
            }
        numbers["count"] += 1
        numbers["sum"] += number
        numbers["min"] = min(numbers["min"], number)
        numbers["max"] = max(numbers["max"], number)
        part = numbers["parts"].setdefault(_part_of_day(observation.valid_from), [0.0, 0])
        part[0] += number
        part[1] += 1
    figures["values"] = dict(values)
    if numbers:
        figures["numbers"] = numbers
    return figures


def event_figures(occurred: Iterable[datetime]) -> dict:
    moments = sorted(moment.isoformat() for moment in occurred)
    return {
        "kind": "events",
        "count": len(moments),
        "first": moments[0] if moments else None,
        "last": moments[-1] if moments else None,
    }


def merge_figures(old: dict, new: dict) -> dict:
    """The figures of both sets of rows together, as if computed over their union."""
    if not old:
        return new
    merged = dict(old)
    merged["count"] = old["count"] + new["count"]
    merged["first"] = min(x for x in (old["first"], new["first"]) if x)
    merged["last"] = max(x for x in (old["last"], new["last"]) if x)
    if old["kind"] == "events":
        return merged
    merged["values"] = dict(Counter(old.get("values", {})) + Counter(new.get("values", {})))
    a, b = old.get("numbers"), new.get("numbers")
    if a and b:
        parts = {key: list(value) for key, value in a["parts"].items()}
        for key, (total, count) in b["parts"].items():
            part = parts.setdefault(key, [0.0, 0])
            part[0] += total
            part[1] += count
        merged["numbers"] = {
            "count": a["count"] + b["count"],
            "sum": a["sum"] + b["sum"],
            "min": min(a["min"], b["min"]),
            "max": max(a["max"], b["max"]),
            "unit": a["unit"] or b["unit"],
            "parts": parts,
        }
    elif a or b:
        merged["numbers"] = a or b
    return merged


def _number(value: float, unit: str) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return f"{text} {unit}".strip()


def _day(iso: str) -> str:
    return timezone.localtime(datetime.fromisoformat(iso)).strftime("%d.%m.")


def figures_text(*, subject: str, name: str, start: datetime, figures: dict) -> str:
    """One line a person (and the search) can read, e.g. "… abends meist um 21.7 °C"."""
    noun = "Beobachtungen" if figures["kind"] == "facts" else "Ereignisse"
    head = (
        f"Rollup {period_label(start)} · {subject} · {name}: {figures['count']} {noun} "
        f"({_day(figures['first'])}–{_day(figures['last'])})"
    )
    parts = [head]
    numbers = figures.get("numbers")
    if numbers:
        unit = numbers["unit"]
        mean = numbers["sum"] / numbers["count"]
        parts.append(
            f"{_number(numbers['min'], unit)} bis {_number(numbers['max'], unit)}, "
            f"Mittel {_number(mean, unit)}"
        )
        busiest = max(numbers["parts"].items(), key=lambda item: item[1][1])
        part_name, (total, count) = busiest
        parts.append(f"{part_name} meist um {_number(total / count, unit)}")
    values = Counter(figures.get("values", {})).most_common(TOP_VALUES)
    if values:
        parts.append("meist " + ", ".join(f"„{value}“ ({count}×)" for value, count in values))
    return "; ".join(parts)
