"""A course or qualification the speaker takes up from a time ahead: "ab oktober mach ich den
motorradführerschein", "mach ab januar ne umschulung zum fachinformatiker", "im herbst fang
ich ein fernstudium an", "next month i'm starting a pottery course", "i'm doing my CELTA
certificate from september". The present tense with a time ahead says an undertaking decided
on, a plan of the speaker's, named by the course and what it is in or for.

Only a noun whose head names a course or qualification is read (a Kurs, a Schein, an
Ausbildung, a degree, a licence): "ab montag mach ich diät" or "i'm doing the dishes
tomorrow" name none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from curator.extract.timeparse import TimeExpression

HEADS_DE = (
    r"kurs|schein|ausbildung|umschulung|weiterbildung|fortbildung|studium|lehrgang|meister"
    r"|praktikum|abitur|seminar"
)
HEADS_EN = (
    r"course|class|classes|degree|licen[cs]e|apprenticeship|diploma|certificate|masters?"
    r"|master's|bootcamp|training|qualification"
)
# what it is in or for: "zum Fachinformatiker", "in public health"
COMPLEMENT_DE = r"(?:\s+(?:zum|zur|in|als|für)\s+[\w-]+)?"
COMPLEMENT_EN = r"(?:\s+in\s+[\w-]+(?:\s+[\w-]+)?)?"
TAKEN_UP = {
    "de": re.compile(
        r"(?i)\b(?:(?:mach|mache|fang|fange|beginn|beginne|start|starte)(?:\s+ich)?"
        r"|ich\s+(?:mach|mache|fang|fange|beginn|beginne|start|starte))\s+"
        r"(?:(?:dann|endlich|jetzt|doch|wohl|auch)\s+)*"
        r"(?P<x>(?:(?:den|die|das|ne|nen|eine|einen|ein|meinen|meine|mein)\s+)?"
        rf"(?:[\w-]+\s+)?[\w-]*(?:{HEADS_DE}){COMPLEMENT_DE})\b"
    ),
    "en": re.compile(
        r"(?i)\b(?:i'm|im|i am|we're|we are)\s+(?:starting|doing|taking|beginning)\s+"
        r"(?P<x>(?:(?:a|an|my|the|our)\s+)?(?:[\w'’-]+\s+){0,2}?"
        rf"(?:{HEADS_EN}){COMPLEMENT_EN})\b"
    ),
}


def search(text: str, *, lang: str, times: Iterable[TimeExpression]) -> re.Match[str] | None:
    """The course taken up that ``text`` says, as group ``x``, when one of its times lies
    ahead or says from when."""
    said = TAKEN_UP["de" if lang == "de" else "en"].search(text)
    if said is None:
        return None
    ahead = any(t.future or t.relation == "from" for t in times)
    return said if ahead else None
