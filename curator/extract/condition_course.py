"""A condition said as the subject of how it is going now ("heuschnupfen ist grad wieder die
hölle", "the anxiety's still there but manageable", "Migräne meldet sich wieder", "eczema's
flaring again"): no owner is named, but only one's own condition is reported by its course,
so the speaker has it. A condition named with no course ("Diabetes ist weit verbreitet",
"asthma is common in kids") stays a topic."""

from __future__ import annotations

import re

# what may open the clause before the condition: an article, a possessive-less determiner or
# a connective ("und", "but", "ugh")
OPENERS = re.compile(
    r"(?i)^(?:(?:the|der|die|das|mein\w*|und|and|but|aber|also|so|oh|ugh|naja|tja|jo|ja|yeah|"
    r"ok|okay|good|gut|well|grad|gerade|jetzt|now|again|wieder)\W*\s*)*$"
)
# how it is going: back again, still there, flaring up (a judgement alone, "brutal", "worse
# this year", says too little whose it is)
COURSE = re.compile(
    r"(?i)\b(?:wieder|again|still|back|immer\s+noch|noch\s+da|flar\w*|acting\s+up|playing\s+up|"
    r"plagt|meldet\s+sich|kicking\s+off)\b"
)
CLAUSE_END = re.compile(r"[,.;:!?]|\s(?:und|and|but|aber|weil|because|wenn|if|when)\s")


def said_with_its_course(text: str, start: int, end: int) -> bool:
    """Whether the condition at ``start``–``end`` of ``text`` opens its clause and the clause
    says how it is going."""
    clause_start = max((m.end() for m in re.finditer(r"[,.;:!?]", text[:start])), default=0)
    if not OPENERS.match(text[clause_start:start].strip()):
        return False
    rest = text[end:]
    stop = CLAUSE_END.search(rest)
    return bool(COURSE.search(rest[: stop.start() if stop else len(rest)]))
