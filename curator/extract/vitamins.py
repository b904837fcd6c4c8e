"""A vitamin is named by its letter ("Vitamin D", "vitamin B12", "vitamin k2"): the letter
after the word belongs to the medicine's name; "vitamin" alone says which of a dozen it is
not."""

from __future__ import annotations

import re

# (a lower-case "a" is the article more often than the vitamin: "a vitamin a day")
LETTER = re.compile(r"[\s-]+(?P<letter>(?:A|[b-ek])\d{0,2})(?![\w-])", re.I)
ARTICLE_A = re.compile(r"[\s-]+a\b")


def with_its_letter(word: str, after: str) -> str:
    """``word`` with the vitamin's letter said right after it, when it is a vitamin."""
    if word.lower() not in ("vitamin", "vitamine"):
        return word
    found = LETTER.match(after)
    if found is None or ARTICLE_A.match(after):
        return word
    return f"{word} {found.group('letter').upper()}"
