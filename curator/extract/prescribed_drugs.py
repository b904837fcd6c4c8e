"""A medicine no list names, read by how it was given: a doctor's prescribing verb names a
drug whatever its brand ("cardiologist put me on eliquis", "the doc started me on zoloft",
"hat mir Xarelto verschrieben", "bin auf Elvanse eingestellt"); and a medicine named by its
class ("Blutverdünner", "beta blockers", "antidepressants") with a verb of taking on either
side ("muss er Blutverdünner nehmen", "she takes blood thinners"); and a word taken for an
organ or a condition ("i take thyroxine every morning for my thyroid")."""

from __future__ import annotations

import re

from curator.language.tagging import known_word

WORD = r"[A-Za-zÄÖÜäöüß][\w-]{2,}"
# the verbs a prescriber gives a drug with, the drug in the slot ``x``
PRESCRIBED = re.compile(
    r"(?i)\b(?:put|started|switched|moved|changed|got)\s+(?:me|him|her|them|us)\s+"
    rf"(?:on(?:to)?|to)\s+(?P<x>{WORD})"
    rf"|\bprescribed\s+(?:(?:me|him|her|them)\s+)?(?P<y>{WORD})"
    # German puts the participle last: "hat mir Eliquis verschrieben", "auf Xarelto eingestellt"
    rf"|\b(?:hat|haben|hatte)\s+(?:mir|ihm|ihr|uns)\s+(?:(?:jetzt|nun|dann|heute|gestern|"
    rf"erstmal|noch|auch|direkt|gleich)\s+)*(?P<z>{WORD})\s+(?:verschrieben|aufgeschrieben|"
    rf"verordnet)\b"
    rf"|\bauf\s+(?P<w>{WORD})\s+(?:eingestellt|umgestellt)\b"
)
# what a prescriber puts one on that is no drug: a treatment, a regime, a list
NOT_DRUGS = frozenset({
    "physio", "physiotherapy", "physiotherapie", "ergo", "ergotherapie", "reha", "rehab",
    "cbt", "therapy", "therapie", "counselling", "counseling", "massage", "akupunktur",
    "acupuncture", "homeoffice", "schonkost", "bedrest", "waitlist", "nights", "earlies",
})  # fmt: skip
# medicines named by what they do: a class a careful person writes down as it was said
DRUG_CLASSES = (
    r"blutverdünner|betablocker|antibiotika|antibiotikum|antidepressiva|antidepressivum|"
    r"steroide|kortikoide|schmerzmittel|schlaftabletten|blutdrucksenker|"
    r"blood\s+thinners?|beta[\s-]?blockers?|antibiotics|antidepressants?|steroids|painkillers|"
    r"sleeping\s+pills|water\s+pills|statins"
)
# a class of medicine with a verb of taking before it ("takes blood thinners", "nimmt
# Betablocker") or, German verb-last, after it ("muss er Blutverdünner nehmen")
CLASS_TAKEN = re.compile(
    rf"(?i)\b(?:nehm\w*|nimmt|take|takes|taking|on|bekomm\w*|krieg\w*)\s+"
    rf"(?:(?:\w+\s+){{0,2}}?)(?P<x>{DRUG_CLASSES})\b"
    rf"|\b(?P<y>{DRUG_CLASSES})\s+(?:\w+\s+)?(?:nehmen|einnehmen|nemma|nehma|schlucken)\b"
)


# a word taken for an organ or a condition, at a time or not: "i take thyroxine
# every morning for my thyroid", "nehm Pantoprazol gegen mein Sodbrennen"
TAKEN_FOR = re.compile(
    rf"(?i)\b(?:take|takes|taking|nehm\w*|nimmt)\s+(?P<x>{WORD})\s+"
    r"(?:(?:every|each|jeden|jede)\s+\w+\s+|(?:daily|twice\s+a\s+day|once\s+a\s+day|"
    r"täglich|morgens|abends|at\s+night)\s+)?"
    r"(?:for|gegen|wegen)\s+(?:my|his|her|their|mein\w*|sein\w*|ihr\w*)\s+(?:\w+\s+)?"
    r"(?i:thyroid|heart|blood\s+pressure|bp|stomach|cholesterol|migraines?|asthma|allergies|"
    r"acid\s+reflux|reflux|joints|schilddrüse|herz|blutdruck|magen|sodbrennen|migräne|"
    r"allergie|cholesterin)\b"
)
# what is taken for the body and is no medicine ("take time for my heart", "take a walk")
NOT_TAKEN = frozenset({"time", "care", "walks", "breaks", "it", "that", "them", "something"})


def prescribed_drugs(text: str, *, lang: str) -> list[tuple[int, str]]:
    """Each ``(position, medicine)`` named by a prescribing verb or by its class."""
    found = []
    for m in PRESCRIBED.finditer(text):
        slot = m.lastgroup or "x"
        word = m.group(slot)
        if word.lower() in NOT_DRUGS or known_word(word, lang=lang):
            continue  # "put me on nights", "auf Teilzeit umgestellt": a known word is no brand
        found.append((m.start(slot), word))
    for m in TAKEN_FOR.finditer(text):
        if m.group("x").lower() not in NOT_TAKEN:
            found.append((m.start("x"), m.group("x")))
    for m in CLASS_TAKEN.finditer(text):
        slot = "x" if m.group("x") else "y"
        found.append((m.start(slot), m.group(slot)))
    return found
