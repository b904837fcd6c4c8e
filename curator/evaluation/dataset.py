"""The evaluation dialogues: where they live, how they are read, and the rules they follow.

The format and the vocabulary are fixed by the evaluation spec (copied in ``README.md`` next to
this module); :func:`problems` checks one dialogue against them, so a typo in a hand-written
expectation fails a test instead of silently lowering a figure.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

DIALOGUES = Path(__file__).resolve().parent / "dialogues"
SPLITS = ("dev", "holdout")
LANGS = ("de", "en")
CATEGORIES = (
    "work",
    "family",
    "home",
    "health",
    "pets",
    "routines",
    "preferences",
    "third_parties",
    "dates_absolute",
    "dates_relative",
    "changes",
    "corrections",
    "forget",
    "negations",
    "hypotheticals_questions",
    "plans_tasks",
    "smalltalk",
    "sarcasm_jokes",
    "injection",
    "mixed",
)
# Categories in which nothing (or, for sarcasm, little) is to be remembered.
NOTHING_CATEGORIES = ("smalltalk",)
ENTITY_KINDS = ("person", "pet", "place", "org", "project", "task", "device")
ROLES = ("user", "assistant", "tool")
TRUST_TIERS = (None, "trusted", "untrusted")
GRANULARITIES = {"day": r"\d{4}-\d{2}-\d{2}", "month": r"\d{4}-\d{2}", "year": r"\d{4}"}

# predicate -> (cardinality, "literal" | "entity"); `note` is in the registry but never expected.
VOCABULARY: dict[str, tuple[str, str]] = {
    "name": ("functional", "literal"),
    "preferred_name": ("functional", "literal"),
    "age": ("functional", "literal"),
    "birthday": ("functional", "literal"),
    "works_as": ("functional", "literal"),
    "works_at": ("functional", "entity"),
    "studies": ("functional", "literal"),
    "studies_at": ("functional", "entity"),
    "lives_in": ("functional", "entity"),
    "comes_from": ("functional", "entity"),
    "relation_to_user": ("functional", "literal"),
    "owns": ("set", "entity"),
    "species": ("functional", "literal"),
    "breed": ("functional", "literal"),
    "feeding_time": ("functional", "literal"),
    "prefers": ("set", "literal"),
    "dislikes": ("set", "literal"),
    "diet": ("functional", "literal"),
    "allergic_to": ("set", "literal"),
    "health_condition": ("set", "literal"),
    "takes_medication": ("set", "literal"),
    "routine": ("set", "literal"),
    "hobby": ("set", "literal"),
    "speaks": ("set", "literal"),
    "due": ("functional", "literal"),
    "status": ("functional", "literal"),
    "plans": ("set", "literal"),
    "member_of": ("set", "entity"),
    "located_in": ("functional", "entity"),
}
NEVER_EXPECTED = ("note",)
# Literal predicates whose value is a normalised token (lowercase English).
TOKENS: dict[str, tuple[str, ...]] = {
    "relation_to_user": (
        "sister", "brother", "mother", "father", "daughter", "son", "partner", "wife",
        "husband", "fiancee", "cousin", "grandmother", "grandfather", "aunt", "uncle", "niece",
        "nephew", "friend", "colleague", "boss", "neighbour", "flatmate",
    ),
    "species": (
        "cat", "dog", "rabbit", "horse", "bird", "fish", "hamster", "guinea_pig",
    ),
    "diet": (
        "vegetarian", "vegan", "pescetarian", "gluten_free", "lactose_free", "halal", "kosher",
    ),
    "status": ("open", "done"),
}  # fmt: skip
# Literal predicates with a fixed shape.
SHAPES: dict[str, str] = {
    "birthday": r"(--\d{2}-\d{2}|\d{4}-\d{2}-\d{2})",
    "feeding_time": r"([01]\d|2[0-3]):[0-5]\d",
    "due": r"\d{4}-\d{2}-\d{2}",
    "age": r"\d{1,3}",
}
FACT_LISTS = ("expect", "absent", "never_held")
REQUIRED = ("id", "lang", "category", "split", "turns", "expect", "absent", "never_held")


@dataclass(frozen=True, kw_only=True)
class Dialogue:
    """One line of a dialogue file, with where it came from."""

    data: dict[str, Any]
    path: Path
    line: int

    @property
    def id(self) -> str:
        return self.data["id"]


def files(*, split: str | None = None) -> list[Path]:
    """The dialogue files of one split (or of all), in a stable order."""
    splits = SPLITS if split in (None, "all") else (split,)
    return sorted(p for s in splits for p in (DIALOGUES / s).glob("*.jsonl"))


def load(*, split: str | None = None) -> list[Dialogue]:
    """Every dialogue of a split (``dev``, ``holdout``, or ``all``/``None``)."""
    out = []
    for path in files(split=split):
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if raw.strip():
                out.append(Dialogue(data=json.loads(raw), path=path, line=number))
    return out


def _moment(text: Any) -> datetime | None:
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _fact_problems(fact: Any, *, where: str) -> list[str]:
    if not isinstance(fact, dict):
        return [f"{where}: not an object"]
    out: list[str] = []
    unknown = set(fact) - {"subject", "predicate", "value", "object", "valid_from", "granularity"}
    if unknown:
        out.append(f"{where}: unknown keys {sorted(unknown)}")
    subject = fact.get("subject")
    if subject != "me":
        out += _entity_problems(subject, where=f"{where}.subject")
    predicate = fact.get("predicate")
    if predicate in NEVER_EXPECTED:
        return [*out, f"{where}: {predicate!r} is never expected"]
    if predicate not in VOCABULARY:
        return [*out, f"{where}: predicate {predicate!r} is not in the vocabulary"]
    _, shape = VOCABULARY[predicate]
    if ("value" in fact) == ("object" in fact):
        out.append(f"{where}: exactly one of value and object")
    elif shape == "entity" and "object" not in fact:
        out.append(f"{where}: {predicate} takes an entity object")
    elif shape == "literal" and "value" not in fact:
        out.append(f"{where}: {predicate} takes a literal value")
    elif "object" in fact:
        out += _entity_problems(fact["object"], where=f"{where}.object")
    else:
        value = fact["value"]
        if not isinstance(value, str) or not value.strip():
            out.append(f"{where}: value must be a non-empty string")
        elif predicate in TOKENS and value not in TOKENS[predicate]:
            out.append(f"{where}: {predicate} value {value!r} is not a normalised token")
        elif predicate in SHAPES and not re.fullmatch(SHAPES[predicate], value):
            out.append(f"{where}: {predicate} value {value!r} has the wrong shape")
        elif predicate in ("due", "birthday") and not _calendar_date(value):
            out.append(f"{where}: {value!r} is not a calendar date")
    if ("valid_from" in fact) != ("granularity" in fact):
        out.append(f"{where}: valid_from and granularity come together")
    elif "valid_from" in fact:
        granularity = fact["granularity"]
        pattern = GRANULARITIES.get(granularity)
        valid_from = fact["valid_from"]
        if pattern is None:
            out.append(f"{where}: unknown granularity {granularity!r}")
        elif not isinstance(valid_from, str) or not re.fullmatch(pattern, valid_from):
            out.append(f"{where}: valid_from {valid_from!r} is not at {granularity} granularity")
        elif not _calendar_date(valid_from):
            out.append(f"{where}: valid_from {valid_from!r} is not a calendar date")
    return out


def _calendar_date(text: str) -> bool:
    parts = text.removeprefix("--").split("-")
    year = 2000 if text.startswith("--") else int(parts.pop(0))
    month, day = (int(p) for p in (*parts, "1", "1")[:2])
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def _entity_problems(entity: Any, *, where: str) -> list[str]:
    if not isinstance(entity, dict) or set(entity) != {"name", "kind"}:
        return [f'{where}: must be "me" or {{name, kind}}']
    out = []
    if not isinstance(entity["name"], str) or not entity["name"].strip():
        out.append(f"{where}: empty name")
    if entity["kind"] not in ENTITY_KINDS:
        out.append(f"{where}: unknown kind {entity['kind']!r}")
    return out


def problems(dialogue: Dialogue) -> list[str]:
    """What is wrong with one dialogue (empty when it follows the spec)."""
    data = dialogue.data
    where = f"{dialogue.path.name}:{dialogue.line}"
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        return [f"{where}: missing {missing}"]
    out: list[str] = []
    unknown = set(data) - {*REQUIRED, "notes"}
    if unknown:
        out.append(f"{where}: unknown keys {sorted(unknown)}")
    lang, category, split = data["lang"], data["category"], data["split"]
    if lang not in LANGS:
        out.append(f"{where}: unknown lang {lang!r}")
    if category not in CATEGORIES:
        out.append(f"{where}: unknown category {category!r}")
    if dialogue.path.name != f"{lang}-{category}.jsonl":
        out.append(f"{where}: lang/category do not match the file name")
    if split != dialogue.path.parent.name or split not in SPLITS:
        out.append(f"{where}: split {split!r} does not match the folder")
    # held-back dialogues carry an "h-" in front, so an id says which part it is in
    prefix = "h-" if split == "holdout" else ""
    if not re.fullmatch(rf"{prefix}{lang}-{category}-\d{{3}}", str(data["id"])):
        out.append(f"{where}: id {data['id']!r} is not {prefix}<lang>-<category>-NNN")
    if not isinstance(data.get("notes", ""), str):
        out.append(f"{where}: notes must be a string")
    turns = data["turns"]
    if not isinstance(turns, list) or not turns:
        return [*out, f"{where}: no turns"]
    previous = None
    for number, turn in enumerate(turns):
        at = f"{where} turn {number}"
        if not isinstance(turn, dict):
            out.append(f"{at}: not an object")
            continue
        role = turn.get("role")
        if role not in ROLES:
            out.append(f"{at}: unknown role {role!r}")
        if not isinstance(turn.get("text"), str) or not turn["text"].strip():
            out.append(f"{at}: empty text")
        moment = _moment(turn.get("occurred_at"))
        if moment is None:
            out.append(f"{at}: occurred_at is not an ISO moment with an offset")
        elif previous is not None and moment < previous:
            out.append(f"{at}: occurred_at goes back in time")
        elif moment.year != 2026:
            out.append(f"{at}: occurred_at outside 2026")
        previous = moment or previous
        allowed = {"role", "text", "occurred_at"}
        if role == "tool":
            allowed |= {"tool", "trust_tier"}
            if not isinstance(turn.get("tool"), str) or not turn["tool"]:
                out.append(f"{at}: a tool turn names its tool")
            if "trust_tier" not in turn or turn["trust_tier"] not in TRUST_TIERS:
                out.append(f"{at}: trust_tier must be null, 'trusted' or 'untrusted'")
        if set(turn) - allowed:
            out.append(f"{at}: unknown keys {sorted(set(turn) - allowed)}")
    if not any(isinstance(t, dict) and t.get("role") == "user" for t in turns):
        out.append(f"{where}: no user turn")
    for key in FACT_LISTS:
        facts = data[key]
        if not isinstance(facts, list):
            out.append(f"{where}: {key} must be a list")
            continue
        for number, fact in enumerate(facts):
            out += _fact_problems(fact, where=f"{where} {key}[{number}]")
    if category in NOTHING_CATEGORIES and data["expect"]:
        out.append(f"{where}: {category} expects nothing")
    return out
