"""Which time expression dates a claim: the one of the clause the claim was read in.

A time word dates the clause it stands in, not its whole sentence: in "Ich heiße Anna und
wohne seit 2019 in Köln" only where I live holds since 2019, and in "I've been a nurse since
2016 and I started at St Mary's two weeks ago" each conjunct has its own time. In order:

- nothing dates what holds by nature (an age, a species, a breed, where one comes from, a
  blood relative: "My daughter Ellie started at Leeds in September");
- a claim takes the time of its own conjunct (clauses joined by "und"/"and" inside one
  segment, segments being cut at commas, dashes and contrastive conjunctions by
  :func:`curator.extract.clauses.segments`); "since then"/"seitdem" takes the time said
  before it;
- a time said in an earlier conjunct reaches the later ones that have none ("Seit 2019 wohne
  ich in Köln und arbeite bei Ford", "left KPMG in March and joined Fernleaf"), never an
  earlier one;
- across segments, a verbless fragment takes the time of the clause it hangs on (an
  apposition or a topicalised object: "seit dem 14. Februar einen Kater, Mogli", "Meine
  Hündin Frida, ein Labrador, hab ich seit 2024"), and a time standing in a segment that
  states nothing of its own is an afterthought to the sentence ("nach Dortmund gezogen, seit
  dem 1. Juli", "a flat in Leeds, been here since August"); a time in a segment with a claim
  of its own dates that claim only ("Ich wohne in Köln, seit 2019 arbeite ich bei Ford");
- a name or a feeding time is dated only by its own conjunct.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from curator.extract.clauses import Segment, segment_at
from curator.extract.timeparse import TimeExpression
from curator.language import rx
from curator.language.tagging import part_of_speech

CONJUNCTION = re.compile(r"(?i)\s+(?:und|and|sowie)\s+")
# Facts only their own conjunct dates: a name ("Ich heiße Anna, seit 2019 wohne ich in
# Köln") or a feeding time ("seit März kriegt sie um 7 Futter").
TIMELESS = frozenset({"name", "preferred_name", "feeding_time"})
# Facts no time in the text dates: they hold by nature, from birth ("My daughter Ellie started
# at Leeds in September": she has been the daughter all along).
NATURAL = frozenset({"age", "birthday", "species", "breed", "comes_from"})
BLOOD_KIN = frozenset(
    {
        "sister", "brother", "mother", "father", "daughter", "son", "cousin", "grandmother",
        "grandfather", "aunt", "uncle", "niece", "nephew", "granddaughter", "grandson",
    }
)  # fmt: skip
# Words that say how a relation began or holds: only then does a time date the relation.
RELATING = re.compile(
    r"(?i)\b(verlobt|verheiratet|geheiratet|heiraten|married|engaged|zusammen|together|"
    r"dating|getroffen|kennengelernt|kennen\s+uns|known\s+each\s+other|met|moved\s+in|"
    r"eingezogen|zieht\s+ein|partner\w*|beziehung|relationship|boyfriend|girlfriend|"
    r"antrag|proposed|proposal)\b"
)
# A clause that says how long a couple has been one ("wir sind seit 2001 verheiratet", "we
# met in 2015"): its time dates the couple only, not the job said beside it.
BOND = re.compile(
    r"(?i)\b(verlobt|verheiratet|geheiratet|married|engaged|kennengelernt|kennen\s+uns|"
    r"known\s+each\s+other|met)\b"
)
# A later clause of "we" says what the household did ("my partner Dev is a chef, we moved in
# together last March"); its time dates where they live or what they own, never a job or a
# habit of one of them said before it.
WE_CLAUSE = re.compile(
    r"(?i)^(?:(?:und|and|aber|but|dann|then|also|so)\s+)*(?:wir|we|we['’](?:ve|re))\b"
)
HOUSEHOLD = frozenset({"lives_in", "owns", "relation_to_user"})
# "since then", "seitdem": the time is the one said before it in the sentence.
SINCE_THEN = re.compile(
    r"(?i)\b(?:since\s+then|ever\s+since|seitdem|seither|seit\s+da|since\s+that\s+day"
    r"|from\s+that\s+day|seit\s+(?:dem|diesem)\s+tag|ab\s+(?:dem|diesem)\s+tag)\b"
)
# A clause that names its own subject ("und mein Kollege Jörg redet …", "we moved …").
NEW_SUBJECT = re.compile(
    r"(?i)^(?:(?:und|and|aber|but|dann|then|also)\s+)*(?:mein\w*|my|dein\w*|your|sein\w*|"
    r"his|ihr\w*|her|unser\w*|our|ich|i|i'm|wir|we|we're|er|sie|he|she|they|der|die|das|the)\b"
)
# "…, studying history": a participle clause hangs on the clause before it like a fragment
NON_FINITE = re.compile(r"(?i)^(?:and\s+|now\s+)?[a-z]{3,}ing\b(?!\s+(?:is|was|are)\b)")
# "i'm a paramedic since 2012 and i've lived in Hull since 2019": the tagger reads "i'm" as
# one noun, but each conjunct has its verb
CLITIC_VERB = re.compile(
    r"(?i)\b(?:i|you|he|she|it|we|they|that|there|who)['’](?:m|re|s|ve|d|ll)\b"
)
# STTS and CLAWS5 tags of verbs both start with V; a segment without one is a fragment.
_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def conjuncts(segment: Segment, *, text: str, lang: str) -> list[tuple[int, int]]:
    """The segment's clauses joined by "und"/"and", as absolute ``(start, end)`` spans of
    the sentence; a conjunct without a verb is a coordinated phrase ("Carla und ich sind
    seit einem Jahr zusammen") and stays with its neighbour."""
    pieces, start = [], segment.start
    for match in CONJUNCTION.finditer(segment.text):
        cut = segment.start + match.start()
        if cut > start:
            pieces.append((start, cut))
        start = segment.start + match.end()
    pieces.append((start, segment.end))
    if len(pieces) == 1:
        return pieces
    verbs = [has_verb(text[a:b], lang=lang) for a, b in pieces]
    if not all(verbs):
        return [(segment.start, segment.end)]
    return pieces


def has_verb(text: str, *, lang: str) -> bool:
    """Whether a piece of a sentence holds a verb, each word tagged out of context (cached);
    a pronoun with a verb's clitic ("i'm", "we've", "she's") is one."""
    return bool(CLITIC_VERB.search(text)) or any(
        part_of_speech(w, lang=lang).startswith("V") for w in _WORD.findall(text)
    )


def dating_time(
    times: Sequence[TimeExpression],
    *,
    parts: Sequence[Segment],
    position: int,
    predicate: str,
    lang: str,
    text: str,
    value: str | None = None,
    claimed: Sequence[int] = (),
    said_before: TimeExpression | None = None,
) -> TimeExpression | None:
    """The time expression (of those that may date a fact) dating the claim read at
    ``position`` of the sentence ``text`` cut into ``parts``, or None when no time reaches
    it. ``value`` is the claim's literal value (a kinship held from birth is never dated);
    ``claimed`` the positions of the sentence's other claims; ``said_before`` the time the
    turn said last before this sentence, which "seit dem Tag"/"since then" points back to."""
    if (not times and said_before is None) or predicate in NATURAL:
        return None
    if predicate != "relation_to_user":
        times = [
            t
            for t in times
            if not _dates_a_bond(t, parts=parts, position=position, text=text, lang=lang)
        ]
    if predicate == "relation_to_user" and value in BLOOD_KIN:
        return None
    if predicate == "relation_to_user" and not RELATING.search(text):
        # "mein Kumpel Dennis ist vor zwei Wochen nach Linz gezogen": the time dates the move;
        # a relation is dated only where the sentence says how it began
        return None
    segment = segment_at(list(parts), position)
    if segment is None:
        return times[0] if len(times) == 1 else None
    if not times:
        # only "seit dem Tag"/"since then" reaches the time of an earlier sentence
        spans = conjuncts(segment, text=text, lang=lang)
        own = next((s for s in spans if s[0] <= position < s[1]), spans[-1])
        if not has_verb(text[segment.start : segment.end], lang=lang):
            # "…, als Lokführerin": a fragment hangs on its clause
            host = _host(parts, segment, text=text, lang=lang)
            own = (host.start, host.end) if host else own
        return said_before if SINCE_THEN.search(text[own[0] : own[1]]) else None
    inside = [t for t in times if segment.start <= t.start < segment.end]
    spans = conjuncts(segment, text=text, lang=lang)
    own = next((s for s in spans if s[0] <= position < s[1]), spans[-1])
    mine = [t for t in inside if own[0] <= t.start < own[1]]
    if mine:
        return mine[0]
    if SINCE_THEN.search(text[own[0] : own[1]]):
        said = [t for t in times if t.start < own[0]]
        return said[-1] if said else said_before
    if predicate in TIMELESS:
        return None
    earlier = [t for t in inside if t.start < own[0]]
    if earlier:
        return earlier[-1]
    if inside:
        return None
    piece = text[segment.start : segment.end]
    if not has_verb(piece, lang=lang) or NON_FINITE.match(piece.strip()):
        host = _host(parts, segment, text=text, lang=lang)
        dated = next((t for t in times if host and host.start <= t.start < host.end), None)
        if dated is not None:
            return dated
    others = [p for p in claimed if p != position]
    free = [
        t
        for t in times
        if not any(
            (part := segment_at(list(parts), t.start)) and part.start <= p < part.end
            for p in others
        )
    ]
    if len(free) != 1:
        return None
    # an afterthought reaches back; forward only into a clause without a subject of its own
    # ("seit Ostern abgewöhnt, trink jetzt nur noch Mate", not "…, und mein Kollege Jörg …")
    if free[0].start < segment.start and NEW_SUBJECT.match(text[segment.start : segment.end]):
        return None
    later = segment_at(list(parts), free[0].start)
    if (
        predicate not in HOUSEHOLD
        and later is not None
        and later.start >= segment.end
        and WE_CLAUSE.match(text[later.start : later.end].strip())
    ):
        return None
    return free[0]


def _dates_a_bond(
    time: TimeExpression, *, parts: Sequence[Segment], position: int, text: str, lang: str
) -> bool:
    """Whether ``time`` stands in a clause saying how a couple began and the claim at
    ``position`` is read outside it."""
    segment = segment_at(list(parts), time.start)
    if segment is None:
        return False
    spans = conjuncts(segment, text=text, lang=lang)
    start, end = next((s for s in spans if s[0] <= time.start < s[1]), spans[-1])
    return not start <= position < end and bool(BOND.search(text[start:end]))


# A weekday, a weekend or a part of the day ahead dates one occasion ("am Samstag grillen",
# "lab idea for friday", "food shop on sunday evenings"), not when a state begins; said with
# "ab"/"from" it does ("ab Montag arbeite ich bei Aldi").
# a verb that says when something begins
STARTING = re.compile(
    r"(?i)\b(?:starting|start|starts|beginne|beginnt|fange|fängt|anfangen|angefangen)\b"
    r"(?!\s+to\b|\s+zu\b)"
)
OCCASION = re.compile(
    r"(?i)\b(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|wochenende|weekend|heute|"
    r"today|tonight|morgen|tomorrow|übermorgen|abend|evening|nachmittag|afternoon|vormittag|"
    r"morning)\w*|\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b"
)


def starting_ahead(
    times: Sequence[TimeExpression],
    *,
    parts: Sequence[Segment],
    position: int,
    predicate: str,
    lang: str,
    text: str,
) -> TimeExpression | None:
    """The time ahead (see :func:`curator.extract.timeparse.times_ahead`) at which the state
    read at ``position`` begins: one standing in the claim's own clause, or in an earlier
    conjunct of its segment ("nächste Woche fängt er bei VW an und zieht nach Wolfsburg"), and
    naming more than an occasion. A time in another clause dates that clause only ("she plays
    violin, and she's coming to stay next week")."""
    if predicate in NATURAL:
        return None
    segment = segment_at(list(parts), position)
    if segment is None:
        return None
    spans = conjuncts(segment, text=text, lang=lang)
    own = next((s for s in spans if s[0] <= position < s[1]), spans[-1])
    for t in times:
        if (
            not (segment.start <= t.start < own[1])
            or t.start < own[0]
            and (NEW_SUBJECT.match(text[own[0] : own[1]]))
        ):
            continue
        # "am Wochenende" is an occasion, not a start; "starting at Oakfield on monday" says
        # the day the state begins
        if OCCASION.search(t.text) and t.relation != "from" and not STARTING.search(text):
            continue
        return t
    return None


def _host(parts: Sequence[Segment], fragment: Segment, *, text: str, lang: str) -> Segment | None:
    """The clause a verbless fragment hangs on: the nearest segment before it with a verb,
    else (a topicalised fragment opening the sentence) the nearest one after it."""
    index = next(i for i, part in enumerate(parts) if part.start == fragment.start)
    for part in reversed(parts[:index]):
        if has_verb(text[part.start : part.end], lang=lang):
            return part
    for part in parts[index + 1 :]:
        if has_verb(text[part.start : part.end], lang=lang):
            return part
    return None


# "ab jetzt", "from now on": a change's marker, dated by the message time, never content.
NOW_MARKER = re.compile(
    r"(?i)\b(?:ab\s+jetzt|ab\s+sofort|von\s+jetzt\s+an|ab\s+heute|from\s+now\s+on|"
    r"as\s+of\s+(?:now|today)|starting\s+(?:now|today))\b"
)
# Literal values that are themselves times or amounts: a time word there is the content.
TIMED_VALUES = frozenset({"birthday", "due", "feeding_time", "age", "status"})


# Words a literal value may have dropped from a time expression said inside it.
ARTICLES = frozenset({"the", "a", "an", "der", "die", "das", "dem", "den"})


# what a dating time may leave before it in a value: its "since" and the part of the time
# ("since the start of the summer", "seit Anfang des Jahres")
SPAN_OPENING = (
    r"(?:(?:since|seit|from|ab)\s+)?(?:(?:the\s+)?(?:start|beginning|end|middle|anfang|beginn|"
    r"ende|mitte)\s+(?:of|des|der|vom|von)\s+)?"
)


def without_time_words(value: str, *, predicate: str, times: Sequence[TimeExpression]) -> str:
    """The literal value without the time expressions that date it: "Seit letztem Montag
    jeden Morgen Yoga" holds "jeden Morgen Yoga" since Monday, it is not the routine's name.
    A value that is nothing but a time word is kept as it is."""
    if predicate in TIMED_VALUES:
        return value
    kept = value
    # only what dates ("seit", "vor", "ab"): "am Sonntag" in a value may be its content
    dating = [t for t in times if t.relation in ("since", "ago", "from")]
    for expression in sorted(dating, key=lambda t: -len(t.text)):
        # (a value may have lost the expression's punctuation: "seit dem 20 april")
        # and its articles: "since the start of the summer" in "since start of summer yoga"
        words = r"\W*".join(
            rf"(?:{re.escape(w)})?" if w.lower() in ARTICLES else re.escape(w)
            for w in rx.findall(r"\w+", expression.text)
        )
        kept = rx.sub(rf"(?i)(?<!\w){SPAN_OPENING}{words}(?!\w)", " ", kept) if words else kept
    kept = NOW_MARKER.sub(" ", kept)
    kept = " ".join(kept.split()).strip(" ,;:-")
    return kept or value


def without_dating_times(text: str, *, times: Sequence[TimeExpression]) -> str:
    """The sentence with its "seit …", "… ago" and "ab …" expressions blanked (same length,
    so positions stay the writer's): a construction reading "wohnen in Oldenburg" need not
    know every way a time can stand between the verb and its object."""
    out = text
    for expression in times:
        if expression.relation in ("since", "ago", "from"):
            out = (
                out[: expression.start]
                + " " * (expression.end - expression.start)
                + out[expression.end :]
            )
    return out
