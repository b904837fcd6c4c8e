"""A health item the speaker names only to deny it, as forms and their answers do: a
negator right before it ("no seizures ever", "never had hepatitis", "keine Anfälle"), an
answer after it ("egg allergy? nope, eggs are fine", "Nussallergie? nö, Nüsse sind kein
Problem"), a belief the same sentence refutes ("i always thought i was allergic to penicillin
but they tested me and i'm not") or the item handed to someone else ("metformin — wait no
that's my dad's", "Ramipril, ne moment, das ist das von meinem Vater"). None of them is the
speaker's condition, allergy or medicine."""

from __future__ import annotations

import re

HEALTH = frozenset({"health_condition", "allergic_to", "takes_medication"})

# the item is the noun the negator governs (one adjective may stand between)
NEGATED_BEFORE = re.compile(
    r"(?i)\b(?:no|never\s+had|never\s+have\s+had|kein\w*|nie\s+\w+)\s+(?:[\w-]+\s+)?$"
)
# an answer saying no to the item just named, in the same sentence
ANSWERED_NO = re.compile(r"(?i)^[^.!]{0,50}?[?\s–—-]\s*(?:nope|nah|nö|nee|not really)\b")
# the item said to be no trouble ("eggs are fine", "Nüsse sind kein Problem")
NO_TROUBLE = r"(?:(?:totally|completely|all|auch|völlig|total)\s+)?(?:fine|ok|okay|no\s+problem|kein\s+problem)\b"
# a belief refuted by what follows it: "thought …", then "but … i'm not"
BELIEVED = re.compile(r"(?i)\b(?:thought|dachte|dachten|believed)\b")
REFUTED = re.compile(
    r"(?i)\b(?:but|aber)\b[^.!]*?(?:\b(?:i'?m|i\s+am|am)\s+not\b(?!\s+\w+\s+(?:to|on))"
    r"|\bbin\s+(?:ich\s+)?(?:es\s+)?(?:gar\s+|doch\s+)?nicht\b|\bdoch\s+nicht\b)"
)
# "that's my dad's", "those are my wife's", "das ist das von meinem Vater", "gehört meiner Mutter"
SOMEONE_ELSES = re.compile(
    r"(?i)^[^.!?]{0,40}?(?:\b(?:that'?s|thats|those\s+are|it'?s|that\s+is)\s+(?:my|his|her|our)"
    r"\s+[\w-]+'s\b(?!\s+\w)"
    r"|\b(?:das|die|der)\s+(?:(?:ist|sind)\s+(?:das\s+|die\s+)?von|nimmt|gehört)\s+"
    r"(?:mein|meine|meinem|meiner|sein|seine|seinem|seiner|ihr|ihre|ihrem|ihrer)\s+[\w-]+)"
)


def _stem(word: str) -> str:
    """The start every form of ``word`` shares ("egg" of "eggs", "Nüss" of "Nüsse")."""
    return re.escape(word[: max(3, min(5, len(word) - 2))])


def _word_span(text: str, position: int) -> tuple[int, int]:
    word = re.compile(r"[\w-]*").match(text, position)
    return position, word.end() if word else position


def _value_span(text: str, position: int, value: str) -> tuple[int, int]:
    """Where the value is said at or after ``position``, by its stem ("eggs" finds "egg
    allergy"); the word at ``position`` when it is not said there."""
    stem = _stem(value.split()[0]) if value.strip() else ""
    found = re.compile(rf"(?i)\b{stem}[\w-]*").search(text, position) if stem else None
    return found.span() if found else _word_span(text, position)


def denied(*, text: str, position: int, value: str) -> bool:
    """Whether the health item ``value`` read at ``position`` of the sentence ``text`` is
    named only to be denied or handed to someone else: the word read there ("Nussallergie")
    or the value said from there on ("no seizures ever" of a clause read whole)."""
    spans = {_value_span(text, position, value), _word_span(text, position)}
    return any(_denied_at(text, start, end, value) for start, end in spans)


def _denied_at(text: str, start: int, end: int, value: str) -> bool:
    if NEGATED_BEFORE.search(text[:start]):
        return True
    after = text[end:]
    if ANSWERED_NO.match(after):
        return True
    stem = _stem(value)
    fine = rf"(?i)\b(?:{stem}[\w-]*|it|they|those|das|die)\s+(?:are|is|sind|ist)\s+{NO_TROUBLE}"
    if re.search(fine, after):
        return True
    if BELIEVED.search(text[:start]) and REFUTED.search(after):
        return True
    return bool(SOMEONE_ELSES.match(after))
