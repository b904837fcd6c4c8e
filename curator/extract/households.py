"""Who shares a home: the people a living clause names beside its subject.

"me and my husband Ravi live in Coventry", "ich und meine Frau Anja wohnen in Kassel", "wohn
mit meinem Freund Deniz in Fürth", "mit meinem Mann Olli wohn ich in Gotha", "he lives there w
my stepmom Linda", "just me and my boyfriend Sam in a tiny flat in Bristol": a home said of
one of them is the home of each, so the reader gives every housemate the place it read for one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.extract.introduction import NAME
from curator.language import rx

# the verbs that make a clause about a home (not "i work with my colleague Tom"); sharing only
# a home ("share a flat with", "teile mir die Wohnung mit", not "share an office with")
LIVING = re.compile(
    r"(?i)\b(?:live|lives|living|rent|rents|renting|wohn\w*|leb(?:e|en|t)|"
    r"(?:share|shares|sharing|teil(?:e|en|t))\s+(?:(?:mir|uns|a|an|the|our|my|die|eine|ne|"
    r"unsere|meine)\s+)*(?:[\w-]+\s+)?(?:flat|house|home|place|apartment|wohnung|wg|haus)|"
    # a home said without a verb: "just me and my boyfriend Sam in a tiny flat in Bristol"
    r"in\s+(?:a|an|our|ne|nem|ner|einer|einem|unserer|unserem)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:flat|house|apartment|cottage|bungalow|wohnung|wg|haus|häuschen))\b"
)
# a possessive and up to two words saying who the person is: "my husband", "our new flatmate",
# "meine Frau"
_WHOSE = (
    r"(?i:my|our|his|her|their|mein\w*|mei|unser\w*|sein\w*|ihr\w*)\s+(?:[^\W\d_][\w-]*\s+){1,2}?"
)
# one name or several: "Tyler and Jess", "Lotte, Emre und Ida"
_NAMES = rf"(?P<names>{NAME}(?:\s*(?:,|&|\b(?i:and|und)\b)\s*{NAME})*)"
# the companion after the verb: "with my girlfriend Chloe", "w my stepmom Linda"
WITH = re.compile(rf"\b(?i:with|w/|w|mit)\s+{_WHOSE}{_NAMES}")
# the speaker and others as the subject: "me and my roommates Tyler and Jess", "ich und
# meine Frau Anja", "my partner Sam and I", "Lotte und ich"
ME_AND = re.compile(rf"\b(?i:me|ich)\s+(?i:and|und)\s+(?:{_WHOSE})?{_NAMES}")
AND_ME = re.compile(rf"(?:{_WHOSE})?{_NAMES}\s+(?i:and\s+I|und\s+ich)\b")
# the speaker as the subject after the verb, the companion before it: "mit meinem Mann Olli
# wohn ich in Gotha"
SPEAKER_AFTER = re.compile(r"\s+(?i:ich|i)\b")
# what ends the companion's reach: another verb's clause ("live in Bath and work with Tom")
ANOTHER_CLAUSE = re.compile(r"(?i)\b(?:and|und|but|aber|while|während|so|also)\b")


@dataclass(frozen=True)
class Household:
    """The names said to share the home of a clause, and whether the speaker is one."""

    names: tuple[str, ...]
    speaker: bool


def _listed(names: str) -> tuple[str, ...]:
    return tuple(n for n in rx.split(r"\s*(?:,|&|\band\b|\bund\b)\s*", names) if n)


def household(clause: str) -> Household | None:
    """The household a living clause names, or None when it names nobody beside its subject."""
    verb = LIVING.search(clause)
    if verb is None:
        return None
    # the subject said with the speaker comes before the verb, a few words at most
    before = clause[: verb.start()]
    for m in (*ME_AND.finditer(before), *AND_ME.finditer(before)):
        if len(clause[m.end() : verb.start()].split()) <= 3:
            return Household(names=_listed(m.group("names")), speaker=True)
    # or right after it, when German fronts a time: "seit März wohnen meine Frau Silke und
    # ich in Lüneburg"
    after = AND_ME.search(clause, verb.end())
    if after and not clause[verb.end() : after.start()].strip():
        return Household(names=_listed(after.group("names")), speaker=True)
    companion = WITH.search(before)
    if companion and SPEAKER_AFTER.match(clause, verb.end()):
        return Household(names=_listed(companion.group("names")), speaker=True)
    for m in WITH.finditer(clause, verb.end()):
        if not ANOTHER_CLAUSE.search(clause[verb.end() : m.start()]):
            return Household(names=_listed(m.group("names")), speaker=False)
    return None
