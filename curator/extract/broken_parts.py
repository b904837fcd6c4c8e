"""An injury told by its verb: "der hat sich am Samstag das Bein gebrochen", "hab mir den
Knöchel verstaucht", "she broke her wrist skiing", "he's dislocated his shoulder".

The condition's own noun ("Beinbruch", "broken leg") is read with the other conditions; said
with the verb, the part and what happened to it name the same thing, written down as a
careful person would: "gebrochenes Bein", "verstauchter Knöchel", "broken wrist". Only the
parts of the body that break or sprain, and only with a possessive or the German reflexive,
so "the glass broke" or "das Eis ist gebrochen" name no injury; an injury told as healed is
none now."""

from __future__ import annotations

import re
from dataclasses import dataclass

# German parts with their gender, which the participle's ending follows ("gebrochenes Bein",
# "gebrochener Arm", "gebrochene Hand")
PARTS_DE = {
    "bein": "n", "arm": "m", "hand": "f", "handgelenk": "n", "fuß": "m", "knöchel": "m",
    "finger": "m", "zeh": "m", "schlüsselbein": "n", "rippe": "f", "nase": "f", "kiefer": "m",
    "sprunggelenk": "n", "knie": "n", "schulter": "f", "hüfte": "f", "daumen": "m",
    "becken": "n", "ellbogen": "m", "steißbein": "n", "schienbein": "n", "wadenbein": "n",
    "oberschenkel": "m", "handwurzel": "f", "mittelfuß": "m",
}  # fmt: skip
ENDINGS = {"m": "er", "f": "e", "n": "es"}
HOW_DE = ("gebrochen", "angebrochen", "verstaucht", "ausgekugelt", "geprellt")
PARTS_EN = (
    "leg", "arm", "wrist", "ankle", "foot", "hand", "collarbone", "rib", "ribs", "nose", "jaw",
    "finger", "toe", "hip", "elbow", "shoulder", "knee", "thumb", "pelvis", "kneecap",
)  # fmt: skip
HOW_EN = {
    "broke": "broken", "broken": "broken", "fractured": "fractured", "sprained": "sprained",
    "dislocated": "dislocated", "cracked": "cracked",
}  # fmt: skip

SIDE_DE = r"(?:(?:linke|rechte|linken|rechten)\s+)?"
SIDE_EN = r"(?:(?:left|right)\s+)?"
_PARTS_DE = "|".join(sorted(PARTS_DE, key=len, reverse=True))
_PARTS_EN = "|".join(sorted(PARTS_EN, key=len, reverse=True))
TOLD_DE = re.compile(
    r"(?i)\b(?:sich|mir|mich|dir|ihm|ihr|uns)\s+(?:[\wäöüß.]+\s+){0,6}?"
    r"(?:das|den|die|sein|seinen|seine|ihr|ihren|ihre|mein|meinen|meine)\s+"
    rf"{SIDE_DE}(?P<part>{_PARTS_DE})(?:\s+[\wäöüß.]+){{0,3}}?\s+(?P<how>{'|'.join(HOW_DE)})\b"
)
TOLD_EN = re.compile(
    rf"(?i)\b(?P<how>{'|'.join(HOW_EN)})\s+(?:his|her|my|their|your)\s+"
    rf"{SIDE_EN}(?P<part>{_PARTS_EN})\b"
)

# an injury told as healed is no condition now ("I broke my ankle on Jan 10, cast came off Feb
# 21", "der Arm ist längst verheilt")
HEALED = re.compile(
    r"(?i)\b(?:healed|recovered|cleared\s+to|cast\s+(?:came|is|was)\s+off|verheilt|ausgeheilt|"
    r"gips\s+(?:ist\s+|war\s+|kam\s+)?(?:ab|runter)|wieder\s+(?:fit|gesund|heil))\b"
)


@dataclass(frozen=True)
class Injury:
    start: int
    value: str


def injuries_told(text: str, *, lang: str) -> list[Injury]:
    """Each injury ``text`` tells by its verb, with where the telling starts; none where it
    is told as healed."""
    if HEALED.search(text):
        return []
    if lang == "de":
        return [
            Injury(
                m.start(),
                f"{m.group('how').lower()}{ENDINGS[PARTS_DE[m.group('part').lower()]]} "
                f"{m.group('part').capitalize()}",
            )
            for m in TOLD_DE.finditer(text)
        ]
    return [
        Injury(m.start(), f"{HOW_EN[m.group('how').lower()]} {m.group('part').lower()}")
        for m in TOLD_EN.finditer(text)
    ]
