"""A field of study said in more than one word: "computer science", "marine biology",
"mechanical engineering", "Soziale Arbeit", "Internationale Beziehungen".

The reader takes the word after "studies"/"studiert" for the field, which cut "marine
biology" to "marine". English names a field by nouns after the first word; German by an
adjective before its noun. A word that says when or how long ("part time", "this year") or
where ("at", "in") ends the field.
"""

from __future__ import annotations

import re

from curator.language.tagging import part_of_speech

# nouns that say how or when one studies, not what ("medicine part time", "law next year")
_NOT_FIELD = frozenset({"part", "time", "year", "years", "term", "semester", "week", "weeks",
                        "month", "months", "day", "days", "night", "nights", "online"})  # fmt: skip
_NEXT_WORD = re.compile(r"\s+(?P<w>[^\W\d_]+)(?![\w'’-])")


def whole_field(field: str, after: str, *, lang: str) -> tuple[str, int]:
    """``field`` with the words of ``after`` (the text right after it) that continue the
    field's name (up to two nouns in English, the noun after an adjective in German), and how
    many characters of ``after`` they take."""
    words, taken = [field], 0
    for _ in range(2 if lang == "en" else 1):
        m = _NEXT_WORD.match(after, taken)
        if m is None or not _continues(words[-1], m.group("w"), lang=lang):
            break
        words.append(m.group("w"))
        taken = m.end()
    return " ".join(words), taken


def _continues(before: str, word: str, *, lang: str) -> bool:
    if lang == "en":
        return word.lower() not in _NOT_FIELD and part_of_speech(word, lang="en").startswith("NN")
    # "Soziale Arbeit": a capitalised noun after an adjective
    return (
        word[:1].isupper()
        and part_of_speech(before, lang="de").startswith("ADJ")
        and part_of_speech(word, lang="de").startswith("NN")
    )
