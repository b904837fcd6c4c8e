"""A job said by what one drives: "i drive the night bus for the ttc", "Steve drives a taxi,
nights mostly", "i drive the mobile library for Mayo County Council".

A careful person writes the trade down ("night bus driver", "taxi driver"). Buses, taxis,
trams and ambulances are driven for a living by those who say they drive them; a van, a
truck or a tractor only when the sentence says for whom ("i drive a van for DPD"), since
people also drive their own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.language import rx

# vehicles one drives only as a job, and those a person may also own
WORK_VEHICLES = (
    r"night\s+bus|school\s+bus|bus|taxi|cab|tram|streetcar|train|ambulance|forklift|coach|"
    r"mobile\s+library|bin\s+lorry|garbage\s+truck|tow\s+truck|lorry|fire\s+engine"
)
OWN_VEHICLES = r"(?:delivery\s+)?van|truck|tractor|minibus"
DRIVES = re.compile(
    r"(?i)\b(?:drive|drives|driving)\s+(?:(?:the|a|an)\s+)?"
    rf"(?:(?P<work>{WORK_VEHICLES})|(?P<own>{OWN_VEHICLES})(?=\s+for\s+(?!a\s+living)\S))\b"
    r"(?!\s+(?:to|into|home|back|round|around|over|up|down|past)\b)"
)


@dataclass(frozen=True)
class DrivenTrade:
    start: int  # where the verb stands: whose clause it is
    job: str


def driven_trades(text: str) -> list[DrivenTrade]:
    """The trades the English sentence ``text`` names by a vehicle driven."""
    found = []
    for m in DRIVES.finditer(text):
        vehicle = rx.sub(r"\s+", " ", (m.group("work") or m.group("own")).lower())
        found.append(DrivenTrade(start=m.start(), job=f"{vehicle} driver"))
    return found
