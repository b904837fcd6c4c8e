"""A turn in regional or chat speech read in standard words, for the reflection's readers.

The word lists and patterns that tell a moment ("gestern", "hab ich … gezogen", "wir"),
a feeling or a question are written in standard German and English. A Berlin driver
writes "jestern uffm hof ham wa se anjeschmissen", a Swabian "am samstag hab i ghockt":
the same moment, none of those words. The curator's normaliser
(``standard_speech``) reads the regional forms it knows; the forms below are read as well
because they are patterns of a whole dialect, not single words, and the reflection reads
a turn's grammar (its tense, its subject) rather than its facts.

Only the reading changes: names and titles keep the writer's words.
"""

from __future__ import annotations

import re
from functools import lru_cache

from curator.extract.dialect import standard_speech
from curator.extract.timeparse import language_of

# the separable prefixes a participle keeps in front ("mitjeschält", "anjefasst",
# "losjeknattert", "rumjestanden"; Berlin "rin", "raus", "uff")
_PREFIX = (
    r"ab|an|auf|aus|bei|durch|ein|fest|her|hin|los|mit|nach|raus|rein|rin|rum|rüber|"
    r"runter|uff|um|vor|weg|zu|zurück|zusammen"
)
# Berlin and Brandenburg "je-" for "ge-" in any past participle ("jesacht", "jeschält",
# "anjefasst"), the stem three letters or more before its ending so that "jetzt", "jeden"
# and "jemand" stay as they are
BERLIN_PARTICIPLE = re.compile(
    rf"(?i)(?<![\w'’])(?P<prefix>(?:{_PREFIX})?)je(?P<stem>(?!mand|nseit)\w{{3,}}(?:t|en))"
    r"(?![\w'’])"
)
# Swabian, Bavarian and Alemannic "g-" for "ge-" before a consonant no German word begins
# with after a "g" ("ghockt", "gheult", "gmacht", "gwartet"; "gschafft" and "gfreut" the
# curator reads already)
SOUTHERN_PARTICIPLE = re.compile(
    r"(?i)(?<![\w'’])g(?P<stem>[hmwdbzk][a-zäöüß]{2,}(?:t|e|en))(?![\w'’])"
    # behind a separable prefix any stem but one the "e" stands in already ("agschaut",
    # "rumgführt", "zammgstellt"; "angeschaut" as it is)
    r"|(?<![\w'’])(?P<separable>a|ab|an|auf|aus|mit|nei|naus|rei|raus|rum|um|zu|zamm)"
    r"g(?P<rest>(?!e)[a-zäöüß]{3,}t)(?![\w'’])"
)
# Berlin and northern "-ch" for a final "-g": "sonntach", "dienstach", "tach"
BERLIN_DAY = re.compile(r"(?i)(?<![\w'’])(?P<day>mon|diens|frei|sams|sonn|feier)?tach(?![\w'’])")
# "vorjestern": the curator reads "jestern" alone
BERLIN_BEFORE_YESTERDAY = re.compile(r"(?i)(?<![\w'’])vorjestern(?![\w'’])")
# Berlin "wa" after its verb is "wir" ("ham wa ne kahnfahrt jemacht"); at a sentence's end
# it asks for agreement ("war schön, wa?") and stays
BERLIN_WE = re.compile(r"(?i)(?<=[\w])(?P<gap>\s+)wa(?=\s+[\wäöüß])")
# Berlin, Saxon and Ruhr "se" for "sie" ("saß se inner küche"): no standard German word
SHE = re.compile(r"(?<![\w'’])(?P<w>se|Se|SE)(?![\w'’])")
# Berlin "ee" for "ei" in the short words that carry a sentence's grammar ("een wort",
# "eener der schönsten", "zwee", "keener")
BERLIN_EI = re.compile(
    r"(?i)(?<![\w'’])(?P<w>een|eene|eener|eenen|eenem|eenmal|keen|keene|keener|keenen|"
    r"zwee|weeß|alleene|kleene|kleener)(?![\w'’])"
)

# Swabian "oi" for "ei" in the same short words ("oiner von dene", "koi mensch", "zwoi
# wege", "des woiß i"): read as they are, they look like nouns of their own and recur
# across every matter a Swabian tells
SWABIAN_EI = re.compile(
    r"(?i)(?<![\w'’])(?P<w>oin|oine|oiner|oinen|oinem|oines|oimal|koine|koiner|koinen|"
    r"koinem|zwoi|woiß|woisch|alloi|alloin|alloine|kloi|kloine|kloiner)(?![\w'’])"
)
# northern and Berlin "nich" for "nicht", and "nix" for "nichts"
NORTHERN_NOT = re.compile(r"(?i)(?<![\w'’])(?P<w>nich|nix)(?![\w'’])")


def _ei(match: re.Match) -> str:
    return match["w"].replace("ee", "ei").replace("EE", "EI")


def _swabian_ei(match: re.Match) -> str:
    return match["w"].replace("oi", "ei").replace("Oi", "Ei").replace("OI", "EI")


def _not(match: re.Match) -> str:
    word = match["w"]
    standard = "nicht" if word.lower() == "nich" else "nichts"
    return standard.upper() if word.isupper() and len(word) > 1 else standard


@lru_cache(maxsize=4096)
def standard_reading(text: str) -> str:
    """``text`` with the regional forms of its language read as the standard words;
    standard German and English come back as they are. Only words change, never the
    punctuation between sentences, so the sentences of both stand side by side."""
    if language_of(text) != "de":
        return standard_speech(text, lang="en").text
    read = standard_speech(text, lang="de").text
    read = BERLIN_PARTICIPLE.sub(lambda m: f"{m['prefix']}ge{m['stem']}", read)
    read = SOUTHERN_PARTICIPLE.sub(
        lambda m: (
            f"ge{m['stem']}"
            if m["stem"]
            else f"{'an' if m['separable'] == 'a' else m['separable']}ge{m['rest']}"
        ),
        read,
    )
    read = BERLIN_DAY.sub(lambda m: f"{m['day'] or ''}tag", read)
    read = BERLIN_BEFORE_YESTERDAY.sub("vorgestern", read)
    read = BERLIN_WE.sub(lambda m: f"{m['gap']}wir", read)
    read = SHE.sub(lambda m: {"se": "sie", "Se": "Sie", "SE": "SIE"}[m["w"]], read)
    read = SWABIAN_EI.sub(_swabian_ei, read)
    read = NORTHERN_NOT.sub(_not, read)
    return BERLIN_EI.sub(_ei, read)
