"""A request to forget carried on into the next sentence without its verb: "vergiss das mit
dem Umzug. und das mit dem Chor auch", "forget the covid stuff. and the bit about my days
off, that changes anyway", "un dass ich angeln geh och". Said after a request of the same
turn, the "and … too" borrows that request's verb: its topic is to be forgotten as well. Without
a request before it, the same words only add to what was said ("und das mit dem Chor auch,
der probt jetzt dienstags")."""

from __future__ import annotations

import re

# "auch"/"too" (Saxon and Thuringian "och") marks the topic as one more of the same request;
# "the bit about …" names a topic by itself
CONTINUED = re.compile(
    r"(?i)^\W*(?:und|and|also|plus|oh\s+and|ach\s+und|un)\s+(?:"
    r"(?:das|die\s+sache|die\s+geschichte)\s+mit\s+(?P<x>[^,.!?]+?)\s+(?:auch|och|ebenfalls)\b"
    r"|dass\s+(?P<y>[^,.!?]+?)\s+(?:auch|och|ebenfalls)\b"
    # "und den Personalausweis kannst du auch streichen": the topic fronted, the verb after
    r"|(?:den|die|das|dem|meinen|meine|mein)\s+(?P<v>[^,.!?]+?)\s+(?:kannst|könntest|darfst)\s+du\s+"
    r"(?:(?:ruhig|bitte|gleich)\s+)*(?:auch|och|ebenfalls)\s+(?:(?:ruhig|bitte|gleich)\s+)*"
    r"(?:streichen|vergessen|löschen|rausnehmen|weglassen)\b"
    r"|the\s+(?:bit|part|stuff|thing)\s+about\s+(?P<z>[^,.!?]+)"
    r"|(?:that|what\s+i\s+said)\s+about\s+(?P<w>[^,.!?]+?)\s+(?:too|as\s+well)\b"
    r")"
)


def continued_topic(sentence: str) -> str | None:
    """The topic a sentence adds to the request to forget before it, if it adds one."""
    found = CONTINUED.match(sentence)
    if found is None:
        return None
    return next(found.group(k) for k in ("x", "y", "v", "z", "w") if found.group(k))
