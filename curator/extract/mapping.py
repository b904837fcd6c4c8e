"""Free phrasing onto the vocabulary: the nearest predicate description by embedding.

For what the user explicitly asks to remember ("merk dir …", "remember …") and no
construction read: the sentence is compared with the descriptions of the core predicates
(migration 0020) using the configured embedding model (``use-multilingual-v3`` by default).
At or above :data:`FLOOR` the nearest predicate is proposed *for review* (the value is the
user's words, which a person trims); below it, nothing in the vocabulary covers the sentence
and the user's own words are kept as a ``note``. Without an embedder it is always a note.
"""

from __future__ import annotations

import functools
import math

from worldmemory.embedding import configured_embedder
from worldmemory.models import RelationType

# Cosine similarity of a sentence to a predicate description at which the predicate is worth
# a reviewer's look. Measured with use-multilingual-v3 on sentences like the dev set's: right
# predicates 0.38-0.44 ("ich gehe jeden Dienstag klettern" → routine, "ich spreche fließend
# Italienisch" → speaks), reminders outside the vocabulary ("die Ersatzbrille liegt im
# Handschuhfach") below 0.1, but also right ones below (works_as 0.31): the floor keeps the
# review queue to likely predicates and leaves the rest to notes.
FLOOR = 0.35
# the everyday literal predicates a person states about themselves
MAPPED = {
    "preferred_name", "age", "birthday", "works_as", "studies", "breed", "feeding_time",
    "dislikes", "diet", "allergic_to", "health_condition", "takes_medication", "routine",
    "hobby", "speaks", "plans", "prefers", "species",
}  # fmt: skip


@functools.cache
def _descriptions() -> tuple[tuple[str, str], ...]:
    rows = RelationType.objects.filter(source="core").exclude(description="")
    return tuple(
        (r.predicate, r.description)
        for r in rows.order_by("predicate")
        if r.predicate in MAPPED and r.value_kind == "literal"
    )


@functools.cache
def _vectors(model: str) -> tuple[tuple[str, tuple[float, ...]], ...]:
    embedder = configured_embedder()
    pairs = _descriptions()
    if embedder is None or not pairs:
        return ()
    vectors = embedder.embed([description for _, description in pairs])
    return tuple((p, tuple(v)) for (p, _), v in zip(pairs, vectors, strict=True))


def _cosine(a, b) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def nearest_predicate(text: str) -> tuple[str, float] | None:
    """The core literal predicate whose description is nearest to ``text`` with its
    similarity, or None without an embedder."""
    embedder = configured_embedder()
    if embedder is None:
        return None
    table = _vectors(f"{embedder.provider}:{embedder.model}")
    if not table:
        return None
    (vector,) = embedder.embed([text])
    return max(((p, _cosine(vector, v)) for p, v in table), key=lambda pair: pair[1])
