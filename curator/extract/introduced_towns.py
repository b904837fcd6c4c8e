"""The writer's town said among the items of their self-introduction, after their name.

"linh here, from sacramento", "hey its dana, columbus ohio", "ich bin Marco, 41, glas- und
gebäudereiniger aus Kiel", "dave here, self-employed window cleaner in swindon", "Wade here,
up in Mountain City, Tennessee": set off by commas after the name (and perhaps the age), an
item closes on a town, bare or after "from"/"aus"/"in"; as with a greeting's town
(:mod:`.greetings`) it is where the writer lives. An item before the town must name what the
writer is (a noun, their trade), never what they did ("i'm tom, just back from spain")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.extract import greetings, occupations
from curator.extract import lexicon as lx
from curator.language.tagging import known_word, part_of_speech

WORD = greetings.WORD
# "from", "aus", "up in", "out of", "just outside": how an item leads to the town
TO_TOWN = (
    r"(?:(?i:aus|ausm|us|vo|from|out\s+of|outta)|(?i:(?:up|down|out|over|based)\s+)?(?i:in))\s+"
    r"(?:(?i:just\s+)?(?i:outside(?:\s+of)?|out\s+of|near)\s+)?"
)
TOWN = rf"(?P<town>{WORD}(?:\s+{greetings.CAPITALISED})?)"
# a town may be followed by its state or country ("columbus ohio", "Hazard, Kentucky")
REGION = rf"(?:\s+{WORD})?"
BARE_TOWN = re.compile(rf"(?:{TO_TOWN})?{TOWN}{REGION}")
TOWN_AFTER_ITEM = re.compile(rf"(?P<item>.+?)\s+{TO_TOWN}{TOWN}{REGION}")
# the items of the introduction, up to the end of its sentence ("linh here, …": past the
# "here" after the name)
ITEM = re.compile(r"(?:\s+(?i:here|hier))?\s*,\s*(?P<item>[^,.;:!?()]+)")
AGE = re.compile(r"\d{1,3}")
PROPER = ("NP", "NE")
# what a trade's words may be read as: nouns, adjectives ("self-employed"), conjunctions
# ("glas- und gebäudereiniger"), articles
ITEM_TAGS = {"de": ("NN", "NE", "ADJ", "KO", "ART", "TRUNC"), "en": ("NN", "NP", "AJ", "CJ", "AT")}


@dataclass(frozen=True)
class Town:
    name: str
    start: int


def town_after_name(text: str, end: int, *, lang: str) -> Town | None:
    """The town an item of the introduction gives, the items following the name that ends at
    ``end``; the first town only (a second is its region: "Mountain City, Tennessee")."""
    position = end
    first = True
    while (m := ITEM.match(text, position)) is not None:
        item = m.group("item").rstrip()
        position = m.end()
        if AGE.fullmatch(item):
            continue
        bare = BARE_TOWN.fullmatch(item)
        # a bare town is only the item right after the name ("its dana, columbus ohio")
        if (
            bare
            and (first or bare.group("town") != item)
            and _town(bare.group("town"))
            and not _trade(bare.group("town"))
            and _region(item[bare.end("town") :])
        ):
            return _found(bare, m.start("item"))
        after = TOWN_AFTER_ITEM.fullmatch(item)
        if after and _names_what(after.group("item"), lang=lang) and _town(after.group("town")):
            return _found(after, m.start("item"))
        if not _names_what(item, lang=lang):
            return None  # the introduction goes on to something else
        first = False
    return None


def _found(m: re.Match, offset: int) -> Town:
    name = " ".join(w[:1].upper() + w[1:] for w in m.group("town").split())
    return Town(name, offset + m.start("town"))


def _town(words: str) -> bool:
    head = words.split()[0]
    return head.lower() not in lx.CALENDAR_WORDS and greetings.reads_as_place(words)


def _region(words: str) -> bool:
    """Whether what follows a bare town in its item is its state or country ("columbus ohio",
    "london uk") or nothing: not "bingo caller", a trade."""
    region = words.strip()
    return not region or len(region) <= 3 or _town(region)


def _trade(word: str) -> bool:
    """Whether a bare item is a trade rather than a town ("i'm kieran, upholsterer."): one the
    lexicon knows, or one the embedding model places among jobs that no dictionary knows as
    a name (the model places many towns among jobs too: "Bolton", "Husum")."""
    if lx.is_occupation(word.lower()):
        return True
    known_name = any(
        known_word(form, lang=lang) and part_of_speech(form, lang=lang).startswith(PROPER)
        for lang in ("en", "de")
        for form in (word.lower(), word.capitalize())
    )
    return not known_name and occupations.placed_among_jobs(word)


def _names_what(item: str, *, lang: str) -> bool:
    """Whether an item says what the writer is (a trade, "self-employed plumber") rather than
    what they do or did: its words are nouns, adjectives and joining words, its last a noun."""
    key = "de" if lang == "de" else "en"
    words = re.findall(r"[^\W\d_][\w'’-]*", item)
    if not words:
        return False
    tags = [_tag(w, lang=key) for w in words]
    # (the German tagger takes a lower-case trade for an adjective: "gebäudereiniger")
    last = tags[-1].startswith(("NN", "NE", "NP")) or occupations.placed_among_jobs(words[-1])
    return last and all(t.startswith(ITEM_TAGS[key]) for t in tags)


def _tag(word: str, *, lang: str) -> str:
    # chat German writes nouns in lower case; the tagger knows them by their capital
    if lang == "de" and word.islower():
        return part_of_speech(word.capitalize(), lang="de")
    return part_of_speech(word, lang=lang)
