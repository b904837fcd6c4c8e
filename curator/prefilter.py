"""Is a turn worth the curator's time? Deterministic, no LLM, and every decision says why."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from curator import wordlists
from curator.extract.signals import statement_cue
from curator.language import rx
from worldmemory.refs import normalize_alias


@dataclass(frozen=True)
class Decision:
    trigger: bool
    reason: str
    immediate: bool = False  # "merk dir …": due now, no debounce


@functools.cache
def _pattern(phrases: tuple[str, ...]) -> re.Pattern:
    """One compiled alternation per word list (longest first, whole words only)."""
    alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def _has(text: str, phrases) -> str | None:
    match = _pattern(tuple(phrases)).search(text)
    return match.group(0) if match else None


def _tool_kind(tool_calls) -> str | None:
    """``consequential`` if any call changes something, ``read-only`` if all only read."""
    calls = tool_calls if isinstance(tool_calls, list) else [tool_calls] if tool_calls else []
    names = [
        str((c or {}).get("name", "")).lower() if isinstance(c, dict) else str(c).lower()
        for c in calls
    ]
    if not names:
        return None
    if any(any(w in n for w in wordlists.CONSEQUENTIAL_TOOL_WORDS) for n in names):
        return "consequential"
    return "read-only"


def classify(
    *, text: str, role: str = "user", tool_calls=None, known_aliases: frozenset[str] = frozenset()
) -> Decision:
    """Skip acknowledgements, read-only tool windows and short turns without entities or
    markers; trigger on markers, consequential tool calls, new entities, preferences,
    routines, corrections, tasks and decisions."""
    plain = normalize_alias(text)
    words = rx.findall(r"[\w'’-]+|👍", plain)
    tools = _tool_kind(tool_calls)
    if tools == "consequential":
        return Decision(True, "consequential tool call")
    if (marker := _has(plain, wordlists.IMMEDIATE_MARKERS)) is not None:
        return Decision(True, f"memory marker: {marker!r}", immediate=True)
    if (asked := rx.search(wordlists.PART_ASKED_TO_GO, plain)) is not None:
        return Decision(True, f"memory marker: {asked.group(0).strip(' .!?')!r}", immediate=True)
    if (marker := _has(plain, wordlists.MEMORY_MARKERS)) is not None:
        return Decision(True, f"memory marker: {marker!r}")
    if rx.search(wordlists.BREAKUP_PATTERN, plain):
        return Decision(True, "memory marker: a breakup")
    if tools == "read-only":
        return Decision(False, "only read-only tool calls")
    for first, second in wordlists.CORRECTION_PAIRS:
        if rx.search(rf"\b{first}\b.+\b{second}\b", plain):
            return Decision(True, f"correction: {first} … {second}")
    # "2017 sorry, not 2019", "Bern natürlich, nicht Basel": a value, then the one it replaces
    if rx.search(r"\w,\s*(?i:not|nicht)\s+(?:\d|[A-ZÄÖÜ])[\w.:-]*\s*(?:[.!]|$)", text):
        return Decision(True, "correction: …, not X")
    # "ist ein meerschweinchen, kein hase, …", "Dallas! not Austin": what it is, then what not
    if rx.search(
        r"(?i)\w\s*[,!]\s*(?:not|nicht|kein|keine)\s+(?:(?:a|an|ein|eine)\s+)?"
        # ("ok, not sure", "hm, keine Ahnung": a hedge, nothing replaced)
        r"(?!(?:sure|yet|really|quite|so|bad|much|now|today|sicher|mehr|ganz|schlecht|problem|"
        r"ahnung|plan|wirklich|jetzt|heute|schon|idea|worries|big deal)\b)[\w.:-]+\s*(?:[,.!?]|$)",
        text,
    ):
        return Decision(True, "correction: X, not Y")
    if (marker := _has(plain, wordlists.PREFERENCE_MARKERS)) is not None:
        return Decision(True, f"preference or routine: {marker!r}")
    if rx.search(wordlists.ROUTINE_PATTERN, plain):
        return Decision(True, "routine: a time of day")
    if (marker := _has(plain, wordlists.TASK_MARKERS)) is not None:
        return Decision(True, f"task or decision: {marker!r}")
    for pattern in wordlists.ENTITY_PATTERNS:
        if rx.search(pattern, text):
            return Decision(True, "introduces an entity or relationship")
    if role == "user" and (cue := statement_cue(text)) is not None:
        return Decision(True, f"states something: {cue!r}")
    mentioned = next((w for w in words if w in known_aliases), None)
    if plain.strip(" .!?") in wordlists.ACKNOWLEDGEMENTS or (
        words and all(w in wordlists.ACKNOWLEDGEMENTS for w in words)
    ):
        return Decision(False, "acknowledgement")
    if len(words) <= wordlists.SHORT_TURN_WORDS and mentioned is None:
        return Decision(False, "short turn without entity or marker")
    question = text.rstrip().endswith("?") or (words and words[0] in wordlists.QUESTION_WORDS)
    if question:
        return Decision(False, "a question without new durable information")
    if mentioned is not None and role == "user":
        return Decision(True, f"a statement about a known entity: {mentioned!r}")
    return Decision(False, "no durable information")
