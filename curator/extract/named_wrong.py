"""What a correction names as wrong: "fish, not chicken", "nicht gegen Hähnchen, sondern gegen
Fisch", "chicken — no wait, fish", "Bremen statt Hamburg".

A slot that holds several values (allergies, medicines, languages) cannot be corrected by
replacing "the" value: the sentence must say which believed value it takes back. These are
the words it does that with, in both languages; which believed value they name is the
proposer's decision (:mod:`curator.extract.propose`).
"""

from __future__ import annotations

import re

from curator.language import rx
from worldmemory.bilingual import same_value
from worldmemory.refs import normalize_alias

# chat and dialect say "nich", Bavarian "ned", Swabian "net", Swiss "nöd"
NEGATOR = r"(?:not|nicht|nich|ned|net|nit|nöd|kein|keine|keinen|keinem|keiner)"
WORD = r"[\wäöüÄÖÜß'’-]+"
PHRASE_END = r"[^,.;:!?()–—]{1,40}"
# what a negation hedges, adds or grades names no value taken back: "fish, not sure about
# chicken", "fish, not only chicken", "nicht nur gegen Hähnchen", "not much Italian"
NOT_TAKEN_BACK = (
    r"(?!(?:sure|certain|only|just|merely|much|many|really|quite|so|too|very|that|even|yet|"
    r"always|all|every(?:thing|one|body)?|enough|anymore|more|nur|bloß|allein|sicher|ganz|"
    r"mehr|immer|unbedingt|mal|genug|so\s+sehr|wirklich|sehr|alle[smnr]?)\b)"
)
NAMED_WRONG = (
    # "fish, not chicken", "Fisch, nicht gegen Hähnchen", "7 – nicht 6": the value said
    # first holds, the one after the negation is taken back
    re.compile(
        rf"(?i)(?:[,;–—]|\s-)\s*(?:(?:and|und|but|aber|also|auch)\s+)?{NEGATOR}\s+"
        rf"{NOT_TAKEN_BACK}(?P<x>{PHRASE_END})"
    ),
    # "nicht gegen Hähnchen allergisch, sondern gegen Fisch", "not to chicken but to fish"
    re.compile(
        rf"(?i)\b{NEGATOR}\s+{NOT_TAKEN_BACK}(?P<x>[^,.;:!?]{{1,60}}?)\s*,?\s+(?:sondern|but)\b"
    ),
    # "chicken — no wait, fish", "Hähnchen, nee warte, Fisch": taken back in the same breath
    re.compile(
        rf"(?P<x>{WORD}(?:\s+{WORD}){{0,2}})\s*[–—-]?\s*,?\s*"
        r"(?i:ne|nee|nein|no)\s+(?i:moment|wait|warte)\b"
    ),
    # "Fisch statt Hähnchen", "fish instead of chicken"
    re.compile(
        rf"(?i)\b(?:statt|anstatt|anstelle\s+von|instead\s+of|rather\s+than)\s+(?P<x>{PHRASE_END})"
    ),
)  # fmt: skip


def named_as_wrong(text: str) -> list[str]:
    """The phrases a sentence takes back ("chicken" of "fish, not chicken")."""
    return [m.group("x").strip() for pattern in NAMED_WRONG for m in pattern.finditer(text)]


def names_value(phrase: str, value: str) -> bool:
    """Whether a phrase taken back names the value: its words all stand in the phrase ("gegen
    Hähnchen allergisch" names "Hähnchen"), or one word is the value said in the other
    language ("not chicken" names a believed "Hähnchen")."""
    words = normalize_alias(rx.sub(r"[^\w\s'’-]", " ", phrase)).split()
    wanted = normalize_alias(rx.sub(r"[^\w\s'’-]", " ", value)).split()
    if not words or not wanted:
        return False
    if all(w in words for w in wanted):
        return True
    return any(same_value(word, value) for word in phrase.split())


def names_part_replaced(phrase: str, value: str, *, instead: str) -> bool:
    """Whether a phrase taken back names a part of a value that the new value says again
    with that part replaced: "dienstags schwimmen, nicht montags" takes back a believed
    "montags schwimmen", "on tuesdays not mondays" a believed "swimming on mondays"."""
    words = set(_words(phrase))
    wanted, said = _words(value), set(_words(instead))
    named = [w for w in wanted if w in words]
    rest = [w for w in wanted if w not in words]
    return bool(named) and bool(rest) and not words & said and all(w in said for w in rest)


def _words(text: str) -> list[str]:
    return normalize_alias(rx.sub(r"[^\w\s'’-]", " ", text)).split()


def one_word_replaced(value: str, instead: str) -> bool:
    """Whether ``instead`` says ``value`` again with exactly one word replaced ("jeden
    Dienstag schwimmen" for "jeden Montag schwimmen"); of two or more words."""
    old, new = _words(value), _words(instead)
    if len(old) != len(new) or len(old) < 2:
        return False
    return sum(a != b for a, b in zip(old, new, strict=True)) == 1
