"""The local model's ONNX export: the same vectors as torch, made once per set of weights,
and torch alone when a model cannot be exported."""

from __future__ import annotations

import copy
import logging

import numpy as np
import pytest
import torch

from worldmemory import embedding, onnx_embedding

TEXTS = [
    "Luna bekommt um 19 Uhr ihr Futter",
    "the deployment is waiting for a review",
    "Heizung " * 400,  # longer than the model reads: both paths cut it the same way
]


@pytest.fixture(scope="module")
def local():
    embedder = embedding.LocalEmbedder(embedding.PACKAGED_MODEL)
    assert embedder.dimensions == 384
    return embedder


def test_a_few_texts_run_on_the_onnx_export_with_torchs_vectors(local, monkeypatch):
    assert local.onnx_file is not None, "onnx and onnxruntime are part of the semantic group"
    on_torch = np.array(local._model.encode(TEXTS, normalize_embeddings=True))

    def torch_is_not_asked(*args, **kwargs):
        raise AssertionError("a few texts go to the ONNX export")

    with monkeypatch.context() as patched:
        patched.setattr(local._model, "encode", torch_is_not_asked)
        few = np.array(local.embed(TEXTS))
    assert few.shape == on_torch.shape == (3, 384)
    assert np.allclose(np.linalg.norm(few, axis=1), 1.0, atol=1e-5)
    assert (few * on_torch).sum(axis=1).min() > 0.99999
    assert not np.allclose(few[0], few[1], atol=1e-2)
    # more than FEW_TEXTS go through torch, with the same vectors
    many = np.array(local.embed(TEXTS * (embedding.FEW_TEXTS // len(TEXTS) + 1))[:3])
    assert np.allclose(many, on_torch, atol=1e-5)


def test_the_export_is_made_once_and_named_by_the_model(local, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    first = onnx_embedding.onnx_pipeline(model=local._model)
    assert first.path.parent == tmp_path / "models"
    assert [p.name for p in first.path.parent.iterdir()] == [first.path.name]
    written = first.path.stat().st_mtime_ns
    again = onnx_embedding.onnx_pipeline(model=local._model)
    assert again.path == first.path and first.path.stat().st_mtime_ns == written
    assert np.allclose(again.embed(TEXTS[:1]), local.embed(TEXTS[:1]), atol=1e-6)

    changed = copy.deepcopy(local._model)
    with torch.no_grad():
        next(changed.parameters()).add_(0.01)
    assert onnx_embedding.model_digest(model=changed) != first.path.stem


class Unexportable(torch.nn.Module):
    """A model the tracer cannot follow: its forward pass fails while being exported."""

    def preprocess(self, texts):
        return {"input_ids": torch.ones((len(texts), 3), dtype=torch.long)}

    def forward(self, features):
        raise RuntimeError("an operation the exporter does not know")


def test_a_model_that_cannot_be_exported_stays_on_torch(caplog, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    with caplog.at_level(logging.WARNING, logger="worldmemory.onnx_embedding"):
        assert onnx_embedding.onnx_pipeline(model=Unexportable()) is None
    assert "staying on torch" in caplog.text
    assert (tmp_path / "models").is_dir()
    assert not list((tmp_path / "models").iterdir()), "no half-written file is left"
