"""A correction that names the wrong word first and the meant one after it ("i said fiancé,
i meant husband", "ich hab portugiesisch geschrieben, ich meinte polnisch"): the value said
instead follows the wrong one, where "Y, nicht X" says it before."""

from __future__ import annotations

import re

# "ich hab gestern portugiesisch geschrieben": the German perfect puts the wrong word before
# its participle ("i said X" is read by ``WRONG_NAMED``)
WRITTEN = re.compile(
    r"(?i)\b(?:ich\s+)?(?:hab|habe|hatte)\s+(?:(?:gestern|vorhin|da|eben|oben|aus\s+versehen)\s+)*"
    r"([\wäöüß-]+)\s+(?:geschrieben|gesagt|getippt|hingeschrieben)\b"
)
# ", i meant husband", ", ich meinte polnisch", ", meinte ich polnisch", ", it's actually Y"
MEANT_AFTER = re.compile(
    r"(?i)\W{0,4}(?:(?:sorry|oops|sry)\W+)?(?:i\s+meant|ich\s+meinte|meinte\s+ich|"
    r"it\s+should\s+be|sollte\s+(?:ich\s+)?\w+\s+heißen|it'?s\s+actually|es\s+ist\s+eigentlich)"
    r"\s+(?:(?:the|a|an|my|den|die|das|der|mein|meine)\s+)?(?P<x>[\wäöüß-]+)"
)


def meant_after(text: str, wrong_end: int) -> str | None:
    """The value said as meant right after the wrong one ends at ``wrong_end``, if any."""
    found = MEANT_AFTER.match(text, wrong_end)
    return found.group("x") if found else None
