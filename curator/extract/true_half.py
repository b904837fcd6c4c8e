"""The true half of a negation said as an ellipsis: "I'm not allergic to nuts, just to
shellfish", "ich bin nicht gegen Nüsse allergisch, sondern gegen Erdnüsse", "I don't take
it for my back, only for my migraines".

The half after "just"/"only"/"but"/"sondern"/"nur" repeats a preposition of the negated
clause with a new object; said in full it is the negated clause without its negation and
with the new object in place of the old ("I'm allergic to shellfish"). That clause is what
the speaker states, and the reader reads it like any other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.language import rx
from curator.language.tagging import part_of_speech

PREPOSITIONS = r"to|in|at|from|for|with|on|of|about|gegen|auf|an|bei|mit|von|aus|nach|zu|für|über"
CLIPPED = {"ca": "can", "wo": "will"}
NEGATOR = r"(?:\b(?:not|nicht|nich|never|nie)\b|n't\b)"
ELLIPSIS = re.compile(
    rf"(?i)(?P<negated>(?:^|(?<=[.;!?]))[^.;!?]*?{NEGATOR}[^.;!?]*?)\s*[,;–—-]?\s*"
    r"\b(?:but|just|only|rather|sondern|nur|bloß|aber|eher)\s+(?:(?:rather|eher|halt|eben|nur|just)\s+)?"
    rf"(?P<p>{PREPOSITIONS})\s+(?P<y>[^,.;:!?]+)"
)


@dataclass(frozen=True)
class TrueHalf:
    start: int  # where the true half's object is said
    said: str  # the negated clause said in full with it, without the negation


def true_halves(text: str, *, lang: str) -> list[TrueHalf]:
    """The affirmative clauses the sentence's elliptical true halves stand for."""
    found: list[TrueHalf] = []
    for m in ELLIPSIS.finditer(text):
        negated = m.group("negated").strip()
        negator = list(rx.finditer(NEGATOR, negated, re.I))[-1]
        after = negated[negator.end() :]
        old = list(rx.finditer(rf"(?i)\b{re.escape(m.group('p'))}\s+(?P<x>.+)$", after))
        if not old:
            continue
        rest = old[-1].group("x").split()
        # German closes the clause on its adjective or verb ("gegen Nüsse allergisch"): it
        # stays, only the object before it is replaced
        closing = ""
        if (
            lang == "de"
            and len(rest) > 1
            and part_of_speech(rest[-1], lang="de").startswith(("ADJ", "V"))
        ):
            closing = " " + rest[-1]
        head = negated[: negator.start()].rstrip()
        # "can't", "won't": the verb the negation was clipped from is whole again
        head = rx.sub(r"(?i)\b(ca|wo)$", lambda w: CLIPPED[w.group(1).lower()], head)
        kept = after[: old[-1].start()].strip()
        said = " ".join(
            part for part in (head, kept, f"{m.group('p')} {m.group('y').strip()}{closing}") if part
        )
        found.append(TrueHalf(start=m.start("y"), said=said))
    return found
