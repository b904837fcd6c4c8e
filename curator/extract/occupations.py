"""Whether a noun no list names is an occupation ("bin Schlosserin", "I'm a glazier").

"Ich bin X" and "I'm a X" say a job as often as a kind of person ("Veganerin", "a cat
person", "a beginner"); the noun alone tells them apart. The multilingual embedding model
places the noun beside the occupations the lexicon knows and beside people named by
something other than their work (and beside things); it is taken for an occupation when its three nearest
occupations stand clearly closer than its three nearest other people (precision first: a
job not stored beats "Frühaufsteher" kept as one).
"""

from __future__ import annotations

import functools

from curator.extract import animals
from curator.extract import lexicon as lx
from curator.extract.prototypes import placed_among

# people named by a diet, a habit, a pastime, a family role, an origin or a stage of life
PEOPLE = (
    "Vegetarier", "Veganer", "Anfänger", "Raucher", "Fan", "Mutter", "Vater", "Nachbar",
    "Einwohner", "Läufer", "Radfahrer", "Kletterer", "Besitzer", "Kunde", "Patient",
    "Mitglied", "Typ", "Mensch", "Rentner", "Single", "Sportler", "Leser", "Gewinner",
    "Verlierer", "Zuschauer", "Gast", "Freund", "Kind", "Frau", "Mann", "Norddeutscher",
    "Frühaufsteher", "Morgenmuffel", "Optimist", "Katzenliebhaber", "Mitbewohner", "Partner",
    "Opfer", "Pendler", "Tourist", "Hobbykoch",
    "vegetarian", "vegan", "beginner", "smoker", "fan", "mother", "father", "neighbour",
    "resident", "runner", "cyclist", "climber", "owner", "customer", "patient", "member",
    "guy", "person", "retiree", "pensioner", "reader", "winner", "loser", "guest", "friend",
    "kid", "woman", "man", "northerner", "local", "early riser", "optimist", "lover",
    "flatmate", "partner", "victim", "commuter", "tourist", "nerd", "foodie", "fool", "mess",
    "believer", "amateur", "player", "learner", "Spieler",
)  # fmt: skip
# a marital or family state says what befell someone, never a trade; the model places these
# words on the margin between jobs and names ("mein Bruder ist Witwer"), so they are listed
# (kept out of PEOPLE, whose every entry moves the margin of unseen jobs: "Imker")
LIFE_STATES = frozenset({"witwer", "witwe", "waise", "widower", "widow", "orphan"})
# Mean of the three nearest known occupations against the three nearest other people and
# things. Unseen jobs measured +0.07 (sommelier) to +0.42 (Dentalhygienikerin); kinds of
# people mostly below zero; a few words fall either side of the margin (Bestatter,
# Hafenlotse, Buchhändlerin among jobs; Berlinerin among the rest).
MARGIN = 0.07
FLOOR = 0.45
JOBS = tuple(sorted(lx.OCCUPATIONS))
# ("she's a machine", "er is a Maschine"): things are no jobs either
NOT_JOBS = (*PEOPLE, *animals.THINGS, "Maschine", "machine")


@functools.lru_cache(maxsize=4096)
def placed_among_jobs(noun: str) -> bool:
    """Whether the embedding model places ``noun`` clearly among occupations; ``False``
    without a model."""
    if noun.lower() in LIFE_STATES:
        return False
    return placed_among(noun.lower(), kind=JOBS, against=NOT_JOBS, floor=FLOOR, margin=MARGIN)


# A capitalised German noun after "ist" may be a name or what someone is ("mein Vater ist
# Rentner"). Kinds of people measured +0.26 (Pensionär, Beamter) to +0.44 (Student) closer to
# the jobs and kinds of people above than to first names; first names -0.20 (Rosa) to +0.02
# (Fiete), a few kinds of people too (Witwer +0.00: listed among LIFE_STATES).
PERSON_KIND_MARGIN = 0.10
PERSON_KIND_FLOOR = 0.50
FIRST_NAMES = tuple(sorted(lx.MALE_NAMES | lx.FEMALE_NAMES))


@functools.lru_cache(maxsize=4096)
def kind_of_person(noun: str) -> bool:
    """Whether the embedding model places ``noun`` clearly among jobs and kinds of people
    rather than among first names; ``False`` without a model."""
    if noun.lower() in LIFE_STATES:
        return True
    return placed_among(
        noun,
        kind=tuple(sorted({*PEOPLE, *JOBS})),
        against=FIRST_NAMES,
        floor=PERSON_KIND_FLOOR,
        margin=PERSON_KIND_MARGIN,
    )
