"""Significance signals of an experience (seed 003, "Significance Gate"), German and English.

Deterministic word lists, no model: explicit importance, biographical novelty, a link to
values or goals (from the text); later reflection effect, connectivity and retroactive
significance (from the graph, see ``promotion``). The owner's explicit word — "einer der
wichtigsten Momente" or "war nicht wichtig" — is not a signal but an override.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from worldmemory.reflection import spoken
from worldmemory.refs import normalize_alias


class Signal(StrEnum):
    EXPLICIT_IMPORTANCE = "explicit_importance"
    BIOGRAPHICAL_NOVELTY = "biographical_novelty"
    VALUES_GOALS = "values_goals"
    REFLECTION_EFFECT = "reflection_effect"
    CONNECTIVITY = "connectivity"
    RETROACTIVE = "retroactive"


WEIGHTS = {
    Signal.EXPLICIT_IMPORTANCE: 0.4,
    Signal.BIOGRAPHICAL_NOVELTY: 0.35,
    Signal.VALUES_GOALS: 0.25,
    Signal.REFLECTION_EFFECT: 0.25,
    Signal.CONNECTIVITY: 0.15,
    Signal.RETROACTIVE: 0.4,
}
CANDIDATE_AT = 0.3  # one clear signal keeps it observable
ESTABLISHED_AT = 1.0  # several independent signals, or the owner's word

# matched against the accent-folded, lower-cased text (normalize_alias)
PATTERNS = {
    Signal.EXPLICIT_IMPORTANCE: [
        r"\bwichtig\w*",
        r"\btiefgreifend\w*",
        r"\bpraegend\w*|\bpragend\w*",
        r"\baussergewohnlich\w*",
        r"\bbedeutsam\w*",
        r"\bmeilenstein\w*",
        r"\bunvergesslich\w*",
        r"\bimportant\b",
        r"\bprofound\w*",
        r"\bmeaningful\b",
        r"\bmilestone\b",
        r"\bunforgettable\b",
        r"\bextraordinary\b",
        # the owner's own superlatives: "einer der schönsten Tage", "one of the best nights
        # of my life", "das werd ich nie vergessen"
        r"\beine?[rsm]? der (schonsten|besten|schwersten|glucklichsten|wichtigsten)\b",
        r"\b(meines|unseres) lebens\b",
        r"\bnie (mehr )?vergessen\b",
        r"\bumgehauen\b",
        r"\bone of the (best|hardest|happiest|most \w+)\b",
        r"\bbest (moment|day|night|thing)s?\b",
        r"\bof my life\b",
        r"\b(won'?t|will never|never) forget\b",
        r"\b(hardest|best|happiest) .{0,40}\bever\b",
        # the same judgement in other words: word order turned round ("das vergesse ich
        # nie"), what it meant ("hat mir viel bedeutet", "meant the world"), that it stays
        # ("something I'll carry with me", "I'll still remember when I'm old") and a
        # superlative of the owner's own experience ("the scariest moment I've had")
        r"\bvergesse?\w* ich (das |den |die )?(\w+ )?nie\b",
        r"\b(so |sehr |richtig |unglaublich )?viel bedeutet\b",
        r"\bmeant (so much|a lot|the world)\b",
        r"\bcarry (it |that |this )?with me\b",
        # a moment kept: "one of those moments I'll keep forever", "ich heb ihn mir auf"
        r"\b(keep|treasure) (it |that |this |them )?forever\b",
        r"\bmoments? (that )?i['’]?ll (always )?(keep|treasure)\b",
        r"\bi['’]?ll (always |still )?remember\b",
        r"\b\w+est (moment|day|night|thing)s? (i['’]?ve|i have|we['’]?ve) "
        r"(ever )?(had|felt|known)\b",
    ],
    Signal.BIOGRAPHICAL_NOVELTY: [
        r"\bzum ersten mal\b",
        r"\berstmal(s|ig)\b",
        r"\bnoch nie\b",
        r"\bwendepunkt\w*",
        r"\bneuer lebensabschnitt\b",
        r"\bgrenzerfahrung\w*",
        r"\bfor the first time\b",
        r"\bfirst time\b",
        r"\bnever before\b",
        r"\bturning point\b",
    ],
    Signal.VALUES_GOALS: [
        r"\bmein(e|em|en)? (lebens)?ziel\w*",
        r"\bwerte?n?\b",
        r"\bwas mir wirklich wichtig ist\b",
        r"\blebenstraum\b",
        r"\bbucket[- ]list\b",
        r"\bmy (life )?goals?\b",
        r"\bmy values\b",
        r"\bwhat i truly care about\b",
    ],
}
# The owner's explicit word, both ways. Negation first: "war nicht wichtig" contains "wichtig".
DISMISSED = [
    r"\b(war|ist|was|is) (doch )?(gar |uberhaupt )?nicht (so |weiter |besonders )?wichtig\b",
    r"\bnicht weiter wichtig\b",
    r"\bunwichtig\b",
    r"\b(was|is)n'?t (that |really |very )?important\b",
    r"\bnot (that |really |very )?important\b",
    r"\bdoesn'?t matter\b",
    r"\b(didn['’]?t|did not|doesn['’]?t|does not) (really |much |even )?matter\b",
    r"\bnicht (so |besonders |weiter |wirklich )?wichtig\b",
    r"\b(not|no) (a |that |such a )?big deal\b",
    # the moment was fine and no more: a shrug is the owner's word too
    r"\bnichts (so |weiter )?besonderes\b",
    r"\bnothing (that |very )?special\b",
    # the owner waving a mishap off: "nich der rede wert", "war mir aber wurscht", "not a
    # bother", "no harm"
    r"\bnicht (der |da )?rede?n? wert\b",
    r"\b(war|ist|is) (mir |uns )?(aber |doch |eh |ja )?(egal|wurscht|wurst|schnuppe)\b",
    r"\b(not|no) (a |the slightest )?bother\b",
    r"\bno harm( done)?\b",
]
AFFIRMED = [
    r"\beine?[rs]? der wichtigsten\b",
    r"\bdas wichtigste\b",
    r"\bwichtigste[nr]? (moment|erlebnis|erfahrung)\w*",
    r"\bdas war (mir )?(sehr |extrem |unglaublich )?wichtig\b",
    # "das war ein ganz wichtiger Tag für uns", "it was a really important day for me"
    r"\b(das|es) war ein (ganz |sehr |richtig |so )?wichtiger (tag|moment|abend|schritt)\b",
    r"\b(it|that) was a (really |very |hugely )?important (day|moment|night|step)\b",
    r"\bmerk dir,? (dass )?das (war )?wichtig\b",
    r"\bone of the most important\b",
    r"\bthe most important\b",
    r"\blife[- ]changing\b",
    r"\blebensverandernd\w*",
]
LANDMARK = [
    r"\beine?[rs]? der wichtigsten\b",
    r"\bwichtigste[nr]? (moment|erlebnis|erfahrung)\w*",
    r"\bwendepunkt\w*",
    r"\blebensverandernd\w*",
    r"\blebenstraum\b",
    r"\bone of the most important\b",
    r"\blife[- ]changing\b",
    r"\bturning point\b",
]


# The owner placing a moment in their life: a superlative among their days, a moment kept
# for good. Said of no moment ("das ist mir wichtig", "it matters") the bare words of
# importance are not among them.
LIVED = [
    # a day by any name is one of the days ("einer der besten Sonntage", "one of the best
    # birthdays"): the compound ends in the word for a day
    r"\beine?[rsm]? der (schonsten|besten|schwersten|glucklichsten|wichtigsten|grossten)"
    r" (\w*(tage|abende|nachte)|momente|augenblicke|erlebnisse)\b",
    r"\b(tag|tage|moment|momente|abend|abende|nacht|nachte)\w* (meines|unseres) lebens\b",
    r"\bnie (mehr )?vergessen\b",
    r"\bvergesse?\w* ich (das |den |die )?(\w+ )?nie\b",
    r"\b(days?|nights?|moments?|evenings?|mornings?) of (my|our) li(fe|ves)\b",
    r"\bone of the \w+est (\w*days?|\w*nights?|moments?|evenings?|mornings?|things?)\b",
    r"\b(won'?t|will never|never) forget\b",
    r"\bmoments? (that )?i['’]?ll (always )?(keep|treasure)\b",
    r"\b\w+est (moment|day|night)s? (i['’]?ve|i have|we['’]?ve) (ever )?(had|felt|known)\b",
]


@dataclass(frozen=True)
class Found:
    signal: Signal
    cue: str  # the words that carried it

    @property
    def weight(self) -> float:
        return WEIGHTS[self.signal]


@dataclass(frozen=True)
class Assessment:
    signals: tuple[Found, ...]
    user_word: str | None  # "important" / "not_important" when the owner said so
    landmark_cue: str | None

    @property
    def score(self) -> float:
        return round(sum(f.weight for f in self.signals), 2)


@dataclass(frozen=True)
class Folded:
    """A text as the patterns read it (``normalize_alias``: lower case, no accents, single
    spaces) with, for each of its characters, where it stands in the text as written."""

    text: str
    written: str
    starts: tuple[int, ...]

    def said(self, start: int, end: int) -> str:
        """The written words behind the non-empty ``text[start:end]``: a cue is quoted as
        the owner wrote it ("einer der schönsten Abende"), not as the patterns read it."""
        return self.written[self.starts[start] : self.starts[end - 1] + 1]


def _folded(text: str) -> Folded:
    chars: list[str] = []
    starts: list[int] = []
    for i, char in enumerate(text):
        if char.isspace():
            if chars and chars[-1] != " ":
                chars.append(" ")
                starts.append(i)
            continue
        for out in normalize_alias(char):
            chars.append(out)
            starts.append(i)
    while chars and chars[-1] == " ":
        chars.pop()
        starts.pop()
    return Folded("".join(chars), text, tuple(starts))


def _first(patterns: list[str], folded: Folded) -> str | None:
    for pattern in patterns:
        match = re.search(pattern, folded.text)
        if match:
            return folded.said(*match.span())
    return None


def significance_assess(*, text: str) -> Assessment:
    """The signals the words of one message carry, and the owner's explicit word if any."""
    # "eener der schönsten abende", "dit vergess ick nie": the owner's word in regional
    # speech is read as in the standard words
    folded = _folded(spoken.standard_reading(text))
    dismissed = _first(DISMISSED, folded)
    affirmed = None if dismissed else _first(AFFIRMED, folded)
    signals = []
    for signal, patterns in PATTERNS.items():
        # a dismissal is not importance: "war nicht wichtig" must not count as "wichtig"
        if signal == Signal.EXPLICIT_IMPORTANCE and dismissed:
            continue
        cue = _first(patterns, folded)
        if cue:
            signals.append(Found(signal, cue))
    user_word = "not_important" if dismissed else ("important" if affirmed else None)
    landmark = None if dismissed else _first(LANDMARK, folded)
    return Assessment(tuple(signals), user_word, landmark)


def lived_moment(*, text: str) -> str | None:
    """The words by which the owner places what they tell among the moments of their life
    ("einer der größten Tage meines Lebens", "I'll never forget it"), or ``None``; a
    dismissal ("war nicht so wichtig") places nothing."""
    folded = _folded(spoken.standard_reading(text))
    if _first(DISMISSED, folded):
        return None
    return _first(LIVED, folded)


def lifecycle_for(*, score: float, user_word: str | None) -> str:
    """Transient → candidate → established by score; the owner's word overrides both ways."""
    if user_word == "important":
        return "established"
    if user_word == "not_important":
        return "transient"
    if score >= ESTABLISHED_AT:
        return "established"
    if score >= CANDIDATE_AT:
        return "candidate"
    return "transient"
