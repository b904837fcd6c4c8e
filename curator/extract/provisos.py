"""A proviso on what the speaker's body, the weather or work allows ("saturdays it's parkrun
if me knees let me", "sonntags schwimmen, wenn das Knie mitmacht", "weather permitting"):
said of a habit, it does not make the habit a supposition; the habit stands, and the
proviso is no part of what is done."""

from __future__ import annotations

import re

# (not after "depends": "depends if work lets me off" leaves the step open)
PROVISO = re.compile(
    r"(?i)(?<!depends\s)(?<!depending\s)\b(?:if|wenn|falls)\s+(?:(?:me|my|the|das|die|der|mei|"
    r"mein\w*)\s+)?[\w'’]+\s+(?:lets?\s+me|allows?|permits?|plays?\s+along|holds?\s+up|"
    r"mitmacht|mitmachen|mitspielt|es\s+zulässt)\b(?:\s+(?:to|it|off))?"
    r"|\b(?:weather|wetter)\s+permitting\b"
)


def without_proviso(text: str) -> str:
    """``text`` with its provisos on what allows the doing left out."""
    return PROVISO.sub(" ", text)
