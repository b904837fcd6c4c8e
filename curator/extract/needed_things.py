"""A thing the speaker needs by a deadline: "need my new passport by the 20th", "need a new
carry-on by april 1", "jetzt brauch ich nur noch die Haftpflicht-Bescheinigung, bis ende
November". What must be got by a day is a thing to do, named by the thing.

Without a deadline "need a …" mostly asks the assistant for something ("need a lunch
idea", "brauch ne packliste"), and "would I need a visa" asks: only a thing needed by a day
said as a deadline ("by", "bis", "before", "spätestens") is read."""

from __future__ import annotations

import re
from dataclasses import dataclass

# the speaker's "need"/"brauch" with what is needed after it ("need to …" is an obligation
# read elsewhere)
NEEDED = re.compile(
    r"(?i)(?:^|(?<=[^\w\s]\s)|(?<=\s)(?:i|ich|also|still|and|und|jetzt|jetz|so|tho|now)\s+)"
    r"(?:need|brauche?(?:\s+ich)?)"
    r"(?:\s+(?:noch|nur|auch|still|really|also|dringend|unbedingt|just))*"
    r"\s+(?!to\b|you\b|help\b|hilfe\b|a\s+hand\b|ideas?\b|ideen\b|tips?\b|advice\b)"
    r"(?P<thing>(?:[^\W\d_][\w'’-]*)(?:\s+[^\W\d_][\w'’-]*){0,4})"
)
# what stands before the thing is said about it, not of it
DETERMINERS = frozenset({
    "a", "an", "the", "my", "our", "some", "ein", "eine", "einen", "n", "ne", "nen", "die",
    "der", "das", "den", "dem", "mein", "meine", "meinen", "unsere", "unseren",
})  # fmt: skip
# where the thing's words stop: a deadline, a reason or an afterthought
THING_ENDS = frozenset({
    "by", "before", "until", "till", "bis", "spätestens", "vor", "at", "on", "am", "tho",
    "though", "because", "cause", "weil", "sonst", "or", "oder", "and", "und", "asap", "for",
    "so", "da", "dann", "latest",
})  # fmt: skip
# what one needs that is no thing to get: time, rest, a break, a moment
NOT_THINGS = frozenset({
    "time", "zeit", "rest", "ruhe", "break", "pause", "sleep", "schlaf", "urlaub", "holiday",
    "coffee", "kaffee", "something", "anything", "was", "etwas", "nothing", "nichts", "it",
    "that", "this", "das", "es", "more", "mehr", "list", "liste", "plan", "idea", "idee",
})  # fmt: skip


@dataclass(frozen=True, slots=True)
class Needed:
    """A thing said needed: where its words start, and the words naming it."""

    start: int
    name: str


def needed_things(text: str) -> list[Needed]:
    """The things ``text`` says the speaker needs, named without article and deadline."""
    found = []
    for said in NEEDED.finditer(text):
        start = said.start("thing")
        words: list[str] = []
        for word in said["thing"].split():
            bare = word.strip(".,;:!?")
            if bare.lower() in THING_ENDS:
                break
            if not words and bare.lower() in DETERMINERS:
                start += len(word) + 1
                continue
            words.append(bare)
            if bare != word:
                break  # a comma or a full stop closes the thing
        if words and not any(w.lower() in NOT_THINGS for w in words):
            found.append(Needed(start=start, name=" ".join(words)))
    return found
