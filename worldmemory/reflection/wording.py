"""The reflection tiers' lines of the context block, for the agent or for a person.

``AgentWords`` keeps the block agents have always parsed (tier keys, states and kinds as
stored). ``PersonWords`` says the same in the person's language: tiers and reasons in
words, states and kinds by their labels, dates as days, and no line that only counts
(a session the worker has not summarised yet has no "0 turns" to report).
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Protocol

from django.utils import translation
from django.utils.dateformat import format as format_date
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from worldmemory import labels, render
from worldmemory.reflection.state_words import state_label

TIER_WORDS = {
    "session": gettext_lazy("this conversation"),
    "space": gettext_lazy("reflection space"),
    "threads": gettext_lazy("threads and open questions"),
    "long_term": gettext_lazy("long-term memory"),
    "sources": gettext_lazy("original messages"),
}


class Words(Protocol):
    def speaking(self) -> AbstractContextManager: ...
    def title(self, tiers: list[str]) -> str: ...
    def header(self, tier: str, said: list[tuple[str, dict]]) -> str: ...
    def session(self, turns: int, summary: str) -> list[str]: ...
    def space(self, name: str, state: str | None) -> str: ...
    def thread(self, name: str, state: str | None) -> str: ...
    def question(self, name: str) -> str: ...
    def anchor(self, targets: str, reason: str) -> str: ...
    def long_term(self, kind: str, lifecycle: str | None, statement: object) -> str: ...
    def passage(self, passage: dict) -> str: ...


def _named(name: str, state: str | None, word) -> str:
    return f"{name} [{word(state)}]" if state else name


class AgentWords:
    def speaking(self) -> AbstractContextManager:
        return nullcontext()

    def title(self, tiers: list[str]) -> str:
        return "### Reflection (" + " → ".join(tiers) + ")"

    def header(self, tier: str, said: list[tuple[str, dict]]) -> str:
        return f"#### {tier}: {'; '.join(t % p for t, p in said)}"

    def session(self, turns: int, summary: str) -> list[str]:
        counted = f"{turns} turn" + ("" if turns == 1 else "s")
        return [f"- {counted}" + (f"; so far: {summary}" if summary else "")]

    def space(self, name: str, state: str | None) -> str:
        return f"- Space: {_named(name, state, str)}"

    def thread(self, name: str, state: str | None) -> str:
        return f"- Thread: {_named(name, state, str)}"

    def question(self, name: str) -> str:
        return f"- Open question: {name}"

    def anchor(self, targets: str, reason: str) -> str:
        return f"- Comes up again: {targets} ({reason})"

    def long_term(self, kind: str, lifecycle: str | None, statement: object) -> str:
        return f"- {kind} ({lifecycle}): {statement}"

    def passage(self, passage: dict) -> str:
        when = render.day(passage["occurred_at"])
        return f"- [{when} · {passage['session_external_id']}] {passage['text']}"


class PersonWords:
    """In ``language`` (``de`` or ``en``); every line is built inside ``speaking()``."""

    def __init__(self, *, language: str) -> None:
        self.language = language

    def speaking(self) -> AbstractContextManager:
        return translation.override(self.language)

    def title(self, tiers: list[str]) -> str:
        return "### " + _("From the conversation (%(tiers)s)") % {
            "tiers": " → ".join(str(TIER_WORDS[t]) for t in tiers)
        }

    def header(self, tier: str, said: list[tuple[str, dict]]) -> str:
        words = str(TIER_WORDS[tier])
        # a reason that only names the tier again ("dieses Gespräch") is not said twice
        reasons = [
            reason
            for template, params in said
            if (reason := _(template) % _worded(params)).casefold() != words.casefold()
        ]
        # upper-casing the first letter only: str.capitalize() writes "Dieses gespräch"
        heading = words[:1].upper() + words[1:]
        return f"#### {heading}: {'; '.join(reasons)}" if reasons else f"#### {heading}"

    def session(self, turns: int, summary: str) -> list[str]:
        parts = []
        if turns:
            parts.append(ngettext("%(count)d turn", "%(count)d turns", turns) % {"count": turns})
        if summary:
            parts.append(_("so far: %(summary)s") % {"summary": summary})
        return ["- " + "; ".join(parts)] if parts else []

    def space(self, name: str, state: str | None) -> str:
        return "- " + _("Space: %(name)s") % {"name": _named(name, state, state_label)}

    def thread(self, name: str, state: str | None) -> str:
        return "- " + _("Thread: %(name)s") % {"name": _named(name, state, state_label)}

    def question(self, name: str) -> str:
        return "- " + _("Open question: %(name)s") % {"name": name}

    def anchor(self, targets: str, reason: str) -> str:
        return "- " + _("Comes up again: %(targets)s (%(reason)s)") % {
            "targets": targets,
            "reason": reason,
        }

    def long_term(self, kind: str, lifecycle: str | None, statement: object) -> str:
        what = labels.kind_label(kind)
        if lifecycle:
            what += f" ({state_label(lifecycle)})"
        return f"- {what}: {labels.value_word(statement)}"

    def passage(self, passage: dict) -> str:
        day = render.local_moment(passage["occurred_at"]).date()
        return f"- [{format_date(day, labels.DAY_FORMAT[self.language])}] {passage['text']}"


# A reason's values a person reads as words: a state, a ref, a predicate key and an anchor's
# English reason ("resurface thread:x on …") are said, not shown.
PARAM_WORDS = {
    "state": state_label,
    "subject": labels.entity_name,
    "predicate": labels.predicate_label,
    "reason": labels.say,
}


def _worded(params: dict) -> dict:
    return {
        name: PARAM_WORDS[name](value) if name in PARAM_WORDS and value else value
        for name, value in params.items()
    }
