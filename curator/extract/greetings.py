"""Who is writing and where from, said the way people open a chat.

"moin, wiebke hier aus oldenburg", "bin dr jörg aus reutlinga", "servus, d'vroni aus
rottweil", "hier is de manja aus zwigge", "tom here from leeds", "aga here, glasgow", "its
priya btw", "howya, it's Donal from Mallow", "myself Rakesh": a name in the slot a greeting
leaves for it, often in lower case, and the town the writer lives in after it.

The slot, not the first letter, says that a word is a name; the word must still read as one:
a proper noun to the tagger, or a word it does not know at all (most first names), never a
word of the language ("bin der meinung", "its raining", "hier is alles gut").
The reader turns what this module finds into the speaker's ``name`` and ``lives_in``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.extract import lexicon as lx
from curator.extract.lower_names import CHAT_WORDS
from curator.language.tagging import known_word, part_of_speech

# how a chat opens: hello in the regions' own words, perhaps twice, perhaps with emoji
GREETING = (
    r"(?:hi|hey|heya|hiya|hello|hallo|hallöchen|howdy|yo|g['’]?day|orite|howya|howay|"
    r"kia\s+ora|good\s+(?:morning|evening|afternoon)|morning|evening|moin(?:\s+moin)?|moinsen|"
    r"servus|servas|griaß\s+di|grüß\s+gott|grüezi|grüessech|hoi(?:\s+zäme)?|sali|salü|tach|"
    r"nabend|n['’]?abend|guten\s+(?:morgen|tag|abend)|morgen|moang|morga|morje|na|jo|ahoi)"
)
# or any short exclamation set off before the introduction ("grüß godd, i bin die gerlinde",
# "proper job, jory here", "och aye – it's Morag"): the slot after it still has to hold a name
LEAD_IN = r"(?:[^\W\d_]+\s+){0,2}[^\W\d_]+\s*[,!–—]"
# or a short lead-up up to its colon ("ok big info dump so you know me: i'm leah", "damit de
# mich kennst: ich bin der Josef")
LEAD_UP = r"^[^:.!?\n]{0,60}:\s*"
OPENING = (
    rf"(?i:{LEAD_UP}|^\W*(?:(?:{GREETING}\b[\W\s]*?(?:(?:all|zusammen|y['’]?all|folks|there)\b)?|{LEAD_IN})"
    rf"[\W\s]*)?)"
)
# the article south and west German put before a first name ("der Jörg", "d'Vroni", Swabian
# "dr", Bavarian "da", Palatinate "de", Cologne "et" and "dä"); "d'" is read as "die "
ARTICLE = r"(?:(?i:der|die|dr|de|da|dä|et|s)\s+|(?i:d)['’])"
WORD = r"[^\W\d_](?:[^\W\d_]|['’-](?=[^\W\d_]))+"
# where the writer is from: "aus", Swiss and Cologne "us", "vo", "from", "out of"; perhaps
# near the town ("from just out of Gore", "from outside Leeds")
FROM = (
    r"(?i:aus|ausm|us|vo|von|vom|from|out\s+of|outta)\s+"
    r"(?:(?i:just\s+)?(?i:outside(?:\s+of)?|out\s+of|near)\s+)?"
)
# a town, perhaps of two capitalised words ("North Hobart")
CAPITALISED = r"[A-ZÄÖÜ](?:[^\W\d_]|['’-](?=[^\W\d_]))+"
PLACE = rf"(?P<place>{WORD}(?:\s+{CAPITALISED})?)"
# what may follow a name that closes its slot
CLOSED = (
    r"(?=\s*(?:$|[,.;:!?)–—-]|[^\w\s]|\s(?i:btw|here|hier|übrigens|again|nochmal|and|und)\b)"
    r"|\s+(?i:aus|ausm|us|vo|von|vom|from|out\s+of|outta)\s)"
)

FRAMES = (
    # "wiebke hier aus oldenburg", "tom here from leeds", "aga here, glasgow", "et Marita hier
    # us Kölle", "rhodri here 👋"
    re.compile(
        rf"{OPENING}(?:{ARTICLE})?(?P<name>{WORD})\s+(?i:hier|here)\b"
        # ("kids here are loud", "die Preise hier sind"): a verb after it says of others
        r"(?!\s+(?i:is|are|was|were|ist|sind|war|waren)\b)"
        # (after a bare comma the town closes the sentence: "aga here, glasgow.")
        rf"(?:(?:\s+{FROM}|(?P<comma>\s*,\s*)){PLACE}(?(comma)(?=\s*(?:$|[.;!?]|[^\w\s,]))))?"
    ),
    # "hey, jess from brighton here", "de kalle aus kiel hier": the town before "here"
    re.compile(rf"{OPENING}(?:{ARTICLE})?(?P<name>{WORD})\s+{FROM}{PLACE}\s+(?i:hier|here)\b"),
    # "hier is de manja aus zwigge", "moin, hier is hauke" (not "this is Harvey, my
    # grandad's dog": "this is" shows others as often)
    re.compile(
        rf"{OPENING}(?i:hier\s+(?:is|ist|isch|spricht))\s+(?:{ARTICLE})?"
        rf"(?P<name>{WORD}){CLOSED}(?:\s+{FROM}{PLACE})?"
    ),
    # "bin die dörte, …", "bin dr jörg aus reutlinga", "i bi d'Regula us Thun" (Swiss "bi"
    # before an article is read as "bei"): with the article a name takes, the copula needs
    # no more to name
    re.compile(
        rf"{OPENING}(?:(?i:ich|i)\s+(?i:bin|bi|bei)|(?i:bin|bi))\s+(?:(?i:übrigens|eigentlich)\s+)?{ARTICLE}"
        rf"(?P<name>{WORD}){CLOSED}(?:\s+{FROM}{PLACE})?"
    ),
    # "hallo, ich bin Gisela aus Bielefeld", "bin Andrea aus Ulm": without the article, the
    # town after it says the copula names the writer
    re.compile(
        rf"{OPENING}(?:(?i:ich)\s+(?i:bin)|(?i:bin))\s+(?P<name>{WORD})\s+(?i:aus|vom)\s+{PLACE}"
    ),
    # "de thorsten aus Neustadt", "dä reto vo winterthur", "d'vroni aus rottweil": a greeting,
    # an article, a name and the town
    re.compile(rf"{OPENING}{ARTICLE}(?P<name>{WORD})\s+{FROM}{PLACE}"),
    # "its priya btw", "howya, it's Donal from Mallow", "myself Rakesh", "hi im tom" ("im"
    # before a capitalised word is German: "jo, im Büro")
    re.compile(
        rf"{OPENING}(?:(?i:it['’]?s|myself|i['’]m|i\s+am)\s+|(?i:im)\s+(?=[a-z]))"
        rf"(?P<name>{WORD}){CLOSED}(?:\s+{FROM}{PLACE})?"
    ),
)
PROPER = ("NE", "NP0")
# the endings German towns are named with, which the tagger reads as a compound noun's
# ("schaffhausen", "sindelfingen", "eppelheim")
TOWN_ENDING = re.compile(
    r"(?:hausen|ingen|heim|dorf|stadt|burg|berg|feld|bach|rode|leben|furt|brück|brücken|"
    r"hafen|kirchen|münster|weiler|itz)$"
)
# words a greeting's slot holds that name no one
NOT_NAMES = frozenset(
    {"me", "mich", "ich", "i", "you", "du", "wir", "we", "us", "uns", "alle", "all", "everyone",
     "allen", "jemand", "someone", "nobody", "niemand", "again", "wieder", "nochmal", "back",
     "everything", "alles", "nothing", "nix", "nichts", "heute", "today", "here", "hier",
     "there", "da", "dort", "sorry", "myself", "mir"}
)  # fmt: skip


@dataclass(frozen=True)
class Greeting:
    name: str
    name_start: int
    place: str | None
    place_start: int | None


def opening_self(text: str) -> Greeting | None:
    """The writer's own name (and town) as a chat's opening words give them, or None."""
    for frame in FRAMES:
        m = frame.match(text)
        if m is None or not reads_as_name(m.group("name")):
            continue
        place = m.group("place") if "place" in m.groupdict() else None
        if place is not None and not reads_as_place(place):
            place = None
        return Greeting(
            name=_capitalised(m.group("name")),
            name_start=m.start("name"),
            place=_capitalised(place) if place else None,
            place_start=m.start("place") if place else None,
        )
    return None


def reads_as_name(word: str) -> bool:
    """Whether a word in a name's slot is one: a name to the tagger of either language, or a
    word neither knows (a first name it never saw); never a word of the language or of chat."""
    low = word.lower()
    if (
        len(low) < 2
        or word.isupper()  # "its DD/MM", "im UKE": an abbreviation
        or low in NOT_NAMES
        or low in CHAT_WORDS
        or low in lx.CALENDAR_WORDS
        or low in lx.KIN
        or low in lx.PETS
        or lx.is_occupation(low)
        or lx.is_condition(low)  # "it's lupus": a diagnosis told, no name
    ):
        return False
    # "i'm irish", "its german": what describes a person names no one ("Welsh" and "Irish"
    # read as names to the German tagger, which knows them from English text)
    if any(
        known_word(low, lang=lang) and part_of_speech(low, lang=lang).startswith(("AJ", "ADJ"))
        for lang in ("de", "en")
    ) and not _english_name(low):
        return False
    readings = [
        part_of_speech(form, lang=lang).startswith(PROPER)
        for lang in ("de", "en")
        for form in (low, low.capitalize())
        if known_word(form, lang=lang)
    ]
    # "mark" is a word and a name: one known reading as a name is enough
    return not readings or any(readings)


def _english_name(low: str) -> bool:
    """Whether English reads the capitalised word as a name and not as an adjective: "rosa" is
    pink to German and Rosa to English ("welsh" and "irish" stay adjectives)."""
    title = low.capitalize()
    return (
        known_word(title, lang="en")
        and part_of_speech(title, lang="en").startswith(PROPER)
        and not (known_word(low, lang="en") and part_of_speech(low, lang="en").startswith("AJ"))
    )


def reads_as_place(place: str) -> bool:
    """Whether the word after "aus"/"from" names a town: not "from work", "aus dem urlaub";
    one written with a capital may be a word in English ("Mallow", "Reading"), not in German
    ("aus Spaß")."""
    head = place.split()[0]
    low = head.lower()
    if low in NOT_NAMES or low in CHAT_WORDS or low in lx.CALENDAR_WORDS or len(low) < 3:
        return False
    if len(low) > 5 and TOWN_ENDING.search(low):
        return True
    if head[0].isupper():
        return not known_word(head, lang="de") or part_of_speech(head, lang="de").startswith(PROPER)
    return reads_as_name(low)


def _capitalised(words: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in words.split())
