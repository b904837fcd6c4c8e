"""Whether the word after an animal noun joins it into one noun instead of naming the animal.

Chat writes names in lower case, so "my dog rex" names a dog by the word after the noun. The
same place holds the head of an English compound: "i'm a dog groomer", "she's a horse
trainer", "my cat sitter", "we bought a dog bed". A trade with animals (or any occupation) is
never the animal's name, and after an indefinite article a common noun heads the compound
("a dog bed"), as a named animal comes with a possessive or a naming verb ("my dog pepper",
"a dog called pepper").
"""

from __future__ import annotations

import re

from curator.extract import lexicon as lx
from curator.language.tagging import known_word, part_of_speech

# the trades done with or for animals, as the head of a compound ("dog groomer", "Hunde
# Trainerin"): a person, never the animal's name
ANIMAL_TRADES = frozenset({
    "groomer", "trainer", "walker", "sitter", "breeder", "handler", "minder", "whisperer",
    "behaviourist", "behaviorist", "physio", "therapist", "catcher", "shearer", "farrier",
    "friseur", "friseurin", "trainerin", "sitterin", "züchter", "züchterin", "pfleger",
    "pflegerin", "physiotherapeutin", "physiotherapeut", "betreuer", "betreuerin",
})  # fmt: skip
# German nouns for a woman by what she does ("Präparatorin", "Floristin", "Friseurin"): a
# trade or a role, no name
AGENT_ENDINGS = ("erin", "orin", "istin", "eurin", "antin", "entin", "login", "ärin")
INDEFINITE_BEFORE = re.compile(
    r"(?i)\b(?:a|an|ein|eine|einen|einem|einer|ne|nen|nem|ner)\s+(?:[\w-]+\s+){0,2}$"
)
COMMON_NOUN_TAGS = ("NN1", "NN2", "NN0", "NN")


def heads_compound(word: str, *, before: str, lang: str) -> bool:
    """Whether ``word``, said right after an animal noun, is the head of a compound with it
    ("dog groomer", "a dog bed") rather than the animal's name; ``before`` is the text before
    the animal noun."""
    low = word.lower()
    if low in ANIMAL_TRADES or lx.is_occupation(low):
        return True
    if lang == "de" and low.endswith(AGENT_ENDINGS):
        return True
    if not INDEFINITE_BEFORE.search(before):
        return False
    # after "a dog" a common noun the tagger knows heads the compound; a first name does not
    # ("a dog bed", not "a sister rose")
    # (the German tagger knows a noun by its capital, which chat leaves out)
    form = low.capitalize() if lang == "de" else low
    return (
        low not in lx.MALE_NAMES
        and low not in lx.FEMALE_NAMES
        and not word[:1].isupper()
        and known_word(form, lang=lang)
        and part_of_speech(form, lang=lang) in COMMON_NOUN_TAGS
    )


# an English agent noun by its ending ("walker", "planner", "instructor", "florist")
AGENT_NOUN = re.compile(r"(?i)[a-z]{2,}(?:er|or|ist|ian)")
# English names a trade by what it is about and who does it: "a dinner lady", "a lollipop
# lady", "a delivery man", "a tea lady"
ROLE_HEADS = frozenset({"lady", "man", "woman", "guy", "girl", "boy"})
NEXT_WORD = re.compile(r"\s+(?P<word>[\wäöüÄÖÜß-]{3,})\b")


def whole_job(job: str, after: str, *, lang: str) -> str:
    """The job said after "work as a": ``job`` with the agent noun that follows it when the
    two make one compound ("a dog walker", "a wedding planner", "als hunde trainerin"), the
    head being the trade; ``after`` is the text after ``job``."""
    m = NEXT_WORD.match(after)
    if m is None:
        return job
    word = m.group("word")
    low = word.lower()
    agent = (
        low in ANIMAL_TRADES
        or lx.is_occupation(low)
        or (lang == "de" and low.endswith(AGENT_ENDINGS))
        or (
            lang != "de"
            and AGENT_NOUN.fullmatch(low) is not None
            and part_of_speech(low, lang=lang) in COMMON_NOUN_TAGS
        )
        or (lang != "de" and low in ROLE_HEADS)
    )
    return f"{job} {word}" if agent else job
