"""A relative's name said before the naming words: "Klaus heißt er", "Renate heißt sie
übrigens", "Janet's her name btw", "Hannah is her name".

The reader names a relative it met by the kin word alone when a pronoun names them ("er heißt
Klaus", "her name's Janet"). Chat fronts the name as often; here such a clause is turned round
into the pronoun-first order, with the same length, so that positions stay the writer's.
Only the personal pronouns count: "Goldi heißt die", "Pixelwerk heißt die" name a horse or a
firm far more often than a person.
"""

from __future__ import annotations

import re

# a name without a possessive "'s" after it ("Janet's her name" names Janet)
_NAME = r"[A-ZÄÖÜ][^\W\d_]+(?:-[A-ZÄÖÜ][^\W\d_]+)?"
# the name opens its clause (after the start, a stop, a comma or an emoji), so that
# "seit der Hochzeit heißt sie Meier" is not read as someone called "Hochzeit"
_OPENS = r"(?:^|(?<=[^\w\s'’-])|(?<=[^\w\s'’-]\s))"
# the clause ends with the pronoun, or a filler closes it ("Klaus heißt er übrigens"); not
# a question ("Wie heißt er?")
_CLOSES = r"(?!\s*\?)(?=\s*(?:$|[^\w\s'’-]|(?i:übrigens|eigentlich|btw|by the way|und|and)\b))"

FRONTED_NAMING = re.compile(
    rf"{_OPENS}(?P<named>{_NAME})"
    rf"(?:(?P<verb>\s+(?i:heißt|heisst)\s+)(?P<pronoun>(?i:er|sie))"
    rf"|(?P<copula>['’]s\s+|\s+(?i:is)\s+)(?P<owner>(?i:his|her))(?P<noun>\s+(?i:name)))"
    rf"{_CLOSES}"
)


def _pronoun_first(m: re.Match[str]) -> str:
    named = m.group("named")
    if m.group("pronoun"):
        return f"{m.group('pronoun')}{m.group('verb')}{named}"
    # "Janet's her name" → "her name's Janet", "Hannah is her name" → "her name is Hannah"
    copula = m.group("copula")
    return f"{m.group('owner')}{m.group('noun')}{copula.rstrip()} {named}"


def pronoun_first(text: str) -> str:
    """``text`` with every fronted naming of a person turned round ("Klaus heißt er" → "er
    heißt Klaus"), the same length as ``text``."""
    return FRONTED_NAMING.sub(_pronoun_first, text)
