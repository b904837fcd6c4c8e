"""Declining, turning down, cancelling, withdrawing from, not taking: "Ich habe den Job bei
Zeiss abgelehnt", "den Job bei BMW doch nicht genommen", "turned down the flat in Leeds",
"pulled out of the choir".

Such a clause names what was offered, not what is held: a job declined is no employer, a
flat turned down no home, a club withdrawn from no membership. It may end a plan ("die Reise
nach Lissabon haben wir abgesagt"). German puts the verb at the clause's end, after what it
declines, so the whole clause counts, not only what follows the verb."""

from __future__ import annotations

import re

DECLINED = re.compile(
    r"(?i)\b(?:"
    # German participles and infinitives
    r"abgelehnt|ablehnen|abgesagt|absagen|ausgeschlagen|ausschlagen|storniert|stornieren|"
    r"gecancelt|gecancelled|zurückgezogen|zurückziehen|zurückgetreten|"
    r"(?:doch\s+)?nicht\s+(?:an)?genommen|(?:doch\s+)?nicht\s+(?:an)?nehmen|"
    r"(?:doch\s+)?nicht\s+angetreten|(?:doch\s+)?nicht\s+beigetreten|"
    r"(?:doch\s+)?nicht\s+unterschrieben|"
    # a separable verb in the present: "ich lehne den Job ab", "wir sagen die Reise ab"
    r"(?:lehne|lehnen|lehnt|lehn|sage|sagen|sagt|sag|schlage|schlagen|schlag)\b[^.!?]*\bab(?=\s*$|\s*[.!?]))|"
    # English
    r"\b(?:turn(?:ed|ing|s)?\s+(?:down|(?:\w+\s+){1,3}down)|declin(?:e|ed|es|ing)|"
    r"(?:said|say|saying|says)\s+no\s+to|(?:pulled|pull|pulling|backed|back|backing)\s+out\s+of|"
    r"withdr(?:ew|awn|aw|awing)|cancel(?:l?ed|l?ing|s)?|call(?:ed|ing)?\s+off|rejected|"
    r"(?:didn't|did\s+not|won't|will\s+not)\s+(?:take|accept))\b"
)

# What a declining clause does not state about whoever declines.
NOT_HELD = frozenset(
    {
        "works_at", "works_as", "studies_at", "studies", "lives_in", "member_of", "hobby",
        "owns", "plans", "routine",
    }
)  # fmt: skip
# What a declining clause ends when it names a believed one.
ENDS = frozenset({"plans"})


def declines(clause: str) -> bool:
    """Whether the clause declines, cancels, withdraws from or does not take something."""
    return bool(DECLINED.search(clause))
