"""Self-introductions in list form: "kurz zu mir: Murat, 34, Kfz-Meister bei Wendt", "quick
rundown on me: Keisha, 41, nurse practitioner at Emory"; children counted and named in one
breath ("zwei Jungs, Emir (6) und Can (3)", "two girls: Ava 7 and Mia 4") or called by their
rank ("unsere große Emma ist 16", "my boy Jayden's 9"); pets counted and named ("hab jetzt
zwei Wellensittiche!! Pipo und Kiki").

The patterns and the splitting of a list into its items live here; the reader turns what they
find into claims."""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.extract import lexicon as lx
from curator.language import rx

NAME = r"[A-ZÄÖÜ](?:[^\W\d_]|['’-](?=[^\W\d_]))+"

# what announces that the speaker describes themselves, up to its colon or dash
CUE = re.compile(
    r"(?i)\b(?:steckbrief|kurz\s+zu\s+mir|zu\s+mir|über\s+mich|zu\s+meiner\s+person|"
    r"kurze\s+vorstellung|vorstellungsrunde|about\s+me|about\s+myself|on\s+me|rundown|"
    r"intro|introduction|quick\s+facts|me\s+in\s+a\s+nutshell)\b[^:–—-]{0,40}?\s*[:–—-]\s*"
)
# "Murat, 34," / "Keisha, 41." / "Jana (29),": a name and the speaker's age
NAME_AGE = re.compile(
    rf"(?P<name>{NAME})\s*(?:,\s*|\(\s*)"
    # one item may stand between name and age: "ich bin Lena, Studentin, 22"
    r"(?:(?P<item>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)\s*,\s*)?"
    r"(?P<age>\d{1,2})(?:\s*(?:jahre|j\.|years|yrs|yo))?"
    r"\s*\)?(?=\s*(?:[,;.!]|$))"
)
# an item that says what the speaker trained as or once was, not what they are
FORMER = re.compile(
    r"(?i)^(?:gelernte[rn]?|ausgebildete[rn]?|studierte[rn]?|ehemalige[rn]?|ex-?|früher|"
    r"trained|qualified|former|formerly|retired|ex)\b"
)
# "started a new job a fortnight ago, junior ux designer at …", "neuer Job: Kundenberaterin
# bei der Sparkasse": the job named as an item after the new job
NEW_JOB = re.compile(
    r"(?i)\b(?:new\s+job|new\s+role|new\s+position|neuen\s+job|neuer\s+job|neue\s+stelle)\b"
    r"[^,:;.!?–—]{0,40}?\s*[,:–—]\s*(?P<item>[^,.;!?]+)"
)
# where an occupation names its employer: "nurse practitioner at Emory", "Meister im Autohaus"
# (Bavarian and Austrian "in da Buchhandlung")
AT_EMPLOYER = re.compile(r"(?i)\s+(?:at|@|for|bei|beim|im|in\s+der|in\s+da|an\s+der)\s+")

COUNTED_CHILDREN = re.compile(
    r"(?i)\b(?P<count>zwei|drei|vier|two|three|four|[234])\s+(?:(?:kleine|little|süße)\s+)?"
    r"(?P<noun>jungs|jungen|söhne|boys|sons|mädels|mädchen|töchter|girls|daughters|kids|kinder|"
    r"children|twins|zwillinge|weans|bairns)\s*(?:[,:(–—-]\s*|\s+(?:namens|called|named)\s+)"
)
# "Emir (6) und Can (3)", "Ava 7 and Mia 4", "Jake, 8, and Sam, 5", "Ole und Frida",
# "Sam who's 8 and Ella who's 5", "Jonas, der ist 6, und Mia", "Isla's 9 and Rory's 6", "Mia
# ist 8 und Ben 5" (the name takes the "'s" of "Isla's 9" along: cut off below)
CHILD = re.compile(
    rf"(?P<name>{NAME})(?:\s*\(\s*(?P<age>\d{{1,2}})\s*\)|\s*,?\s+(?P<bare>\d{{1,2}})(?![\d:]|\.\d|\.\s*[a-zäöü])"
    # (a full stop may close the sentence after a said age: "… and Dev who's 6.", not a time)
    r"|\s*,?\s+(?i:who's|who is|der ist|die ist|is|ist)\s+(?P<said>\d{1,2})(?![\d:]|\.\d))?"
)
CHILD_JOIN = re.compile(r"\s*(?:,\s*(?:(?i:und|and|&)\s+)?|\s+(?i:und|and|&)\s+)")
SONS = {"jungs", "jungen", "söhne", "boys", "sons"}
DAUGHTERS = {"mädels", "mädchen", "töchter", "girls", "daughters"}
COUNTS = {"zwei": 2, "two": 2, "drei": 3, "three": 3, "vier": 4, "four": 4}


# "kinder: Tom (5) und Ella (2)", "kids are Ollie (7) and Freya (4)", "our kids are Ava 9 and
# Leo 6": children listed after the plural noun without a count, with whose (an own possessive,
# an article or nothing) right before it
LISTED_CHILDREN = re.compile(
    r"(?i)(?:^|(?<=[.!?;:,(]\s)|(?<=[.!?;:,(])|\b(?P<whose>my|our|mein\w*|unser\w*|the|die|"
    r"his|her|their|sein\w*|ihr\w*)\s+)"
    r"(?P<noun>jungs|söhne|boys|sons|mädels|töchter|girls|daughters|kids|kinder|children|kiddos)"
    r"\s*(?::\s*|\s+(?:are|sind|san|heißen|heissen)\s+)(?=[A-ZÄÖÜ])"
)
OWN_WHOSE = re.compile(r"(?i)^(?:my|our|mein\w*|unser\w*|the|die)?$")


# "unsere große Emma", "unser kleiner Finn", "my boy Jayden", "my eldest, Sam": a child
# called by rank or as boy or girl; the relation, or None when the word gives no gender
RANKS = {
    "große": "daughter", "grosse": "daughter", "großer": "son", "grosser": "son",
    "kleine": "daughter", "kleiner": "son", "älteste": "daughter", "ältester": "son",
    "jüngste": "daughter", "jüngster": "son", "boy": "son", "girl": "daughter",
    "eldest": None, "oldest": None, "youngest": None, "middle one": None,
}  # fmt: skip
RANKED = re.compile(
    rf"(?i:\b(?:my|our|unser|unsere|mein|meine)\s+)(?P<rank>(?i:{'|'.join(sorted(RANKS, key=len, reverse=True))}))"
    rf"\s*,?\s+(?P<name>{NAME}?)(?:['’]s)?(?![\w'’-])"
    # an age right after ("unser kleiner Finn 9", "my girl Amara's 6", "Emma ist 16")
    rf"(?:(?:['’]s|,?\s+(?i:is|ist))?\s+(?P<age>\d{{1,2}})(?=\s*(?:$|[,.;!?)]|\s+(?i:und|and|years|jahre)\b)))?"
)


@dataclass(frozen=True)
class Ranked:
    name: str
    start: int
    relation: str | None
    age: int | None


def ranked_children(text: str) -> list[Ranked]:
    """Children called by their rank or as boy or girl, with an age said right after."""
    return [
        Ranked(
            name=rx.sub(r"['’]s$", "", m.group("name")),
            start=m.start("name"),
            relation=RANKS[m.group("rank").lower()],
            age=int(m.group("age")) if m.group("age") else None,
        )
        for m in RANKED.finditer(text)
    ]


@dataclass(frozen=True)
class Child:
    name: str
    start: int
    age: int | None
    relation: str | None  # son or daughter from the noun; None for "kids"
    counted_at: int  # where the count opens ("zwei Jungs")


@dataclass(frozen=True)
class Introduction:
    name: str
    name_start: int
    age: str
    age_start: int
    items: list[tuple[int, str]]  # the list's further items with their positions


# the words of a clause that lists others after its colon ("Leyla und ich haben drei Kinder:
# Deniz (17), …", "my husband and I have a dog: Rex, 4, …"), whose names and ages are theirs
OTHERS_LISTED = (
    r"have|['’]ve|has|got|haben|habe|hab|hat|own|besitz\w*|zwei|drei|vier|fünf|two|three|"
    r"four|five|\d+|kinder|kids|children|söhne|töchter|sons|daughters|jungs|boys|girls|mädels|"
    r"enkel\w*|grandchildren|grandkids|geschwister|siblings|haustiere|pets|katzen|cats|hunde|"
    r"dogs"
)
# what makes a name and an age the speaker's without a cue: the first-person copula before
# them ("i'm Gethin, 42, …", "i bin die Sabine, 38, …"), or a colon closing a clause that
# speaks of the speaker ("so you know me: Siobhán, 29, …")
SELF_BEFORE = re.compile(
    r"(?i)(?:\b(?:i['’]m|im|i\s+am|ich\s+bin|i\s+bin)\s+(?:(?:die|der|da|de)\s+)?"
    rf"|\b(?:me|mich|mir|myself|ich|i)\b(?![^:.!?]*\b(?:{OTHERS_LISTED})\b)[^:.!?]{{0,40}}:\s*)$"
)


# a form filled in for oneself: a cue, a full name and a birth right after it ("eckdaten:
# Jelena Marić, geboren am …", "name Dana Kowalczyk, DOB 04/11/1987", "Personalien: Timo
# Brandt, geb. 3.5.1990")
FORM_NAME = re.compile(
    r"(?i:\b(?:eckdaten|name|personalien|angaben|details|steckbrief|lebenslauf|cv))\s*[:–—-]?\s*"
    rf"(?P<name>{NAME}(?:\s+{NAME}){{1,2}})\s*,\s*"
    r"(?=(?i:geboren|geb\.|born|dob\b|d\.o\.b|date\s+of\s+birth))"
)


def form_name(text: str) -> re.Match | None:
    """The full name a self-filled form gives before the birth (see ``FORM_NAME``)."""
    return FORM_NAME.search(text)


def introduction(text: str) -> Introduction | None:
    """The self-introduction a sentence opens after its cue ("about me: Keisha, 41, …") or
    after the speaker's own copula ("ich bin Ömer, 38, Schornsteinfeger, …")."""
    cue = CUE.search(text)
    m = NAME_AGE.match(text, cue.end()) if cue else None
    if m is None:
        m = next(
            (
                found
                for found in NAME_AGE.finditer(text)
                if SELF_BEFORE.search(text[: found.start()])
            ),
            None,
        )
    if m is None:
        return None
    between = [(m.start("item"), m.group("item"))] if m.group("item") else []
    return Introduction(
        name=m.group("name"),
        name_start=m.start("name"),
        age=m.group("age"),
        age_start=m.start("age"),
        items=between + _items(text, m.end()),
    )


# "41, self-employed plumber, live in Dennistoun", "58, frührentner, wohn in köln": a sentence
# opening with a bare age and going on as a list
AGED_OPENING = re.compile(
    r"^\W*(?P<age>[1-9]\d)(?:\s*(?:jahre|j\.|years|yrs|yo))?\s*,\s*(?=[^\W\d_])", re.IGNORECASE
)


@dataclass(frozen=True)
class AgedList:
    age: str
    age_start: int
    items: list[tuple[int, str]]


def aged_list(text: str) -> AgedList | None:
    """The bare age a sentence opens with and the list items after it (see ``AGED_OPENING``);
    whose age it is, the reader decides."""
    m = AGED_OPENING.match(text)
    if m is None:
        return None
    return AgedList(age=m.group("age"), age_start=m.start("age"), items=_items(text, m.end()))


def _items(text: str, start: int) -> list[tuple[int, str]]:
    """The comma-separated items after ``start`` up to the sentence's end."""
    found = []
    for m in rx.finditer(r"[^,;]+", text[start:]):
        item = m.group(0)
        stripped = item.strip(" .!")
        if stripped:
            found.append((start + m.start() + item.index(stripped[0]), stripped))
    return found


def occupation_item(item: str) -> tuple[str, str | None] | None:
    """An item naming the speaker's occupation → (occupation words, employer or None); the
    item "gelernter Kfz-Mechatroniker" names a training, no occupation."""
    if FORMER.match(item):
        return None
    parts = AT_EMPLOYER.split(item, maxsplit=1)
    # "Hufschmiedin und wohn in Soest": the item's own clause ends at a conjunction
    head = rx.split(r"(?i)\s+(?:und|and|&)\s+", parts[0].strip(), maxsplit=1)[0]
    # where the job is done is no part of it: "Pflegefachfrau auf der Intensiv", "nurse on a
    # cardiac ward", "Lehrerin an ner Grundschule"
    head = rx.split(r"(?i)\s+(?:on|auf|an|am|in)\s+", head, maxsplit=1)[0]
    if not head or len(head.split()) > 4:
        return None
    employer = None
    if len(parts) > 1:
        named = rx.match(rf"(?:(?i:the|dem|der)\s+)?((?:St\.\s+)?{NAME}(?:\s+{NAME})*)", parts[1])
        employer = named.group(1) if named else None
    return head, employer


def _listed(text: str, cue: re.Match) -> list[tuple[str, int, int | None]]:
    """The names (with position and age) a count opens, all of them or none: a list that
    breaks off before the count is no list of these."""
    return _names_from(text, count=_count(cue), position=cue.end())


def _count(cue: re.Match) -> int:
    return COUNTS.get(cue.group("count").lower()) or int(cue.group("count"))


def _names_from(text: str, *, count: int, position: int) -> list[tuple[str, int, int | None]]:
    found: list[tuple[str, int, int | None]] = []
    while len(found) < count:
        m = CHILD.match(text, position)
        if m is None:
            break
        age = m.group("age") or m.group("bare") or m.group("said")
        found.append((rx.sub(r"['’]s$", "", m.group("name")), m.start(), int(age) if age else None))
        joined = CHILD_JOIN.match(text, m.end())
        if joined is None:
            break
        position = joined.end()
    return found if len(found) == count else []


def counted_children(text: str) -> list[Child]:
    """Children counted and named at once: "zwei Jungs, Emir (6) und Can (3)"."""
    found: list[Child] = []
    for cue in COUNTED_CHILDREN.finditer(text):
        noun = cue.group("noun").lower()
        relation = "son" if noun in SONS else "daughter" if noun in DAUGHTERS else None
        found.extend(
            Child(name, start, age, relation, cue.start())
            for name, start, age in _listed(text, cue)
        )
    return found


def listed_children(text: str) -> list[Child]:
    """Children listed after the plural noun without a count, each with an age ("kinder: Tom
    (5) und Ella (2)"): the speaker's when the noun has an own possessive, an article or none;
    a list in which one name lacks its age is no such list ("the kids are Tom and Jerry fans")."""
    found: list[Child] = []
    for cue in LISTED_CHILDREN.finditer(text):
        if not OWN_WHOSE.match(cue.group("whose") or ""):
            continue  # "ihre Kinder: …", "his boys are …": someone else's
        noun = cue.group("noun").lower()
        relation = "son" if noun in SONS else "daughter" if noun in DAUGHTERS else None
        named = _aged_names_from(text, position=cue.end())
        found.extend(Child(name, start, age, relation, cue.start()) for name, start, age in named)
    return found


def _aged_names_from(text: str, *, position: int) -> list[tuple[str, int, int]]:
    """The names of a list opening at ``position``, each with its age; none when one the list
    joins with "and" lacks it. After a bare comma a name without an age opens the next
    clause ("Ollie (7) and Freya (4), Ollie's our eldest")."""
    found: list[tuple[str, int, int]] = []
    comma = False
    while True:
        m = CHILD.match(text, position)
        if m is None:
            break
        age = m.group("age") or m.group("bare") or m.group("said")
        if age is None:
            return found if comma and found else []
        found.append((rx.sub(r"['’]s$", "", m.group("name")), m.start(), int(age)))
        joined = CHILD_JOIN.match(text, m.end())
        if joined is None:
            break
        comma = not rx.search(r"(?i)\b(?:und|and)\b|&", joined.group())
        position = joined.end()
    return found


# "zwei Wellensittiche!! 🐦🐦 Pipo und Kiki", "two cats, Tom and Jerry", "2 guinea pigs called
# Salt and Pepper": the count, the species noun (with a plural ending), whatever punctuation
COUNTED_PETS = re.compile(
    r"(?i)\b(?P<count>zwei|drei|vier|two|three|four|[234])\s+(?:(?:kleine|little|neue|new)\s+)?"
    rf"(?P<noun>{'|'.join(re.escape(p) for p in sorted(lx.PETS, key=len, reverse=True))})"
    r"(?:e|s|n|en)?\b[^\w]{0,12}?(?:(?:namens|called|named)\s+)?(?=[A-ZÄÖÜ])"
)


@dataclass(frozen=True)
class Pet:
    name: str
    start: int
    species: str
    gender: str
    age: int | None
    counted_at: int  # where the count opens ("zwei Wellensittiche")


def counted_pets(text: str) -> list[Pet]:
    """Pets counted and named at once, each with its species; the whole list or nothing."""
    found: list[Pet] = []
    for cue in COUNTED_PETS.finditer(text):
        species, gender = lx.PETS[cue.group("noun").lower()]
        found.extend(
            Pet(name, start, species, gender, age, cue.start())
            for name, start, age in _listed(text, cue)
        )
    return found


# a count of pets closing its sentence, the names opening the next ("hab jetzt zwei
# Wellensittiche!! Pipo und Kiki, …", "we got two kittens! Salt and Pepper")
COUNT_CLOSING = re.compile(
    r"(?i)\b(?P<count>zwei|drei|vier|two|three|four|[234])\s+(?:(?:kleine|little|neue|new)\s+)?"
    rf"(?P<noun>{'|'.join(re.escape(p) for p in sorted(lx.PETS, key=len, reverse=True))})"
    r"(?:e|s|n|en)?\W*$"
)


def pets_named_next(counted: str, following: str) -> tuple[str, list[Pet]]:
    """The pets a sentence counts at its end and the next sentence names, all or none; with
    what the counting sentence says before its count (whose they are)."""
    cue = COUNT_CLOSING.search(counted)
    opening = rx.match(r"\W*", following)
    if cue is None or opening is None:
        return "", []
    species, gender = lx.PETS[cue.group("noun").lower()]
    named = _names_from(following, count=_count(cue), position=opening.end())
    return counted[: cue.start()], [
        Pet(name, start, species, gender, age, 0) for name, start, age in named
    ]
