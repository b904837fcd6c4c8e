"""A medicine the speaker has stopped taking ("das Pantoprazol hab ich im Sommer abgesetzt",
"i stopped the omeprazole in november", "came off the sertraline in spring"): the clause names
what was taken, not what is taken now, so it states no medication. A stop still ahead ("soll
bis März ausgeschlichen werden", "I'm coming off it next month") leaves it taken until then."""

from __future__ import annotations

import re

# (the past only: a separable present "setze … ab" or a tapering plan says it is still taken)
STOPPED = re.compile(
    r"(?i)\b(?:abgesetzt|weggelassen|aufgehört|"
    r"stopped|quit|(?:came|come)\s+off|weaned\s+(?:myself\s+)?off|"
    r"no\s+longer|not\s+(?:on|taking)\b[^.!?]{0,40}\bany\s*more|"
    r"nich(?:t)?\s+mehr|kein\w*\s+(?:[\wäöüß-]+\s+){0,3}mehr)\b"
)


def stopped(clause: str) -> bool:
    """Whether the clause says a medicine it names was stopped."""
    return bool(STOPPED.search(clause))
