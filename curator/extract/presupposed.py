"""What a question or a supposition takes as given: "do you think my girlfriend Orla would
like it if …", "if i quit my job at Target …", "wenn ich meinen Job als Vermessungstechnikerin
kündigen würde …", "komm ich mit meinem Kaninchen Mümmel klar …?".

A possessive of the speaker opens a noun phrase that names what is already there: the
question asks about the verb, the supposition supposes the verb, but "my job at Target" is
held whatever is asked or supposed of it. A fact read inside such a noun phrase is stated;
one read from the clause's verb ("if my sister moved to Berlin") is still supposed.
"""

from __future__ import annotations

import re

from curator.language.tagging import part_of_speech

POSSESSIVE = (
    r"(?:my|our|mein|meine|meinem|meinen|meiner|meines|unser|unsere|unserem|unseren|unserer|"
    r"unsre|unsrem|unsren|mei)"
)
# the words a noun phrase links its name, employer or trade with ("my job at Target", "mein
# Hund namens Frodo", "meinen Job als Grafikerin")
LINKS = frozenset(
    {"at", "bei", "beim", "als", "as", "a", "an", "the", "der", "dem", "for", "with", "called",
     "named", "namens"}
)  # fmt: skip
OPENED = re.compile(rf"(?i)(?<![\w'’])(?P<poss>{POSSESSIVE})\s+(?P<words>(?:[\w'’-]+\s+){{1,3}})$")
OPENS_HERE = re.compile(rf"(?i){POSSESSIVE}\s+\w")

# what a noun phrase can name of what is already there
GIVEN = frozenset(
    {"relation_to_user", "works_at", "works_as", "studies_at", "owns", "species", "breed",
     "lives_in", "takes_medication", "health_condition"}
)  # fmt: skip


def _noun_phrase_words(words: list[str], *, lang: str) -> bool:
    """Whether ``words`` go on with a noun phrase: adjectives, its one noun, then links. A
    link after a second noun or a name ("Wohnt meine Schwester Ute in Kiel?") leads to
    what the verb says of the phrase, not into it."""
    head = False
    for word in words:
        if word.lower() in LINKS:
            if not head:
                return False
            continue
        if head:
            return False
        tag = part_of_speech(word if lang == "en" else word.capitalize(), lang=lang)
        if tag.startswith("N"):
            head = True
        elif not tag.startswith(("AJ", "ADJ")):
            return False
    return True


def presupposed(clause: str, offset: int, *, lang: str) -> bool:
    """Whether what is read at ``offset`` of ``clause`` lies in a noun phrase a possessive of
    the speaker opens: the possessive itself, or its noun, or what a link after the noun
    leads to."""
    if OPENS_HERE.match(clause, offset):
        return True
    said = OPENED.search(clause[:offset])
    return bool(said) and _noun_phrase_words(said.group("words").split(), lang=lang)
