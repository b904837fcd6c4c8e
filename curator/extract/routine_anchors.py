"""What a habit is done before. A thing or an event ("before my shift", "before the school
run", "before my lectures") says when the habit is done and stays in its value, as "after my
shower" and "before work" do; a clause ("before the kids wake up", "before my husband gets
home") is a remark of its own and is cut off."""

from __future__ import annotations

import re

from curator.extract.timescope import has_verb

BEFORE = re.compile(r"(?i)\s+before\s+(?:the|my|our)\s+[\w'’-]+")
# the clause that may follow ends at a punctuation mark
CLAUSE_END = re.compile(r"[,.;:!?]")


def without_clause_before(text: str) -> str:
    """``text`` cut where "before the/my …" opens a clause with a verb of its own after
    its first noun; unchanged when what follows "before" only names a thing."""
    for found in BEFORE.finditer(text):
        rest = CLAUSE_END.split(text[found.end() :], maxsplit=1)[0]
        if has_verb(rest, lang="en"):
            return text[: found.start()]
    return text
