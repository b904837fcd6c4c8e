"""Ranking the owner's dialogue for a question: which turns answer it.

Two retrievals run side by side. With an embedder, the nearest message vectors — each
message embedded together with the turns just before and after it (``turns``), because
"sie. dr. sommer." answers "who looked at my knee?" only beside the turn that asked —
and BM25 over the stored lexemes (``lexical``), its query widened by the other language's
everyday words (``bilingual``) and by the other names of every entity the question names
(the owner's aliases: "Micha" also finds "Michael"). A turn's score is its cosine similarity
plus ``LEXICAL_WEIGHT`` times its BM25 score relative to the best: meaning decides, exact
words break ties and lift names and numbers. Then, measured on the dev conversations of
``gd_bench retrieval``:

- the person's own words count ``SPEAKER_WEIGHT`` more than the assistant's restatement of
  them, and a turn by someone the question names ("what did Anna say…") as much again;
- a turn said within a time the question names ("im März", "last summer": ``timewindows``,
  relative to when it is asked) counts ``DATE_WEIGHT`` more.

A question about nothing in memory says so: when even the nearest turn is less similar than
the model's relevance floor (``search.relevance_floor``), there is no answer. The floor
catches questions about things never talked about; it cannot catch a plausible question
about something that was talked about but not in that respect ("the name of Jens's dog"
when Jens and dogs both occur): on the dev set their best similarity, margin over the other
candidates, lexical coverage and missing query words are distributed like those of
answerable questions (no feature separates them better than chance + 0.1), and every
stricter floor costs more answerable questions than it turns into a right "kein Treffer".
A lookup of one or two words that occur is answered by their exact matches alone.

Without an embedder BM25 ranks alone, and each turn passes part of its score to its
neighbours in the session (``NEIGHBOUR_WEIGHTS``), the lexical stand-in for the window.
Only turns with evidence of their own are results either way.
"""

from __future__ import annotations

import re
from datetime import datetime
from uuid import UUID

from django.db import connections
from django.utils import timezone

from gedaechtnis.routers import APP_DB
from worldmemory.lexical import messages_bm25
from worldmemory.models import SourceMessage
from worldmemory.refs import normalize_alias
from worldmemory.search import query_vector_soon, relevance_floor
from worldmemory.tenancy import OwnerScope
from worldmemory.timewindows import Window, time_windows
from worldmemory.turns import turn_neighbours
from worldmemory.vectorstore import message_space, nearest_messages

# candidates taken from each retrieval before fusion (100 finds 1.3 points more than 50)
POOL = 100
# how much the best BM25 score adds to a cosine similarity (measured on the dev conversations)
LEXICAL_WEIGHT = 0.2
# what the person's own words and the words of a person the question names add (dev: recall@10
# +4 points, most of it multi-hop and cross-lingual questions whose evidence the assistant
# restated in other words)
SPEAKER_WEIGHT = 0.15
# what being said within a time the question names adds
DATE_WEIGHT = 0.1
# a query of at most this many words is a lookup: where they occur is the answer
LOOKUP_WORDS = 2
# without vectors: the share of a turn's score its neighbours receive, by distance
NEIGHBOUR_WEIGHTS = {1: 0.5, 2: 0.25}
OWN_ROLE = "user"


def _semantic(scope: OwnerScope, embedded, filters: dict) -> dict[UUID, float]:
    """The nearest messages within the filters, with their cosine similarity."""
    if embedded is None:
        return {}
    vector, space = embedded
    # filters apply after the nearest neighbours are found: fetch more when some drop
    near = nearest_messages(
        scope=scope,
        space=message_space(space),
        vector=vector,
        limit=POOL * (3 if filters else 1),
    )
    if not filters:
        return dict(near[:POOL])
    wanted = SourceMessage.objects.filter(owner_sub=scope.owner_sub, **filters).exclude(text="")
    allowed = set(wanted.filter(pk__in=[pk for pk, _ in near]).values_list("pk", flat=True))
    return {pk: similarity for pk, similarity in near if pk in allowed}


def _lent_by_neighbours(scope: OwnerScope, own: dict[UUID, float]) -> dict[UUID, float]:
    """Each turn's own score plus the best share a neighbour with evidence lends it."""
    lent: dict[UUID, float] = {}
    near = turn_neighbours(scope=scope, message_ids=list(own), reach=max(NEIGHBOUR_WEIGHTS))
    for hit, neighbour, distance in near:
        if neighbour in own:
            share = own[hit] * NEIGHBOUR_WEIGHTS[abs(distance)]
            lent[neighbour] = max(lent.get(neighbour, 0.0), share)
    return {pk: score + lent.get(pk, 0.0) for pk, score in own.items()}


def _a_lookup(query: str) -> bool:
    """One or two words ("Könneritzstraße", "Dr. Brandt"): exact matches are the answer."""
    # all words count: "Wann hat Micha Geburtstag?" is a question about two content words
    return len(re.findall(r"\w+", query)) <= LOOKUP_WORDS


def _context_bonus(
    scope: OwnerScope, ids: list[UUID], query: str, windows: list[Window]
) -> dict[UUID, float]:
    """What who said a turn and when add to its score (``SPEAKER_WEIGHT``, ``DATE_WEIGHT``)."""
    if not ids:
        return {}
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT id, role, speaker, occurred_at FROM source_messages"
            " WHERE owner_sub = %s AND id = ANY(%s)",
            [scope.owner_sub, ids],
        )
        rows = cursor.fetchall()
    named = set(re.findall(r"\w+", normalize_alias(query)))
    bonus: dict[UUID, float] = {}
    for pk, role, speaker, occurred_at in rows:
        extra = SPEAKER_WEIGHT if role == OWN_ROLE else 0.0
        if speaker and normalize_alias(speaker) in named and speaker != OWN_ROLE:
            extra += SPEAKER_WEIGHT
        if any(window.holds(occurred_at) for window in windows):
            extra += DATE_WEIGHT
        bonus[pk] = extra
    return bonus


def passages_rank(
    *,
    scope: OwnerScope,
    query: str,
    k: int,
    filters: dict | None = None,
    asked_at: datetime | None = None,
) -> list[tuple[UUID, float]]:
    """The ``k`` best turns for ``query`` with their scores, best first; times the question
    names ("im März") are read relative to ``asked_at`` (default: now)."""
    filters = filters or {}
    embedding = query_vector_soon(query)
    lexical = dict(messages_bm25(scope=scope, query=query, limit=POOL, filters=filters))
    best = max(lexical.values(), default=0.0) or 1.0
    relative = {pk: score / best for pk, score in lexical.items()}
    semantic = _semantic(scope, embedding.result(), filters)
    if not semantic:
        scores = _lent_by_neighbours(scope, relative)
    else:
        # a lexical hit beyond the nearest vectors is at most as close as the farthest of them
        floor = min(semantic.values())
        scores = {
            pk: semantic.get(pk, floor) + LEXICAL_WEIGHT * relative.get(pk, 0.0)
            for pk in semantic.keys() | relative.keys()
        }
        lookup = _a_lookup(query)
        if max(semantic.values()) < relevance_floor() and not lookup:
            return []  # a question about nothing remembered
        if lookup and (relative or max(semantic.values()) < relevance_floor()):
            # a word that occurs is answered by where it occurs, not by what is near
            scores = {pk: score for pk, score in scores.items() if pk in relative}
    windows = time_windows(text=query, asked_at=asked_at or timezone.now())
    bonus = _context_bonus(scope, list(scores), query, windows)
    scores = {pk: score + bonus.get(pk, 0.0) for pk, score in scores.items()}
    return sorted(scores.items(), key=lambda item: item[1], reverse=True)[:k]
