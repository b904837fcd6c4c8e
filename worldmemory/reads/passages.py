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

Measured and left out because they did not earn their place on the dev set: at most four or
five turns of one session in the top ten (multi-hop recall unchanged, single-turn recall
down), lending a neighbour's vector score to a turn (within a question either way), and
weighing BM25 by how much of the query the best turn covers.

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
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.db import connections
from django.utils import timezone

from infra.routers import APP_DB
from worldmemory.bilingual import language
from worldmemory.models import SourceMessage
from worldmemory.reads.lexical import messages_bm25
from worldmemory.reads.search import query_vector_soon, relevance_floor
from worldmemory.reads.timewindows import Window, time_windows
from worldmemory.reads.turns import turn_neighbours
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope
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
# a turn in the other language than the question needs this much less similarity to count
# as remembered (dev: cross-lingual recall@10 0.788 → 0.827, no "kein Treffer" lost)
CROSS_LANGUAGE_ALLOWANCE = 0.05
# the nearest turns whose language is weighed against the floor
FLOOR_NEAREST = 10
# the start of a turn its language is read from
LANGUAGE_CHARS = 400


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


@dataclass(frozen=True)
class _Said:
    role: str
    speaker: str
    occurred_at: datetime
    language: str | None


def _said(scope: OwnerScope, ids: list[UUID]) -> dict[UUID, _Said]:
    """Who said each candidate turn, when, and in which language."""
    if not ids:
        return {}
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT id, role, speaker, occurred_at, left(text, %s) FROM source_messages"
            " WHERE owner_sub = %s AND id = ANY(%s)",
            [LANGUAGE_CHARS, scope.owner_sub, ids],
        )
        rows = cursor.fetchall()
    return {pk: _Said(role, speaker, at, language(text)) for pk, role, speaker, at, text in rows}


def _remembered(query: str, semantic: dict[UUID, float], said: dict[UUID, _Said]) -> bool:
    """Whether one of the nearest turns clears the relevance floor. A turn in the other
    language than the question clears it with ``CROSS_LANGUAGE_ALLOWANCE`` less: the model
    puts a translation less close than a paraphrase in the same language."""
    floor = relevance_floor()
    asked = language(query)
    nearest = sorted(semantic.items(), key=lambda item: item[1], reverse=True)[:FLOOR_NEAREST]
    for pk, similarity in nearest:
        turn = said.get(pk)
        other = asked and turn and turn.language and turn.language != asked
        if similarity >= floor - (CROSS_LANGUAGE_ALLOWANCE if other else 0.0):
            return True
    return False


def _context_bonus(said: dict[UUID, _Said], query: str, windows: list[Window]) -> dict[UUID, float]:
    """What who said a turn and when add to its score (``SPEAKER_WEIGHT``, ``DATE_WEIGHT``)."""
    named = set(re.findall(r"\w+", normalize_alias(query)))
    bonus: dict[UUID, float] = {}
    for pk, turn in said.items():
        extra = SPEAKER_WEIGHT if turn.role == OWN_ROLE else 0.0
        if turn.speaker != OWN_ROLE and normalize_alias(turn.speaker) in named:
            extra += SPEAKER_WEIGHT
        if any(window.holds(turn.occurred_at) for window in windows):
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
    said = _said(scope, list(scores))
    if semantic:
        lookup = _a_lookup(query)
        remembered = _remembered(query, semantic, said)
        if not remembered and not lookup:
            return []  # a question about nothing remembered
        if lookup and (relative or not remembered):
            # a word that occurs is answered by where it occurs, not by what is near
            scores = {pk: score for pk, score in scores.items() if pk in relative}
    windows = time_windows(text=query, asked_at=asked_at or timezone.now())
    bonus = _context_bonus(said, query, windows)
    scores = {pk: score + bonus.get(pk, 0.0) for pk, score in scores.items()}
    return sorted(scores.items(), key=lambda item: item[1], reverse=True)[:k]
