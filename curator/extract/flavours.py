"""A flavour liked or disliked stands for food of that flavour: "am liebsten scharf", "ich mag's
gern scharf" (scharfes Essen), "nothing too spicy", "not into anything super sweet" (sweet
food), "je schärfer desto besser", "the saltier the better".

A flavour adjective said alone where a liked thing stands names no thing; a careful person
writes down the food it is the flavour of. The shapes here are the ones that name a flavour
without a thing to like: refusing anything of it, and the more of it the better.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# a flavour, written as said, and the food of that flavour a careful person writes down
FOOD_OF_FLAVOUR_DE = {
    "scharf": "scharfes Essen", "süß": "süßes Essen", "süss": "süßes Essen",
    "salzig": "salziges Essen", "sauer": "saures Essen", "herzhaft": "herzhaftes Essen",
    "deftig": "deftiges Essen", "würzig": "würziges Essen", "mild": "mildes Essen",
}  # fmt: skip
FOOD_OF_FLAVOUR_EN = {
    "spicy": "spicy food", "sweet": "sweet food", "salty": "salty food", "sour": "sour food",
    "savoury": "savoury food", "savory": "savory food", "mild": "mild food",
}  # fmt: skip
# the comparatives "je … desto besser" and "the … the better" give
COMPARATIVES = {
    "schärfer": "scharf", "süßer": "süß", "salziger": "salzig", "würziger": "würzig",
    "saurer": "sauer", "spicier": "spicy", "hotter": "spicy", "sweeter": "sweet",
    "saltier": "salty", "sourer": "sour",
}  # fmt: skip
# German inflects the adjective said as a noun ("nix Scharfes", "was Süßes")
_DE_ENDING = re.compile(r"(?i)(?:e|es|en)$")

_FLAVOUR = "|".join(sorted({*FOOD_OF_FLAVOUR_DE, *FOOD_OF_FLAVOUR_EN}, key=len, reverse=True))
_DEGREE = r"(?:(?:too|super|overly|very|really|that|zu|allzu|arg|so|sehr|extrem)\s+)*"
REFUSED = re.compile(
    r"(?i)\b(?:nothing|not\s+into\s+anything|no\s+more|nix|nichts|nischt)\s+"
    rf"{_DEGREE}(?P<x>(?:{_FLAVOUR})(?:e|es|en)?)(?![\w-])"
)
THE_MORE_THE_BETTER = re.compile(
    rf"(?i)\b(?:je\s+(?P<de>{'|'.join(COMPARATIVES)})\s*,?\s+desto\s+besser|"
    rf"the\s+(?P<en>{'|'.join(COMPARATIVES)})\s+the\s+better)\b"
)


@dataclass(frozen=True)
class Flavour:
    predicate: str  # prefers or dislikes
    start: int  # where the flavour is said
    food: str  # the food of that flavour


def food_of_flavour(value: str) -> str | None:
    """The food a bare flavour adjective (``value``) stands for, or None when it is none."""
    word = value.strip().lower()
    if word in FOOD_OF_FLAVOUR_EN:
        return FOOD_OF_FLAVOUR_EN[word]
    if word in FOOD_OF_FLAVOUR_DE:
        return FOOD_OF_FLAVOUR_DE[word]
    stem = _DE_ENDING.sub("", word)
    # "saures" drops the e of "sauer"
    return FOOD_OF_FLAVOUR_DE.get(stem) or FOOD_OF_FLAVOUR_DE.get(stem.replace("aur", "auer"))


def flavours_said(text: str) -> list[Flavour]:
    """The flavours the sentence refuses anything of or wants the more of the better."""
    found = [
        Flavour("dislikes", m.start("x"), food)
        for m in REFUSED.finditer(text)
        if (food := food_of_flavour(m.group("x")))
    ]
    for m in THE_MORE_THE_BETTER.finditer(text):
        key = "de" if m.group("de") else "en"
        if m.group(key) and (food := food_of_flavour(COMPARATIVES[m.group(key).lower()])):
            found.append(Flavour("prefers", m.start(key), food))
    return found
