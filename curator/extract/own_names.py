"""The speaker's own name, age and nickname said in passing, outside a greeting's slot.

"name's Callum but it's Cal to everyone", "right, quick intro: name's Sammy", "Name: Jana
Roth"; the age set off right after the own name ("i'm leah, 29, …", "ich heiß übrigens
Dennis, 44, …"); the name everyone uses ("alle sagen Rike", "aber sag ruhig Jupp", "it's Cal
to everyone", "my mates call me Gaz").

A word in the name's slot must still read as a name (:func:`greetings.reads_as_name`), so "name's
not important" or "alle sagen immer dasselbe" name no one. The reader turns what this module
finds into the speaker's ``name``, ``age`` and ``preferred_name``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.extract.greetings import WORD, reads_as_name
from curator.extract.lower_names import AGE_AFTER
from curator.language import rx

# where a clause starts: the turn's start, after a sentence's end, a colon or a dash
CLAUSE_START = r"(?:^|(?<=[.!?:;–—])\s*|(?<=\s-)\s)"
# "name's Callum", "name is Arne", "Name: Jana Roth", "Name ist Jonas": with no owner before it
# ("his name's Rex" and "my dog's name is Pip" are read elsewhere)
OWN_NAME = re.compile(
    rf"{CLAUSE_START}\W*(?:(?i:ok|okay|right|so|and|und|also|btw|oh)\W+)?"
    rf"(?i:name\s*(?:['’]s|is|ist|:))\s+(?P<name>{WORD}(?:\s+{WORD})?)"
    # the name closes its clause or is followed by a filler or a "but"
    r"(?=\s*(?:$|[,.;:!?)–—-]|[^\w\s]|(?i:btw|by the way|übrigens|but|aber|and|und|here|hier)\b))"
)
# a second word after the name is kept only when it is written as a surname
SURNAME = re.compile(r"^[A-ZÄÖÜ]")
# the name most people use: "alle sagen Rike", "aber sag ruhig Jupp", "sach einfach Kalle",
# "it's Cal to everyone", "my mates call me Gaz", "most people call me Bex", "die meisten sagen
# Toni zu mir"
NICKNAME = re.compile(
    r"(?:(?i:alle|die\s+meisten|jeder|freunde)\s+(?i:sagen|sagt|nennen\s+mich|nennt\s+mich)"
    r"(?:\s+(?i:nur|immer|einfach))?(?:\s+(?i:zu\s+mir))?"
    r"|(?i:sag|sach|sagt|sacht)\s+(?:(?i:mir|zu\s+mir)\s+)?(?i:ruhig|einfach|gern|gerne)"
    r"|(?i:(?:my\s+)?(?:mates|friends|pals|people|most\s+people|everybody|everyone)\s+call\s+me)"
    r"(?:\s+(?i:just))?)\s+"
    rf"(?P<name>{WORD})(?=\s*(?:$|[,.;:!?)–—-]|[^\w\s]|(?i:zu\s+mir|du|for\s+short|lol|haha)\b))"
    # "it's Cal to everyone", "it's Jo to my friends"
    rf"|(?i:it['’]s|its)\s+(?P<called>{WORD})\s+(?i:to\s+(?:everyone|everybody|my\s+\w+|most\s+people))\b"
)


@dataclass(frozen=True)
class Said:
    value: str
    start: int
    end: int


def own_name(text: str) -> Said | None:
    """The name a "name's …" clause gives the speaker, capitalised, or None."""
    for m in OWN_NAME.finditer(text):
        first, *rest = m.group("name").split()
        if not reads_as_name(first):
            continue
        words = [first] + [w for w in rest if SURNAME.match(w) and reads_as_name(w)][:1]
        value = " ".join(w[:1].upper() + w[1:] for w in words)
        return Said(value=value, start=m.start("name"), end=m.start("name") + len(" ".join(words)))
    return None


def nickname(text: str) -> Said | None:
    """The name everyone calls the speaker by, capitalised, or None."""
    for m in NICKNAME.finditer(text):
        group = "name" if m.group("name") else "called"
        word = m.group(group)
        # English writes a name, and only a name, with a capital there ("it's Cal to everyone")
        if reads_as_name(word) or (group == "called" and word[:1].isupper()):
            return Said(value=word[:1].upper() + word[1:], start=m.start(group), end=m.end(group))
    return None


def age_after(text: str, end: int) -> Said | None:
    """The age set off right after the speaker's own name ending at ``end`` ("leah, 29,")."""
    m = rx.match(AGE_AFTER, text[end:])
    if m is None:
        return None
    digits = re.search(r"\d{1,2}", m.group())
    return Said(value=digits.group(), start=end + digits.start(), end=end + digits.end())
