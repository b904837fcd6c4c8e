"""Allergens listed after the first: "allergic to penicillin and latex", "allergisch gegen
Nüsse, Sellerie und Senf", "allergic to birch and also hazelnuts". Each item is an allergy of
its own. A list ends where a clause goes on ("… and my husband hates fish", "…, cats are
fine"): an item is one or two words that end the clause, the sentence or the list.
"""

from __future__ import annotations

import re

from curator.extract import lexicon as lx

SEPARATOR = re.compile(
    r"(?i)\s*,\s*(?:(?:and|und|&)\s+)?(?:(?:also|auch)\s+)?"
    r"|\s+(?:and|und|&|sowie|as well as)\s+(?:(?:also|auch)\s+)?"
)
ARTICLE = re.compile(r"(?i)(?:the|a|an|die|der|das|den|dem|ein|eine|einen|ne|nen)\s+")
WORD = r"[A-Za-zÄÖÜäöüß][\w’'-]*"
# what may follow the last word of an item: the end, a mark, the next item, or a new clause
ITEM_END = re.compile(
    r"\s*(?:$|[,.;:!?()…]|\s(?:and|und|&|sowie|so|also|but|aber|too|auch|tho|though|lol|haha|"
    r"btw|tbh|either|as well)\b)"
)
# words that open or carry a clause, never an allergen: "… and my husband hates fish"
_NOT_AN_ITEM = """i ich me my mein meine meinem meinen meiner he she er sie it es we wir they you du ihr
    his her their our unser unsere is ist are sind am bin was war have has had hab habe hat
    hatte get got kriege krieg do does don't dont not nicht kein keine no nothing anything
    alles nichts everything found so also deshalb deswegen weil because when wenn if falls
    that dass which die der das and und or oder"""
NOT_AN_ITEM = frozenset(_NOT_AN_ITEM.split())


def _item_at(text: str, start: int) -> tuple[int, int] | None:
    """The span of the list item beginning at ``start`` (after its article), if one does."""
    article = ARTICLE.match(text, start)
    begin = article.end() if article else start
    for words in (2, 1):
        found = re.compile(rf"{WORD}(?:\s+{WORD}){{{words - 1}}}").match(text, begin)
        if found is None:
            continue
        tokens = found.group(0).lower().split()
        if any(t in NOT_AN_ITEM or t in lx.KIN for t in tokens):
            continue
        if ITEM_END.match(text, found.end()):
            return begin, found.end()
    return None


def further_allergens(text: str, start: int) -> list[tuple[int, str]]:
    """``(position, allergen)`` for each item listed after the first allergen, which begins
    at ``start`` of ``text``."""
    first = _item_at(text, start)
    if first is None:
        return []
    found: list[tuple[int, str]] = []
    end = first[1]
    while separator := SEPARATOR.match(text, end):
        item = _item_at(text, separator.end())
        if item is None:
            break
        found.append((item[0], text[item[0] : item[1]]))
        end = item[1]
    return found
