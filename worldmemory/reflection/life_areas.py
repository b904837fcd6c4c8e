"""Life areas a reflection space is named after (seed 003: a space gathers several
threads and experiences that belong together over a longer time — "Familie", "Beruf",
not the one word a single thread recurs by).

A topic recurring by a name ("Wegner", "Anjali", "Enugu") or by an area's own word ("Mama")
belongs to the area most of its turns name: the name stands for a person or a place of
that part of life. A topic recurring by a thing ("Tafel", "Dunkelkammer") keeps its word:
the thing is what the space is about, even when work is mentioned beside it.

Word lists of general vocabulary, German and English, matched on folded word beginnings
of five letters or more so they cover plural and inflected forms ("Kollegin", "sisters");
shorter words only as they are ("work", not "workshop"). Where no area word recurs, the
turns are compared by meaning with example sentences of each area (``prototypes.AREAS``):
"Die Übergabe hat ewig gedauert" is work, a funeral in Enugu is family.
"""

from __future__ import annotations

import re

import numpy as np

from curator.extract.lexicon import KIN
from curator.language.tagging import is_proper_noun
from worldmemory.reflection import language as lang
from worldmemory.reflection import prototypes

# a title before a name: the person is a doctor, a boss, a teacher (see ``space_name``)
TITLED = re.compile(r"(Dr|Prof|Frau|Herr|Mrs|Mr|Ms)\.?\s")

# area → (German name, English name, word beginnings)
AREAS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "family": (
        "Familie",
        "Family",
        (
            "familie",
            "mama",
            "mamas",
            "mutter",
            "papa",
            "papas",
            "vater",
            "eltern",
            "schwester",
            "bruder",
            "tochter",
            "sohn",
            "oma",
            "opa",
            "grossvater",
            "grossmutter",
            "enkel",
            "onkel",
            "tante",
            "cousin",
            "family",
            "mum",
            "mums",
            "mom",
            "dad",
            "dads",
            "father",
            "mother",
            "parent",
            "sister",
            "brother",
            "daughter",
            "son",
            "sons",
            "grandad",
            "grandpa",
            "grandma",
            "grandmother",
            "grandfather",
            "uncle",
            "aunt",
            "baby",
            "nephew",
            "niece",
            # the owner's partner is family as much as a parent is ("meine Frau" is not
            # listed: "Frau Sommer" is a teacher)
            "ehefrau",
            "ehemann",
            "partner",
            "verlobt",
            "wife",
            "husband",
            "fiance",
        ),
    ),
    "work": (
        "Beruf",
        "Work",
        (
            "arbeit",
            "beruf",
            "job",
            "jobs",
            "chef",
            "chefin",
            "kolleg",
            "teamleit",
            "vorgesetzt",
            "buro",
            "firma",
            "bewerb",
            "stelle",
            "gehalt",
            "kundin",
            "kunde",
            "probezeit",
            "unterricht",  # a teacher's work: lessons, not the children's school
            "work",
            "working",
            "boss",
            "manager",
            "colleague",
            "office",
            "promotion",
            "interview",
            "career",
            "salary",
            "teacher",
            "teaching",
            "client",
            "jobs",
            "team lead",
        ),
    ),
    "health": (
        "Gesundheit",
        "Health",
        (
            "gesundheit",
            "krank",
            "arzt",
            "arztin",
            "hausarzt",
            "orthopad",
            "schmerz",
            "physio",
            "therapie",
            "klinik",
            "diagnose",
            "medikament",
            "tabletten",
            "health",
            "doctor",
            "clinic",
            "hospital",
            "pain",
            "therapy",
            "surgery",
            "diagnosis",
            "diagnosed",
            "medication",
            "symptom",
        ),
    ),
    # told by meaning alone: "Wohnung" or "mortgage" is the thing a space is about
    # ("Umzug nach Leipzig", "The flat in Easton"), not the word of its area
    "home": ("Wohnen", "Home", ()),
    "money": ("Finanzen", "Money", ()),
}
# Kinship nouns of the curator's lexicon name the family where they stand for a relative
# the family's own words name ("Mutti", "mam", "Nan", "Vati" for mother, grandmother,
# father): how a person speaks of a parent, often read as a name. Words that are also the
# everyday word for a woman, a man or a boy ("Frau Sommer", "the lads") name a relative
# only after a possessive, which a word count does not read.
_NOT_ALONE = {"frau", "mann", "lad", "jungs", "boys"}


def _kin_of_family(beginnings: tuple[str, ...]) -> frozenset[str]:
    return frozenset(
        lang.fold(word)
        for word, (relation, _gender) in KIN.items()
        if " " not in word
        and word not in _NOT_ALONE
        and any(lang.fold(relation).startswith(b) for b in beginnings)
    )


KIN_WORDS: dict[str, frozenset[str]] = {"family": _kin_of_family(AREAS["family"][2])}
# German compounds end in the word saying what they are ("Nachtdienst", "Frühschicht"):
# these words name their area at a word's end, bent or not, and never where they open
# another word ("Dienstag")
HEADS: dict[str, tuple[str, ...]] = {
    "work": ("dienst", "schicht", "shift"),
}
HEAD_ENDINGS = "(e|en|er|es|s|n)?"
AREA_SHARE = 0.5  # an area names a topic when at least this share of its turns name it
# a topic recurring by the name of a place or a person ("Offenburg", where Mama lives) is
# about the area a third of its turns name: the name stands in for the area's own words
NAMED_AREA_SHARE = 1 / 3
# an area read by meaning rests on this many turns nearest to it, not on one mention
AREA_TURNS = 2


def _names(text: str, area: str) -> bool:
    words = [lang.fold(w) for w in lang.tokens(text)]
    folded = " ".join(words)
    beginnings = AREAS[area][2]
    heads = re.compile(rf"\w*({'|'.join(HEADS.get(area, ()))}){HEAD_ENDINGS}")
    kin = KIN_WORDS.get(area, frozenset())
    return (
        any(
            (" " in b and b in folded)
            or any(w == b or (len(b) >= 5 and w.startswith(b)) for w in words)
            for b in beginnings
        )
        or any(w in kin for w in words)
        or (area in HEADS and any(heads.fullmatch(w) for w in words))
    )


def names_an_area(word: str) -> bool:
    """Whether the word is one of a life area's own ("Mama", "Kollegin", "Mutti")."""
    return any(_names(word, area) for area in AREAS)


def _area_by_meaning(texts: list[str]) -> str | None:
    """The area the turns together are nearest to in meaning (``prototypes.AREAS``), when
    at least ``AREA_TURNS`` of them are nearest to it on their own: "Die Übergabe hat
    ewig gedauert" is work without the word. ``None`` without an embedding model."""
    vectors = prototypes.vectors(texts)
    if vectors is None:
        return None
    centre = vectors.mean(axis=0)
    area = prototypes.life_area(centre / (np.linalg.norm(centre) or 1))
    if area is None or sum(prototypes.life_area(v) == area for v in vectors) < AREA_TURNS:
        return None
    return area


def area_name(
    *, texts: list[str], share: float = AREA_SHARE, by_meaning: bool = True
) -> str | None:
    """The area most of these turns are about, named in their language, or ``None``.
    The area's own words first; where too few turns say them, the area they are about
    in meaning."""
    if not texts:
        return None
    best, best_count = None, 0
    for area in AREAS:
        count = sum(1 for text in texts if _names(text, area))
        if count >= share * len(texts) and count > best_count:
            best, best_count = area, count
    if best is None and by_meaning:
        best = _area_by_meaning(texts)
    if best is None:
        return None
    german, english, _ = AREAS[best]
    return english if lang.language(" ".join(texts)) == "en" else german


def _said_as_place(word: str, texts: list[str]) -> bool:
    """Whether the owner says the word as a place's name: after a preposition without an
    article ("bei Mama in Offenburg", "nach Hamburg"), as a town is said and a thing is not
    ("in der Halle")."""
    pattern = re.compile(rf"\b(in|nach|aus|bei|von|to|at|from|near|around)\s+{re.escape(word)}\b")
    return any(pattern.search(text) for text in texts)


def _person(words: list[str], texts: list[str], code: str) -> str | None:
    """The person among a topic's words: a name not said as a place's ("gesa", not
    "Offenburg" in "bei Mama in Offenburg")."""
    for word in words:
        if TITLED.match(word) or _said_as_place(word, texts):
            continue
        if is_proper_noun(word, lang=code):
            return word
    return None


def _theirs(area: str | None, words: list[str], texts: list[str], code: str) -> str | None:
    """The person whose illness a topic is about, where its words name a person and its
    area is health: the owner's friend in hospital is a part of life by her name, not the
    owner's health ("Krankenhaus · gesa" → "Gesa")."""
    if area not in {AREAS["health"][0], AREAS["health"][1]}:
        return None
    person = _person(words, texts, code)
    return person[:1].upper() + person[1:] if person else None


def space_name(*, words: list[str], texts: list[str]) -> str | None:
    """What a space gathered around a topic recurring by ``words`` (its title's words,
    the first said most) is called, or ``None`` when nothing names a part of life.

    A person named with a title ("Dr. Yilmaz", "Herr Brinkmann") is someone the owner
    deals with in a part of life, not the part itself: the space takes the area or the
    topic's next word, never the name. A person named beside an illness is the one it
    is about: the space takes their name."""
    code = lang.language(" ".join(texts)) or "de"
    name = _space_name(words, texts, code)
    return _theirs(name, words, texts, code) or name


def _space_name(words: list[str], texts: list[str], code: str) -> str | None:
    for word in words:
        # a measure ("Stunde", "Meter") ties turns together but names no part of life
        if TITLED.match(word) or lang.is_measure(word):
            continue
        if names_an_area(word):
            return area_name(texts=texts) or word
        if _said_as_place(word, texts):
            return area_name(texts=texts, share=NAMED_AREA_SHARE) or word
        if is_proper_noun(word, lang=code):
            # a person's own matters (a son leaving his job) are about them, not about
            # the owner's part of life: only the area's own words place a person
            return area_name(texts=texts, share=NAMED_AREA_SHARE, by_meaning=False) or word
        return word
    return area_name(texts=texts)


def topic_area(*, words: list[str], texts: list[str]) -> str | None:
    """The area a topic recurring by ``words`` (its title's words) is about before a
    moment of it is told: by the area's own words in most of its turns, or by their
    meaning — unless the topic recurs by a person's name, whose matters are theirs, or
    names a person beside an illness, which is theirs too."""
    code = lang.language(" ".join(texts)) or "de"
    named = [word for word in words if not TITLED.match(word)]
    person = bool(named) and is_proper_noun(named[0], lang=code)
    area = area_name(texts=texts, by_meaning=not person or _said_as_place(named[0], texts))
    return None if _theirs(area, words, texts, code) else area
