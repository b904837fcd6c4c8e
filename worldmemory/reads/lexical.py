"""Okapi BM25 over an owner's messages, on the lexemes PostgreSQL already indexes.

``ts_rank`` knows no inverse document frequency: "Luna" in every second message counts as
much as "Tierarzt" in one. Here every message that matches any query term (the OR query
of ``search.or_query``, among the owner's newest ``TEXT_CANDIDATES`` matches) is scored
with BM25: the document frequency of each query lexeme is counted in that match set,
which holds every message containing it, so it is exact unless the set was cut; the
owner's message count and mean length come from a per-process cache (a minute old at
most), since only their order of magnitude moves the scores.

Lexemes are those of the stored ``search_vector`` (German and English stems and the plain
words), so a query word meets its inflections ("Tierärztin" → "tierarzt") and a German
compound its parts by prefix ("Zahnarzt" finds "Zahnarzttermin"). A long word of a question
not in English also looks for its last five letters and more (``compound_heads``), since a
turn may name a compound by its last part alone ("Kliniktasche" finds "die Tasche ist
gepackt"; dev of ``gd_bench retrieval``: single-turn recall@10 0.920 → 0.929, nothing else
moved, no time measurable; HanTa's analysis into parts did as well, plus a paraphrase and
half a multi-hop question, but takes 2.5 ms a long word it has not seen, p95 8.7 ms a
question). The query is widened by the other language's everyday words (``bilingual``) and
by every other name, believed now, of each entity it names by one of its aliases as whole
words ("Micha" also finds "Michael"; a former name still finds what was said under it), and
by the names of the people the question names by their relation to the owner ("Wo wohnt mein
Bruder?" also finds "Tim ist nach Bremen gezogen" once Tim is known as the owner's brother;
the relation is stored in English, which the question's everyday translations reach). Those
names come from the database function ``gd_query_names`` (migration 0029), whose plans the
session keeps: written into this statement, the lookup was planned anew for every question,
about a millisecond of the statement's three or four on the dev conversations of ``gd_bench
retrieval`` (backend CPU per statement 3.62 → 2.69 ms at a load of 10, the same rows for all
452 questions).

Measured and left out: preparing the statement once per connection (psycopg's ``prepare``)
lets PostgreSQL reuse a generic plan, which halves the statement's time on the dev
conversations of ``gd_bench retrieval`` (3.5 → 1.75 ms, nearly all of it planning); but a
generic plan is made for an owner of average size, so an owner with far more messages than
most would lose the full-text index's plan that a custom plan gives them.
"""

from __future__ import annotations

import re
import time
from datetime import datetime
from uuid import UUID

from django.db import connections
from django.utils import timezone
from psycopg.pq import Format

from infra.routers import APP_DB
from worldmemory.bilingual import language, translations
from worldmemory.reads.search import STOPWORDS, TEXT_CANDIDATES, or_query
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope

K1 = 1.2
B = 0.75
# a query lexeme at least this long also matches the lexemes it begins (compounds)
PREFIX_MIN = 4
# a word this long may be a compound whose last part alone is what a turn says; each part is
# at least this long ("Zahnarzt", "tasche": shorter tails are endings, "-ung", "-heit")
COMPOUND_MIN_CHARS = 9
# longer than any German compound ("Donaudampfschifffahrtsgesellschaftskapitän" has 42): a
# pasted token or a stuck key, whose thousands of tails would overflow a tsquery
COMPOUND_MAX_CHARS = 64
HEAD_FRONT_MIN = 4
HEAD_MIN = 5
STATS_SECONDS = 60.0
STATS_OWNERS = 10_000
# an alias shorter than this ("Jo", "B.") names too much by accident to widen a query
ALIAS_MIN_CHARS = 3  # a process serving many owners forgets them all past this many

# The three configurations mostly agree on a word ("'emma':* | 'emma':* | 'emma':*"): each term
# once halves what the match test tries on every message. The query is an OR of terms only
# (``or_query``), so its parentheses carry no meaning and "|" separates its terms.
MESSAGE_QUERY = """(
    SELECT string_agg(DISTINCT btrim(term), ' | ')::tsquery FROM unnest(string_to_array(translate((
        to_tsquery('german', %(q)s) || to_tsquery('english', %(q)s) || to_tsquery('simple', %(q)s)
    )::text, '()', ''), '|')) AS term
)"""
FILTER_COLUMNS = {
    "session_external_id": "session_external_id =",
    "speaker": "speaker =",
    "occurred_at__gte": "occurred_at >=",
    "occurred_at__lte": "occurred_at <=",
}

_stats: dict[str, tuple[float, int, float]] = {}


def owner_stats(scope: OwnerScope) -> tuple[int, float]:
    """The owner's number of messages and their mean lexeme count (cached a minute)."""
    cached = _stats.get(scope.owner_sub)
    if cached and time.monotonic() - cached[0] < STATS_SECONDS:
        return cached[1], cached[2]
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT count(*), coalesce(avg(length(search_vector)), 0) FROM source_messages"
            " WHERE owner_sub = %s AND text <> ''",
            [scope.owner_sub],
        )
        count, mean = cursor.fetchone()
    if len(_stats) >= STATS_OWNERS:
        _stats.clear()
    _stats[scope.owner_sub] = (time.monotonic(), int(count), float(mean))
    return int(count), float(mean)


def messages_bm25(
    *,
    scope: OwnerScope,
    query: str,
    limit: int,
    filters: dict | None = None,
) -> list[tuple[UUID, float]]:
    """Message ids with their BM25 score, best first; empty when no term matches."""
    rows = _ranked(scope=scope, query=query, limit=limit, filters=filters, with_turns=False)
    return [(row[0], float(row[1])) for row in rows]


# who said each ranked message and when, joined to the ranking in the same statement
SAID_SQL = """
SELECT r.id, r.score, m.role, m.speaker, m.occurred_at FROM ({ranked}) r
JOIN source_messages m ON m.owner_sub = %(owner)s AND m.id = r.id
ORDER BY r.score DESC, r.id DESC
"""


def messages_bm25_said(
    *,
    scope: OwnerScope,
    query: str,
    limit: int,
    filters: dict | None = None,
) -> list[tuple[UUID, float, str, str, datetime]]:
    """``messages_bm25`` with who said each message and when: ``(id, score, role, speaker,
    occurred_at)``, best first. One round trip instead of two for a search that weighs both."""
    rows = _ranked(scope=scope, query=query, limit=limit, filters=filters, with_turns=True)
    return [(pk, float(score), role, speaker, at) for pk, score, role, speaker, at in rows]


def compound_heads(query: str) -> list[str]:
    """The endings of each long word of a question not in English that may be the last part
    of a German compound ("Kliniktasche" → "iktasche", …, "tasche", "asche"): a turn that says
    only "die Tasche ist gepackt" answers "Was ist in der Kliniktasche?". A tail that is no word
    of the owner matches nothing."""
    if language(query) == "en":
        return []  # "registration" would also look for "ration"
    heads = []
    for word in re.findall(r"[^\W\d_]+", query.casefold()):
        if COMPOUND_MIN_CHARS <= len(word) <= COMPOUND_MAX_CHARS:
            heads += [word[i:] for i in range(HEAD_FRONT_MIN, len(word) - HEAD_MIN + 1)]
    return heads


def _ranked(
    *, scope: OwnerScope, query: str, limit: int, filters: dict | None, with_turns: bool
) -> list[tuple]:
    tsquery = or_query(query)
    if tsquery is None:
        return []
    # the other language's everyday words count as the query's own: "Schwester" finds "sister"
    text = " ".join([query, *translations(query), *compound_heads(query)])
    said = normalize_alias(query)
    count, mean_length = owner_stats(scope)
    params: dict = {
        "owner": scope.owner_sub,
        "q": or_query(text),
        "names_q": tsquery,
        # "Dr. Brandt?" and "Micha's": the words with their dots, and the bare words
        "said": " ".join(["", *re.findall(r"[\w.'-]+", said), "", *re.findall(r"\w+", said), ""]),
        "alias_min": ALIAS_MIN_CHARS,
        # "mein Bruder", "my sister": the words a relation to the owner may be stored as
        "kin": sorted({w.casefold() for w in re.findall(r"[\w'-]+", text)} - STOPWORDS),
        "now": timezone.now(),
        "text": text,
        "stop": sorted(STOPWORDS),
        "candidates": TEXT_CANDIDATES,
        "limit": limit,
        "k1": K1,
        "b": B,
        "prefix": PREFIX_MIN,
    }
    where = []
    for key, value in (filters or {}).items():
        name = f"f{len(params)}"
        where.append(f"AND {FILTER_COLUMNS[key]} %({name})s")
        params[name] = value
    sql = f"""
    WITH names AS MATERIALIZED (
        SELECT alias FROM gd_query_names(%(owner)s, %(names_q)s, %(said)s, %(alias_min)s,
            %(kin)s::text[], %(now)s) AS alias
    ), widened AS (
        SELECT %(text)s || ' ' || coalesce(string_agg(alias, ' '), '') AS text FROM names
    ), terms AS (
        SELECT DISTINCT lexeme FROM widened CROSS JOIN LATERAL unnest(
            tsvector_to_array(to_tsvector('german', widened.text)
            || to_tsvector('english', widened.text) || to_tsvector('simple', widened.text))
        ) AS lexeme
        WHERE lexeme <> ALL(%(stop)s::text[])
    ), matched AS (
        SELECT id, search_vector FROM source_messages
        WHERE owner_sub = %(owner)s {" ".join(where)} AND (
            search_vector @@ {MESSAGE_QUERY} OR id IN (
                SELECT m.id FROM source_messages m JOIN names n
                ON m.search_vector @@ plainto_tsquery('simple', n.alias)
                WHERE m.owner_sub = %(owner)s))
        ORDER BY occurred_at DESC LIMIT %(candidates)s
    ), lexemes AS MATERIALIZED (
        SELECT m.id, length(m.search_vector) AS dl, u.lexeme,
               coalesce(array_length(u.positions, 1), 1) AS tf
        FROM matched m CROSS JOIN LATERAL unnest(m.search_vector) AS u
    ), counts AS (
        -- equal first letters are implied and let the join hash instead of trying every pair
        SELECT l.id, t.lexeme, l.dl, sum(l.tf) AS tf
        FROM lexemes l JOIN terms t ON left(l.lexeme, 3) = left(t.lexeme, 3)
            AND starts_with(l.lexeme, t.lexeme)
            AND (l.lexeme = t.lexeme OR length(t.lexeme) >= %(prefix)s)
        GROUP BY l.id, t.lexeme, l.dl
    ), frequency AS (
        SELECT id, dl, tf, count(*) OVER (PARTITION BY lexeme) AS df FROM counts
    )
    -- in float8, not numeric (literals and counts would make it numeric): numeric's logarithm
    -- is the dearer one, and the ranks of the dev set's questions come out the same
    SELECT id, sum(
        ln(1 + (greatest(%(n)s, (SELECT count(*) FROM matched)) - df + 0.5::float8)
            / (df + 0.5::float8))
        * tf * (%(k1)s::float8 + 1)
        / (tf + %(k1)s::float8 * (1 - %(b)s::float8 + %(b)s::float8 * dl / %(mean)s::float8))
    ) AS score
    FROM frequency GROUP BY id ORDER BY score DESC, id DESC LIMIT %(limit)s
    """
    params["n"] = count
    params["mean"] = max(mean_length, 1.0)
    if with_turns:
        sql = SAID_SQL.format(ranked=sql)
    with connections[APP_DB].cursor() as cursor:
        # binary rows: a hundred ids and times arrive decoded instead of as text that Python
        # parses (Django's text loader for times takes half a millisecond for them)
        cursor.cursor.format = Format.BINARY
        cursor.execute(sql, params)
        return cursor.fetchall()
