"""Storage backends behind one protocol, and :func:`open_store` to pick one by URL."""

from __future__ import annotations

import os
from pathlib import Path

from ..config import Settings
from ..errors import ConfigError
from .base import DeleteReport, Store, WriteBatch

__all__ = ["DeleteReport", "Store", "WriteBatch", "is_postgres_url", "open_store"]


def sqlite_path(url_or_path: str | os.PathLike[str]) -> str | None:
    """The file path a SQLite URL or plain path names; ``None`` for another scheme.

    ``sqlite:///abs/file.db`` -> ``/abs/file.db``, ``sqlite:relative.db`` -> ``relative.db``,
    ``sqlite://`` and ``sqlite:///:memory:`` -> ``:memory:``; a string without a scheme is a path.
    """
    text = os.fspath(url_or_path)
    if isinstance(url_or_path, Path) or "://" not in text and not text.startswith("sqlite:"):
        return text
    if not text.startswith("sqlite:"):
        return None
    rest = text[len("sqlite:") :]
    if rest.startswith("//"):
        rest = rest[2:]
    if rest in ("", "/:memory:", ":memory:"):
        return ":memory:"
    return rest


def is_postgres_url(url_or_path: str | os.PathLike[str]) -> bool:
    """Whether this names a PostgreSQL store (``postgresql://``, ``postgres://``, ``postgresql+driver://``)."""
    return not isinstance(url_or_path, Path) and os.fspath(url_or_path).startswith(
        ("postgresql://", "postgres://", "postgresql+")
    )


def open_store(url_or_path: str | os.PathLike[str], settings: Settings | None = None) -> Store:
    """Open the store a URL or path names: a plain path or ``sqlite:///path`` opens SQLite,
    ``postgresql://user:pass@host/db`` opens PostgreSQL (the ``postgres`` extra)."""
    text = os.fspath(url_or_path)
    if is_postgres_url(url_or_path):
        from .postgres import PostgresStore

        return PostgresStore(text, settings)
    path = sqlite_path(url_or_path)
    if path is None:
        scheme = text.split("://", 1)[0]
        raise ConfigError(f"unknown store URL scheme {scheme!r} in {text!r}: use a path, sqlite:/// or postgresql://")
    if not path:
        raise ConfigError("an empty store path")
    from .sqlite import SQLiteStore

    return SQLiteStore(path, settings)
