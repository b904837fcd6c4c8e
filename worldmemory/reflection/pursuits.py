"""Pursuits: a hobby, a sport, a course the owner keeps coming back to ("Mittwoch ist
wieder Volleyball", "Back from Welsh class", "Spanischkurs: angemeldet!").

No life area covers them and they are seldom a question in motion, so neither the areas
nor the threads give them a space. They are read by meaning: a word the owner says in at
least two sessions, in sentences that are near the prototypes of a pursuit rather than of
work, care or errands (``prototypes.PURSUIT``). The words said in most of the same
sentences go with it ("Welsh" with "class", "Ball" inside "Volleyball"), and the pursuit is
named by the word or pair of words that holds most of them: "Welsh class", "Spanischkurs".
Without the embedding model nothing is read here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from worldmemory.models import SourceMessage
from worldmemory.reflection import language as lang
from worldmemory.reflection import prototypes

MIN_SESSIONS = 2  # one mention is an aside; a pursuit comes back
MIN_WORDS = 4  # "Gemischt." carries nothing to read
# how much nearer a word's sentences are, on average, to the pursuits than to the rest of
# a life: measured on the dev dialogues, a weekly class, a choir or a sport clears it, a
# town or a person said beside a course stays below
PURSUIT_MARGIN = 0.10
SAME_PURSUIT = 0.5  # two words sharing this share of their sentences are one pursuit


@dataclass
class Pursuit:
    name: str
    turns: set[int]  # indexes into the turns it was found among
    stems: list[str] = field(default_factory=list)


@dataclass
class _Said:
    turn: int
    session: str
    text: str
    terms: dict[str, str]


def _sentences(turns: list[SourceMessage]) -> list[_Said]:
    said = []
    for index, turn in enumerate(turns):
        if len(lang.tokens(turn.text)) < MIN_WORDS:
            continue
        nouns, verbs = lang.spoken_as(turn.text)
        for sentence in lang.sentences(turn.text):
            terms = {**lang.compound_terms(sentence), **lang.topic_terms(sentence)}
            # a word said only as a verb ("stand", "gesungen") is an action, not a pursuit
            terms = {s: w for s, w in terms.items() if s not in verbs or s in nouns}
            said.append(_Said(index, turn.session_external_id, sentence, terms))
    return said


def _name(stems: list[str], sentences: list[_Said]) -> str:
    """The word, or two words side by side, that hold most of the pursuit's words across
    its sentences ("Welsh class"), ending in one of them ("Chor", not "Chorleiter"), said
    most often, the word it was found by before its company, the whole word before its part
    ("Volleyball" over "Ball")."""
    counted: Counter[str] = Counter()
    for said in sentences:
        content = set(lang.content_terms(said.text).values())
        words = [w.strip("'’") for w in lang.tokens(said.text)]
        pairs = zip(words, words[1:], strict=False)
        phrases = words + [f"{a} {b}" for a, b in pairs if a in content and b in content]
        counted.update(list(dict.fromkeys(phrases)))  # in the order said: ties fall alike

    def holds(phrase: str) -> int:
        if any(lang.is_measure(word) for word in phrase.split()):
            return 0  # the kilometres a runner counts name no pursuit ("Meter")
        folded = lang.fold(phrase)
        return sum(1 for stem in stems if stem in folded)

    def headed(phrase: str) -> bool:
        # the whole word ending in the pursuit's word names the same thing more exactly
        # ("Volleyball" beside "Ball"); one opening with it names something else of it
        # ("Chorleiter", the choir's conductor)
        last = lang.fold(phrase.split()[-1])
        return any(last.endswith(stem) or last[: lang.STEM] == stem for stem in stems)

    def seeded(phrase: str) -> bool:
        # the word the pursuit was found by, before the words that keep it company
        return stems[0] in lang.fold(phrase)

    best = max(counted, key=lambda p: (holds(p), headed(p), counted[p], seeded(p), len(p)))
    return best[:1].upper() + best[1:]


def pursuits_find(*, turns: list[SourceMessage]) -> list[Pursuit]:
    """The pursuits among the owner's ``turns``, each with the turns that say it."""
    said = _sentences(turns)
    vectors = prototypes.vectors([s.text for s in said])
    if vectors is None:
        return []
    margin = [prototypes.pursuit_margin(v) for v in vectors]
    where: dict[str, set[int]] = {}
    for index, sentence in enumerate(said):
        for stem in sentence.terms:
            where.setdefault(stem, set()).add(index)
    seeds = []
    for stem, indexes in where.items():
        if len({said[i].session for i in indexes}) < MIN_SESSIONS:
            continue
        if all(lang.is_measure(said[i].terms[stem]) for i in indexes):
            continue  # a measure comes back with any pursuit and is none
        mean = float(np.mean([margin[i] for i in indexes]))
        if mean >= PURSUIT_MARGIN:
            seeds.append((mean, stem))
    found: list[tuple[list[str], set[int]]] = []
    for _, stem in sorted(seeds, reverse=True):
        indexes = where[stem]
        for stems, held in found:
            if len(held & indexes) >= SAME_PURSUIT * min(len(held), len(indexes)):
                stems.append(stem)
                held |= indexes
                break
        else:
            found.append(([stem], set(indexes)))
    pursuits = []
    for stems, held in found:
        # a word in most of the pursuit's sentences goes with it, whatever its part of
        # speech ("Welsh" in "Welsh class", "Ball" in "Volleyball"); one sentence is no
        # company
        inside = Counter(
            stem for i in held for stem in {**lang.content_terms(said[i].text), **said[i].terms}
        )
        stems += [
            s
            for s, n in inside.items()
            if s not in stems and n >= max(MIN_SESSIONS, SAME_PURSUIT * len(held))
        ]
        indexes = set().union(*(where.get(s, set()) for s in stems))
        sentences = [said[i] for i in sorted(held)]
        pursuits.append(Pursuit(_name(stems, sentences), {said[i].turn for i in indexes}, stems))
    return pursuits
