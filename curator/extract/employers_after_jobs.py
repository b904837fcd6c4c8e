"""A lower-case employer right after the job it employs: "rechtspfleger am amtsgericht
regensburg", "i'm a forecaster at the met office in exeter", "archivist at the berkshire record
office", "stadtplanerin bei der stadt münster".

Right after a job, "at"/"am"/"bei" leads to who employs the person; a writer without capitals
leaves the name in lower case. The words up to a clause word or a preposition are its name
when one of them says what kind of institution it is (an office, a court, a university: the
lexicon's organisation words): "at the hospital" alone names none, and without such a word
"at the end of the day" or "bei der arbeit" would read as one. The reader capitalises the
words so its employer reading takes them (and the town after "in")."""

from __future__ import annotations

import re

from curator.extract import lexicon as lx
from curator.extract import occupations
from curator.language.tagging import known_word, part_of_speech

LOWER = r"[a-zäöüß][a-zäöüß'’&-]+"
AFTER_JOB = re.compile(
    # ("bin orgelbauerin, seit 2018 bei …": the time the job is held between)
    rf"\b(?P<job>{LOWER})\s*,?(?:\s+(?:seit|since)\s+\w+)?"
    rf"\s+(?P<prep>at|with|for|am|beim|bei|an\s+der|in\s+der)\s+"
    rf"(?:(?:the|der|dem|den|da|dr|dor)\s+)?(?P<org>{LOWER}(?:\s+{LOWER}){{0,4}})"
)
# words that end the name: clause words, prepositions, time words
STOPS = frozenset(
    {"in", "im", "since", "seit", "so", "and", "und", "but", "aber", "now", "jetzt", "as",
     "als", "at", "am", "on", "for", "from", "aus", "to", "nach", "with", "mit", "bei",
     "beim", "da", "wo", "where", "which", "who", "die", "der", "das", "the", "a", "an", "i",
     "ich", "is", "ist", "lol", "btw", "too", "auch", "fer", "full", "part", "atm",
     "rn", "tho", "though", "still", "noch", "until", "bis", "every", "jeden", "jede",
     "here", "hier", "there", "dort", "out", "up", "down", "over", "not", "nicht", "ned",
     "or", "oder",
     # a firm left unnamed: "bei ner kleineren kanzlei", "bei einer firma"
     "ne", "ner", "nem", "nen", "ein", "eine", "einer", "einem", "einen"}
)  # fmt: skip
# the job as the speaker's own or as a role: "i'm a", "bin", "bin 52,", "als", "as a"
SAID_OWN_JOB = re.compile(
    r"(?i)\b(?:i['’]?m|i\s+am|bin|als|as)\s+(?:\d{1,2}\s*,\s*)?(?:(?:a|an|ne|n|eine?|ein)\s+)?$"
)
# a word no dictionary knows is a name from this length ("teh" is a typo)
COINED_MIN_CHARS = 5
# words that join two words of a name ("university of nottingham", "landesamt für geologie")
JOINS = frozenset({"of", "für", "and", "und"})
KEPT_LOWER = frozenset({"of", "für", "and", "und", "&"})


def employer_words(text: str, *, lang: str) -> list[int]:
    """The starts of the words of each lower-case employer said right after a job, to be
    capitalised (a joining word "of"/"für" stays as written)."""
    starts: list[int] = []
    for m in AFTER_JOB.finditer(text):
        if not _a_job(m.group("job")):
            continue
        words = list(re.finditer(r"\S+", m.group("org")))
        taken: list[re.Match] = []
        for word in words:
            plain = word.group(0).lower()
            if plain in STOPS or (lang == "de" and _german_verb(plain)):
                break
            taken.append(word)
        while taken and taken[-1].group(0).lower() in JOINS:
            taken.pop()
        name = " ".join(w.group(0) for w in taken)
        if _firm_by_its_name(m, taken, lang=lang):
            starts.append(m.start("org") + taken[0].start())
            continue
        named = _up_to_the_last_noun(taken, lang=lang)
        # (after the German "bei" a name the tagger knows too: "gleisbauer bei gleisbau kramer")
        by_name = lang == "de" and m.group("prep") in ("bei", "beim")
        if SAID_OWN_JOB.search(text, 0, m.start("job")) and any(
            _coined(w.group(0)) or (by_name and _named(w.group(0))) for w in named
        ):
            # "i'm a cheesemaker at ballyrue farmhouse cheese", "bin orgelbauerin, seit 2018 bei
            # orgelbau hollerbach": after a job said as one's own, a word no dictionary holds
            # makes the words a firm's name ("on omeprazole for reflux" says no job)
            starts += [
                m.start("org") + w.start() for w in named if w.group(0).lower() not in KEPT_LOWER
            ]
            continue
        if len(taken) < 2 or not lx.ORG_HINTS.search(name):
            continue
        # "at the county hospital", "at the bait shop": common words name a kind of place;
        # a name has a word no dictionary knows or one it knows as a name ("regensburg")
        if not any(_named(w.group(0)) for w in taken):
            continue
        starts += [
            m.start("org") + w.start() for w in taken if w.group(0).lower() not in KEPT_LOWER
        ]
    return starts


def _firm_by_its_name(m: re.Match, taken: list[re.Match], *, lang: str) -> bool:
    """Whether a German job's "bei" is followed by one word that is a name and nothing else
    ("busfahrer bei der üstra", "kassiererin bei rewe"): after "bei" a job names who employs
    it, and a word no dictionary holds as a common noun is its name ("beim metzger" names a
    kind of shop, no employer; the German tagger holds "Bäcker" as a surname, so "beim bäcker"
    is read as one)."""
    return (
        lang == "de"
        and m.group("prep") in ("bei", "beim")
        and len(taken) == 1
        and len(taken[0].group(0)) >= 3
        and _named(taken[0].group(0))
    )


def _named(word: str) -> bool:
    """Whether a lower-case word reads as a name: English knows it as one ("nottingham"), or
    English does not know it and German knows it as a name or not at all ("regensburg"); a
    word English knows as a common noun is none ("county", "shop": German takes such
    loanwords for names)."""
    low = word.lower()
    if known_word(low, lang="en"):
        return part_of_speech(low, lang="en").startswith("NP")
    title = word.capitalize()
    return not known_word(title, lang="de") or part_of_speech(title, lang="de").startswith("NE")


def _up_to_the_last_noun(words: list[re.Match], *, lang: str) -> list[re.Match]:
    """The words up to the last that reads as a noun or a name, or as no word at all ("halle
    herne schon" → "halle herne": a dictated sentence runs on after the name)."""
    named = list(words)
    while named and not noun_or_name(named[-1].group(0), lang=lang):
        named.pop()
    return named


def noun_or_name(word: str, *, lang: str) -> bool:
    """Whether a lower-case word reads as a noun or a name (a German word once capitalised),
    or as no word the dictionary of ``lang`` knows ("sonnenschutz", "bochum"; not "seit",
    "schon")."""
    if lang == "de":
        title = word.capitalize()
        return not known_word(title, lang="de") or part_of_speech(title, lang="de")[:2] in (
            "NN",
            "NE",
        )
    low = word.lower()
    return not known_word(low, lang="en") or part_of_speech(low, lang="en").startswith(("NN", "NP"))


def _coined(word: str) -> bool:
    """Whether a lower-case word is known in neither language, long enough to be no typo."""
    return (
        len(word) >= COINED_MIN_CHARS
        and not known_word(word.lower(), lang="en")
        and not known_word(word.capitalize(), lang="de")
    )


def _german_verb(word: str) -> bool:
    """ "am staatstheater mainz wohn aber in wiesbaden": dictated without a comma, the
    speaker's next verb ends the name (English is not asked: "the met office" is a name)."""
    return part_of_speech(word, lang="de").startswith("V")


def _a_job(word: str) -> bool:
    return lx.is_occupation(word) or occupations.placed_among_jobs(word)
