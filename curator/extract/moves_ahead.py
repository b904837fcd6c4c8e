"""A move still ahead is a plan, not a home.

"wir ziehen im Mai nach Kassel", "me and my flatmate Kirsty are moving to a bigger place in
Leith", "Aoife's moving out to Galway in june": the home said is where the speaker (or
someone else) will live, so the current home stays believed. The speaker's move is kept as a
plan ("Umzug nach Kassel", "moving to Leith"); another's move is not the speaker's plan and is
not kept. Once the move is done the window says so ("seit dem 1. Juli wohnen wir in Köln").
"""

from __future__ import annotations

import re
from datetime import date

# a move said in the present or the progressive: what it says lies ahead
COMING_MOVE = re.compile(
    r"(?i)(?:\b(?:am|are|is|i['’]m|im|we['’]re|['’]s|['’]re)\s+(?:\w+\s+){0,2}?moving\b|"
    r"\b(?:ziehe|zieh|ziehen|ziehn|zieht)\b)"
)
# a move said as done, or a home held since it ("seit dem Umzug", "since moving here")
DONE_MOVE = re.compile(r"(?i)\b(?:moved|gezogen|umgezogen|since|seit|seitdem)\b")
# a verb of living between the move and the place makes the place that verb's ("ich ziehe
# um und wohne dann in Kassel" is read as a move anyway by its date)
LIVING = re.compile(r"(?i)\b(?:wohn\w*|leb(?:e|en|t)|live|lives|living)\b")


def move_ahead(before: str, *, when: date | None, said_on: date) -> bool:
    """Whether the home whose place ``before`` (its clause up to the place) names is where a
    move still ahead leads: a move in the present or progressive comes before the place in
    its clause, and it is dated after ``said_on`` or not said as done. (A home dated ahead
    without a move is someone's already: "Kofi's flying home from Melbourne at christmas".)"""
    moves = list(COMING_MOVE.finditer(before))
    if not moves or LIVING.search(before, moves[-1].end()):
        return False
    return (when is not None and when > said_on) or not DONE_MOVE.search(before)


# the speaker as the one who moves: "ich zieh", "wir ziehen", "I'm moving", "we're moving"
SPEAKER = re.compile(r"(?i)\b(?:i|i['’]m|im|am|we|we['’]re|ich|wir|mir|ziehe|zieh)\b")


def speaker_moves(before: str) -> bool:
    """Whether the last move before the place in ``before`` is the speaker's own."""
    moves = list(COMING_MOVE.finditer(before))
    if not moves:
        return False
    return bool(SPEAKER.search(before, max(moves[-1].start() - 20, 0), moves[-1].end()))


def plan_of_move(place: str, *, lang: str) -> str:
    """The plan a move to ``place`` is, in the words the speaker's language writes it."""
    return f"Umzug nach {place}" if lang == "de" else f"moving to {place}"
