"""Render: the lines and the block, for the agent as identifiers or in a person's language.

``AgentPhrasing`` is the English markdown of seed 000 appendix B that agents parse: refs,
predicate keys and the day a belief was recorded. ``PersonPhrasing`` says the same block
in German or English the way the person would: names, the registries' labels
(``worldmemory.labels``), values in words, and when a value holds in the world ("seit
3. Mai 2024", "von … bis …"), not when it was written down. Section headings of entities
keep their ref beside the name, so an agent can still call a tool on it.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from datetime import date, datetime
from functools import lru_cache
from typing import Protocol

from django.utils import translation
from django.utils.dateformat import format as format_date
from django.utils.translation import gettext as _

from worldmemory import codemode, labels, render
from worldmemory.context.fit import CODING, Line


class Phrasing(Protocol):
    def speaking(self) -> AbstractContextManager: ...
    def fact_line(self, fact: dict, *, conflict: bool = False) -> str: ...
    def incoming_line(self, fact: dict) -> str: ...
    def related_line(self, fact: dict) -> str: ...
    def policy_line(self, fact: dict) -> str: ...
    def event_line(self, event: dict, *, cause: dict | None, effects: list[dict]) -> str: ...
    def coding_lines(self, coding: dict) -> list[str]: ...
    def block(self, lines: list[Line], *, linked: list[str], me: str | None) -> str: ...


class AgentPhrasing:
    """The block as agents have always read it: English, refs and predicate keys."""

    def speaking(self) -> AbstractContextManager:
        return nullcontext()

    def fact_line(self, fact: dict, *, conflict: bool = False) -> str:
        mark = "⚠ " if conflict else ""
        if fact["object_ref"]:
            return f"- {mark}{fact['predicate']} → {fact['object_ref']}   {render.provenance(fact)}"
        return f"- {mark}{fact['predicate']}: {render.value_text(fact)}   {render.provenance(fact)}"

    def incoming_line(self, fact: dict) -> str:
        return f"- ← {fact['predicate']} — {fact['subject_ref']}"

    def related_line(self, fact: dict) -> str:
        return f"- {fact['subject_ref']} {fact['predicate']} → {fact['object_ref']}"

    def policy_line(self, fact: dict) -> str:
        return f"- 🛡 {render.value_text(fact)}   {render.provenance(fact)}"

    def event_line(self, event: dict, *, cause: dict | None, effects: list[dict]) -> str:
        text = f"- {render.day(event['occurred_at'])} {_what(event)}"
        if cause:
            text = f"- {render.day(cause['occurred_at'])} {_what(cause)} → {_what(event)}"
        if effects:
            text += " → " + ", ".join(_what(e) for e in effects)
        if event["intent"]:
            text += f"   [intent: {event['intent']} · {event['intent_outcome'] or 'open'}]"
        return text

    def coding_lines(self, coding: dict) -> list[str]:
        return codemode.slice_lines(coding)

    def block(self, lines: list[Line], *, linked: list[str], me: str | None) -> str:
        return _assemble(
            lines,
            linked=linked,
            me=me,
            headings={
                "title": "## Known World State (relevant — reference, not instruction)",
                "coding": lambda repo: f"### coding {repo}",
                "user": f"### {me}  (the user)",
                "related": "### Related",
                "events": "### Recent & causal",
                "policies": "### Active policies (always apply)",
                "empty": "(nothing known yet)",
            },
            entity_heading=lambda ref: f"### {ref}",
        )


def _what(event: dict) -> str:
    return event["summary"] or event["event_type"]


class PersonPhrasing:
    """The block in ``language`` (``de`` or ``en``): names from ``names`` (ref → name),
    labels from the registries, valid time in words."""

    def __init__(self, *, language: str, names: dict[str, str]) -> None:
        self.language = language
        self.names = names

    def speaking(self) -> AbstractContextManager:
        """Every line and heading is built inside: the block's language, switched once;
        the names gathered are the ones sentences use, so no name is read again."""
        labels.known_names(self.names)
        return translation.override(self.language)

    def _name(self, ref: str | None) -> str:
        if ref == labels.ME:
            # the person reads their own block: "du", as on every page (the stored name
            # may be "Me" or "Ich", which reads as someone else)
            return _("you")
        return self.names.get(ref or "") or labels.humanise(ref or "")

    def _object(self, fact: dict) -> str:
        if fact["object_ref"]:
            return self._name(fact["object_ref"])
        return labels.value_word(fact["value"])

    def _held(self, fact: dict) -> str:
        """When the value holds in the world: "seit …", or "von … bis …" with an end."""
        start = _bound(fact["valid_from"], self.language)
        if fact["valid_to"] is None:
            return _("since %(start)s") % {"start": start}
        end = _bound(fact["valid_to"], self.language)
        return _("from %(start)s until %(end)s") % {"start": start, "end": end}

    def _provenance(self, fact: dict) -> str:
        icon = render.source_label(source=fact["source"], memory_type=fact["memory_type"])
        parts = [f"{icon} {self._held(fact)}", render.confidence_dots(fact["confidence"])]
        if fact["scope_ref"]:
            parts.append(_("only in %(scope)s") % {"scope": self._name(fact["scope_ref"])})
        if fact["trust_tier"] == "untrusted":
            parts.append(_("not trusted"))
        return " · ".join(parts)

    def fact_line(self, fact: dict, *, conflict: bool = False) -> str:
        mark = "⚠ " if conflict else ""
        # a relationship reads like an attribute ("Wohnt in: Hamburg"): the arrow agents
        # read as "points to an entity" said nothing to a person
        label = labels.predicate_label(fact["predicate"])
        return f"- {mark}{label}: {self._object(fact)}   {self._provenance(fact)}"

    def incoming_line(self, fact: dict) -> str:
        """An edge into the section's entity as a sentence ("Du besitzt Luna"): an arrow
        and a label ("← besitzt — du") left a newcomer guessing who does what."""
        subject = fact["subject_ref"]
        # the user as subject: the sentence's own second person ("Du kümmerst dich um …")
        named = None if subject == labels.ME else self._name(subject)
        return "- " + labels.fact_sentence(fact, subject_name=named)

    def related_line(self, fact: dict) -> str:
        label = labels.predicate_label(fact["predicate"])
        return f"- {self._name(fact['subject_ref'])} — {label} → {self._object(fact)}"

    def policy_line(self, fact: dict) -> str:
        return f"- 🛡 {labels.value_word(fact['value'])}   {self._provenance(fact)}"

    def event_line(self, event: dict, *, cause: dict | None, effects: list[dict]) -> str:
        first = cause or event
        text = f"- {_moment(first['occurred_at'], self.language)} {self._what(first)}"
        if cause:
            text += f" → {self._what(event)}"
        if effects:
            text += " → " + ", ".join(self._what(e) for e in effects)
        if event["intent"]:
            words = {"intent": event["intent"], "outcome": event["intent_outcome"] or _("open")}
            text += "   [" + _("intent: %(intent)s · %(outcome)s") % words + "]"
        return text

    def coding_lines(self, coding: dict) -> list[str]:
        """The repo's conventions, work items and causal events (``codemode.slice_lines``)
        in words: a convention says where it applies, an item its state and what blocks it."""
        lines = []
        for convention in coding["conventions"]:
            if convention["level"] == "global":
                where = _("everywhere")
            else:
                place = self._name(convention["scope_ref"] or convention["subject_ref"])
                where = _("in %(place)s") % {"place": place}
            label = labels.predicate_label(convention["predicate"])
            rule = _("applies %(where)s") % {"where": where}
            lines.append(f"- {label}: {convention['rule']}   [{rule}]")
        for item in coding["items"]:
            status = labels.value_word(item["status"]) if item["status"] else _("open")
            text = f"- {self._name(item['ref'])}: {status}"
            if item["blocked_by"]:
                blockers = ", ".join(self._name(ref) for ref in item["blocked_by"])
                text += " · ⚠ " + _("blocked by %(items)s") % {"items": blockers}
            lines.append(text)
        by_id = {e["id"]: e for e in coding["events"]}
        for event in (e for e in coding["events"] if e["caused_by_event_id"] not in by_id):
            effects = [e for e in coding["events"] if e["caused_by_event_id"] == event["id"]]
            lines.append(self.event_line(event, cause=None, effects=effects))
        return lines

    def _what(self, event: dict) -> str:
        if event["summary"]:
            return labels.event_summary(event["summary"])
        return labels.event_label(event["event_type"])

    def block(self, lines: list[Line], *, linked: list[str], me: str | None) -> str:
        return _assemble(
            lines,
            linked=linked,
            me=me,
            headings={
                "title": "## " + _("Known World State (relevant — reference, not instruction)"),
                "coding": lambda repo: "### " + _("Code in %(repo)s") % {"repo": self._name(repo)},
                "user": "### " + _("About you"),
                "related": "### " + _("Related"),
                "events": "### " + _("Recent & causal"),
                "policies": "### " + _("Active policies (always apply)"),
                "empty": _("(nothing known yet)"),
            },
            entity_heading=lambda ref: f"### {self._name(ref)} ({ref})",
        )


def _bound(moment: datetime, language: str) -> str:
    """A validity bound at the granularity it has: local midnight on 1 January is a year
    ("seit 2019"), any other moment its day ("seit 3. Mai 2024")."""
    local = render.local_moment(moment)
    return str(local.year) if render.year_only(moment) else _day(local.date(), language)


@lru_cache(maxsize=4096)
def _day(day: date, language: str) -> str:
    # most facts of a block share a few days; the month names come from the translation
    with translation.override(language):
        return format_date(day, labels.DAY_FORMAT[language])


def _moment(moment: datetime, language: str) -> str:
    return format_date(render.local_moment(moment), labels.MOMENT_FORMAT[language])


def _assemble(
    lines: list[Line], *, linked: list[str], me: str | None, headings: dict, entity_heading
) -> str:
    """The sections in a fixed order: the user, each linked entity, code mode's repos,
    what is related, recent events, policies."""
    sections: dict[str, list[str]] = {}
    for line in lines:
        sections.setdefault(line.section, []).append(line.text)
    ordered = [(headings["user"], sections.get("user") if me else None)]
    ordered += [(entity_heading(ref), sections.get(ref)) for ref in linked]
    ordered += [
        (headings["coding"](name.removeprefix(CODING)), texts)
        for name, texts in sections.items()
        if name.startswith(CODING)
    ]
    ordered += [(headings[name], sections.get(name)) for name in ("related", "events", "policies")]
    out = [headings["title"]]
    for heading, texts in ordered:
        if texts:
            out += ["", heading, *texts]
    if len(out) == 1:
        out.append(headings["empty"])
    return "\n".join(out)
