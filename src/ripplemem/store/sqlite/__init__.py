"""The embedded SQLite store (WAL, FTS5, exact or usearch ANN vector search)."""

from .store import SQLiteStore

__all__ = ["SQLiteStore"]
