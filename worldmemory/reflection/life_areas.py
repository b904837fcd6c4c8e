"""Life areas a reflection space is named after (seed 003: a space gathers several
threads and experiences that belong together over a longer time — "Familie", "Beruf",
not the one word a single thread recurs by).

A topic recurring by a name ("Wegner", "Anjali", "Enugu") or by an area's own word ("Mama")
belongs to the area most of its turns name: the name stands for a person or a place of
that part of life. A topic recurring by a thing ("Tafel", "Dunkelkammer") keeps its word:
the thing is what the space is about, even when work is mentioned beside it.

Word lists of general vocabulary, German and English, matched on folded word beginnings
of five letters or more so they cover plural and inflected forms ("Kollegin", "sisters");
shorter words only as they are ("work", not "workshop").
"""

from __future__ import annotations

import re

from curator.language.tagging import is_proper_noun
from worldmemory.reflection import language as lang

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
}
AREA_SHARE = 0.5  # an area names a topic when at least this share of its turns name it
# a topic recurring by the name of a place or a person ("Offenburg", where Mama lives) is
# about the area a third of its turns name: the name stands in for the area's own words
NAMED_AREA_SHARE = 1 / 3


def _names(text: str, beginnings: tuple[str, ...]) -> bool:
    words = [lang.fold(w) for w in lang.tokens(text)]
    folded = " ".join(words)
    return any(
        (" " in b and b in folded)
        or any(w == b or (len(b) >= 5 and w.startswith(b)) for w in words)
        for b in beginnings
    )


def area_name(*, texts: list[str], share: float = AREA_SHARE) -> str | None:
    """The area most of these turns are about, named in their language, or ``None``."""
    if not texts:
        return None
    best, best_count = None, 0
    for area, (_de, _en, beginnings) in AREAS.items():
        count = sum(1 for text in texts if _names(text, beginnings))
        if count >= share * len(texts) and count > best_count:
            best, best_count = area, count
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


def space_name(*, words: list[str], texts: list[str]) -> str | None:
    """What a space gathered around a topic recurring by ``words`` (its title's words,
    the first said most) is called, or ``None`` when nothing names a part of life.

    A person named with a title ("Dr. Yilmaz", "Herr Brinkmann") is someone the owner
    deals with in a part of life, not the part itself: the space takes the area or the
    topic's next word, never the name."""
    code = lang.language(" ".join(texts)) or "de"
    for word in words:
        if TITLED.match(word):
            continue
        own_area = any(_names(word, beginnings) for _de, _en, beginnings in AREAS.values())
        if own_area:
            return area_name(texts=texts) or word
        if is_proper_noun(word, lang=code) or _said_as_place(word, texts):
            return area_name(texts=texts, share=NAMED_AREA_SHARE) or word
        return word
    return area_name(texts=texts)
