"""A German employer in lower case beside a work verb: "ich arbeite bei siemens", "arbeite
seit märz bei der sparkasse als kassiererin", "schaff beim daimler", "bei der vag arbeite ich
seit 2010", "weil ich bei der stadtentwässerung arbeite".

"arbeiten bei" names who employs one, whatever the word is: a firm ("siemens"), a public body
in everyday words ("bei der stadtentwässerung", "bei der post") or a short name ("vag"). A
writer without capitals leaves it in lower case, where the employer reading, which wants a
name, does not see it; the reader capitalises the word. Not when the word after "bei" is what
the work is done in ("bei der hitze", "bei dem wetter"), a time, a person by a possessive or a
pronoun ("bei meinem onkel", "bei uns"), or a firm left unnamed ("bei einer firma")."""

from __future__ import annotations

import re

from curator.extract import lexicon as lx
from curator.extract.employers_after_jobs import STOPS, noun_or_name

WORK = (
    r"(?i:arbeite|arbeit|arbeitet|arbeiten|schaffe|schaff|schafft|angestellt|beschäftigt|"
    r"angefangen|jobbe|jobb)"
)
WORD = r"[a-zäöüß][a-zäöüß-]+"
AT = rf"\b(?i:bei|beim)\s+(?:(?i:der|dem|den)\s+)?(?P<org>{WORD})\b"
# the verb first, up to three words before "bei" ("arbeite seit märz bei der sparkasse"), or
# the employer first and the verb after it ("bei der vag arbeite ich", "… bei der post arbeite",
# "bei der konditorei zauner in bad ischl angefangen": the name and its town between)
SAID = (
    re.compile(rf"\b{WORK}(?:\s+[\wäöüß]+){{0,3}}?\s+{AT}"),
    re.compile(
        rf"{AT}(?:\s+[\wäöüß]+){{0,2}}?"
        rf"(?:\s+in\s+[\wäöüß]+(?:\s+[\wäöüß]+)?)?\s+{WORK}\b"
    ),
)
# words of the name after its first ("bei hansen sonnenschutz angefangen")
NAME_WORDS_AFTER = 2
# what "bei" says the work is done in, with or for, rather than who employs one
NOT_EMPLOYERS = frozenset(
    {"hitze", "kälte", "wetter", "regen", "sonne", "licht", "lärm", "musik", "ruhe", "nacht",
     "tag", "tage", "arbeit", "uns", "euch", "ihnen", "mir", "dir", "ihm", "ihr", "sich",
     "einer", "einem", "einen", "ner", "nem", "nen", "so", "gelegenheit", "bedarf", "laune",
     "leuten", "kunden", "menschen", "kindern", "firma", "stadt", "gemeinde", "bank",
     "offenem", "offener", "geschlossenem", "geschlossener"}
)  # fmt: skip
# what names no employer either: a time ("bei tag"), a relative ("beim opa")
NO_EMPLOYER = NOT_EMPLOYERS | lx.CALENDAR_WORDS | set(lx.KIN)
POSSESSIVE = re.compile(r"(?:mein|dein|sein|ihr|unser|euer|eur)\w*")


def employer_starts(text: str, *, lang: str) -> list[int]:
    """The starts of the lower-case words a German work verb says one works at."""
    if lang != "de":
        return []
    starts = []
    for said in SAID:
        for m in said.finditer(text):
            org = m.group("org")
            if org in NO_EMPLOYER or POSSESSIVE.fullmatch(org):
                continue
            starts += [m.start("org"), *_name_goes_on(text, m.end("org"))]
    return sorted(set(starts))


def _name_goes_on(text: str, end: int) -> list[int]:
    """The starts of the nouns that carry the name on after its first word ("hansen
    sonnenschutz", "stadtwerke bochum"), up to a preposition, an adverb or a verb."""
    starts = []
    for _ in range(NAME_WORDS_AFTER):
        word = re.match(rf"\s+({WORD})\b", text[end:])
        if word is None:
            break
        plain = word.group(1)
        if (
            not noun_or_name(plain, lang="de")
            or plain in STOPS
            or plain in NO_EMPLOYER
            or re.fullmatch(WORK, plain)
        ):
            break
        starts.append(end + word.start(1))
        end += word.end()
    return starts
