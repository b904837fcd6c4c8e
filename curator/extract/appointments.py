"""Appointments said with their day: "dentist 3/12 at 9:15", "vet appointment on wed the
14th", "my dog Ziggy has his shots on the 20th", "Zahnarzt am Dienstag um 10". Each is a
task of the speaker's, open, due that day.

The words and the naming live here; the reader decides whose clause it is and which day."""

from __future__ import annotations

import re
from dataclasses import dataclass

NAME = r"[A-ZÄÖÜ](?:[^\W\d_]|['’-](?=[^\W\d_]))+"

# a person or practice one is booked at: as an occupation ("she's a dentist") it is no
# appointment, so these need more than an indefinite article before them
PRACTICES = (
    "dentist", "doctor", "doctor's", "doctors", "gp", "vet", "vets", "vet's", "hairdresser",
    "optician", "physio", "zahnarzt", "tierarzt", "arzt", "hausarzt", "hautarzt", "augenarzt",
    "frauenarzt", "kinderarzt", "friseur", "frisör", "physio", "orthopäde", "zahnärztin",
    "tierärztin", "ärztin", "hausärztin",
)  # fmt: skip
# what is had or done there
VISITS = (
    "appointment", "appt", "checkup", "check-up", "dental", "shots", "jabs", "vaccinations",
    "booster", "haircut", "mot", "scan", "ultrasound", "smear test", "eye test", "termin",
    "arzttermin", "zahnarzttermin", "tierarzttermin", "friseurtermin", "impftermin", "impfung",
    "tüv", "vorsorge", "vorsorgeuntersuchung", "zahnreinigung", "ultraschall", "kontrolle",
)  # fmt: skip


def _alternation(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


APPOINTMENT = re.compile(
    rf"(?i)(?<![\w-])(?:(?P<det>a|an|ein|eine|einen|als|as)\s+)?"
    rf"(?P<head>(?:{_alternation(PRACTICES)})(?:\s+(?:{_alternation(VISITS)}))?|"
    rf"(?:{_alternation(VISITS)}))(?![\w-])"
    # "dental at the vets", "Termin beim Zahnarzt": where it is belongs to its name
    # (German in the dative: "beim Orthopäden")
    rf"(?P<where>\s+(?i:at\s+the|beim|bei\s+der|bei\s+dem)\s+(?:{_alternation(PRACTICES)})n?(?![\w-]))?"
)
POSSESSED = re.compile(r"(?i)\b(?:his|her|its|sein|seine|seinen|ihr|ihre|ihren)\s+$")
OWNER = re.compile(rf"(?P<owner>{NAME})['’]s\s+$")


@dataclass(frozen=True)
class Appointment:
    name: str
    start: int
    end: int
    possessed: bool  # "his shots": the owner is whom the clause is about


def appointments(text: str) -> list[Appointment]:
    """The appointments a sentence names, without those that are an occupation ("she's a
    dentist", "arbeite als Tierärztin")."""
    found = []
    for m in APPOINTMENT.finditer(text):
        head = m.group("head")
        practice = (
            head.split()[0].lower().rstrip("'’s") in {p.rstrip("'’s") for p in PRACTICES}
            and len(head.split()) == 1
        )
        if m.group("det") and practice:
            continue
        name = re.sub(r"['’]s$", "", head) + (m.group("where") or "")
        before = text[: m.start("head")]
        owner = OWNER.search(before)
        if owner:
            name = f"{owner.group('owner')}'s {name}"
        found.append(
            Appointment(
                name=" ".join(name.split()),
                start=m.start("head"),
                end=m.end(),
                possessed=bool(POSSESSED.search(before)),
            )
        )
    return found
