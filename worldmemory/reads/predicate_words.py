"""Which predicates a question names in the words a person uses: "Wo wohne ich?" names
``lives_in`` through its sentence "{subject} wohnt in {object}", which the stored key
("lives in") never says. Matched by PostgreSQL's German and English stemmers, so "wohne"
finds "wohnt" and "live" finds "lives"."""

from __future__ import annotations

import re

from django.db import connections

from infra.routers import APP_DB
from worldmemory import labels
from worldmemory.reads.search import STOPWORDS
from worldmemory.refs import normalize_alias

PLACEHOLDER = re.compile(r"\{\w+\}")
MATCHES = """
SELECT r.predicate, count(DISTINCT t.term) FROM
  unnest(%(predicates)s::text[], %(bodies)s::text[]) AS r(predicate, body),
  unnest(%(terms)s::text[]) AS t(term)
WHERE to_tsvector('german', r.body) @@ to_tsquery('german', t.term || ':*')
   OR to_tsvector('english', r.body) @@ to_tsquery('english', t.term || ':*')
GROUP BY r.predicate
"""


def query_terms(query: str) -> list[str]:
    """The words of ``query`` that can name something: no stopwords, no single letters."""
    words = re.findall(r"\w+", query.casefold())
    return list(
        dict.fromkeys(w for w in words if len(w) > 2 and normalize_alias(w) not in STOPWORDS)
    )


def predicates_named(*, terms: list[str]) -> dict[str, int]:
    """``{predicate: how many of terms its labels and sentences say}`` for the owner's
    vocabulary (own, then core), in either language; predicates naming none are left out."""
    if not terms:
        return {}
    predicates, bodies = [], []
    for predicate, row in labels.relation_types().items():
        texts = (row["label_de"], row["label_en"], row["sentence_de"], row["sentence_en"])
        predicates.append(predicate)
        bodies.append(PLACEHOLDER.sub(" ", " ".join(t or "" for t in texts)))
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(MATCHES, {"predicates": predicates, "bodies": bodies, "terms": terms})
        return dict(cursor.fetchall())
