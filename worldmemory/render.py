"""Text for the agent (seed 000 appendix F): compact, with provenance on every line.

English whatever the owner's language, like the context block's agent style: agents are
prompted in it and parse it; the words the owner said stay as said."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

from django.utils import timezone

SOURCE_ICONS = {"user": "👤", "agent": "🤖", "integration": "🔌"}
# the memory's own layers (reflection) write under its name: the system, not a device
SYSTEM_SOURCE_PREFIX = "gedaechtnis:"
GERMAN_MONTHS = (
    "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
    "Oktober", "November", "Dezember",
)  # fmt: skip


def german_month(moment: date) -> str:
    """ "März 2026": the month and year as a German reader writes them."""
    return f"{GERMAN_MONTHS[moment.month - 1]} {moment.year}"


def confidence_dots(confidence: float) -> str:
    filled = max(0, min(5, round(confidence * 5)))
    return "●" * filled + "○" * (5 - filled)


def source_label(*, source: str, memory_type: str) -> str:
    """👤 what the user said, 🔌 <domain> what an integration saw, 🤖 what the agent or
    the memory itself derived."""
    if memory_type in {"user_assertion", "correction"} or source.startswith(("user", "chat")):
        return SOURCE_ICONS["user"]
    if memory_type == "observed_state" and not source.startswith(SYSTEM_SOURCE_PREFIX):
        domain = source.split(":", 1)[0]
        return f"{SOURCE_ICONS['integration']} {domain}"
    return SOURCE_ICONS["agent"]


def local_moment(moment: datetime) -> datetime:
    """``moment`` in the display time zone. A stored time too near the calendar's end to
    convert (written before the accepted years were enforced) stays in UTC: a read never
    fails on stored data."""
    try:
        return timezone.localtime(moment)
    except OverflowError:
        return moment.astimezone(UTC)


def day(moment: datetime | None) -> str:
    if moment is None:
        return "now"
    return local_moment(moment).strftime("%Y-%m-%d %H:%M")


def value_text(fact: dict) -> str:
    if fact["object_ref"]:
        return fact["object_ref"]
    value = fact["value"]
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def local_date(moment: datetime) -> str:
    return local_moment(moment).date().isoformat()


def year_only(moment: datetime) -> bool:
    """Whether a validity bound stands for a whole year: local midnight on 1 January is what
    "seit 2019" ("since 2019") resolves to."""
    local = local_moment(moment)
    return (local.month, local.day, local.hour, local.minute, local.second) == (1, 1, 0, 0, 0)


def valid_bound(moment: datetime) -> str:
    """A validity bound at the granularity it has: a year ("2019") or a day ("2026-03-01")."""
    local = local_moment(moment)
    return str(local.year) if year_only(moment) else local.date().isoformat()


def held(fact: dict) -> str | None:
    """When the fact holds in the world, where that is not simply the day it was said:
    "seit März" said in December is believed since December but holds since 1 March, and an
    agent reading only the day it was said would place the move nine months late."""
    recorded = local_date(fact["recorded_at"])
    start = valid_bound(fact["valid_from"]) if fact.get("valid_from") else None
    end = valid_bound(fact["valid_to"]) if fact.get("valid_to") else None
    if end:
        return f"valid {start or '…'} → {end}"
    if start and start != recorded:
        return f"valid since {start}"
    return None


def provenance(fact: dict, *, observed: bool = False) -> str:
    """Source, date, scope, confidence, lifecycle, and when the fact holds where that is not
    the day it was said; with ``observed`` (the read tools) also when the source saw it,
    where that differs from when it began to hold."""
    parts = [
        f"{source_label(source=fact['source'], memory_type=fact['memory_type'])} "
        f"{local_date(fact['recorded_at'])}"
    ]
    if validity := held(fact):
        parts.append(validity)
    if observed and fact.get("observed_at"):  # set only where it differs from valid_from
        parts.append(f"observed {day(fact['observed_at'])}")
    if fact["scope_ref"]:
        parts.append(f"scope {fact['scope_ref']}")
    parts.append(confidence_dots(fact["confidence"]))
    if fact["lifecycle"] != "active":
        parts.append(fact["lifecycle"])
    if fact["trust_tier"] == "untrusted":
        parts.append("untrusted")
    return " · ".join(parts)


def fact_line(fact: dict) -> str:
    return f"- {fact['predicate']} = {value_text(fact)}   {provenance(fact, observed=True)}"


def entity_header(entity: dict) -> str:
    return f'{entity["ref"]} ({entity["kind"]}) · {entity["status"]} — "{entity["name"]}"'


def entity_text(entity: dict, facts: list[dict], outgoing: list[dict], incoming: list[dict]) -> str:
    lines = [entity_header(entity)]
    if entity.get("merged"):
        lines.append("  answers also for: " + ", ".join(entity["merged"]))
    lines.append("Facts:")
    lines += [fact_line(f) for f in facts] or ["- (none)"]
    lines.append("Relationships:")
    rel_lines = [
        f"- → {f['predicate']} — {f['object_ref']}   {provenance(f, observed=True)}"
        for f in outgoing
    ]
    rel_lines += [f"- ← {f['predicate']} — {f['subject_ref']}" for f in incoming]
    lines += rel_lines or ["- (none)"]
    return "\n".join(lines)


def state_text(entity: dict, facts: list[dict], *, heading: str, now_values: dict) -> str:
    lines = [f"{entity['ref']} — {heading}:"]
    for fact in facts:
        line = f"- {fact['predicate']} = {value_text(fact)}   {provenance(fact, observed=True)}"
        current = now_values.get(fact["predicate"])
        if current is not None and current != value_text(fact):
            line += f"   (then; now → {current})"
        lines.append(line)
    if not facts:
        lines.append(f"No active facts about {entity['ref']}.")
    return "\n".join(lines)


def history_text(entity: dict, predicate: str, rows: list[dict]) -> str:
    lines = [f"{entity['ref']}.{predicate} — history:"]
    for row in rows:
        line = (
            f"- {value_text(row)}  valid {day(row['valid_from'])} → {day(row['valid_to'])}  "
            f"({row['lifecycle']})  {provenance(row, observed=True)}"
            f"  known since {day(row['recorded_at'])}"
        )
        if row.get("closed_reason"):
            line += f"  — {row['closed_reason']}"
        line += chain_text(row)
        lines.append(line)
    if not rows:
        lines.append(f"No facts about {entity['ref']}.{predicate}.")
    return "\n".join(lines)


def _link_value(link: dict) -> str:
    value = link["value"]
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def chain_text(row: dict) -> str:
    """The supersede chain of a history row, both ways."""
    text = ""
    if row.get("replaces"):
        text += f"  ← replaces {_link_value(row['replaces'])}"
    if row.get("replaced_by"):
        how = "corrected to" if row.get("replaced_how") == "corrected" else "superseded by"
        text += f"  → {how} {_link_value(row['replaced_by'])}"
    return text
