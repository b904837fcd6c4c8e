"""A couple said by a verb rather than a kin noun: "ich bin seit 2015 mit Jörg verheiratet",
"Tom and i got married in 2017", "Kübra und ich sind zusammengekommen", "i've been dating
Danielle", "Rory proposed on sunday". The one named with the speaker is their spouse, partner
or fiancé(e); the reader turns what is found here into claims.

Only the present or what still holds is read: "were married", "used to date", a wish ("if Tom
and I got married") or a denial ("we're not together") names no couple."""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.extract import lexicon as lx

NAME = r"[A-ZÄÖÜ](?:[^\W\d_]|['’-](?=[^\W\d_]))+"
# what may stand between the verb and its complement: a time ("seit 2015", "since 2019",
# "for five years"), a filler
_BETWEEN = r"(?:[^\s.,;:!?]+\s+){0,4}?"
_SPEAKER_DE = r"(?i:\b(?:ich|i|bin|sind|san|send)\b)"
# "zusammen" closing its clause ("sind seit März zusammen 🥰"), not "zusammen essen"
_CLAUSE_END = r"(?=\s*(?:$|[^\w\s]|(?i:und|seit|and|since)\b))"

SPOUSE = re.compile(
    # "bin seit 2015 mit Jörg verheiratet", "i bin mit da Resi verheiratet" (the article says
    # which of the two a German name is)
    rf"{_SPEAKER_DE}[^.;!?]{{0,40}}?\b(?i:mit)\s+(?:(?P<article>(?i:dem|der|da|am))\s+)?"
    rf"(?P<name>{NAME})\s+{_BETWEEN}(?i:verheiratet)\b"
    # "Tom and i got married in 2017", "me and Tom got married", "Sam and I are married"
    rf"|(?P<name2>{NAME})\s+(?i:and\s+(?:i|me)|und\s+ich)\s+(?i:got|are|have\s+been|['’]ve\s+been|"
    rf"sind|haben)\s+{_BETWEEN}(?i:married|verheiratet|geheiratet)\b"
    rf"|(?i:\b(?:me|i)\s+and)\s+(?P<name3>{NAME})\s+(?i:got|are|have\s+been|['’]ve\s+been)\s+"
    rf"{_BETWEEN}(?i:married)\b"
)
PARTNER = re.compile(
    # "Kübra und ich sind zusammengekommen", "Tom und ich sind seit März zusammen"
    rf"(?P<name>{NAME})\s+(?i:und\s+(?:ich|i))\s+(?:(?i:sind|san|send)\s+{_BETWEEN})?"
    rf"(?i:zusammengekommen|(?:zusammen|a\s+paar|ein\s+paar){_CLAUSE_END})"
    # "bin seit zwei Jahren mit Tom zusammen", "bin mit Tom zusammengekommen"
    rf"|{_SPEAKER_DE}[^.;!?]{{0,40}}?\b(?i:mit)\s+(?:(?i:dem|der|da)\s+)?(?P<name2>{NAME})\s+"
    rf"{_BETWEEN}(?i:zusammengekommen|zusammen{_CLAUSE_END})"
    # "Tom and I have been together since 2019", "me and Jase are dating"
    rf"|(?P<name3>{NAME})\s+(?i:and\s+(?:i|me))\s+(?i:are|have\s+been|['’]ve\s+been|got)\s+"
    rf"{_BETWEEN}(?i:together|dating|an\s+item)\b"
    rf"|(?i:\bme\s+and)\s+(?P<name4>{NAME})\s+(?i:are|have\s+been|['’]ve\s+been|got)\s+"
    rf"{_BETWEEN}(?i:together|dating|an\s+item)\b"
    # "i've been dating Danielle", "i'm dating Tom"
    rf"|(?i:\b(?:(?:i['’]m|i\s+am)\s+dating|(?:i['’]ve\s+been|i\s+have\s+been|been)\s+"
    rf"(?:dating|going\s+out\s+with|together\s+with)))\s+(?P<name5>{NAME})"
)
# "Rory proposed on sunday", "Tom popped the question"
FIANCE = re.compile(rf"(?P<name>{NAME})\s+(?i:(?:just\s+)?(?:proposed|popped\s+the\s+question))\b")
# a couple only wished, asked about, denied or over
UNSAID = re.compile(
    r"(?i)\b(?:if|wenn|falls|would|würde\w*|wäre\w*|should|sollte\w*|not|nicht|nie|never|no\s+"
    r"longer|used\s+to|were|waren|anymore)\b|\?"
)


@dataclass(frozen=True)
class Couple:
    name: str
    start: int
    relation: str  # wife, husband, partner or fiancee
    gender: str  # "f", "m" or "" when nothing tells


def couples(text: str) -> list[Couple]:
    """Who ``text`` says the speaker is married to, together with or engaged to, by a verb."""
    found: list[Couple] = []
    for pattern, relation in ((SPOUSE, "spouse"), (PARTNER, "partner"), (FIANCE, "fiancee")):
        for m in pattern.finditer(text):
            key = next(k for k, v in m.groupdict().items() if k.startswith("name") and v)
            name = m.group(key)
            if _unsaid(text, m):
                continue
            gender = _gender(name, m.groupdict().get("article"))
            if relation == "spouse":
                found.append(
                    Couple(name, m.start(key), "wife" if gender == "f" else "husband", gender)
                )
            else:
                found.append(Couple(name, m.start(key), relation, gender))
    return found


def _unsaid(text: str, m: re.Match) -> bool:
    """Whether the clause up to the end of ``m`` wishes, asks, denies or ends the couple."""
    opening = max(text.rfind(mark, 0, m.start()) for mark in ".;!?")
    return bool(UNSAID.search(text[opening + 1 : m.end()]))


def _gender(name: str, article: str | None) -> str:
    article = (article or "").lower()
    if article in ("der", "da"):
        return "f"  # a dative "der": "mit der Resi"
    if article in ("dem", "am"):
        return "m"
    return "f" if lx.female_name(name) else "m"
