"""Which threads and spaces a message names: deterministic, one query, no model.

The order of recognition (seed 003, "Reflection-Space-Erkennung"): the session's active
space first, then session metadata, then names of existing threads and spaces in the
text; semantic signals never decide on their own. This module does the name step.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from django.db import connections
from django.utils import timezone

from infra.routers import APP_DB
from worldmemory import temporal
from worldmemory.refs import normalize_alias
from worldmemory.tenancy import OwnerScope

MAX_SPAN_WORDS = 4
PUNCTUATION = ".,;:!?()[]{}\"'„“”‚‘’«»"
RECOGNISED_KINDS = ("thread", "reflection_space", "open_question")


@dataclass(frozen=True)
class Named:
    id: UUID
    ref: str
    kind: str
    name: str


def spans_of(text: str) -> set[str]:
    words = [w.strip(PUNCTUATION) for w in normalize_alias(text).split()]
    words = [w for w in words if w]
    return {
        " ".join(words[start : start + size])
        for size in range(1, MAX_SPAN_WORDS + 1)
        for start in range(len(words) - size + 1)
    }


def reflection_named(
    *, scope: OwnerScope, text: str, kinds: tuple[str, ...] = RECOGNISED_KINDS
) -> list[Named]:
    """Active reflection objects of ``kinds`` whose name or alias occurs in ``text``."""
    return reflection_named_each(scope=scope, texts=[text], kinds=kinds)[0]


def reflection_named_each(
    *, scope: OwnerScope, texts: list[str], kinds: tuple[str, ...] = RECOGNISED_KINDS
) -> list[list[Named]]:
    """``reflection_named`` for several texts in one query (a batch of turns)."""
    per_text = [spans_of(text) for text in texts]
    spans = set().union(*per_text) if per_text else set()
    if not spans:
        return [[] for _ in texts]
    with connections[APP_DB].cursor() as cursor:
        cursor.execute(
            "SELECT DISTINCT a.alias_norm, e.id, e.kind, e.slug, e.canonical_name"
            " FROM entity_aliases a"
            " JOIN entities e ON e.owner_sub = a.owner_sub AND e.id = a.entity_id"
            f" WHERE a.owner_sub = %(o)s AND {temporal.alias_at_sql('a', valid='now')}"
            " AND a.alias_norm = ANY(%(spans)s) AND e.kind = ANY(%(kinds)s)"
            " AND e.status = 'active'",
            {
                "o": scope.owner_sub,
                "spans": list(spans),
                "kinds": list(kinds),
                "now": timezone.now(),
            },
        )
        rows = cursor.fetchall()
    found = []
    for text_spans in per_text:
        named = {
            pk: Named(pk, f"{kind}:{slug}", kind, name)
            for alias, pk, kind, slug, name in rows
            if alias in text_spans
        }
        found.append(sorted(named.values(), key=lambda n: n.ref))
    return found
