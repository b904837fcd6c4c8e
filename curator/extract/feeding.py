"""When a pet is fed, and which pets a feeding sentence is about.

People say it with what the animal gets ("ihr Heu", "sein Nassfutter", "their veg", "his
kibble"), with the meal ("gets his dinner at 5pm") or with eating ("frisst um 17 Uhr"), and
often of two animals at once ("Salt and Pepper get their veg at 6pm", "die kriegen morgens um
8 frisches Futter" after "meine Wellensittiche Hansi und Bubi"). Every pet a feeding clause
names gets the time; a clause that names none is about the pet the sentence's subject points
to, or, with a plural subject ("die", "they", "beide"), about every pet of the sentence.
"""

from __future__ import annotations

import re

from curator.language import rx

# feeding itself, as against having a meal: what the animal gets ("-futter" compounds:
# "Nassfutter", "Trockenfutter"), and being fed
_FED = r"\w*futter|füttern|gefüttert|fütter[te]?|napf|fed|feed(?:ing)?|kibble|pellets|hay|heu"
# the meals a pet gets as a person has them ("gets his dinner at 5")
_MEALS = r"frühstück|abendessen|abendbrot|meals?|dinner|supper|breakfast"
FED = re.compile(rf"(?i)\b(?:{_FED})\b")
# what an animal gets or does at feeding time
FEED = re.compile(rf"(?i)\b(?:{_FED}|{_MEALS}|fressen|frisst|fraß|mahlzeit|food|veg|veggies)\b")
# meals: a pet's when it gets them, the speaker's own when the speaker has them ("I have
# dinner at 8", "ich frühstücke um 7")
MEALS = re.compile(rf"(?i)\b(?:{_MEALS}|frühstück\w*|mittagessen|essen|esse|isst|lunch)\b")
# the meals that say evening by themselves ("gets his dinner at 5" is 17:00)
EVENING_MEALS = re.compile(r"(?i)\b(?:dinner|supper|abendessen|abendbrot)\b")
# a plural subject before the feeding verb: the animals the sentence has named
# ("die kriegt" is one animal, "die kriegen" several)
PLURAL_SUBJECT = re.compile(
    r"(?i)\b(?:they|both|beide|alle|all|the\s+two|die\s+zwei|(?:die|sie)\s+\w+en)\b"
)
# a pet getting or eating something at a clock time is fed then, whatever its food is called
# ("kurt kriegt um 8 löwenzahn", "Mochi gets her sardines at 6") …
GETS_OR_EATS = re.compile(
    r"(?i)\b(?:kriegt|kriegen|kriegn|bekommt|bekommen|gets|get|eats|eat|frisst|fressen|"
    r"knabbert|knabbern|nibbles|munches)\b"
)
# … unless what it gets is a medicine, a walk, a visit or a treatment
NOT_FOOD = re.compile(
    r"(?i)\b(?:\w*spritze|\w*tablette\w*|pillen?|insulin|medikament\w*|\w*tropfen|drops|"
    r"pills?|tablets?|meds|medication|injections?|jab|shots?|besuch|visit\w*|baths?|bad|"
    r"walk\w*|gassi|spaziergang|runde|haircut|groom\w*|termin|appointment|vet|tierarzt\w*|"
    r"bürste|brushed|cuddles?|streicheleinheit\w*|ärger|trouble|zoomies)\b"
)
# a feeding clause ends at a sentence mark or where another clause is joined on, after a comma
# or with a subject of its own ("our cat Tom is 3 and I have dinner at 8")
CLAUSE_END = re.compile(
    r"[.!?;]|,\s*(?:aber|but|und|and|or|oder|weil|because)\b"
    r"|\b(?:und|and|aber|but)\s+(?=(?:i|ich|we|wir|he|she|er)\b)",
    re.I,
)


# what the pet got before ("früher um 7 und um 18 Uhr, jetzt nur noch um 18 Uhr", "used to get
# breakfast at 7, now only dinner"): a time after it is no feeding time, until "now" comes
FORMERLY = re.compile(r"(?i)\b(?:früher|vorher|bisher|used\s+to|formerly|previously)\b")
NOWADAYS = re.compile(
    r"(?i)\b(?:jetzt|now|nowadays|mittlerweile|inzwischen|seitdem|these\s+days|ab\s+sofort)\b"
)


def said_as_former(text: str, position: int) -> bool:
    """Whether the clock time at ``position`` is what the pet got before: said after
    "früher" or "used to" with no "jetzt" or "now" in between."""
    said = list(FORMERLY.finditer(text, 0, position))
    return bool(said) and not NOWADAYS.search(text, said[-1].end(), position)


def feeding_clause(text: str, position: int) -> tuple[int, int]:
    """The span of the clause around ``position`` (a clock time in a feeding sentence)."""
    start = 0
    for mark in CLAUSE_END.finditer(text, 0, position):
        start = mark.end()
    end_mark = CLAUSE_END.search(text, position)
    return start, end_mark.start() if end_mark else len(text)


def pets_named(text: str, *, names: dict[str, str]) -> list[str]:
    """The refs of the pets (``names``: lower-cased name → ref) ``text`` names, in order."""
    found = []
    for name, ref in names.items():
        match = rx.search(rf"(?i)(?<!\w){re.escape(name)}(?!\w)", text)
        if match:
            found.append((match.start(), ref))
    return [ref for _, ref in sorted(found)]


def the_speakers_meal(clause: str) -> bool:
    """Whether a clause whose subject is the speaker speaks of a meal and not of feeding: "I
    have dinner at 8" is the speaker's, "ich gebe ihr um 7 Futter" the pet's."""
    return bool(MEALS.search(clause)) and not FED.search(clause)


def said_of_several(clause: str) -> bool:
    """Whether the clause's subject is plural ("die kriegen …", "they get fed …")."""
    return bool(PLURAL_SUBJECT.search(clause))


def fed_without_food_word(clause: str) -> bool:
    """Whether a clause names no food the word lists know but has its pet get or eat
    something ("kurt kriegt um 8 löwenzahn"), which is not a medicine, a walk or a visit."""
    return bool(GETS_OR_EATS.search(clause)) and not NOT_FOOD.search(clause)
