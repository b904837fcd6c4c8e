"""First-person clauses no construction read, mapped onto a predicate by their nearest
labelled example clauses.

The constructions of :mod:`curator.extract.reader` read the phrasings they were written for;
people say the same thing in many other ways ("kaffee krieg ich nicht runter", "i'm on
methylphenidate now", "seit montag mach ich intervallfasten"). For a clause of the user's
that states something about themselves and that no construction read, the multilingual
embedding model finds the nearest clauses of ``nearest_examples.jsonl``: user clauses of
the first 380 dev dialogues (not the batch written afterwards to measure this reading, nor
any held-back one), each labelled with the predicate of the expectation whose value words it
carries, or ``none`` for a first-person clause that carries no expected word (a clause beside
a labelled one in the same sentence is left out: it may be part of how the fact is said). A
predicate is taken when the nearest example is at least :data:`FLOOR` similar and either
stands clear of every other label by :data:`MARGIN` or two of the three nearest agree
(precision first: a fact not stored beats a false one). Likes and dislikes share one label,
``taste``: embeddings barely tell "ich mag Fisch" from "ich mag keinen Fisch", the negation
does.

The value is the clause's content words: pronouns, articles, auxiliaries, particles,
fillers and (except for routines and hobbies, which are activities) verbs and time words are
left out, using the part-of-speech tags of :mod:`curator.language.tagging` in context. A
clause whose content is empty or longer than a short phrase is left alone.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path

from curator.extract.clauses import NEGATORS
from curator.language.tagging import part_of_speech, sentence_analysis
from worldmemory.embedding import configured_embedder

EXAMPLES = Path(__file__).with_name("nearest_examples.jsonl")
# Similarity of a clause to its nearest labelled example at which its label is believed.
# Leave-one-dialogue-out on the examples themselves (468 clauses, 165 of them labelled with a
# predicate), with :data:`MARGIN`: at 0.45 46 of the 54 clauses given a stated predicate get
# the right one (0.85), at 0.40 the same share of a few more, at 0.50 0.88 of 51; most of the
# rest are near misses another guard catches (a question, sarcasm, a mood of the day).
FLOOR = 0.45
K = 3
# The nearest example decides alone when the best example of any other label is this much
# less similar (at the floor: 0.0 → 56 of 72 right, 0.05 → 51 of 60, 0.08 → 46 of 54,
# 0.12 → 42 of 46); otherwise two of the three nearest must agree.
MARGIN = 0.08
# the predicates this reading may state; the other labels only keep a clause from them
# (a clause nearest to "ich arbeite als Erzieherin" is read by the constructions or not at all)
STATED = {"routine", "taste", "hobby", "health_condition", "takes_medication"}
ACTIVITIES = {"routine", "hobby"}
DISLIKE = re.compile(
    r"(?i)\b(hasse|hass|hate|hates|eklig|ekelhaft|widerlich|gross|disgusting|can't stand|"
    r"cannot stand|nicht ab|nicht ausstehen|nicht runter|zu bitter|zu süß|zu scharf|too sweet|"
    r"too bitter|too spicy)\b"
)
VERB_NEGATION = re.compile(r"(?i)n't\b|\b(not|nicht|never|nie|niemals)\b")
# words that carry no content of their own in a clause about oneself
FUNCTION_WORDS = {
    "ich", "i", "i'm", "im", "i've", "ive", "me", "mir", "mich", "my", "mein", "meine",
    "meinen", "meinem", "meiner", "wir", "we", "we're", "uns", "our", "unser", "unsere",
    "bin", "bist", "ist", "is", "am", "are", "was", "war", "hab", "habe", "hab's", "have",
    "has", "had", "do", "does", "did", "don't", "dont", "doesn't", "can't", "cant", "cannot",
    "kann", "können", "muss", "will", "would", "get", "got", "mach", "mache", "machen",
    "make", "tu", "tue", "the", "a", "an", "der", "die", "das", "den", "dem", "ein", "eine",
    "einen", "ne", "nen", "ner", "nem", "so", "echt", "halt", "eben", "eigentlich",
    "actually", "really", "just", "honestly", "tbh", "lol", "haha", "like", "also", "auch",
    "too", "nur", "only", "mal", "ja", "doch", "schon", "total", "voll", "super", "sehr",
    "very", "totally", "literally", "basically", "gar", "überhaupt", "nicht", "not", "no",
    "kein", "keine", "keinen", "never", "nie", "nö", "nee", "jetzt", "now", "heute", "today",
    "seit", "since", "grad", "gerade", "currently", "rn", "btw", "übrigens", "and", "und",
    "but", "aber", "oder", "or", "with", "mit", "for", "für", "of", "von", "to", "zu", "at",
    "bei", "on", "in", "into", "it", "es", "that", "this", "dass", "what",
    "pretty", "quite", "ziemlich", "irgendwie", "kinda", "sort", "bisschen", "bit", "weil",
    "because", "cause", "'cause", "runter", "ab", "rein", "drauf", "gern", "gerne", "lieber", "liebsten",
}  # fmt: skip
# tags (STTS German, CLAWS5 English) of words that are no content
NO_CONTENT = re.compile(
    r"^(V[AM]|PPER|PPOS|PRF|PDS|PIS|PRELS|PWS|ART|APPR|KO|KON|PTK|ADV|PAV|ITJ|XY|\$|"
    r"AT0|DPS|DT0|PNP|PNX|PNI|PRP|PRF|CJ|AV0|AVP|AVQ|ITJ|EX0|TO0|XX0|VB|VD|VH|VM|PUN|POS)"
)
MOMENT = re.compile(
    r"(?i)\b(heute|today|tonight|gerade|grad|gestern|yesterday|morgen früh|tomorrow|"
    r"right now|atm|at the moment|diese woche|this week|lust|bock|in the mood)\b"
)
SINCE = re.compile(r"(?i)^(seit|since|letzte\w*|last|ab|from|vor|ago)$")
RULING_OUT = {"no", "not", "kein", "keine", "keinen", "ohne", "without"}
# how often an activity happens: kept in a routine ("dienstags", "every morning")
FREQUENCY = re.compile(
    r"(?i)^(jeden|jede|jedes|every|each|immer|always|täglich|daily|weekly|wöchentlich|"
    r"\w+tags|\w+tag|sonntags|samstags|morgens|mittags|abends|nachts|\w+days|mornings|"
    r"evenings|nights|weekends|wochenende|morning|evening|night|morgen|abend|twice|"
    r"zweimal|dreimal|once|einmal)$"
)
# verbs that carry the activity of the word beside them ("mach Intervallfasten", "do yoga",
# "geh schwimmen"): the activity is the other word
LIGHT_VERBS = {
    "mach", "mache", "machen", "geh", "gehe", "gehen", "tu", "tue", "do", "does", "go",
    "goes", "have", "hab", "habe", "get", "gets",
}  # fmt: skip
VERB = re.compile(r"^(VV|V\(|VVB|VVD|VVG|VVI|VVN|VVZ)")
TIME_WORDS = re.compile(
    r"(?i)^(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|woche|week|jahr|year|monat|month|letzte\w*|"
    r"last|vor|ago|morgen|tomorrow|gestern|yesterday|früh|spät|early|late|\d+)$"
)


SEEN_LIMIT = 4096
_SEEN: dict = {}  # clause → its unit vector (same model for the process's life)


@dataclass(frozen=True)
class Reading:
    predicate: str  # a core predicate: "taste" is already told apart into prefers/dislikes
    value: str
    similarity: float


@functools.cache
def _examples() -> tuple[tuple[str, str], ...]:
    rows = [json.loads(line) for line in EXAMPLES.read_text(encoding="utf-8").splitlines()]
    return tuple(
        (r["text"], "taste" if r["predicate"] in ("prefers", "dislikes") else r["predicate"])
        for r in rows
        if line_ok(r)
    )


def line_ok(row: dict) -> bool:
    return bool(row.get("text")) and bool(row.get("predicate"))


@functools.cache
def _table(model: str):
    import numpy as np

    embedder = configured_embedder()
    examples = _examples()
    if embedder is None or not examples:
        return None
    vectors = np.asarray(embedder.embed([text for text, _ in examples]), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True) + 1e-9
    return vectors, tuple(label for _, label in examples)


def _label(vector, table) -> tuple[str, float] | None:
    """The label the nearest examples agree on: two of the three nearest, or the nearest
    alone when it stands clear of every other label by :data:`MARGIN` (one close paraphrase
    is evidence enough; a crowd of middling neighbours is not)."""
    import numpy as np

    vectors, labels = table
    similarities = vectors @ vector
    order = np.argsort(-similarities)
    best = float(similarities[order[0]])
    if best < FLOOR:
        return None
    label = labels[order[0]]
    runner_up = next((float(similarities[i]) for i in order if labels[i] != label), 0.0)
    if best - runner_up >= MARGIN:
        return label, best
    nearest = order[:K]
    votes: dict[str, float] = {}
    for i in nearest:
        votes[labels[i]] = votes.get(labels[i], 0.0) + float(similarities[i])
    label = max(votes, key=votes.__getitem__)
    if sum(labels[i] == label for i in nearest) < 2:
        return None
    return label, best


def content(text: str, *, predicate: str, lang: str) -> str | None:
    """The clause's content words for ``predicate``, or None when nothing short is left.

    A routine or hobby is an activity: its verb stays, in the infinitive with a German
    separable particle joined back ("ruf … an" → "anrufen") and at the end as a German
    activity is written ("dienstags Oma anrufen"), and so do the words that say how often.
    Everything else is a thing: verbs and time words go."""
    words = re.findall(r"[\w'’-]+", text)
    if not words:
        return None
    analysed = sentence_analysis(words, lang=lang)
    particle = next((w.lower() for w, _, tag in analysed if tag.startswith("PTKVZ")), "")
    kept: list[str] = []
    verbs: list[str] = []
    ruled_out = False
    for number, (word, lemma, tag) in enumerate(analysed):
        plain = word.lower().replace("’", "'")
        after = analysed[number + 1][0].lower() if number + 1 < len(analysed) else ""
        if lang == "de" and particle and after in ("ich", "wir") and not VERB.match(tag):
            # "ruf ich … an": the word before the inverted subject is the verb, whatever
            # a tagger makes of a clipped form out of context
            if predicate in ACTIVITIES:
                verbs.append(particle + plain + ("n" if plain.endswith("e") else "en"))
            continue
        if SINCE.match(plain) or (number and SINCE.match(analysed[number - 1][0])):
            continue  # "seit Montag", "since March": when it began, not how often
        if predicate == "prefers" and plain in RULING_OUT:
            ruled_out = True  # "oat milk and no sugar": what follows is not preferred
        if ruled_out:
            continue
        if predicate == "routine" and (FREQUENCY.match(plain) or TIME_WORDS.match(plain)):
            kept.append(word)
            continue
        if plain in FUNCTION_WORDS or plain in LIGHT_VERBS or NO_CONTENT.match(tag):
            continue
        if VERB.match(tag) or TIME_WORDS.match(plain):
            if predicate not in ACTIVITIES or TIME_WORDS.match(plain):
                continue
            if lang == "de" and "INF" not in tag:
                verbs.append(particle + lemma.lower())  # "hol … ab" → "abholen"
            else:
                (verbs if lang == "de" else kept).append(word)
            continue
        kept.append(word)
    kept += verbs
    if predicate not in ACTIVITIES and not any(
        _noun(w, tag, lang=lang) for w, _, tag in analysed if w in kept
    ):
        return None  # "am liebsten grünen": the thing itself was named in another clause
    if not [w for w in kept if not FREQUENCY.match(w.lower()) and not TIME_WORDS.match(w)]:
        return None
    if len(kept) > (6 if predicate in ACTIVITIES else 3):
        return None
    return " ".join(kept)


def negated(clause: str, *, lang: str) -> bool:
    """Whether the clause negates its verb ("mag keinen Fisch", "don't like", "bin kein
    Vegetarier"), not just a noun ("oat milk and no sugar")."""
    if VERB_NEGATION.search(clause):
        return True
    if not NEGATORS.search(clause):
        return False
    words = re.findall(r"[\w'’-]+", clause)
    return any(tag.startswith("V") for _, _, tag in sentence_analysis(words, lang=lang))


def _against(clause: str, *, lang: str) -> bool:
    """Whether a clause about a taste is a dislike: a dislike word or a negated verb."""
    return bool(DISLIKE.search(clause)) or negated(clause, lang=lang)


def _noun(word: str, tag: str, *, lang: str) -> bool:
    """Whether a word names a thing: so tagged in its clause, or (lowercase German chat) so
    read when capitalised and not tagged an adjective in its clause ("rosenkohl")."""
    if re.match(r"^(N|FM)", tag):
        return True
    if lang != "de" or tag.startswith("ADJ"):
        return False
    return part_of_speech(word[:1].upper() + word[1:], lang=lang).startswith("N")


def _one_day(clause: str) -> bool:
    """ "hab heute keine Lust auf Kochen", "muss morgen früh raus": a mood or a plan for
    one day, no standing taste or habit (unless it also says how often)."""
    if not MOMENT.search(clause):
        return False
    return not any(FREQUENCY.match(w) for w in re.findall(r"[\wäöüß]+", clause.lower()))


def example_table():
    """The labelled examples' unit vectors under the configured embedder (loaded once)."""
    embedder = configured_embedder()
    if embedder is None:
        return None
    return _table(f"{embedder.provider}:{embedder.model}")


def read_clauses(clauses: list[str], *, lang: str) -> list[Reading | None]:
    """For each clause the predicate and value its nearest examples give, or None."""
    embedder = configured_embedder()
    if embedder is None or not clauses:
        return [None] * len(clauses)
    table = _table(f"{embedder.provider}:{embedder.model}")
    if table is None:
        return [None] * len(clauses)
    import numpy as np

    # a window's earlier turns come again as context in the next windows: their clauses
    # are embedded once
    missing = list(dict.fromkeys(c for c in clauses if c not in _SEEN))
    if missing:
        fresh = np.asarray(embedder.embed(missing), dtype=np.float32)
        fresh /= np.linalg.norm(fresh, axis=1, keepdims=True) + 1e-9
        if len(_SEEN) + len(missing) > SEEN_LIMIT:
            _SEEN.clear()
        _SEEN.update(zip(missing, fresh, strict=True))
    vectors = [_SEEN[c] for c in clauses]
    out: list[Reading | None] = []
    for clause, vector in zip(clauses, vectors, strict=True):
        found = _label(vector, table)
        if found is None or found[0] not in STATED:
            out.append(None)
            continue
        label, similarity = found
        if label in ("taste", *ACTIVITIES) and _one_day(clause):
            out.append(None)
            continue
        if label == "taste":
            label = "dislikes" if _against(clause, lang=lang) else "prefers"
        # the words that say it is disliked are not what is disliked ("zu bitter")
        said = DISLIKE.sub(" ", clause) if label == "dislikes" else clause
        value = content(said, predicate=label, lang=lang)
        out.append(Reading(label, value, similarity) if value else None)
    return out
