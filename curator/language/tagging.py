"""Lemmas and proper-noun cues for single words, from HanTa (Hanover Tagger), offline.

HanTa ships its German and English models inside the package (LGPL-3.0-or-later); each is
loaded on first use (~1 s for German, ~0.5 s for English) and then kept.

Measured on the dev dialogues and name lists (`python -m curator.language.benchmark`):
out of context, 27 of 32 German names from the dialogues are tagged NE and none of 26
common nouns ("Katze", "Erzieherin", "Meerschweinchen"); in English 26 of 34 names are NP0
and none of 16 nouns. Names that are also words ("Flocke", "Krümel", "Pepper", "Tiger")
read as nouns: only the sentence ("meine Katze Flocke") can tell. German lemmas are good
("arbeite" → "arbeiten", "gezogen" → "ziehen", "Schwestern" → "Schwester") and lowercase
chat is capitalised where it is a noun ("filialleiter" → "Filialleiter").

Speed decides how it is used: an unseen German word costs ~0.5-1.5 ms (English ~0.2 ms), a
whole sentence through the contextual tagger ~3 ms without and ~8 ms with lemmas — too slow
for every sentence of every window at 20 windows/s. So this module answers per word and
remembers answers (chat vocabulary repeats); callers ask only about the few words they
need (a capitalised candidate name, a verb to map onto a predicate).
"""

from __future__ import annotations

import functools
import re

from HanTa import HanoverTagger

_MODELS = {"de": "morphmodel_ger.pgz", "en": "morphmodel_en.pgz"}
# STTS (German) and CLAWS5 (English) tags for proper nouns.
_PROPER_NOUN_TAGS = {"de": frozenset({"NE"}), "en": frozenset({"NP0"})}


@functools.cache
def _tagger(lang: str) -> HanoverTagger.HanoverTagger:
    return HanoverTagger.HanoverTagger(_MODELS[lang])


# HanTa's analysis grows faster than the word: ~15 ms at 40 letters, 0.6 s at 200, 40 s for a
# 2 000-letter search; no word of either language is longer, so a longer one is no word
MAX_WORD_CHARS = 40


@functools.lru_cache(maxsize=65536)
def _analysis(word: str, lang: str) -> tuple[str, str]:
    if len(word) > MAX_WORD_CHARS:
        return word, ""
    lemma, tag = _tagger(lang).analyze(word)
    return lemma, tag


def _lang(lang: str) -> str:
    return "de" if lang == "de" else "en"


def lemma(word: str, *, lang: str) -> str:
    """The word's dictionary form ("arbeite" → "arbeiten", "children" → "child")."""
    if not word.strip():
        return word
    return _analysis(word, _lang(lang))[0]


def part_of_speech(word: str, *, lang: str) -> str:
    """The word's most likely tag out of context: STTS for German, CLAWS5 for English."""
    if not word.strip():
        return ""
    return _analysis(word, _lang(lang))[1]


def is_proper_noun(word: str, *, lang: str) -> bool:
    """Whether the word reads as a name out of context ("Bochum", "Nala", "Chicago").

    Names that are also common words ("Flocke", "Pepper") are not: the sentence decides.
    """
    if not word.strip():
        return False
    return _analysis(word, _lang(lang))[1] in _PROPER_NOUN_TAGS[_lang(lang)]


# The English model learnt from text that writes a negative clitic apart ("do n't", "ca n't");
# a whole "don't" is a word it never saw, read as a noun, and the verb after it as one too
# ("i don't drink coffee" → "drink" NN1). Chat also drops the apostrophe of the unambiguous ones.
_NEGATIVE_CLITIC = re.compile(r"(?i)^([a-z]+?)(n['’]t)$")
_BARE_NEGATIVE = re.compile(
    r"(?i)^(do|does|did|is|are|was|were|have|has|had|could|would|should|must|need|ca)(nt)$"
)


def _clitics_apart(words: list[str], lang: str) -> tuple[list[str], list[int]]:
    """The words as the tagger learnt them, and for each of them the index of the caller's
    word it came from."""
    if lang != "en":
        return words, list(range(len(words)))
    apart: list[str] = []
    origin: list[int] = []
    for number, word in enumerate(words):
        found = _NEGATIVE_CLITIC.match(word) or _BARE_NEGATIVE.match(word)
        pieces = [found.group(1), "n't"] if found else [word]
        apart += pieces
        origin += [number] * len(pieces)
    return apart, origin


def _tagged(words: list[str], lang: str) -> list[tuple[str, str, str]]:
    """``(word, lemma, tag)`` per caller's word; a word the tagger saw as two (a negated
    auxiliary) keeps the first one's reading ("don't" → "do", VDB)."""
    apart, origin = _clitics_apart(words, lang)
    rows = _tagger(lang).tag_sent(apart)
    merged: list[tuple[str, str, str]] = []
    for number, (_word, found_lemma, tag) in zip(origin, rows, strict=True):
        if len(merged) <= number:
            merged.append((words[number], found_lemma, tag))
    return merged


def sentence_tags(words: list[str], *, lang: str) -> list[tuple[str, str]]:
    """``(word, tag)`` for each word of one sentence, tagged in context ("my shed" → NN1
    where "shed" alone reads as a verb); ~1 ms a sentence in English, so for the few
    sentences a caller really needs."""
    if not words:
        return []
    return [(word, tag) for word, _lemma, tag in _tagged(words, _lang(lang))]


def sentence_analysis(words: list[str], *, lang: str) -> list[tuple[str, str, str]]:
    """``(word, lemma, tag)`` for each word of one sentence, tagged in context."""
    if not words:
        return []
    return _tagged(words, _lang(lang))


# a reading the lexicon holds scores near -5 to -20; one guessed from the letters of a word
# it never saw (most first names: "wiebke", "priya", "rhodri") scores below -30
_GUESSED = -25.0


@functools.lru_cache(maxsize=65536)
def _best_score(word: str, lang: str) -> float:
    if len(word) > MAX_WORD_CHARS:
        return float("-inf")
    readings = _tagger(lang).tag_word(word)
    return float(readings[0][1]) if readings else float("-inf")


def known_word(word: str, *, lang: str) -> bool:
    """Whether the tagger's lexicon knows the word, rather than guessing its class from its
    letters ("müde", "tired", "Jörg" are known; "wiebke", "priya" are not)."""
    if not word.strip():
        return False
    return _best_score(word, _lang(lang)) > _GUESSED
