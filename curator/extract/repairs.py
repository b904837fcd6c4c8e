"""A word put right in the same breath ("am 12. – nee, am 14.", "tuesday, sorry wednesday",
"sie heißt Jess – Tess mein ich"): the word taken back, the words that take it back, then the
word that holds, both of one kind. What is taken back is blanked (kept at the same length, so
positions stay the writer's), and every construction reads the sentence as if said right."""

from __future__ import annotations

import re

from curator.language.tagging import part_of_speech

WORD = r"[\wäöüß'’.-]*[\wäöüß]\.?"
# what takes a word back between it and the one that holds: "nee", "no", "sorry", "I mean",
# "ich meine", "äh", "or rather", "besser gesagt", after a dash or a comma (not "ne" or "um",
# which are also an article and a preposition: "meine Hündin, ne Beagle-Dame")
EDIT = (
    r"(?:(?:no|nee|ne|nein)\s+(?:wait|moment|warte)|sorry,?\s+(?:i\s+)?meant|"
    r"i\s+meant|i\s+mean|meant|ich\s+mein(?:e|te)?|mein(?:e|te)?\s+ich|oder\s+besser|"
    r"or\s+rather|besser\s+gesagt|nee|nein|sorry|pardon|ähm|äh|uh)"
)
# "no" right before a word says there is none of it ("every night, no phones"): it takes a
# word back only with a comma or dash after it ("4 – no, 5")
EDIT_THEN_PAUSE = r"(?:no|nope)"
SEPARATOR = r"\s*(?:[–—-]|,)\s*"
# "am 12. – nee, am 14.": the preposition said again goes with the word taken back
PREPOSITION = r"(?:am|um|im|an|in|auf|bis|zum|zur|on|at|in|by|to|the|den|der|die|das)"
SAID_BEFORE = re.compile(
    rf"(?i)(?P<prep>(?:{PREPOSITION}\s+){{0,2}})(?P<back>{WORD})"
    rf"(?P<edit>{SEPARATOR}(?:{EDIT}(?:{SEPARATOR}|\s+)|{EDIT_THEN_PAUSE}{SEPARATOR}))(?P<again>(?:{PREPOSITION}\s+){{0,2}})(?P<holds>{WORD})"
)
# "Jess – Tess mein ich", "tuesday - wednesday i mean": the word that holds, then the edit
SAID_AFTER = re.compile(
    rf"(?i)(?P<back>{WORD})(?P<gap>\s*[–—-]\s*)(?P<holds>{WORD})"
    r"(?P<edit>,?\s+(?:mein(?:e|te)?\s+ich|ich\s+mein(?:e|te)?|i\s+mean|i\s+meant)\b)"
)
DAYS = re.compile(
    r"(?i)^(?:mon|tues|wednes|thurs|fri|satur|sun)day$|^(?:mon|diens|donners|frei|sams|sonn)tag$"
    r"|^mittwoch$|^(?:today|tomorrow|heute|morgen|übermorgen)$"
)
NUMBER = re.compile(r"(?i)^\d+(?:[.,:]\d+)?(?:st|nd|rd|th|\.)?$")
# words that never stand in a slot a repair fills (pronouns, articles, particles)
NOT_FILLERS = frozenset(
    {
        "i", "ich", "you", "du", "he", "she", "it", "er", "sie", "es", "we", "wir", "they",
        "the", "a", "an", "der", "die", "das", "ein", "eine", "for", "für", "to", "and", "und",
        "but", "aber", "wait", "warte", "moment", "problem", "thanks", "danke", "way", "idea",
        "worries", "kidding", "joke",
    }
)  # fmt: skip


def _kind(word: str, *, lang: str) -> str | None:
    """What slot a word can fill: a number, a day, or a word of its part of speech."""
    word = word.strip(".")
    if NUMBER.match(word):
        return "number"
    if DAYS.match(word):
        return "day"
    if word.lower() in NOT_FILLERS or len(word) < 2:
        return None
    tag = part_of_speech(word, lang=lang) or part_of_speech(word.capitalize(), lang=lang)
    # a lower-case name reads as a noun or is unknown: names and nouns fill one slot
    if tag.startswith(("N", "UNC", "XY", "FM")) or not tag:
        return "noun"
    if tag.startswith(("AJ", "ADJ")):
        return "adjective"
    return None


def _alike(back: str, holds: str, *, lang: str) -> bool:
    kind = _kind(back, lang=lang)
    return kind is not None and kind == _kind(holds, lang=lang) and back.lower() != holds.lower()


def without_repaired(text: str, *, lang: str) -> str:
    """``text`` with each word taken back in the same breath blanked, and the words that take
    it back; the word that holds stays where it was said."""

    def before(found: re.Match) -> str:
        if not _alike(found["back"], found["holds"], lang=lang):
            return found.group(0)
        said = found.group(0)
        if found["again"]:  # "am 12. – nee, am 14.": the preposition said again stays
            cut = found.start("again") - found.start()
            return " " * cut + said[cut:]
        opening = found.start("back") - found.start()
        cut = found.start("holds") - found.start()
        return said[:opening] + " " * (cut - opening) + said[cut:]

    def after(found: re.Match) -> str:
        if not _alike(found["back"], found["holds"], lang=lang):
            return found.group(0)
        kept = found.start("holds") - found.start()
        return " " * kept + found["holds"] + " " * len(found["edit"])

    return SAID_AFTER.sub(after, SAID_BEFORE.sub(before, text))
