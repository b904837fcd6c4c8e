"""Things to do said in the other common ways of chat, beyond an obligation that opens the
sentence with "muss"/"need to" or has "ich"/"I" before it (read in the reader itself):

- English drops the subject after a discourse adverb: "still need to get travel insurance",
  "also have to call the bank", "really gotta book the vet", "don't forget to …";
- German puts the modal second after a fronted deadline, with the thing as its subject: "bis
  freitag muss das paket zurück", "morgen muss der müll raus";
- German chat says a thing to do as a bare infinitive after "noch": "jetzt noch die
  kfz-versicherung kündigen", "heute noch schnell die miete überweisen";
- German names the thing before "steht an" or after "auf der Liste": "Reisepass verlängern
  steht an", "auf meiner Liste steht noch Fenster putzen";
- a German request to be reminded puts the verb last: "kannst du mich erinnern, dass ich die
  gelben säcke rausstelle".

Each reading is a match with the thing to do as its group ``x``, as the reader's own
obligations are, so it is named, dated and split into a list the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from curator.language import rx
from curator.language.tagging import part_of_speech

# what the reader takes for the rest of a clause to do ("by the 3." keeps its period)
THING = r"(?P<x>(?:[^.!?—–]|(?<=\d)\.)+)"
# the adverbs chat puts before an obligation whose subject it drops
EN_ADVERBS = r"still|also|really|def|definitely|and|so|but|plus|then|oh|ok|anyway|just"
SUBJECTLESS_EN = (
    re.compile(
        # ("i still need to …": the subject may stay, with the adverb after it)
        rf"(?i)(?:^|(?<=[,;]\s)|\b(?:i|we)\s+)(?:(?:{EN_ADVERBS})\s+)+"
        rf"(?:need\s+to|have\s+to|gotta|got\s+to|must)\s+{THING}"
    ),
    # "don't forget to call the vet", "dont forget: the bins on tuesday"
    re.compile(
        r"(?i)(?:^|(?<=[,;]\s))(?:pls\s+|please\s+)?(?:don't|dont|do\s+not)\s+"
        rf"(?:let\s+me\s+)?forget(?:\s+to|\s*:)\s+{THING}"
    ),
    # "on my list: fix the bike light", "on the to-do list: …"
    re.compile(rf"(?i)\bon\s+(?:my|the)\s+(?:to-?do\s+)?list\s*:\s*{THING}"),
)
# "bis freitag muss …", "und morgen muss …": what opens the clause before a German modal
# said second may be a time only, with a particle before it
OPENERS_DE = r"(?:(?:und|also|dann|ach|ok|jetzt|aber)\s+)*"
MODAL_DE = re.compile(rf"(?i)\bmuss\s+(?:(?:noch|unbedingt|dringend)\s+)*{THING}")
BARE_INFINITIVE = re.compile(
    rf"(?i)(?:^|(?<=[,;]\s)){OPENERS_DE}(?:(?:heute|morgen|gleich|nachher|später)\s+)?"
    r"noch\s+(?:(?:schnell|mal|kurz|eben|fix|unbedingt)\s+)*"
    r"(?P<x>[^.!?,;—–:]+?\s(?P<verb>[a-zäöüß]+(?:en|ern|eln)))(?=\s*(?:[.!?,;—–]|$))"
)
STAYS = r"(?:(?:noch|jetzt|bald|demnächst|auch)\s+)*"
SAID_DUE = (
    # "Reisepass verlängern steht an", "steht noch an: die Garage entrümpeln"
    re.compile(rf"(?i)^(?P<x>[^.!?,;:—–]+?)\s+(?:steht|stehen)\s+{STAYS}an\b"),
    re.compile(rf"(?i)\b(?:steht|stehen)\s+{STAYS}an\s*:\s*{THING}"),
    # "auf der Liste steht noch: Fenster putzen", "auf meiner To-do-Liste: Keller"
    re.compile(
        r"(?i)\bauf\s+(?:der|meiner|die|meine)\s+(?:to-?do-?)?liste\s*(?:steht\s+)?"
        rf"{STAYS}:?\s*{THING}"
    ),
)
# a thing said before "steht an" that is none: "was steht an", "heute steht nix an"
NOT_DUE = frozenset({"was", "nix", "nichts", "viel", "einiges", "es", "das", "heute", "morgen"})


# "kannst du mich dran erinnern, dass ich morgen die pflanzen gieße": a request to be
# reminded asked with its verb last (the reader reads "erinner mich, dass …")
REMINDED_DE = re.compile(
    r"(?i)\bmich\s+(?:(?:bitte|mal|dran|daran)\s+)*erinnern\s*,?\s*(?:dass|das)\s+ich\s+"
    rf"{THING}"
)


def search(text: str, *, lang: str, times: Iterable[tuple[int, int]]) -> re.Match | None:
    """The first thing to do ``text`` says in one of these ways; ``times`` are the spans of
    its time expressions (a German modal is read after a fronted one)."""
    if lang != "de":
        return _first(SUBJECTLESS_EN, text)
    return (
        REMINDED_DE.search(text)
        or _after_fronted_time(text, times)
        or _bare_infinitive(text)
        or _said_due(text)
    )


def _after_fronted_time(text: str, times: Iterable[tuple[int, int]]) -> re.Match | None:
    """ "bis freitag muss das paket zurück": the modal right after a time that opens the
    clause (the subject after it, "muss ich", is read by the reader)."""
    for said in MODAL_DE.finditer(text):
        opening = text[: said.start()]
        clause = max(opening.rfind(","), opening.rfind(";")) + 1
        for start, end in times:
            if (
                clause <= start
                and not opening[end:].strip()
                and not (rx.sub(rf"(?i)^\s*{OPENERS_DE}", "", opening[clause:start]).strip())
            ):
                return said
    return None


def _bare_infinitive(text: str) -> re.Match | None:
    """ "jetzt noch die kfz-versicherung kündigen": the clause ends in an infinitive and has
    no subject (a participle, "noch nix gegessen", says what was done)."""
    said = BARE_INFINITIVE.search(text)
    if said is None:
        return None
    tag = part_of_speech(said["verb"], lang="de")
    return said if tag in ("VV(INF)", "VV(FIN)", "VA(INF)") else None


def _said_due(text: str) -> re.Match | None:
    said = _first(SAID_DUE, text)
    if said is None or said["x"].split()[0].lower() in NOT_DUE:
        return None
    return said


def _first(patterns: Iterable[re.Pattern[str]], text: str) -> re.Match | None:
    found = [m for m in (p.search(text) for p in patterns) if m is not None]
    return min(found, key=lambda m: m.start(), default=None)
