"""An age said of several at once: "Erbse und Bohne (beide 2)", "twins Ollie and Finn who are
14", "Flocke und Krümel, die sind jetzt 2", "my twins Jaylen and Jada, they're 5", "Harvey and
Jude are 15 and 13", and a plural pronoun after the pair was named ("die degus heißen Pünktchen
und Anton. die beiden sind übrigens 3").

Only names the reader already knows as people or pets make a group, so "Tom and I are 30" or
"Lisa und Tom sind 3 Tage weg" (a unit after the number) say no age; the reader turns what is
found here into claims."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

# a name as chat writes it, lower case included ("twins jaylen and jada"): only a known name
# counts, so a common word never makes a group
_WORD = r"[^\W\d_](?:[^\W\d_]|['’-](?=[^\W\d_]))*"
_GROUP = re.compile(
    rf"(?P<names>{_WORD}(?:\s*,\s*{_WORD})*\s*,?\s+(?i:und|and|&|n)\s+{_WORD})(?![\w'’-])"
)
_FILLERS = (
    r"(?i:both|beide|each|jeweils|jetzt|now|schon|already|erst|only|just|übrigens|btw|"
    r"inzwischen|mittlerweile|auch|also|actually|eigentlich|ja|grad|gerade)"
)
# the number of an age, and what may not follow it: a unit makes it a time, distance or count
_NUMBER = (
    r"\d{1,3}(?!\d)(?!\s*(?:[.,:]\d|%|€|\$|(?i:uhr|km|kg|cm|mg|min\w*|minutes?|hours?|hrs?|stunden?|"
    r"tage?n?|days?|wochen?|weeks?|monate?n?|months?|mal|times|euro|pounds?|quid|bucks|"
    r"meter\w*|miles?|leute|people|kids|kinder|stück)\b))"
)
_COPULA = r"(?i:sind|san|send|are|['’]re)"
# right after the group: "(beide 2)", "who are 14", "sind jetzt 3", ", they're 5", ", die sind 2"
_AFTER_GROUP = re.compile(
    rf"\s*(?:\(\s*(?:{_FILLERS}\s+)?(?P<bracket>{_NUMBER})\s*\)"
    rf"|,?\s*(?:(?i:who|die|they|the\s+two|die\s+beiden|beide|both)\s*)?{_COPULA}\s+"
    rf"(?:{_FILLERS}\s+){{0,2}}(?P<said>{_NUMBER}(?:\s*(?:,|(?i:und|and|&))\s*{_NUMBER})*))"
)
# a plural pronoun opening its clause for the pair named last: "die beiden sind übrigens 3",
# "they're both 6", "both of them are 4"
_PRONOUN = re.compile(
    rf"(?:^|(?<=[.,;:!?–-])\s*|\b(?i:and|und|aber|but|oh|ach\s+ja)\s+)"
    rf"(?i:die\s+beiden|die\s+zwei|beide|they|the\s+two\s+of\s+them|both\s+of\s+them|"
    rf"the\s+pair\s+of\s+them)\s*{_COPULA}\s+(?:{_FILLERS}\s+){{0,2}}(?P<n>{_NUMBER})"
    # (several numbers are one each, told by the names said with them)
    r"(?!\s*(?:,|(?i:und|and|&))\s*\d)"
)
# the ages first and the names after: "Tom's lads are 15 and 13, Harvey and Jude"
_AGES_THEN_GROUP = re.compile(
    rf"\b{_COPULA}\s+(?P<said>{_NUMBER}(?:\s*(?:,|(?i:und|and|&))\s*{_NUMBER})+)\s*[,:–—-]\s*"
)
_NUMBERS = re.compile(r"\d{1,3}")
_SEPARATOR = re.compile(r"\s*,\s*(?:(?i:und|and|&|n)\s+)?|\s+(?i:und|and|&|n)\s+")


@dataclass(frozen=True)
class GroupAge:
    names: tuple[str, ...]  # as written in the text
    age: str
    start: int  # where the age is said


def group_ages(text: str, known: Collection[str], *, before: str = "") -> list[GroupAge]:
    """The ages ``text`` gives a group of the ``known`` names (casefolded): one age for all, or
    one each in the order named ("Harvey and Jude are 15 and 13"). A plural pronoun takes the
    last group named earlier in ``text`` or else in ``before`` (the sentence read before)."""
    found: list[GroupAge] = []
    for names, end in _groups(text, known):
        said = _AFTER_GROUP.match(text, end)
        if said is None:
            continue
        start = said.start("bracket") if said.group("bracket") else said.start("said")
        numbers = _NUMBERS.findall(said.group("bracket") or said.group("said"))
        if len(numbers) == 1:
            found.extend([GroupAge(names, numbers[0], start)] if _plausible(numbers[0]) else [])
        elif len(numbers) == len(names) and all(_plausible(n) for n in numbers):
            found.extend(
                GroupAge((name,), n, start) for name, n in zip(names, numbers, strict=True)
            )
    for said in _AGES_THEN_GROUP.finditer(text):
        group = _GROUP.match(text, said.end())
        names = _known_names(group, known) if group else ()
        numbers = _NUMBERS.findall(said.group("said"))
        if len(names) == len(numbers) == len(_SEPARATOR.split(group.group("names"))):
            found.extend(
                GroupAge((name,), n, said.start("said"))
                for name, n in zip(names, numbers, strict=True)
                if _plausible(n)
            )
    for pronoun in _PRONOUN.finditer(text):
        earlier = [names for names, end in _groups(text, known) if end <= pronoun.start()]
        earlier = earlier or [names for names, _ in _groups(before, known)]
        if earlier and _plausible(pronoun.group("n")):
            found.append(GroupAge(earlier[-1], pronoun.group("n"), pronoun.start("n")))
    return found


def _groups(text: str, known: Collection[str]) -> list[tuple[tuple[str, ...], int]]:
    """The coordinations in ``text`` of two or more known names, each with where it ends: the
    known names closing a longer list ("in Kiel, Anna and Ben" is Anna and Ben)."""
    found = []
    for m in _GROUP.finditer(text):
        names = _known_names(m, known)
        if len(names) >= 2:
            found.append((names, m.end()))
    return found


def _known_names(group: re.Match, known: Collection[str]) -> tuple[str, ...]:
    """The known names closing ``group``, or none when an unknown one stands among them."""
    names = tuple(_SEPARATOR.split(group.group("names")))
    while names and names[0].casefold() not in known:
        names = names[1:]
    return names if all(name.casefold() in known for name in names) else ()


def _plausible(number: str) -> bool:
    return 1 <= int(number) <= 120
