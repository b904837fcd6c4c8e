"""Kinds of turns read by meaning: a handful of prototype sentences per kind and language,
and the embedding model's nearness to them.

Word lists catch the phrasings someone thought of; a person asks "Was mach ich denn, wenn
sie wirklich gehen?" or "How do I tell him?" in words no list holds. The multilingual
embedding model places a sentence near the prototypes of its kind whatever its wording,
so a kind is told by which set of prototypes a sentence is nearest to. Without an
embedding model nothing is read here and the callers keep to their word lists.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

# A question only the owner can settle: a decision, a doubt about themself, how to face
# someone. No reply of facts answers it.
DELIBERATION = (
    "Soll ich das wirklich machen?",
    "Was mache ich, wenn es schiefgeht?",
    "Wie sage ich es ihr am besten?",
    "Bin ich dafür überhaupt bereit?",
    "Ist das wirklich die richtige Entscheidung für uns?",
    "Will ich das eigentlich?",
    "Should I really do this?",
    "What do I do if it goes wrong?",
    "How do I tell him?",
    "Am I ready for this?",
    "Is it really the right decision for us?",
    "Do I actually want this?",
)
# A question asking for a fact the assistant can give.
INFORMATION = (
    "Wie lange dauert das normalerweise?",
    "Wann ist der Termin?",
    "Wie viel kostet das ungefähr?",
    "Brauche ich dafür eine Genehmigung?",
    "How long does it usually take?",
    "When is the deadline?",
    "How much does it cost?",
    "Do I need a permit for that?",
)
NEAREST = 3  # a kind's nearness: the mean of its three nearest prototypes, not one lucky match


def _embedder():
    from worldmemory.embedding import configured_embedder

    return configured_embedder()


def vectors(texts: list[str]) -> np.ndarray | None:
    """Unit vectors of ``texts``, or ``None`` without an embedding model."""
    embedder = _embedder()
    if embedder is None or not texts:
        return None
    matrix = np.asarray(embedder.embed(texts), dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms == 0, 1, norms)


@lru_cache(maxsize=8)
def _kind(model: str, sentences: tuple[str, ...]) -> np.ndarray | None:
    # keyed by the model: a swapped embedder must not meet another model's prototypes
    return vectors(list(sentences))


def nearness(vector: np.ndarray, kind: tuple[str, ...]) -> float:
    embedder = _embedder()
    prototypes = _kind(embedder.model, kind) if embedder is not None else None
    if prototypes is None or prototypes.shape[1] != vector.shape[0]:
        return 0.0
    near = np.sort(prototypes @ vector)[-NEAREST:]
    return float(near.mean())


def deliberative(vector: np.ndarray) -> bool:
    """Whether a question is one the owner has to settle rather than a request for facts."""
    return nearness(vector, DELIBERATION) > nearness(vector, INFORMATION)
