"""The company a habit is kept in ("w my brother Marco", "with the team from work", "mit
meiner Nachbarin Ute"): told apart from what is done when it makes the routine's value long.

Short values keep it, as there it often is the habit itself ("sonntags telefonier ich mit
meiner Mutter"); a vehicle or a tool after "mit"/"with" ("mit dem Rad") is no company."""

from __future__ import annotations

from curator.extract import lexicon as lx
from curator.extract import plurals

# the words that name people one keeps company with, beside the kin nouns
GROUPS = frozenset({
    "team", "lads", "girls", "boys", "jungs", "mädels", "mates", "friends", "freunden",
    "family", "familie", "kids", "kinder", "kindern", "crew", "gang", "club", "verein",
})  # fmt: skip
WITH = frozenset({"with", "w", "w/", "mit"})
DETERMINERS = frozenset({
    "my", "our", "the", "his", "her", "meiner", "meinem", "meinen", "unserer", "unserem",
    "unseren", "den", "dem", "der",
})  # fmt: skip
ABOUT_THEM = frozenset({"from", "von", "aus", "at", "bei"})
# a value this long or longer carries more than what is done and when
LONG = 6


def _people(word: str) -> bool:
    lower = word.lower()
    return lower in lx.KIN or lower in plurals.KIN or lower in GROUPS


def _company_end(words: list[str], start: int) -> int | None:
    """Where the company opened by "with"/"mit" at ``start`` ends, or None when what follows
    names no people ("mit dem Rad")."""
    n = start + 1
    if n < len(words) and words[n].lower() in DETERMINERS:
        n += 1
    if n >= len(words) or not _people(words[n]):
        return None
    n += 1
    # "the team from work", "brother Marco"
    if n + 1 < len(words) and words[n].lower() in ABOUT_THEM:
        n += 2
    if n < len(words) and words[n][:1].isupper():
        n += 1
    return n


def without_company(words: list[str]) -> list[str]:
    """The routine's words without the company it is kept in, when they are long and what is
    left still names a doing and its time (three words or more)."""
    if len(words) < LONG:
        return words
    for start in range(2, len(words)):
        if words[start].lower() not in WITH:
            continue
        end = _company_end(words, start)
        if end is not None and len(words) - (end - start) >= 3:
            return [*words[:start], *words[end:]]
    return words
