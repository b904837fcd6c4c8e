"""The items of a numbered list of things to do: "1) auto ummelden, spätestens 30.6. 2)
kita-anmeldung, muss bis freitag raus 3) sperrmüll anmelden", "1. renew passport before the
30th of april 2. book MOT by friday 3. pay council tax (done already ✅)".

A chat list is written on one line, so the sentence splitter leaves it whole or cuts it at a
full stop after a date; each item is one thing to do, named by its own words, with the
deadline said after its comma ("…, bis 30. april", "…, frist bis 31. juli") and done when the
item says so. What follows a comma with a subject of its own ("…, die hat am 2. mai
Geburtstag") says something else: its day is no deadline of the item."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

# "1)", "2.", "3)" before a word; a number glued to a word or a decimal is no marker
MARKER = re.compile(r"(?<![\w.,/-])([1-9])[.)](?=\s+[^\W\d_])")
# the words a deadline said after an item's comma opens on
DEADLINE_OPENERS = frozenset({
    "bis", "spätestens", "frist", "deadline", "fällig", "muss", "müssen", "sollte", "by",
    "before", "due", "until", "till", "latest", "no", "needs", "need", "has", "have", "must",
    "am", "on",
})  # fmt: skip
# where an item goes on to give a reason or a consequence, not the thing to do
REASON = re.compile(r"(?i)\s(?:weil|because|cause|cos|sonst|otherwise|da|since|denn)\b")
DONE = re.compile(r"(?i)\b(?:done|erledigt|abgehakt|sorted|already\s+paid|schon\s+gemacht)\b|✅")
PARENTHESES = re.compile(r"\([^()]*\)")
# a number after a word or a comma counts something ("bin 7.", "altbau, 3. stock")
WORD_BEFORE = re.compile(r"[\w,]\s*$")


@dataclass(frozen=True, slots=True)
class Item:
    """One thing of the list: where its words start in the sentence, the words (a reason and
    what is said aside blanked, so positions stay the sentence's) and whether it is done."""

    number: int
    start: int
    text: str
    done: bool


def _markers(text: str, dates: Sequence[tuple[int, int]], *, going_on: int) -> list[re.Match]:
    """The list's markers: numbers counting up one by one, none of them part of a date ("am
    2. mai", "bis 30. april" are days, not items)."""
    found = [
        m
        for m in MARKER.finditer(text)
        if not any(start <= m.start() < end for start, end in dates)
    ]
    chain: list[re.Match] = []
    for marker in found:
        if chain and int(marker.group(1)) == int(chain[-1].group(1)) + 1:
            chain.append(marker)
        elif not chain:
            chain = [marker]
    if len(chain) >= 2:
        return chain
    # an item alone is one of a list the sentence splitter cut: the first, after an emoji, a
    # colon or a question ("… sortieren 🙈 1. kfz-versicherung …"), or the next of the list
    # read before ("3. fahrrad zur inspektion bringen"); a number alone opening a sentence
    # is an answer ("7. ich selber hab heuschnupfen")
    if not chain or WORD_BEFORE.search(text[: chain[0].start()]):
        return []
    number = int(chain[0].group(1))
    if number == going_on + 1 and (number == 1 or going_on):
        return chain
    return []


def _item_words(text: str) -> str:
    """What of an item's words names it and its deadline: up to a reason, and over a comma
    only into a deadline ("…, spätestens 30.6."), not into a clause of its own."""
    said = PARENTHESES.sub(lambda m: " " * len(m.group(0)), text)
    reason = REASON.search(said)
    if reason:
        said = said[: reason.start()]
    parts = re.split(r"(\s*[,;:–—]\s*)", said)
    kept = parts[0]
    for gap, part in zip(parts[1::2], parts[2::2], strict=False):
        first = part.split()[0].lower().strip(".") if part.split() else ""
        if first not in DEADLINE_OPENERS:
            break
        kept += gap + part
    return kept.rstrip(" .!?")


def items(text: str, *, dates: Sequence[tuple[int, int]], going_on: int = 0) -> list[Item]:
    """The items of a numbered list in ``text`` (``dates`` are the spans of its time
    expressions, ``going_on`` the number of the last item of a list read just before, 0 if
    none); none when the sentence is no such list."""
    markers = _markers(text, dates, going_on=going_on)
    listed = []
    for number, marker in enumerate(markers):
        end = markers[number + 1].start() if number + 1 < len(markers) else len(text)
        start = (
            marker.end() + len(text[marker.end() : end]) - len(text[marker.end() : end].lstrip())
        )
        said = text[start:end]
        words = _item_words(said)
        if words.strip():
            listed.append(
                Item(
                    number=int(marker.group(1)),
                    start=start,
                    text=words,
                    done=bool(DONE.search(said)),
                )
            )
    return listed
