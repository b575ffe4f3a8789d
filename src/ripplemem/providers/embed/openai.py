"""An embedder for any OpenAI-compatible ``/v1/embeddings`` endpoint (OpenAI, Ollama, vLLM...)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ...config import Settings
from ...errors import ConfigError, InputError, ProviderError

BATCH_SIZE = 128


class OpenAIEmbedder:
    """Embeds through the ``openai`` SDK; vectors are L2-normalised here, whatever the server does.

    ``dim`` must be known up front (the store records it); a reply of another width is an error.
    """

    def __init__(
        self,
        *,
        model: str,
        dim: int,
        base_url: str = "",
        api_key: str = "",
        timeout: float = 60.0,
        retries: int = 2,
        max_chars: int = 4000,
        batch_size: int = BATCH_SIZE,
    ) -> None:
        if not model:
            raise ConfigError("the openai embedder needs embed_model (RIPPLEMEM_EMBED_MODEL)")
        if dim <= 0:
            raise ConfigError("the openai embedder needs embed_dim > 0 (RIPPLEMEM_EMBED_DIM)")
        import openai

        self.name = model
        self.dim = dim
        self.max_chars = max_chars
        self.batch_size = max(1, batch_size)
        self._client = openai.OpenAI(
            base_url=base_url or None,
            api_key=api_key or "unused",  # local servers need none; the SDK insists on one
            timeout=timeout,
            max_retries=retries,
        )

    @classmethod
    def from_settings(cls, settings: Settings) -> OpenAIEmbedder:
        return cls(
            model=settings.embed_model,
            dim=settings.embed_dim,
            base_url=settings.embed_base_url,
            api_key=settings.embed_api_key,
            timeout=settings.embed_timeout,
            retries=settings.embed_retries,
        )

    def close(self) -> None:
        self._client.close()

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        if isinstance(texts, str):
            raise InputError("embed() takes a sequence of texts, not one string")
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), self.batch_size):
            chunk = [t or " " for t in texts[start : start + self.batch_size]]  # servers refuse ""
            out[start : start + len(chunk)] = self._embed_batch(chunk)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return (out / np.clip(norms, 1e-12, None)).astype(np.float32)

    def _embed_batch(self, texts: list[str]) -> npt.NDArray[np.float32]:
        import openai

        try:
            reply: Any = self._client.embeddings.create(model=self.name, input=texts, encoding_format="float")
        except openai.OpenAIError as exc:
            raise ProviderError(f"embedding request to model {self.name!r} failed: {exc}") from exc
        rows = sorted(reply.data, key=lambda d: d.index)
        if len(rows) != len(texts):
            raise ProviderError(f"embedding server returned {len(rows)} vectors for {len(texts)} texts")
        try:
            matrix = np.asarray([row.embedding for row in rows], dtype=np.float32)
        except (TypeError, ValueError) as exc:
            raise ProviderError(f"embedding server returned malformed vectors: {exc}") from exc
        if matrix.ndim != 2 or matrix.shape[1] != self.dim:
            raise ProviderError(f"embedding model {self.name!r} returned width {matrix.shape[-1]}, expected {self.dim}")
        return matrix
