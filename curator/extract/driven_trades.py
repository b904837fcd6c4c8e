"""A job said by what one drives: "i drive the night bus for the ttc", "Steve drives a taxi,
nights mostly", "i drive the mobile library for Mayo County Council", "i've been driving buses
for dublin bus 6 years", "ich fahr Bus bei der Rheinbahn".

A careful person writes the trade down ("night bus driver", "taxi driver", "Busfahrer").
Buses, taxis, trams and ambulances are driven for a living by those who say they drive them;
a van, a truck or a tractor only when the sentence says for whom ("i drive a van for DPD"),
since people also drive their own. German "Bus fahren" is also riding one: only with the
employer it is driven for ("bei der Rheinbahn", "für Flixbus") is it a trade.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.language import rx

# vehicles one drives only as a job, and those a person may also own
WORK_VEHICLES = (
    r"night\s+bus|school\s+bus|buses|busses|bus|taxis|taxi|cabs|cab|trams|tram|streetcars|"
    r"streetcar|trains|train|ambulances|ambulance|forklifts|forklift|coaches|coach|"
    r"mobile\s+library|bin\s+lorry|garbage\s+truck|tow\s+truck|lorries|lorry|fire\s+engine"
)
OWN_VEHICLES = r"(?:delivery\s+)?vans?|trucks?|tractors?|minibus"
# the plurals a trade is named in the singular by
SINGULAR = {"buses": "bus", "busses": "bus", "lorries": "lorry", "coaches": "coach"}
GERMAN_DRIVES = re.compile(
    r"(?i)\b(?:fahr|fahre|fährt)\s+(?:(?:den|die|nen|einen|ne|eine)\s+)?"
    r"(?P<vehicle>bus|taxi|straßenbahn|tram|lkw|laster|krankenwagen|rettungswagen|gabelstapler)"
    r"\s+(?:bei|für)\s+\S"
)
GERMAN_TRADES = {"lkw": "LKW-Fahrer", "laster": "LKW-Fahrer", "tram": "Straßenbahnfahrer"}
DRIVES = re.compile(
    r"(?i)\b(?:drive|drives|driving)\s+(?:(?:the|a|an)\s+)?"
    rf"(?:(?P<work>{WORK_VEHICLES})|(?P<own>{OWN_VEHICLES})(?=\s+for\s+(?!a\s+living)\S))\b"
    r"(?!\s+(?:to|into|home|back|round|around|over|up|down|past)\b)"
)


@dataclass(frozen=True)
class DrivenTrade:
    start: int  # where the verb stands: whose clause it is
    job: str


def _singular(vehicle: str) -> str:
    if vehicle in SINGULAR:
        return SINGULAR[vehicle]
    return vehicle[:-1] if vehicle.endswith("s") and not vehicle.endswith("bus") else vehicle


def driven_trades(text: str, *, lang: str) -> list[DrivenTrade]:
    """The trades the sentence ``text`` names by a vehicle driven."""
    if lang == "de":
        return [
            DrivenTrade(
                start=m.start(),
                job=GERMAN_TRADES.get(
                    m.group("vehicle").lower(), f"{m.group('vehicle').capitalize()}fahrer"
                ),
            )
            for m in GERMAN_DRIVES.finditer(text)
        ]
    found = []
    for m in DRIVES.finditer(text):
        vehicle = rx.sub(r"\s+", " ", (m.group("work") or m.group("own")).lower())
        found.append(DrivenTrade(start=m.start(), job=f"{_singular(vehicle)} driver"))
    return found
