"""What the speaker asks to be left out, said inside a request: "bitte nix mit livemusik", "aber
bitte ohne pilze", "bloß kein dill", "hauptsache kein schlager", "pls no more hallmark movie
recs", "krimis bitte nich", "wu-tang eher nich".

Leaving a thing out of what one asks for says the speaker dislikes it. The request's word
("bitte", "bloß", "hauptsache", "pls") is what says so: without it "no kids, no pets" says
what the speaker has, not what they like. The reader turns what this module finds into
``dislikes``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

# the request's word, then the word that leaves something out
LEFT_OUT = re.compile(
    r"(?i)(?<![\w-])(?:bitte|bloß|bloss|hauptsache|pls|plz|please)\s+"
    r"(?:(?:auch|aber|bitte|bloß|einfach|just)\s+)?"
    r"(?:kein|keine|keinen|keiner|ke|nix|nichts|no|nothing|ohne)\s+"
    r"(?:(?:more|mehr|mit|with|so|too|zu)\s+)?(?P<x>[^\W\d_])"
)
# the thing put first, then the request's word and its "not": "krimis bitte nich"
PUT_FIRST = re.compile(
    r"(?i)(?:^|[,.;:!?]\s*|\s(?:und|and|aber|but)\s+)"
    r"(?P<x>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)\s+(?:bitte|eher)\s+(?:nich|nicht|net|not)\b"
)
# what closes the thing asked to be left out ("nix mit zombies oder so horror zeug")
CLOSES = re.compile(
    r"(?i)[^\w\s'’&/-]|\s(?:meine?|my|oder|or|und|and|aber|but|sonst|da|die|der|das|den|dem|the|that|which|weil|"
    r"because|cos|coz|again|mehr|more|anymore|bitte|please|pls|auf|on|am|im|in|for|für|from|"
    r"egal|ever|at)\b"
)
# words that name the request rather than the thing ("horror zeug", "movie recs")
TRAILING = frozenset(
    {"zeug", "stuff", "kram", "recs", "rec", "recommendations", "suggestions", "ideas",
     "vorschläge", "tipps", "so", "lol", "haha"}
)  # fmt: skip
# what a request asks for rather than a thing the speaker dislikes ("keine glutenfreien rezepte
# mehr", "keine glühwein-tipps", "bitte keinen flachwitz"): the conversation's own goods
ASKED_FOR = re.compile(
    r"(?i)(?:rezept|rezepte|tipp|tipps|vorschlag|vorschläge|witz|witze|link|links|recipe|recipes|"
    r"tip|tips|idea|ideas|suggestion|suggestions|joke|jokes|pun|puns|emoji|emojis)$"
)
# a verb of suggesting that closes the request ("keine hollandaise vorschlagen")
SUGGESTING = frozenset(
    {"vorschlagen", "empfehlen", "schicken", "suggest", "suggesting", "recommend",
     "recommending", "send", "sending"}
)  # fmt: skip
# an allergy or intolerance said with it is read as one, not as a taste
ALLERGY = re.compile(r"(?i)allergi|allergic|intoleran|unverträglich|vertrag\w*\s+(?:kein|nich)")
# what the slot holds that is no thing: a pronoun, a time, an amount
NO_THING = frozenset(
    {"das", "es", "sie", "ihn", "it", "that", "this", "them", "one", "eins", "problem",
     "problems", "stress", "worries", "sorgen", "ahnung", "idea", "time", "zeit", "rush",
     "eile", "hurry", "pressure", "druck", "mehr", "more", "worry", "big", "need", "spoilers",
     "spoiler", "offence", "offense", "pun", "judgement", "judgment"}
)  # fmt: skip


@dataclass(frozen=True)
class LeftOut:
    thing: str
    start: int


def left_out(text: str) -> Iterator[LeftOut]:
    """Each thing ``text`` asks to be left out, with where it starts."""
    if ALLERGY.search(text):
        return
    for m in LEFT_OUT.finditer(text):
        thing = _thing(text[m.start("x") :])
        if thing:
            yield LeftOut(thing=thing, start=m.start("x"))
    for m in PUT_FIRST.finditer(text):
        thing = _thing(m.group("x"))
        if thing:
            yield LeftOut(thing=thing, start=m.start("x"))


def _thing(text: str) -> str | None:
    """The content words at the start of ``text`` up to what closes the thing, at most three."""
    words = CLOSES.split(text, maxsplit=1)[0].split()[:3]
    while words and (words[-1].lower() in TRAILING or words[-1].lower() in SUGGESTING):
        words.pop()
    if not words or words[0].lower() in NO_THING or words[-1].lower() in NO_THING:
        return None
    if ASKED_FOR.search(words[0]) or ASKED_FOR.search(words[-1]):
        return None
    return " ".join(words)
