"""A bounded cache in front of an embedder: a text embedded once is not embedded again.

Recall embeds the same texts again and again: the question with and without the speakers'
names, and, for the bridge of a chain, what a memory says without its names
(``read.engine``); the memories a conversation's questions reach are few, so about a quarter
of the texts one LoCoMo conversation's questions embed were embedded before. A row depends
only on its text (the embedders batch, but a row is the same in any batch), so a cached row is
the row. Least recently used texts go first; ``size`` texts at most (384 floats each with the
local model: 4,096 texts are 6 MiB). Thread-safe; picklable without its rows (``write.bulk``
workers start empty).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .base import Embedder


class CachedEmbedder:
    """``inner`` behind a least-recently-used cache of ``size`` texts (``Settings.embed_cache``)."""

    def __init__(self, inner: Embedder, size: int) -> None:
        self.inner = inner
        self.size = max(1, size)
        self.name = inner.name
        self.dim = inner.dim
        self.max_chars = inner.max_chars
        self._rows: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """One row per text, as ``inner`` gives it; only the texts not cached reach ``inner``."""
        if isinstance(texts, str) or not texts or not all(isinstance(t, str) for t in texts):
            return self.inner.embed(texts)  # its own error for what is not texts, its empty result
        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in self._rows]
        fresh = self.inner.embed(missing) if missing else None  # outside the lock: other threads go on
        with self._lock:
            found = {t: self._rows[t] for t in texts if t in self._rows}
            if fresh is not None:
                found.update(zip(missing, fresh, strict=True))
                self._rows.update(zip(missing, fresh, strict=True))
            for t in found:
                self._rows.move_to_end(t)
            while len(self._rows) > self.size:
                self._rows.popitem(last=False)
        return np.stack([found[t] for t in texts]).astype(np.float32, copy=False)

    @property
    def threads(self) -> int | None:
        """The inner model's threads, when it has a setting for them (``write.bulk`` shares
        the cores among its workers through it)."""
        threads = getattr(self.inner, "threads", None)
        return threads if isinstance(threads, int) else None

    @threads.setter
    def threads(self, value: int) -> None:
        if isinstance(getattr(self.inner, "threads", None), int):
            self.inner.threads = value  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self._rows)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_rows"] = OrderedDict()
        del state["_lock"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.Lock()
