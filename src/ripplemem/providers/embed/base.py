"""The embedder interface: one method that embeds a batch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors, one row per text.

    ``name`` and ``dim`` are recorded by the store, which refuses to open with another
    embedder unless asked to re-embed. ``max_chars`` is a soft hint of how much text the
    model reads whole; longer texts are truncated by the model, so callers cut them first.
    """

    name: str
    dim: int
    max_chars: int

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]: ...
