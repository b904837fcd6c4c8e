"""Whether a noun no list names is an animal ("unsere Bartagame", "our bearded dragon").

A naming frame ("unser X heißt Y", "our X is called Y") holds boats, streets and bands as
often as pets; the noun alone tells them apart. The multilingual embedding model places the
noun beside a few animal words and a few words for vehicles, places, groups, plants and
objects; it is taken for an animal when its three nearest animal words stand clearly closer
than its three nearest things (precision first: a pet not stored beats a boat kept as one).
"""

from __future__ import annotations

import functools

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
