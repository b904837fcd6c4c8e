"""Diabetes named by its type alone, as those who have it say it ("my type 2 diagnosis",
"diagnosed w type 2 in feb", "type 1 since i was 9", "hab Typ 2 seit letztem Jahr", "bin T1D"):
the type is the condition's name; without a frame of having or finding it ("type 2 plug",
"Typ 2 Ladekabel") it names no illness."""

from __future__ import annotations

import re

NUMBERS = {"1": "1", "2": "2", "one": "1", "two": "2", "eins": "1", "zwei": "2"}
TYPE = re.compile(
    r"(?i)\b(?:(?:type|typ)[\s-]?(?P<n>1|2|one|two|eins|zwei)|t(?P<t>[12])d)\b(?![\s-]*diabet)"
)
# having or finding it before ("diagnosed with", "hab", "i'm", "my")
HAD_BEFORE = re.compile(
    r"(?i)\b(?:diagnos\w*(?:\s+(?:with|w/?|mit|as))?|got|have|has|had|hab|habe|hat|hatte|"
    r"i'?m|bin|ist|is|my|mein\w*|his|her|sein\w*|ihr\w*)\s+(?:(?:a|an|the|ne|nen|einen)\s+)?$"
)
# a finding or a duration after it ("diagnosis", "since", "seit 2019", "for 20 years")
FOUND_AFTER = re.compile(r"(?i)^\s+(?:diagnos\w*|dx|since|seit|for\s+\d+|für\s+\d+)\b")


def diabetes_types(text: str, *, lang: str) -> list[tuple[int, str]]:
    """Each ``(position, condition)`` where diabetes is named by its type alone."""
    found = []
    for m in TYPE.finditer(text):
        if not (HAD_BEFORE.search(text[: m.start()]) or FOUND_AFTER.match(text[m.end() :])):
            continue
        kind = NUMBERS[(m.group("n") or m.group("t")).lower()]
        value = f"Typ-{kind}-Diabetes" if lang == "de" else f"type {kind} diabetes"
        found.append((m.start(), value))
    return found
