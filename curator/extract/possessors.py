"""Whose relative a possessive says, and so the owner's gender: "my mate Dave and his wife",
"meine Kollegin Sam und ihr Mann". "his"/"sein" stands for a man and "her"/"ihr" for a woman,
so the owner takes that gender when none was known, and the next "she" after "Dave and his
wife" is not Dave.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from curator.extract import lexicon as lx

_KIN = "|".join(re.escape(w) for w in sorted(lx.KIN, key=len, reverse=True))
POSSESSED_KIN = re.compile(
    r"(?<![\w'’])(?P<det>(?i:his|her|sein|seine|seinem|seinen|seiner|seines|ihr|ihre|ihrem|"
    rf"ihren|ihrer|ihres))\s+(?:[\w-]+\s+)?(?i:{_KIN})\b"
)
# German "ihr" is "their" too: after "A und B" it may be both's
_TWO_BEFORE = re.compile(r"(?i)\b(?:und|and|&)\s+\S+\s+(?:(?:und|and|&)\s+)?$")


def possessor_pronouns(text: str) -> Iterator[tuple[str, int]]:
    """The pronoun ("he"/"she") each possessive before a relative stands for, with its
    position; none for a German "ihr" that may be a couple's."""
    for m in POSSESSED_KIN.finditer(text):
        det = m.group("det").lower()
        if det.startswith("ihr") and _TWO_BEFORE.search(text[: m.start()]):
            continue
        yield ("he" if det == "his" or det.startswith("sein") else "she"), m.start()
