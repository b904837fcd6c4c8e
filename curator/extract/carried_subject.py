"""A subject carried over from the sentence before: chat drops the subject of a sentence that
goes on about whom the last one was about ("Mein Onkel Horst wohnt in Kiel. Arbeitet da als
Lotse.", "my sister Jess lives in Hull. works as a nurse"). The verb's ending tells whose it
is: a third-person form ("arbeitet", "ist", "works") is the person the sentence before was
about, a first-person one ("arbeite", "bin") the speaker's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from curator.language.tagging import lemma, part_of_speech

Person = Literal["first", "third"]

# the verb a clause opens on, after a joining word at most ("und arbeitet da als Lotse")
_OPENING = re.compile(r"^\W*(?:(?:und|and|aber|but|dann|then)\s+)?([a-zäöüß]{2,})\b(?!['’])", re.I)
# auxiliaries and copulas whose form says the person alone ("war"/"was" serve both)
_THIRD = frozenset({"ist", "hat", "wird", "is", "has", "does"})
_FIRST = frozenset({"bin", "hab", "habe", "werde", "am"})
# what follows an English verb in -s but never a plural noun opening a sentence ("works as",
# "lives in"; not "kids are 5 and 7")
_AFTER_VERB = re.compile(r"\s+(?:as|in|at|for|with|on|a|an|the|his|her|their|from)\b", re.I)


def opening_person(clause: str, *, lang: str) -> Person | None:
    """The person of the finite verb a subjectless clause opens on, or None when it opens on
    no verb whose form says it."""
    opening = _OPENING.match(clause)
    if opening is None:
        return None
    verb = opening.group(1).lower()
    if verb in _THIRD:
        return "third"
    if verb in _FIRST:
        return "first"
    tag = part_of_speech(verb, lang=lang)
    if lang == "de":
        if not tag.startswith("VV") or lemma(verb, lang=lang) == verb:
            return None
        # ("studiert", "unterrichtet" read as participles alone: opening a sentence, finite)
        return "third" if verb.endswith("t") and not verb.endswith("st") else "first"
    if not verb.endswith("s"):
        return None
    # ("works", "lives" read as plural nouns alone: a preposition or article after is a verb's)
    if tag in ("VVZ", "VHZ", "VDZ") or (tag == "NN2" and _AFTER_VERB.match(clause, opening.end())):
        return "third"
    return None


def sentence_subject(subjects: Iterable[str]) -> str | None:
    """Whom a sentence was about, by the subjects of the claims read in it: one person other
    than the speaker; "" when it was about several ("Mein Bruder Ole und ich wohnen in Kiel":
    whose the next verb is, is unclear); None when about the speaker alone or nobody."""
    people = {s for s in subjects if s.startswith("person:")}
    if len(people) > 1:
        return ""
    if people == {"person:me"}:
        return None
    return next(iter(people), None)
