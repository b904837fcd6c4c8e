"""A trip ahead said with the German "es geht": "im august gehts mitm wohnmobil an den
gardasee", "im sommer geht's mit den kindern nach dänemark", "nächste woche gehts endlich
zelten an die ostsee". With a time that is not past, where and how the speaker goes is a plan
of theirs, named by the speaker's own words after "geht's".

"geht's dir gut", "heute gehts nicht", "da gehts um die Miete" name no going: only a way or a
destination after it (mit, nach, in, an, auf, or an infinitive with one) is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date

from curator.extract.timeparse import TimeExpression

GOING = re.compile(
    r"(?i)\b(?:geht's|gehts|geht’s|geht\s+es)"
    r"(?:\s+(?:übrigens|dann|endlich|auch|wieder|mal|ja|wohl|nun|jetzt|schon))*"
    r"\s+(?P<x>(?:mit|nach|in|ins|an|ans|auf|zum|zur|[a-zäöüß]+(?:en|ern|eln)\s+(?:an|nach|in|ins|ans|auf))"
    r"\s+[^.!?,;]+)"
)

# a time said as past: "letzten sommer", "im vorigen august"
PAST_TIME = re.compile(r"(?i)\b(?:letzt\w*|vorig\w*|vergangen\w*|last|ago|vor)\b")


def search(text: str, *, times: Iterable[TimeExpression], today: date) -> re.Match[str] | None:
    """The going ``text`` says, with its way and destination as group ``x``, when a time of
    it lies ahead (this month or later, not a time since or ago)."""
    said = GOING.search(text)
    if said is None:
        return None
    # (a month said with "im" before a present "geht's" is the next one, though a past
    # tense elsewhere in the sentence, "urlaub ist eingereicht", may resolve it to the last)
    ahead = any(
        t.relation in ("at", "from", "during")
        and (
            t.future
            or (t.valid_from - today.replace(day=1)).days >= 0
            or not PAST_TIME.search(t.text)
        )
        for t in times
    )
    return said if ahead else None
