"""The local model's fast path for a few short texts (a search query, one new message).

For one short text torch spends most of the time on per-call overhead; the same
sentence-transformers model — transformer, pooling and normalisation together —
exported to ONNX answers it in about a third of the time, with the same vector up to
float rounding. Batches stay on torch, whose matrix kernels win for many texts.

The export happens once per model and is cached under ``var/models``, named by a hash
of the weights and the module layout (pooling, normalisation), so a changed model never
reuses a stale graph. It needs the
``onnx`` and ``onnxruntime`` packages (the ``semantic`` group); without them, or when a
model cannot be exported, the embedder stays on torch.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
import threading
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

from django.conf import settings

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

log = logging.getLogger(__name__)

OUTPUT = "sentence_embedding"
OPSET = 17


def model_dir() -> Path:
    return settings.VAR_DIR / "models"


def model_digest(*, model: SentenceTransformer) -> str:
    """A digest of the module layout and every parameter: the same model, the same name."""
    digest = hashlib.sha256(f"{OPSET}|{model!r}".encode())
    for name, tensor in model.state_dict().items():
        digest.update(name.encode())
        digest.update(tensor.detach().contiguous().cpu().numpy().tobytes())
    return digest.hexdigest()[:16]


def _tensor_features(*, model: SentenceTransformer, texts: list[str]) -> dict:
    import torch

    prepare = getattr(model, "preprocess", None) or model.tokenize
    return {
        name: value for name, value in prepare(texts).items() if isinstance(value, torch.Tensor)
    }


def _export(*, model: SentenceTransformer, path: Path) -> None:
    """Trace the whole pipeline into ``path``; written beside it and renamed, so another
    process never loads half a file."""
    import torch

    example = _tensor_features(model=model, texts=["an example sentence"])
    names = list(example)

    class Pipeline(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, *tensors):
            return self.model(dict(zip(names, tensors, strict=True)))[OUTPUT]

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(dir=path.parent, suffix=".partial")
    os.close(handle)
    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the tracer's notes on constant shapes
            torch.onnx.export(
                Pipeline().eval(),
                tuple(example.values()),
                partial,
                input_names=names,
                output_names=[OUTPUT],
                dynamic_axes={
                    **{name: {0: "texts", 1: "tokens"} for name in names},
                    OUTPUT: {0: "texts"},
                },
                opset_version=OPSET,
                dynamo=False,
            )
        os.chmod(partial, 0o644)  # mkstemp's 0600 would hide it from a worker of another user
        os.replace(partial, path)
    finally:
        Path(partial).unlink(missing_ok=True)


class OnnxPipeline:
    """Embeds texts with the exported graph; the tokenizer is the model's own."""

    def __init__(self, *, model: SentenceTransformer, path: Path) -> None:
        import onnxruntime

        self._model = model
        self.path = path
        options = onnxruntime.SessionOptions()
        # idle threads sleep instead of spinning: the database shares these cores
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = onnxruntime.InferenceSession(
            str(path), options, providers=["CPUExecutionProvider"]
        )
        self._inputs = [item.name for item in self._session.get_inputs()]
        # a fast tokenizer refuses concurrent calls that set truncation and padding
        self._tokenizing = threading.Lock()

    def embed(self, texts: list[str]) -> list[list[float]]:
        with self._tokenizing:
            features = _tensor_features(model=self._model, texts=texts)
        feeds = {name: features[name].numpy() for name in self._inputs}
        return self._session.run([OUTPUT], feeds)[0].tolist()


def onnx_pipeline(*, model: SentenceTransformer) -> OnnxPipeline | None:
    """The ONNX pipeline of ``model`` (exported on first use), or ``None`` if that is not
    possible here; the caller then stays on torch."""
    try:
        import onnx  # noqa: F401  (the exporter needs it)
        import onnxruntime  # noqa: F401
    except ImportError:
        return None
    path = model_dir() / f"{model_digest(model=model)}.onnx"
    try:
        if not path.exists():
            _export(model=model, path=path)
        return OnnxPipeline(model=model, path=path)
    except Exception:  # an architecture the exporter cannot trace, an unwritable folder, …
        log.warning("no ONNX pipeline for the embedding model; staying on torch", exc_info=True)
        return None
