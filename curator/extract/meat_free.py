"""Meat left out of one's eating, and fish kept in it: "i don't do meat but fish is fine", "i
won't touch meat, seafood's ok", "ich ess kein Fleisch, nur Fisch", "kein Fleisch mehr, aber
Fisch geht klar". Meat refused is vegetarian; fish said to be eaten beside it pescetarian.

English refuses meat with a verb of eating or taking ("don't do", "won't touch", "stopped
eating"); German with "kein Fleisch" after a verb of eating.
Fish is kept when it is eaten, fine, allowed or the only thing left ("nur Fisch", "only fish").
"""

from __future__ import annotations

import re

from curator.extract import lexicon as lx

FISH = r"(?:fisch|fish|seafood|meeresfrüchte)"

# the speaker's diet said in its own word ("im pescatarian", "bin Vegetarierin")
DIET_SAID = re.compile(
    r"(?i)\b(?:i['’]?m|i\s+am|bin|ich\s+bin)\s+(?:(?:a|an|ein|eine|auch|eigentlich)\s+)?(?:"
    + "|".join(sorted(map(re.escape, lx.DIETS), key=len, reverse=True))
    + r")\b"
)
MEAT_REFUSED = re.compile(
    r"(?i)\b(?:(?:don't|do not|dont|never|doesn't|does not|won't|wont)\s+"
    r"(?:eat|do|touch|have)\s+(?:any\s+)?(?:red\s+)?meat"
    r"|(?:stopped|quit|gave up)\s+(?:eating\s+)?meat"
    r"|(?:ess|esse|isst|essen)\s+(?:(?:ich|er|sie|wir|schon|seit\s+\S+(?:\s+\S+)?|"
    r"gar|überhaupt|lang|lange|ja|eigentlich|eh|mittlerweile|inzwischen)\s+)*kein(?:en)?\s+fleisch)\b"
)

FISH_EATEN = re.compile(
    rf"(?i)\b(?:fisch\s+(?:aber\s+|ess\w*\s+ich\s+)?(?:schon|ja|geht|gerne|doch)"
    rf"|(?:außer|ausser|except|apart from|but)\s+(?:i\s+(?:do\s+|still\s+)?eat\s+)?{FISH}"
    rf"|(?:aber|but)\s+(?:ich\s+)?(?:ess\w*|eat)\s+(?:ich\s+)?(?:\w+\s+)?{FISH}"
    # "fish is fine", "seafood's ok", "Fisch ist okay"
    rf"|{FISH}(?:\s+(?:is|are|ist|sind)|['’]s)\s+(?:(?:totally|still|auch|schon|aber)\s+)?"
    r"(?:fine|ok|okay|allowed|good|in ordnung)"
    # "nur Fisch", "only fish", "still eat fish"
    rf"|(?:nur|only|still\s+eat|esse?\s+(?:ich\s+)?noch)\s+{FISH})\b"
)

FISH_REFUSED = re.compile(r"(?i)\b(?:kein\w*\s+fisch|or fish|noch fisch|nor fish|und fisch)\b")


def meat_free_diet(text: str) -> str | None:
    """The diet a refusal of meat in ``text`` says, or None when no meat is refused."""
    if MEAT_REFUSED.search(text) is None:
        return None
    if FISH_EATEN.search(text) and not FISH_REFUSED.search(text):
        return "pescetarian"
    return "vegetarian"
