"""Words a habit is told with that say nothing of what is done or when it recurs: that it
is the usual thing ("wie immer", "as usual", "wie gewohnt"). Said with the usual, the week it
is told for ("nächste Woche bin ich dienstags und donnerstags wie immer in der
Musikhochschule") is this one occasion of the habit, not part of it."""

from __future__ import annotations

import re

USUAL = re.compile(
    r"(?i)\b(?:wie\s+(?:immer|gewohnt|üblich|jede\s+woche)|(?:as|like)\s+(?:usual|always)|"
    r"same\s+as\s+always|as\s+per\s+usual)\b,?"
)
# the week an occasion of the habit falls in
THIS_WEEK = re.compile(
    r"(?i)\b(?:(?:nächste|diese|kommende)\s+woche?|(?:next|this|the\s+coming)\s+week)\b,?"
)


def without_usual(text: str) -> str:
    """``text`` without its habit's being usual, and then without the week it is told for."""
    if USUAL.search(text) is None:
        return text
    return " ".join(THIS_WEEK.sub(" ", USUAL.sub(" ", text)).split())
