"""Whether a question asks about anything the owner ever talked about.

The relevance floor (``search.relevance_floor``) alone cannot tell a question about nothing
remembered from one the model places a little closer by its frame: "When did I get my
pilot's licence?" sits as near a turn about some other exam as many answerable questions sit
near their answer. What the question is about, though, is named by its nouns ("Papst",
"Gedicht", "Pilotenschein", "volcano", "Iceland"), and the owner's stored lexemes say
whether any of them was ever said. Such a question needs a nearer turn than the floor to be
answered (``passages`` asks for the floor plus ``UNKNOWN_THINGS_MARGINS``) when

- none of its nouns is known to the owner, in either language ("Which volcano did I climb in
  Iceland?"), or
- it asks after a name the owner knows for something never said beside any name: "Wie heißt
  Emmas Klassenlehrerin?", "What's Kati's blood type?" (a plausible question about a known
  person; measured on the dev conversations of ``gd_bench retrieval``: no-answer accuracy
  0.231 → 0.308, no answerable question lost).

Measured and left out: the same for a known common noun beside an unknown one ("Welche
Medikamente nimmt Papa?": 0.327 for 2.6 more points of recall@10, most of them paraphrases);
the question's known nouns never together within two turns ("der Hund von Jens": 0.346 for
0.8 more points, cross-lingual recall 0.808 → 0.788; a two-turn question has them apart); a
known name and a known thing never within two turns of each other, as in LoCoMo's
swapped-entity questions: one more unanswerable question for 0.4 points and a cross-lingual
one; 0.37 at a margin of 0.15 for 4 points).

A question asking what someone's thing is ("What's Kati's blood type?", "Wie heißt der Hund von
Jens?", "When is Lena's birthday?", "Wann hat Micha Geburtstag?") is answered by nothing when
no turn that names the person has the thing in or beside it, nor a turn they said in it
(``never_said_of``), however near a turn about the person and though the best turn is their own
("When is Sam's birthday?" of a chat with Sam, whose chatter matches "Sam"). Measured on the
dev conversations of ``gd_bench retrieval`` (no-answer accuracy 0.269 before, before "Wann hat
…" was read): 0.299 at no margin over the floor, 0.358 at 0.08, 0.373 at 0.14 (kept first,
0.388 with "Wann hat …"), 0.403 answered by nothing outright; then, against 0.388, nothing
outright and the person's own best turn no longer answering for them: 0.433, nothing else moved
(it held for none of the 385 answerable dev questions). Marcus's own words count as said of
him: "What's the name of Marcus's German teacher?" of a chat where he says "my teacher"; the
turns beside his own do not, since in a dialogue they are the other side's: "When is Marcus's
half marathon?" of a chat where the owner signs up for one between two of his turns (no-answer
0.433 → 0.448, nothing else moved). Left out: the same for every question naming someone's
thing, not only those asking what it is: one cross-lingual question lost at no extra margin
("Was hat der Standesbeamte für Dans Familie gemacht?" of Dan, who says "my family"), two and
half a multi-hop one from 0.04; answered by nothing outright, 0.433 for 2.7 points of
recall@10. The same for "which" questions, the noun after "which"/"welche" never said beside
another noun of the question (at the margin of 0.14 then in force): no-answer 0.388 → 0.493 but
recall@10 0.787 → 0.756 (single −7, multi-hop −3, cross-lingual −2): the answer is an instance,
the kind is rarely said ("Welche Farbe …?" of "lila", "Which hospital …?" of a hospital's
name). Narrower, the kind never said beside the name the verb is said of ("Which school does
Kati teach at?", "Welche Medikamente nimmt Papa?"), against 0.433: no-answer +5, recall@10 −1.4
points (single −2, cross-lingual −2, multi-hop −1.3); only where the kind is said somewhere in
the owner's words, +2 for −0.8 points. Read beyond the main clause, a multi-hop question lost
from 0.04 ("Wie heißt die neue Kollegin, die Tobis Platz übernommen hat, …?"). The owner's own
thing ("Wie heißt mein …?", "What's my …?") never said in a turn of the owner's: about nothing
+2 ("mein Zebra"), two single-turn questions lost ("my GP" of an owner who says "doctor"). A
noun without a translation counting as known beside a known name when one of the nearest turns
is in the other language (it may have been said there): nothing moved. And a "where" question
needing a place ("in", "nach", "at" before a word) in or beside its two best turns: counted on
the ranked lists, one of two answered unanswerable questions caught, four of 31 answerable ones
lost. The other words one side of a ``bilingual`` line gives for the same thing ("father" →
"dad", "mother" → "mum") counting a noun known, in this check alone: two paraphrases answered
instead of nothing, their evidence outside the ten; no figure moved.

In a chat between two people each says what is theirs in the first person, so where a thing
was said tells whose it is. A question about one side of such a dialogue, the owner ("When did
I pass my German A2 exam?") or a partner who talks with them (``PARTNER_TURNS``), after things
every one of which was said but only on the other side, is answered by nothing
(``said_by_the_other_side``): the exam was the friend's. Dev: no-answer 0.448 → 0.463, nothing
else moved; with a single thing enough, 0.478 but a paraphrase lost ("my joint issue" of a chat
where only the friend says "issue"), hence ``SIDE_THINGS``. A turn that asks after a thing
(``ASKING``: "how's the bouldering", "any concert soon?", "wie geht's dem Knie?") asks after
the other side's and is left out of whose it is. Dev: no-answer 0.463 → 0.478, nothing else
moved; the one question it turned is "What did Marcus make at pottery class?" of a chat where
only the owner goes to one, Marcus's one turn its words met a question ("classic. so the
presentation??", "class" by its prefix). The turns it was meant for ("how's the wrist", "how's
the bouldering") decided no dev question: a sprain is said on both sides, and "grade" is the
only thing of the other question. With a single thing enough on top, 0.493, but the same
paraphrase lost, and the question it adds ("What grade do I climb at when bouldering?") only
by "graders" of the friend's pupils: left out. The nouns matched as whole words here (no
prefix: "class" no longer meets "classic") turn the same pottery question, with or without the
asking turns left out, and nothing else: left out. Also left out: the nouns that frame the kind
of answer ("name", "kind", "type", "Art", "Sorte") not counted among a question's nouns, in
this and the unknown-nouns check: nothing moved; with that and a single thing enough,
no-answer 0.478 for the same paraphrase. A partner named by a short form ("Kati" for Katrin, as
``passages`` reads speakers): nothing gained, half a multi-hop question lost ("Which hospital
is Kati giving birth in, and why did we switch?").

Someone who is neither side, named in a question about neither ("How many teeth did Otto have
removed?", Otto the friend's dog), is placed on the side whose turns name them more often
(``_side_of``), and the question is that side's: the teeth pulled were the owner's cat's, said
only on the owner's side. Dev: no-answer 0.478 → 0.493, nothing else moved; 41 dev questions
placed someone so, 32 of them answerable. One thing is enough here (``PLACED_THINGS``; counted
on the ranked lists, with two none is caught); a question of "we" or "our" is the owner's own
(without that, half a multi-hop question lost: "Which Kitas did we put down …?", "Kitas" read
as a name); placing someone only when four in five of the turns naming them are one side's
catches none. In an English question a pet called after a thing ("Which rescue did Biscuit come
from?"), which HanTa reads as a noun, is a name where it is written large after the first
word: 0.493 → 0.507, nothing else moved (39 dev questions placed someone then, 29 answerable). Left
out: the nouns after a possessive ("his wrist", "my joint issue") enough alone where the
question names fewer things than ``SIDE_THINGS``: the same paraphrase lost, nothing gained.

A noun counts as known when a message of the owner holds it or a word it begins (German
compounds: "Zahnarzt" → "Zahnarzttermin"), its lemma ("Kollegen" → "Kollege"), or one of its
everyday translations (``bilingual``: "Schwester" ↔ "sister"), or when it is spelled almost
like a word of the nearest turns (``SPELLING_TURNS``): a cognate the translation list lacks
("mackerel" ↔ "Makrelen"), a compound beside its verb ("Kletterwand" ↔ "klettern"), a
misspelling (dev: cross-lingual recall@10 0.808 → 0.827, nothing else changed; against all
of the owner's words instead, "Kamel" is "came" and "Papst" is "passt"). Nouns are told from
other words by HanTa's tag out of context (``curator.language.tagging``); a question without
a noun ("what did she say?") is left to the floor. Checked once after tuning, on 20 further
questions about nothing written for it (not part of the set) asked of the four dev owners:
0.59 → 0.84 answered "nothing". Left out: a noun said only in the assistant's turns (its
questions: "Was ist mit der Kaution?") counting as unknown: no-answer unchanged, a single-turn
question ("Wie heißt der Lampenrestaurator?") and two paraphrases lost.
"""

from __future__ import annotations

import re
import time
from difflib import SequenceMatcher

from django.db import connections

from curator.language.tagging import lemma, part_of_speech
from infra.routers import APP_DB
from worldmemory.bilingual import language, translations
from worldmemory.embedding import configured_embedder, model_id
from worldmemory.reads.lexical import STATS_OWNERS, STATS_SECONDS
from worldmemory.reads.search import STOPWORDS
from worldmemory.tenancy import OwnerScope

# How much nearer than the relevance floor a turn must be when the question names things the
# owner never named, per embedding model (dev of ``gd_bench retrieval``: questions about
# nothing 0.64 → 0.93, no-answer accuracy 0.19 → 0.31, for 1.0 point of recall@10). Only the
# default model was measured; with another (all-MiniLM-L6-v2 puts "animal doctor visit" below
# 0.36 from "The vet said the kitten is healthy") the floor alone decides.
UNKNOWN_THINGS_MARGINS = {"local:use-multilingual-v3": 0.06}
# STTS (German) and CLAWS5 (English) tags of proper nouns, and with them of all nouns
NAME_TAGS = frozenset({"NE", "NP0"})
NOUN_TAGS = NAME_TAGS | {"NN", "NN1", "NN2", "NN0"}
# a word at least this long also matches the longer words it begins, as in the lexical search
PREFIX_MIN = 4

# the nearest turns whose words a noun may be spelled like, and how alike (difflib's ratio of
# the spelling keys; 0.75-0.8 did the same on dev, 0.85 no longer finds "mackerel")
SPELLING_TURNS = 5
SPELLING_RATIO = 0.8
SPELLING_MIN_CHARS = 5
# German and English spell the same sounds differently: "Makrele"/"mackerel", "Foto"/"photo"
SPELLINGS = (
    ("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss"), ("sch", "sh"), ("ck", "k"),
    ("ph", "f"), ("th", "t"), ("c", "k"), ("z", "s"), ("y", "i"),
)  # fmt: skip

# Modal verbs frame a question ("Wann muss ich den Tisch reservieren?") and are rarely in the
# sentence that answers it ("erinner mich dran, am donnerstag den tisch zu reservieren"). Left
# out of the lexical search's stopwords: there they cost a paraphrase (dev recall@10 −0.2)
MODAL_TEXT = (
    "muss musst müssen soll sollst sollen sollte kann kannst können könnte will willst wollen "
    "möchte möchtest darf must should can could would shall"
)
MODALS = frozenset(MODAL_TEXT.split())

# each noun's tsquery is built once: inside the EXISTS, PostgreSQL parses it again for every
# message it tries (three dictionaries each), the slowest statement of a search for a question
# whose nouns are rare or unknown
KNOWN_SQL = """
WITH q AS MATERIALIZED (
    SELECT i, to_tsquery('german', tsq) || to_tsquery('english', tsq) || to_tsquery('simple', tsq)
        AS tsq
    FROM unnest(%(queries)s::text[]) WITH ORDINALITY AS q(tsq, i)
)
SELECT q.i FROM q
WHERE EXISTS (
    SELECT 1 FROM source_messages m WHERE m.owner_sub = %(owner)s AND m.search_vector @@ q.tsq
)
"""


def unknown_things_margin() -> float | None:
    """The configured embedder's margin, ``None`` for a model nobody measured."""
    embedder = configured_embedder()
    return UNKNOWN_THINGS_MARGINS.get(model_id(embedder)) if embedder else None


def question_nouns(*, query: str) -> list[tuple[str, bool]]:
    """The nouns of ``query``, each with whether it reads as a name ("Wie heißt Emmas
    Klassenlehrerin?" → ``[("Emmas", True), ("Klassenlehrerin", False)]``), read in the
    question's language (German when unclear)."""
    lang = language(query) or "de"
    words = [w for w in re.findall(r"[^\W_]+", query) if len(w) > 1]
    words = [w for w in words if w.casefold() not in STOPWORDS]
    tags = [(w, part_of_speech(w, lang=lang)) for w in dict.fromkeys(words)]
    return [(w, tag in NAME_TAGS) for w, tag in tags if tag in NOUN_TAGS]


def _noun_query(noun: str, *, lang: str) -> str:
    """A tsquery for the noun as written (and the words it begins), its lemma and its
    translations, any of which makes the noun known."""
    word = noun.casefold()
    forms = [f"{word}:*" if len(word) >= PREFIX_MIN else word]
    forms += re.findall(r"\w+", lemma(noun, lang=lang).casefold())[:1]
    for other in translations(noun):
        # "best man": every word of a translation of several
        forms.append("(" + " & ".join(re.findall(r"\w+", other)) + ")")
    return " | ".join(dict.fromkeys(form for form in forms if form not in ("", "()")))


def _spelling_key(word: str) -> str:
    key = word.casefold()
    for written, said in SPELLINGS:
        key = key.replace(written, said)
    return key


def _spelled_like(noun: str, keys: set[str]) -> bool:
    """Whether ``noun`` is spelled almost like one of the words whose keys are ``keys``."""
    if len(noun) < SPELLING_MIN_CHARS:
        return False
    key = _spelling_key(noun)
    return any(SequenceMatcher(None, key, other).ratio() >= SPELLING_RATIO for other in keys)


def names_the_unknown(*, scope: OwnerScope, query: str, nearest: list[str]) -> bool:
    """Whether ``query`` names things the owner never spoke of: all its nouns, or one beside
    a name the owner knows. ``nearest``: the texts of the turns nearest to the question, best
    first."""
    nouns = question_nouns(query=query)
    if not nouns:
        return False
    lang = language(query) or "de"
    queries = [_noun_query(noun, lang=lang) for noun, _ in nouns]
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(KNOWN_SQL, {"queries": queries, "owner": scope.owner_sub})
        known = {row[0] - 1 for row in cursor.fetchall()}
    if len(known) < len(nouns):
        words = re.findall(r"\w+", " ".join(nearest[:SPELLING_TURNS]))
        keys = {_spelling_key(word) for word in words if len(word) >= SPELLING_MIN_CHARS}
        known |= {i for i, (noun, _) in enumerate(nouns) if _spelled_like(noun, keys)}
    if not known:
        return True
    known_name = any(nouns[i][1] for i in known)
    return known_name and len(known) < len(nouns)


def said_in_one_sentence(*, query: str, texts: list[str]) -> bool:
    """Whether one sentence of ``texts`` names every content word of ``query`` (as written,
    by its lemma or the words it begins, or through a translation): "Meine Schwester Jana
    wohnt in Halle." answers "Wo wohnt meine Schwester?" even when the rest of its turn, about
    work, keeps the turn's vector below the floor. A question without a noun says too little
    to be matched by its words."""
    if not question_nouns(query=query):
        return False
    lang = language(query) or "de"
    words = [w for w in re.findall(r"[^\W_]+", query) if len(w) > 1]
    framing = STOPWORDS | MODALS
    wanted = [_forms(w, lang=lang) for w in dict.fromkeys(words) if w.casefold() not in framing]
    for text in texts:
        for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
            said = [w.casefold() for w in re.findall(r"[^\W_]+", sentence)]
            if all(any(_names(word, forms) for word in said) for forms in wanted):
                return True
    return False


def asked_things(*, query: str) -> list[set[str]]:
    """The forms of each thing ``query`` asks about: its nouns ("Was hab ich Svenja zum
    Hochzeitstag geschenkt?": Svenja, Hochzeitstag), or its content words when it has none
    ("Wo wohne ich?": wohne), each as written, by its lemma and in translation."""
    lang = language(query) or "de"
    words = [noun for noun, _ in question_nouns(query=query)]
    if not words:
        framing = STOPWORDS | MODALS
        said = dict.fromkeys(re.findall(r"[^\W_]+", query))
        words = [w for w in said if len(w) > 1 and w.casefold() not in framing]
    return [_forms(word, lang=lang) for word in words]


def speaks_of(*, asked: list[set[str]], text: str) -> bool:
    """Whether ``text`` names more than half of the things ``asked`` (``asked_things``): a
    summary that names Svenja is no answer to what she got for the wedding anniversary, one
    that names the paediatrician and Ella's nightmares answers what he advised against them
    though it never names the advice."""
    said = {word.casefold() for word in re.findall(r"[^\W_]+", text)}
    named = sum(any(_names(word, forms) for word in said) for forms in asked)
    return named * 2 > len(asked)


def _forms(word: str, *, lang: str) -> set[str]:
    """A question word as written, its lemma and its translations: the forms a sentence may
    use for it ("wohnt" for "live", "Schwester" for "sister")."""
    forms = {word.casefold(), lemma(word, lang=lang).casefold()}
    forms.update(other for other in translations(word) if " " not in other)
    return {form for form in forms if len(form) > 1}


def _names(word: str, forms: set[str]) -> bool:
    """A sentence's word names a form when it is the form or, for a form of at least
    ``PREFIX_MIN`` letters, begins with its stem (the form without a last letter or two:
    "wohnen" → "wohnt", "Schwester" → "Schwestern")."""
    for form in forms:
        if word == form:
            return True
        if len(form) >= PREFIX_MIN and word.startswith(form[: max(PREFIX_MIN, len(form) - 2)]):
            return True
    return False


# "Kati's blood type", "Emmas Klassenlehrerin", "der Hund von Jens": a name and up to two words
# after it, among which the thing asked after is the last noun of the first run of nouns
# ("engagement ring" → ring); read ahead, since "What's Kati's" holds two
OWNED_EN = re.compile(r"\b(?=([A-Z][^\W\d_]+)'s((?:\s+[^\W\d_]+){1,2}))")
OWNED_DE = re.compile(r"\b(?=([A-ZÄÖÜ][^\W\d_]+[^\Ws])s((?:\s+[^\W\d_]+){1,2}))")
OWNED_VON = re.compile(
    r"\b(?:der|die|das|den|dem)\s+([A-ZÄÖÜ][^\W\d_]+)\s+von\s+([A-ZÄÖÜ][^\W\d_]+)"
    r"\b(?!\s+[A-ZÄÖÜ])"  # "das Baby von Lenas Schwester" is the sister's
)
# "Wann hat Micha Geburtstag?": German says whose by the verb (dev: no-answer +1 question)
OWNED_HAT = re.compile(r"^\s*[Ww]ann\s+hat\s+([A-ZÄÖÜ][^\W\d_]+)\s+([A-ZÄÖÜ][^\W\d_]+)\s*\?*\s*$")
# "Wie heißt …", "Wann hat … Geburtstag", "What's …", "When is …", "Who is …": asking what
# a thing is, not what happened
ASKS_WHAT_IT_IS = re.compile(
    r"^\s*(?:wie\s+hei(?:ß|ss)t|wie\s+hie(?:ß|ss)|wann\s+(?:hat|ist)|wer\s+ist|"
    r"what(?:'s|\s+is|\s+was)|when(?:'s|\s+is)|who(?:'s|\s+is))\b",
    re.IGNORECASE,
)
QUESTION_WORD_TEXT = (
    "what who where when which how whose wie was wer wo wann welche welcher welches"
)
QUESTION_WORDS = frozenset(QUESTION_WORD_TEXT.split())
# Whether a turn that names the person has the thing in it or beside it, or a turn they said
# has it in it, in the sessions where the thing is said at all. Beside a person's own turn
# stands the other side of the dialogue: "i signed up for a half marathon" between two turns
# of Marcus's is the owner's race, not his. In a turn of theirs, the name is looked for in
# the text: the stored lexemes hold the speaker's name too (but every word of the text as
# well, so the text is parsed only where they name it)
SAID_BESIDE_SQL = """
WITH q AS MATERIALIZED (
    SELECT to_tsquery('german', %(thing)s) || to_tsquery('english', %(thing)s)
        || to_tsquery('simple', %(thing)s) AS tsq
), placed AS MATERIALIZED (
    SELECT m.session_id, m.search_vector @@ q.tsq AS has_thing,
           m.search_vector @@ to_tsquery('simple', %(word)s) AND (lower(m.speaker) <> %(name)s
               OR to_tsvector('simple', m.text) @@ to_tsquery('simple', %(word)s)) AS names_them,
           lower(m.speaker) = %(name)s AS by_them,
           row_number() OVER (PARTITION BY m.session_id ORDER BY m.occurred_at, m.id) AS n
    FROM source_messages m, q
    WHERE m.owner_sub = %(owner)s AND m.text <> '' AND m.session_id IN (
        SELECT t.session_id FROM source_messages t, q
        WHERE t.owner_sub = %(owner)s AND t.search_vector @@ q.tsq)
)
SELECT EXISTS (
    SELECT 1 FROM placed a JOIN placed b ON b.session_id = a.session_id AND abs(a.n - b.n) <= 1
    WHERE b.has_thing AND (a.names_them OR (a.by_them AND a.n = b.n))
)
"""


def _last_noun(words: str, *, lang: str) -> str | None:
    """The last noun of the first run of nouns in ``words`` ("half marathon" → marathon)."""
    found = None
    for word in words.split():
        if part_of_speech(word, lang=lang) in NOUN_TAGS - NAME_TAGS:
            found = word
        elif found:
            break
    return found


def owned_things(*, query: str) -> list[tuple[str, str]]:
    """What a question asking what someone's thing is or is called names, with whose ("What's
    Kati's blood type?" → ``[("Kati", "type")]``, "Wie heißt der Hund von Jens?" →
    ``[("Jens", "Hund")]``); nothing for other questions ("Was hat der Standesbeamte für Dans
    Familie gemacht?": the owner's own family is "my family")."""
    if not ASKS_WHAT_IT_IS.search(query):
        return []
    lang = language(query)
    # what is asked after stands in the main clause ("Wie heißt die neue Kollegin, die Tobis
    # Platz übernommen hat?" asks for the colleague, not for Tobi's desk)
    query = query.split(",")[0]
    found = []
    if lang != "de":  # "What's Kati's …" has no marker word of either language
        found += [(m[1], _last_noun(m[2], lang="en")) for m in OWNED_EN.finditer(query)]
    if lang != "en":
        found += [(m[1], _last_noun(m[2], lang="de")) for m in OWNED_DE.finditer(query)]
        found += [(m[2], m[1]) for m in OWNED_VON.finditer(query)]
        found += [(m[1], m[2]) for m in OWNED_HAT.finditer(query)]
    return [
        (name, thing)
        for name, thing in found
        if thing
        and name.casefold() not in QUESTION_WORDS
        and not {name.casefold(), f"{name}s".casefold()} & STOPWORDS
    ]


def never_said_of(*, scope: OwnerScope, query: str) -> bool:
    """Whether ``query`` asks what someone's thing is (``owned_things``) that was never said
    of them: no turn that names the person has the thing (as written, by its lemma, the
    words it begins or a translation) in it or in the turn before or after, nor does a turn
    they said ("Wie heißt Katrins Schwester?" when her sister never came up)."""
    lang = language(query) or "de"
    for name, thing in owned_things(query=query):
        params = {
            "owner": scope.owner_sub,
            "thing": _noun_query(thing, lang=lang),
            "word": re.sub(r"\W", "", name.casefold()),
            "name": name.casefold(),
        }
        with connections[APP_DB].cursor() as cursor:
            cursor.execute(SAID_BESIDE_SQL, params)
            if not cursor.fetchone()[0]:
                return True
    return False


# Someone who talks with the owner, not just one whose message was pasted once: the other side
# of a dialogue, whose turns say what is theirs in the first person ("i signed up for a half
# marathon" is the speaker's race, whoever it sits beside)
PARTNER_TURNS = 10
# the owner asking about themselves ("When did I pass my exam?", "Wann war ich …?")
FIRST_PERSON = re.compile(r"\b(?:i|my|me|mine|ich|mein\w*|mir|mich)\b", re.IGNORECASE)
OWN_SPEAKERS = ("user", "assistant", "")
# the owner with others ("Which Kitas did we put down?"): about the owner's side too
FIRST_PLURAL = re.compile(r"\b(?:we|us|our|ours|wir|uns|unser\w*)\b", re.IGNORECASE)
# the fewest things a question must name for where they were said to tell whose they are: one
# noun said only on the other side is as often a word the other side happens to use ("my joint
# issue" of a chat where only the friend says "issue")
SIDE_THINGS = 2
PARTNERS_SQL = """
SELECT lower(speaker) FROM source_messages
WHERE owner_sub = %(owner)s AND lower(speaker) <> ALL(%(own)s)
GROUP BY 1 HAVING count(*) >= %(turns)s
"""
# for each noun: whether it is said at all, and whether in a turn of the side asked about (the
# owner's or the assistant's for the owner; the partner's own or one naming them for a partner).
# The turns naming a noun are found first: left to the planner, the asking-turn regex ran on
# every message of the owner
SIDES_SQL = """
WITH q AS MATERIALIZED (
    SELECT i, to_tsquery('german', tsq) || to_tsquery('english', tsq) || to_tsquery('simple', tsq)
        AS tsq
    FROM unnest(%(queries)s::text[]) WITH ORDINALITY AS q(tsq, i)
), said AS MATERIALIZED (
    SELECT q.i, m.speaker, m.text FROM q
    JOIN source_messages m ON m.owner_sub = %(owner)s AND m.search_vector @@ q.tsq
)
SELECT i, bool_or(CASE WHEN %(partner)s = '' THEN lower(speaker) = ANY(%(own)s)
                  ELSE lower(speaker) = %(partner)s
                      OR to_tsvector('simple', text) @@ to_tsquery('simple', %(partner)s) END)
FROM said WHERE text !~* %(asking)s
GROUP BY i
"""
# a turn that asks after a thing ("how's the bouldering", "wie geht's dem Knie?") asks after
# the other side's: it says nothing of the speaker's own
ASKING = r"\?\s*$|^\s*(?:how|what|where|when|which|who|wie|wo|wann|wer|welche[nmrs]?)\M"
# the turns that name someone who is neither side ("otto", a dog), by side: the owner's and the
# assistant's, or the partner's own
NAMED_BY_SIDE_SQL = """
SELECT lower(speaker) = ANY(%(own)s), count(*) FROM source_messages
WHERE owner_sub = %(owner)s AND (lower(speaker) = ANY(%(own)s) OR lower(speaker) = %(partner)s)
    AND search_vector @@ to_tsquery('simple', %(word)s)
GROUP BY 1
"""
# a thing of someone placed on a side by who names them needs only this many things
PLACED_THINGS = 1
_partners: dict[str, tuple[float, frozenset[str]]] = {}


def _side_of(scope: OwnerScope, *, name: str, partner: str) -> str | None:
    """The side of a two-person dialogue whose turns name ``name`` more often: ``""`` for the
    owner's, ``partner`` for the partner's, ``None`` when neither (or never named)."""
    word = re.sub(r"\W", "", name.casefold())
    if not word:
        return None
    params = {"owner": scope.owner_sub, "own": list(OWN_SPEAKERS), "partner": partner, "word": word}
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(NAMED_BY_SIDE_SQL, params)
        counts = dict(cursor.fetchall())
    own, theirs = counts.get(True, 0), counts.get(False, 0)
    if own == theirs:
        return None
    return "" if own > theirs else partner


def _dialogue_partners(scope: OwnerScope) -> frozenset[str]:
    """The owner's dialogue partners by name, lower case (cached as long as the lexical
    search's statistics)."""
    cached = _partners.get(scope.owner_sub)
    if cached and time.monotonic() - cached[0] < STATS_SECONDS:
        return cached[1]
    params = {"owner": scope.owner_sub, "own": list(OWN_SPEAKERS), "turns": PARTNER_TURNS}
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(PARTNERS_SQL, params)
        partners = frozenset(row[0] for row in cursor.fetchall())
    if len(_partners) >= STATS_OWNERS:
        _partners.clear()
    _partners[scope.owner_sub] = (time.monotonic(), partners)
    return partners


def said_by_the_other_side(*, scope: OwnerScope, query: str) -> bool:
    """Whether ``query`` asks about one side of a dialogue, the owner ("When did I pass my A2
    exam?") or a partner ("When is Marcus's half marathon?"), after things every one of which
    was said, but only on the other side: in the partner's own turns for the owner; in
    neither the partner's turns nor one that names them for the partner. A turn that asks
    after a thing says nothing of whose it is. A question about neither side that names one
    other person, in a dialogue with one partner, is about the side that names them more
    often. A question about both sides is left alone."""
    partners = _dialogue_partners(scope)
    if not partners:
        return False
    words = {re.sub(r"'s$", "", word.casefold()) for word in re.findall(r"[\w']+", query)}
    named = sorted(words & partners)
    if len(named) > 1:
        return False
    nouns = question_nouns(query=query)
    fewest, others = SIDE_THINGS, []
    if bool(named) == bool(FIRST_PERSON.search(query)):
        if named or len(partners) > 1 or FIRST_PLURAL.search(query):
            return False
        # "How many teeth did Otto have removed?": Otto is on the side that names him most
        others = [noun for noun, name in nouns if name and noun.casefold() not in partners]
        if language(query) == "en":
            # a pet called after a thing ("Biscuit") is a name where English writes it large
            first = re.match(r"\W*([^\W_]*)", query)[1]
            others += [n for n, name in nouns if not name and n[:1].isupper() and n != first]
        if len(others) != 1:
            return False
        side = _side_of(scope, name=others[0], partner=next(iter(partners)))
        if side is None:
            return False
        named, fewest = ([side] if side else []), PLACED_THINGS
    lang = language(query) or "de"
    things = [noun for noun, name in nouns if not name and noun not in others]
    things = [noun for noun in things if noun.casefold() not in partners]
    if len(things) < fewest:
        return False
    params = {
        "owner": scope.owner_sub,
        "queries": [_noun_query(noun, lang=lang) for noun in things],
        "partner": named[0] if named else "",
        "own": list(OWN_SPEAKERS),
        "asking": ASKING,
    }
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(SIDES_SQL, params)
        said = dict(cursor.fetchall())
    return len(said) == len(things) and not any(said.values())
