"""Whether a question asks about anything the owner ever talked about.

The relevance floor (``search.relevance_floor``) alone cannot tell a question about nothing
remembered from one the model places a little closer by its frame: "When did I get my
pilot's licence?" sits as near the turns about a driving test as many answerable questions
sit near their answer. What the question is about, though, is named by its nouns ("Papst",
"Gedicht", "Pilotenschein", "volcano", "Iceland"), and the owner's stored lexemes say
whether any of them was ever said. Such a question needs a nearer turn than the floor to be
answered (``passages`` asks for the floor plus ``UNKNOWN_THINGS_MARGIN``) when

- none of its nouns is known to the owner, in either language ("Which volcano did I climb in
  Iceland?"), or
- it asks after a name the owner knows for something never said beside any name: "Wie heißt
  Emmas Klassenlehrerin?", "What's Kati's blood type?" (a plausible question about a known
  person; measured on the dev conversations of ``gd_bench retrieval``: no-answer accuracy
  0.231 → 0.308, no answerable question lost).

Measured and left out: the same for a known common noun beside an unknown one ("Welche
Medikamente nimmt Papa?": 0.327 for 2.6 more points of recall@10, most of them paraphrases);
the question's known nouns never together within two turns ("der Hund von Jens": 0.346 for
0.8 more points, cross-lingual recall 0.808 → 0.788; a two-turn question has them apart).

A noun counts as known when a message of the owner holds it or a word it begins (German
compounds: "Zahnarzt" → "Zahnarzttermin"), its lemma ("Kollegen" → "Kollege"), or one of its
everyday translations (``bilingual``: "Schwester" ↔ "sister"). Nouns are told from other
words by HanTa's tag out of context (``curator.language.tagging``); a question without a
noun ("what did she say?") is left to the floor.
"""

from __future__ import annotations

import re

from django.db import connections

from curator.language.tagging import lemma, part_of_speech
from infra.routers import APP_DB
from worldmemory.bilingual import language, translations
from worldmemory.reads.search import STOPWORDS
from worldmemory.tenancy import OwnerScope

# STTS (German) and CLAWS5 (English) tags of proper nouns, and with them of all nouns
NAME_TAGS = frozenset({"NE", "NP0"})
NOUN_TAGS = NAME_TAGS | {"NN", "NN1", "NN2", "NN0"}
# a word at least this long also matches the longer words it begins, as in the lexical search
PREFIX_MIN = 4

KNOWN_SQL = """
SELECT q.i FROM unnest(%(queries)s::text[]) WITH ORDINALITY AS q(tsq, i)
WHERE EXISTS (
    SELECT 1 FROM source_messages m
    WHERE m.owner_sub = %(owner)s AND m.search_vector @@ (
        to_tsquery('german', q.tsq) || to_tsquery('english', q.tsq) || to_tsquery('simple', q.tsq)
    )
)
"""


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


def names_the_unknown(*, scope: OwnerScope, query: str) -> bool:
    """Whether ``query`` names things the owner never spoke of: all its nouns, or one beside
    a name the owner knows."""
    nouns = question_nouns(query=query)
    if not nouns:
        return False
    lang = language(query) or "de"
    queries = [_noun_query(noun, lang=lang) for noun, _ in nouns]
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(KNOWN_SQL, {"queries": queries, "owner": scope.owner_sub})
        known = {row[0] - 1 for row in cursor.fetchall()}
    if not known:
        return True
    known_name = any(nouns[i][1] for i in known)
    return known_name and len(known) < len(nouns)
