"""Whom a habit is done with or for, said by a pronoun ("I try to ring her every Sunday",
"ride her every Sunday", "reit ihn mittwochs"): the pronoun stands for someone the window
named, and a routine stored apart from the window keeps that name, not the pronoun."""

from __future__ import annotations

import re
from collections.abc import Callable

# a singular pronoun as the object of the habit's verb (not "her" as a possessive: "her
# dog", which a noun follows)
OBJECT_PRONOUN = re.compile(
    r"(?i)(?<=\w\s)(?P<pronoun>her|him|ihn|ihm|sie)\b(?=\s*$|\s+(?:every|each|on|at|in|after|"
    r"before|once|twice|jeden|jede|jedes|am|um|nach|vor|immer|\w+s\b(?<!'s)))"
)
# a habit only tried is still the habit ("I try to ring her every Sunday")
TRIED = re.compile(r"(?i)^\W*(?:try|tries|trying)\s+(?:to\s+)?")


def with_whom_named(value: str, *, name_of: Callable[[str], str | None]) -> str | None:
    """``value`` with its object pronoun replaced by the name ``name_of`` gives for it; None
    when the pronoun stands for nobody the window named (the habit then names no one)."""
    value = TRIED.sub("", value)
    found = OBJECT_PRONOUN.search(value)
    if found is None:
        return value
    name = name_of(found.group("pronoun"))
    if name is None:
        return None
    return f"{value[: found.start()]}{name}{value[found.end() :]}"
