"""Another person's habit said in passing ("kylie does reformer pilates tues n thurs", "he
bakes every sunday w his kids", "der läuft jeden Morgen 10 km"): the doer opens the clause,
and what is left once the doer is taken off is the routine to store on them."""

from __future__ import annotations

import re

from curator.language import rx

# who opens the clause: a reply word, then a pronoun or demonstrative, or the person's name,
# perhaps after a possessive with a relative ("my nan Gwen", "mein papa jürgen") or an
# article ("d'Vroni"), with a "selber"/"too" after it or as "the one who" ("aoife's the one
# who …")
_REPLY = r"(?:(?:ja|jo|und|also|dann|naja|ach|and|so|yeah|yes|oh|btw|übrigens|plus)\b\W*)*"
_PRONOUN = r"(?:he|she|er|sie|der|die)"
_KIN = r"(?:(?:my|me|our|mein\w*|meene\w*|mei|unser\w*)\s+(?:[\wäöüß-]+\s+){1,2}?)"
_ARTICLE = r"(?:d['’]|de\s+|der\s+|die\s+|da\s+|the\s+)"
_AFTER = (
    r"(?:(?:['’]s|\s+is|\s+ist)\s+(?:the\s+one|die|der)\s*,?\s+(?:who|that|die|der)"
    r"|['’]s(?=\s)|\s+(?:selber|selbst|herself|himself|too|auch))?\s+"
)


def without_doer(clause: str, *, doer: str) -> str | None:
    """The clause's doing, its opening doer taken off; None when the clause does not open
    with ``doer`` (a name, as written in the window) or a pronoun that may stand for them."""
    name = rf"(?:{_KIN}|{_ARTICLE})?{re.escape(doer)}"
    found = rx.match(rf"(?i)^\W*{_REPLY}(?:{_PRONOUN}|{name})(?!\w){_AFTER}", clause)
    return clause[found.end() :] if found else None


# the habit's verb says no more than that they do or have it ("does parkrun", "hat
# Handballtraining"): what they do is its object
LIGHT_VERB = re.compile(r"(?i)^\W*(?:does|has|hat|macht)\s+(?=\w)")
# another clause begins with its own subject ("works at Kroger on weekends he can grab …")
OWN_SUBJECT = re.compile(r"(?i)\s(?:he|she|they|i|er|sie|ich|wir|we)\s")
# what the speaker complains of ("she keeps scheduling meetings on fridays") is no habit
# the other keeps for themself
COMPLAINED = re.compile(r"(?i)^\W*(?:keeps|keep|insists|refuses|always|never|immer)\b")
# a pronoun or pointer left in the doing stands for what another clause names ("schaut
# nach ihr", "fährt da mit rüber"): stored apart, it would name nothing
POINTER = re.compile(
    r"(?i)\b(?:ihm|ihn|him|them|it|da|dort|there)\b|\b(?:nach|to|with|mit)\s+(?:ihr|her)\b"
)


def their_doing(doing: str) -> str | None:
    """The habit's words once its clause is cut where another begins and a light verb is
    taken off; None for a complaint about them or a doing that points elsewhere."""
    doing = OWN_SUBJECT.split(doing, maxsplit=1)[0]
    if COMPLAINED.match(doing) or POINTER.search(doing):
        return None
    return LIGHT_VERB.sub("", doing)
