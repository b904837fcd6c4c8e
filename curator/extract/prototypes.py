"""Placing a word no list holds among a few prototype words with the embedding model: the
word belongs to a kind when its three nearest prototypes of that kind stand clearly closer
than its three nearest prototypes of what it could be mistaken for (:mod:`.animals`,
:mod:`.occupations`)."""

from __future__ import annotations

import functools

import numpy as np

from worldmemory.embedding import configured_embedder


@functools.cache
def _vectors(words: tuple[str, ...]) -> np.ndarray | None:
    embedder = configured_embedder()
    return None if embedder is None else _unit(embedder.embed(list(words)))


def _unit(vectors: list[list[float]]) -> np.ndarray:
    array = np.asarray(vectors, dtype=np.float32)
    return array / np.linalg.norm(array, axis=1, keepdims=True)


def placed_among(
    word: str, *, kind: tuple[str, ...], against: tuple[str, ...], floor: float, margin: float
) -> bool:
    """Whether the embedding model places ``word`` clearly among ``kind`` rather than
    ``against``: the mean similarity of its three nearest ``kind`` words is at least
    ``floor`` and ``margin`` above that of its three nearest ``against`` words; ``False``
    without a model."""
    near, far = _vectors(kind), _vectors(against)
    if near is None or far is None:
        return False
    vector = _unit(configured_embedder().embed([word]))[0]
    closeness = float(np.sort(near @ vector)[-3:].mean())
    otherwise = float(np.sort(far @ vector)[-3:].mean())
    return closeness >= floor and closeness - otherwise >= margin
