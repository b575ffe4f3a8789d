"""Errors raised by ripplemem.

Every error the library raises on purpose derives from :class:`RippleMemError`::

    RippleMemError
     +-- ConfigError        a setting is missing, malformed or contradicts the store
     +-- InputError         a caller's data is malformed (turns, files, ids, times)
     +-- StoreError         the storage backend failed or refused an operation
     |    +-- NotFoundError     no memory with that id in that scope
     |    +-- EmbedderMismatchError  the store was built with another embedder
     |    +-- TurnsDoneError    another writer already turned these turns into memories
     +-- ProviderError      an embedder or LLM provider failed
          +-- LLMOutputError    an LLM reply that does not validate (carries the raw text)

Driver and SDK exceptions are translated at the edge with ``raise ... from``.
"""

from __future__ import annotations


class RippleMemError(Exception):
    """Root of every error ripplemem raises on purpose."""


class ConfigError(RippleMemError):
    """A setting is missing, malformed, or contradicts the store."""


class InputError(RippleMemError, ValueError):
    """The caller's data is malformed; nothing already stored was changed."""


class StoreError(RippleMemError):
    """The storage backend failed or refused an operation."""


class NotFoundError(StoreError, KeyError):
    """No memory with that id exists in the caller's scope."""

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else "not found"


class EmbedderMismatchError(StoreError):
    """The store was built with a different embedding model or dimension."""


class TurnsDoneError(StoreError):
    """A write batch marks turns done that another writer (a ``reindex``, a healing ``add``
    in another process) already turned into memories: the batch was refused, nothing changed."""


class ProviderError(RippleMemError):
    """An embedding or LLM provider failed (network, timeout, bad status)."""


class LLMOutputError(ProviderError):
    """An LLM reply could not be validated against the expected schema."""

    def __init__(self, message: str, raw: str = "") -> None:
        super().__init__(message)
        self.raw = raw
