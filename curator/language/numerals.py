"""Small written numbers in German and English ("drei", "zwei", "twelve", "a").

Only the counts people use for dates and clock times (up to 60). Vague quantities ("ein
paar", "einige", "a couple of", "a few", "several") are deliberately absent: they give no
date, so an expression built on them does not resolve.
"""

from __future__ import annotations

import re

_UNITS_DE = {
    "null": 0,
    "ein": 1,
    "eine": 1,
    "einem": 1,
    "einen": 1,
    "einer": 1,
    "eins": 1,
    # chat's short forms ("seit nem jahr", "in ner woche")
    "nem": 1,
    "nen": 1,
    "ner": 1,
    "zwei": 2,
    "zwo": 2,
    "drei": 3,
    "vier": 4,
    "fünf": 5,
    "sechs": 6,
    "sieben": 7,
    "acht": 8,
    "neun": 9,
    "zehn": 10,
    "elf": 11,
    "zwölf": 12,
    "dreizehn": 13,
    "vierzehn": 14,
    "fünfzehn": 15,
    "sechzehn": 16,
    "siebzehn": 17,
    "achtzehn": 18,
    "neunzehn": 19,
    "zwanzig": 20,
    "dreißig": 30,
    "vierzig": 40,
    "fünfzig": 50,
}
_UNITS_EN = {
    "zero": 0,
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
}
_COMPOUND_DE = {
    f"{unit}und{tens}": _UNITS_DE[tens] + value
    for unit, value in (
        ("ein", 1),
        ("zwei", 2),
        ("drei", 3),
        ("vier", 4),
        ("fünf", 5),
        ("sechs", 6),
        ("sieben", 7),
        ("acht", 8),
        ("neun", 9),
    )
    for tens in ("zwanzig", "dreißig", "vierzig", "fünfzig")
}
_COMPOUND_EN = {
    f"{tens}{sep}{unit}": _UNITS_EN[tens] + _UNITS_EN[unit]
    for tens in ("twenty", "thirty", "forty", "fifty")
    for unit in ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    for sep in ("-", " ")
}

NUMBER_WORDS: dict[str, dict[str, int]] = {
    "de": {**_UNITS_DE, **_COMPOUND_DE},
    "en": {**_UNITS_EN, **_COMPOUND_EN},
}


def number_pattern(lang: str) -> str:
    """A regex alternation for a count: digits or a written number of `lang`."""
    words = sorted(NUMBER_WORDS[lang], key=len, reverse=True)
    return r"(?:\d{1,4}|" + "|".join(w.replace(" ", r"\s") for w in words) + ")"


def number_value(word: str, *, lang: str) -> int | None:
    """The value of digits or a written number; None for anything else."""
    word = word.strip().lower()
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS[lang].get(" ".join(word.split()))


# The counts from thirteen to ninety-nine as people say them, for speech read as digits ("ich
# bin achtundsiebzig", "she's forty-three"); the small ones stay words, which the readers of
# counted things know ("zwei Katzen, Luna und Mimi")
_TENS = {
    "de": {"zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50,
           "sechzig": 60, "siebzig": 70, "achtzig": 80, "neunzig": 90},
    "en": {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
           "eighty": 80, "ninety": 90},
}  # fmt: skip
_SMALL = {
    "de": {w: v for w, v in _UNITS_DE.items() if 13 <= v <= 19},
    "en": {w: v for w, v in _UNITS_EN.items() if 13 <= v <= 19},
}
_UNIT_NAMES = {
    "de": {"ein": 1, **{w: v for w, v in _UNITS_DE.items() if 2 <= v <= 9 and w != "zwo"}},
    "en": {w: v for w, v in _UNITS_EN.items() if 1 <= v <= 9 and w not in ("a", "an")},
}
SPOKEN_COUNTS: dict[str, dict[str, int]] = {
    "de": {
        **_SMALL["de"],
        **_TENS["de"],
        **{
            f"{u}und{t}": uv + tv
            for u, uv in _UNIT_NAMES["de"].items()
            for t, tv in _TENS["de"].items()
        },
    },
    "en": {
        **_SMALL["en"],
        **_TENS["en"],
        **{
            f"{t}{sep}{u}": tv + uv
            for t, tv in _TENS["en"].items()
            for u, uv in _UNIT_NAMES["en"].items()
            for sep in ("-", " ")
        },
    },
}


def spoken_count_pattern(lang: str) -> str:
    """A regex alternation of the counts thirteen to ninety-nine written as words in
    ``lang``."""
    words = sorted(SPOKEN_COUNTS[lang], key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)


def spoken_count(words: str, *, lang: str) -> int | None:
    """The value of a count written as words ("achtundsiebzig" → 78, "forty three" → 43)."""
    return SPOKEN_COUNTS[lang].get(" ".join(words.lower().split()))
