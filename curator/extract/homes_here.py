"""The writer's town said as where they are: "it's freezing here in brisbane", "ick bleib ja
hier in kreuzberg", "i drive a tow truck here in kansas city".

"here in" points at the writer's own surroundings, so the town after it is their home (the
reader's home frames take it once capitalised). A writer without capitals leaves the town in
lower case; it is taken for one only when it reads as a name or is a word no dictionary knows
("here in comparison", "hier in der nähe", "here in winter" name no town)."""

from __future__ import annotations

import re

from curator.extract import greetings, lower_names
from curator.extract import lexicon as lx

HERE_IN = re.compile(
    r"\b(?:here|hier)\s+in\s+(?P<town>[a-zäöüß][a-zäöüß-]{2,})(?P<city>\s+city\b)?"
)


def places_here(text: str, *, lang: str) -> list[int]:
    """The start of each lower-case town said after "here in"/"hier in" (and of "city" after
    it: "kansas city"), for the reader to capitalise."""
    starts: list[int] = []
    for m in HERE_IN.finditer(text):
        town = m.group("town")
        if (
            town in lx.CALENDAR_WORDS
            # "here in the Gong": an article opens a phrase, it names nothing
            or not lower_names.could_be_name(town, lang=lang)
            or not greetings.reads_as_place(town)
        ):
            continue
        starts.append(m.start("town"))
        if m.group("city"):
            starts.append(m.end("city") - len("city"))
    return starts
