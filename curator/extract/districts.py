"""A town written together with its district ("wohn in mannheim-neckarau", "in München-Giesing"):
the place one lives in is the town, the district is how the speaker said it.

German joins a city and its district with a hyphen; towns whose own name has a hyphen
("Castrop-Rauxel", "Garmisch-Partenkirchen") start with a word the tagger does not know as a
place of its own, while a city with districts ("Mannheim", "Bremen", "München") is one it
knows.
"""

from __future__ import annotations

import re

from curator.language.tagging import known_word, part_of_speech

TOWN_AND_DISTRICT = re.compile(
    r"(?P<town>[A-ZÄÖÜ][a-zäöüß]{2,})-(?P<district>[A-ZÄÖÜa-zäöüß][a-zäöüß]{2,})"
)


def town_of(place: str, *, lang: str) -> str | None:
    """The town a German place name written as "town-district" names, with its capital, or
    None when the name is no such pair."""
    m = TOWN_AND_DISTRICT.fullmatch(place)
    if lang != "de" or m is None:
        return None
    town = m.group("town")
    if not known_word(town, lang="de") or part_of_speech(town, lang="de") != "NE":
        return None
    return town
