"""Appointments said with their day: "dentist 3/12 at 9:15", "vet appointment on wed the
14th", "my dog Ziggy has his shots on the 20th", "Zahnarzt am Dienstag um 10". Each is a
task of the speaker's, open, due that day. The practitioner the speaker names ("Mein
Zahnarzt heißt Dr. Sommer") is a person of theirs, and names a bare "Termin" of the sentence.

The words and the naming live here; the reader decides whose clause it is and which day."""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.language import rx

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
        name = rx.sub(r"['’]s$", "", head) + (m.group("where") or "")
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


# the one a speaker is treated or served by, by the role as the vocabulary stores it
ROLES = {
    "zahnarzt": "dentist", "zahnärztin": "dentist", "dentist": "dentist",
    "hausarzt": "doctor", "hausärztin": "doctor", "arzt": "doctor", "ärztin": "doctor",
    "doctor": "doctor", "doc": "doctor", "gp": "doctor",
    "tierarzt": "vet", "tierärztin": "vet", "vet": "vet",
    "physio": "physiotherapist", "physiotherapeut": "physiotherapist",
    "physiotherapeutin": "physiotherapist", "physiotherapist": "physiotherapist",
    "friseur": "hairdresser", "friseurin": "hairdresser", "frisör": "hairdresser",
    "hairdresser": "hairdresser",
}  # fmt: skip
HONORIFIC = r"(?:Mr|Mrs|Ms|Miss|Dr|Herr|Frau|Prof)\.?"
# "Mein Zahnarzt heißt Dr. Sommer", "my GP is Dr Patel", "unsere Tierärztin, Frau Dr. Kaiser":
# a name with a title, or one the verb gives as the name ("my vet is called Anna Berg"); not
# "my doctor is German"
PRACTITIONER = re.compile(
    rf"(?i:\b(?:mein|meine|my|our|unser|unsere)\s+(?P<role>{_alternation(tuple(ROLES))}))"
    rf"(?:(?:\s*,\s*|\s+(?i:is|ist)\s+|\s+)(?P<titled>(?:{HONORIFIC}\s+)+{NAME}(?:\s+{NAME})?)"
    rf"|\s+(?i:heißt|is\s+called|is\s+named)\s+(?P<named>(?:{HONORIFIC}\s+)*{NAME}(?:\s+{NAME})?))"
)
# a visit word alone names no appointment ("mein Termin ist am 10."): the practice does
BARE_VISITS = frozenset({"termin", "appointment", "appt"})


@dataclass(frozen=True)
class Practitioner:
    name: str  # as the speaker calls them, with the title ("Dr. Sommer")
    role: str  # "dentist"
    practice: str  # the word said for it ("Zahnarzt")
    practice_start: int
    start: int


def practitioners(text: str) -> list[Practitioner]:
    """The practitioners the speaker names as theirs."""
    return [
        Practitioner(
            name=" ".join((m.group("titled") or m.group("named")).split()),
            role=ROLES[m.group("role").lower()],
            practice=m.group("role"),
            practice_start=m.start("role"),
            start=m.start("titled") if m.group("titled") else m.start("named"),
        )
        for m in PRACTITIONER.finditer(text)
    ]


def named_by_practice(name: str, *, practice: str, lang: str) -> str:
    """A bare "Termin"/"appointment" named by the practice the sentence says it is at
    ("Termin beim Zahnarzt", "dentist appointment"); any other name stays."""
    if name.lower() not in BARE_VISITS:
        return name
    if lang == "de":
        word = practice[0].upper() + practice[1:]
        return f"Termin {'bei der' if word.endswith('in') else 'beim'} {word}"
    return f"{practice if practice.isupper() else practice.lower()} appointment"
