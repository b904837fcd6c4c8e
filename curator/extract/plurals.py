"""The plural forms of the kin and pet nouns, so a list of names after one is read whole.

"meine Jungs Ben und Paul", "zwei Kanarienvögel, Pit und Paule", "mit zwei Mitbewohnern,
Lotte und Emre", "2 house rabbits, Caradog and Pwdin": a plural noun names everyone listed
after it. The forms are made by the regular endings of both languages and kept only where
the tagger reads the form back to its singular, so "Laden" (a shop, not "lads") and other
words an ending happens to make stay out.
"""

from __future__ import annotations

import re

from curator.extract import lexicon as lx
from curator.language import rx
from curator.language.tagging import lemma, part_of_speech

UMLAUT = {"a": "ä", "o": "ö", "u": "ü", "au": "äu"}
# the stem vowel an umlaut plural changes: the last one before an unstressed "-e", "-el",
# "-en", "-er" ending or none ("Vogel" → "Vögel", "Tochter" → "Töchter", "Sohn" → "Söhne")
STEM_VOWEL = re.compile(r"(au|a|o|u)(?=[^aeiouäöü]*(?:e[lnr]?)?$)")


def _umlauted(word: str) -> str | None:
    m = STEM_VOWEL.search(word)
    return word[: m.start()] + UMLAUT[m.group(1)] + word[m.end() :] if m else None


def _german(word: str) -> set[str]:
    """The regular German plurals of ``word``, with their dative in "-n"."""
    if " " in word:
        return set()
    if word.endswith("in"):
        forms = {word + "nen"}  # "Nachbarin" → "Nachbarinnen"
    elif word.endswith("e"):
        forms = {word + "n"}  # "Tante" → "Tanten"
    elif word.endswith("el"):
        forms = {word, word + "s"}  # "Onkel", "Kumpels"
    elif word.endswith(("er", "en")):
        forms = {word}  # ("Vaters" is one father's)
    elif word.endswith(("a", "i", "o", "y")):
        forms = {word + "s"}  # "Omas", "Ponys"
    else:
        forms = {word + "e", word + "en"}  # "Hunde", "Pferde"
    umlauted = _umlauted(word)
    if umlauted:
        if word.endswith(("el", "er")):
            forms.add(umlauted)  # "Vögel", "Töchter", "Brüder"
        else:
            forms |= {umlauted + "e", umlauted + "er"}  # "Söhne", "Männer"
    forms |= {f + "n" for f in forms if f.endswith(("e", "el", "er"))}
    return forms - {word}


def _english(word: str) -> set[str]:
    if not word.isascii():
        return set()
    if rx.search(r"[^aeiou]y$", word):
        return {word[:-1] + "ies"}
    if word.endswith(("s", "x", "ch", "sh")):
        return {word + "es"}
    return {word + "s"}


def _reads_back(form: str, word: str, *, lang: str) -> bool:
    """Whether the tagger takes ``form`` for a plural of ``word`` (German nouns capitalised)."""
    if lang == "de":
        return (
            lemma(form.capitalize(), lang="de").lower() == word
            and part_of_speech(form.capitalize(), lang="de") == "NN"
        )
    return lemma(form, lang="en").lower() == word and part_of_speech(form, lang="en") == "NN2"


def _compound_reads_back(form: str, word: str, nouns, *, lang: str) -> bool:
    """A compound the tagger does not know, by its listed head ("Kanarienvogel" → "Vogel")."""
    for cut in range(3, len(word) - 3):
        head = word[cut:]
        if head in nouns and form.startswith(word[:cut]):
            return _reads_back(form[cut:], head, lang=lang)
    return False


def plurals(nouns) -> dict[str, str]:
    """plural form → singular, for every noun of ``nouns`` whose regular plural the tagger
    confirms; forms that are themselves listed nouns are left to their own entry."""
    found: dict[str, str] = {}
    for word in nouns:
        for lang, forms in (("de", _german(word)), ("en", _english(word))):
            for form in forms:
                if form in nouns or form in found:
                    continue
                if _reads_back(form, word, lang=lang) or _compound_reads_back(
                    form, word, nouns, lang=lang
                ):
                    found[form] = word
    return found


KIN = {form: lx.KIN[word] for form, word in plurals(lx.KIN).items()}
PETS = {form: lx.PETS[word] for form, word in plurals(lx.PETS).items()}
