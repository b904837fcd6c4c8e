"""Where a visitor comes from: "my cousin Ben is flying in from Toronto", "my sister's flying
home from Perth for it", "my mother is coming from Pune on the 2nd", "will come from Dubai".

Someone travelling to the speaker from a town lives there. The simple present says an origin
instead ("she comes from Cork", handled as ``comes_from``), and a trip says the town was only
visited ("flying back from her holiday in Crete").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.extract.introduction import NAME
from curator.language import rx

# the journey in the progressive, the past or with "will": a visit on its way, not an origin
# ("came over from Jamaica in the 60s" is one)
ARRIVING_FROM = re.compile(
    r"(?i:\b(?:flying|flyin['’]?|flies|flew|fly|coming|comin['’]?|come|driving|drove|"
    r"travelling|traveling)\s+(?:(?:in|over|home|back|up|down|out|all\s+the\s+way)\s+)*"
    rf"from)\s+(?P<place>{NAME}(?:\s+{NAME})?)"
)
# "will come", "is coming", "'s flying": the verbs before "come" that make it a journey
JOURNEY_BEFORE_COME = re.compile(r"(?i)\b(?:will|'ll|’ll|to|gonna)\s+$")
# a trip's words: the town was visited, not lived in
TRIP = re.compile(
    r"(?i)\b(?:holiday|holidays|vacation|trip|conference|business|work\s+trip|festival|"
    r"hospital|honeymoon|visit\w*|gig|tour|weekend\s+away)\b"
)


@dataclass(frozen=True)
class Arrival:
    start: int  # where the journey is said, for its subject
    place: str
    place_start: int


def arrivals(text: str) -> list[Arrival]:
    """The journeys toward the speaker said in ``text`` and the towns they start from."""
    found = []
    for m in ARRIVING_FROM.finditer(text):
        verb = m.group(0).split()[0].lower()
        if verb == "come" and not JOURNEY_BEFORE_COME.search(text[: m.start()]):
            continue  # "they come from Leeds": an origin
        clause_end = rx.search(r"[.;!?]|$", text[m.end() :])
        if TRIP.search(text[m.start() : m.end() + (clause_end.start() if clause_end else 0)]):
            continue
        found.append(Arrival(start=m.start(), place=m.group("place"), place_start=m.start("place")))
    return found
