"""Whether a noun no list names is an animal ("unsere Bartagame", "our bearded dragon").

A naming frame ("unser X heißt Y", "our X is called Y") holds boats, streets and bands as
often as pets; the noun alone tells them apart. The multilingual embedding model places the
noun beside a few animal words and a few words for vehicles, places, groups, plants and
objects; it is taken for an animal when its three nearest animal words stand clearly closer
than its three nearest things (precision first: a pet not stored beats a boat kept as one).
"""

from __future__ import annotations

import functools
import re

from curator.extract import lexicon as lx
from curator.extract.prototypes import placed_among

ANIMALS = (
    "Hund", "Katze", "Pferd", "Kaninchen", "Vogel", "Schlange", "Eidechse", "Maus", "Tier",
    "dog", "cat", "horse", "rabbit", "bird", "snake", "lizard", "mouse", "animal",
)  # fmt: skip
THINGS = (
    "Auto", "Boot", "Haus", "Straße", "Stadt", "Band", "Firma", "Pflanze", "Computer",
    "Fahrrad", "Wohnung", "Laden", "Garten", "Schiff", "Team", "Verein", "Projekt",
    "Spielzeug", "Kuscheltier", "Staubsauger", "Roboter", "Gerät", "Baum", "Blume",
    "car", "boat", "house", "street", "town", "band", "company", "plant", "computer", "bike",
    "flat", "shop", "garden", "ship", "team", "club", "project", "toy", "device", "tree",
    "flower",
)  # fmt: skip
# Mean of the three nearest animal words against the three nearest things. Unseen animals
# measured +0.12 (Shetlandpony) to +0.24 (bearded dragon); Puppe +0.10, Monstera +0.09,
# Staubsauger and Stofftier below zero with the things above, boats and streets below -0.3.
MARGIN = 0.11
FLOOR = 0.45


@functools.lru_cache(maxsize=4096)
def is_animal(noun: str) -> bool:
    """Whether the embedding model places ``noun`` clearly among animals; ``False`` without a
    model."""
    return placed_among(noun, kind=ANIMALS, against=THINGS, floor=FLOOR, margin=MARGIN)


# A compound names its kind in its last part ("Nymphensittich", "Shetlandpony", "coonhound",
# "Perserkatze"): the head word says the species whatever the first part is. Heads of four
# letters or more ("cat", "dog" end too many words that are no animal: "bobcat", "hotdog"),
# and two heads only ever said inside compounds.
HEADS = {
    **{word: species for word, (species, _) in lx.PETS.items() if len(word) >= 4 and " " not in word},
    "sittich": "bird", "hound": "dog",
}  # fmt: skip
# what a compound with an animal head names when it is no animal: a toy, a sea creature
NOT_ALIVE = re.compile(
    r"(?i)^(?:kuschel|plüsch|stoff|spielzeug|teddy|schaukel|stecken|holz|rocking|hobby|"
    r"stuffed|see|sea)"
)


def species_by_head(noun: str) -> str | None:
    """The species a compound animal word names by its head ("Nymphensittich" → bird,
    "redbone coonhound" → dog), ``None`` for a word that is no such compound."""
    word = noun.split()[-1].lower()
    if NOT_ALIVE.match(word):
        return None
    for head in sorted(HEADS, key=len, reverse=True):
        if word.endswith(head) and len(word) - len(head) >= 3:
            return HEADS[head]
    return None


# Words for people a noun before a name may be instead ("my lodger Tom"): a word placed as near
# them as the animals is no animal, whatever the sentence says around it.
PEOPLE = (
    "Freund", "Nachbar", "Kumpel", "Vermieter", "Chef", "Mensch", "Kind",
    "friend", "mate", "neighbour", "landlord", "boss", "person", "child",
)  # fmt: skip
# What is only said of an animal: the vet, walks on a lead, a cage or stall, jabs and worming
ANIMAL_CARE = re.compile(
    r"(?i)\b(?:vets?|vet['’]s|tierarzt\w*|tierärzt\w*|gassi|walkies|leash|leine|kibble|"
    r"litter\s*box|katzenklo|käfig|cage|hutch|stall|kennel|wormed|entwurmt|neutered|spayed|"
    r"kastriert)\b"
)
# A breed word no list holds (kelpie, ridgeback) often sits below the margin of
# :func:`is_animal`; leaning to the animals over things and people is enough when the sentence
# speaks of the animal's care.
LEANING = 0.01
LEANING_FLOOR = 0.35


def said_as_animal(noun: str, *, text: str) -> bool:
    """Whether ``noun`` names an animal by what ``text`` says of it (its vet, its lead, its
    cage) while the model places the word nearer the animals than things and people."""
    return bool(ANIMAL_CARE.search(text)) and placed_among(
        noun, kind=ANIMALS, against=THINGS + PEOPLE, floor=LEANING_FLOOR, margin=LEANING
    )
