"""Where the API key rows live: the store's SQLite file or its PostgreSQL database."""

from __future__ import annotations

from typing import Protocol

from ..errors import StoreError
from . import is_postgres_url, sqlite_path

KeyRow = tuple[str, str, str, str, str | None]  # id, user_id, label, created_at, revoked_at


class KeyTable(Protocol):
    """Where the key rows live: the SQLite file or the PostgreSQL database of the store."""

    def close(self) -> None: ...

    def insert(self, key_id: str, user_id: str, key_hash: str, label: str, created_at: str) -> None: ...

    def find(self, key_hash: str) -> tuple[str, str] | None: ...

    def rows(self, user_id: str | None = None) -> list[KeyRow]: ...

    def revoke(self, key_id: str, at: str, user_id: str | None = None) -> bool: ...


def open_key_table(db: str) -> KeyTable:
    """The key table of the store ``db`` names (a path, a ``sqlite:`` or a ``postgresql:`` URL)."""
    if is_postgres_url(db):
        from .postgres.keys import PostgresKeyTable

        return PostgresKeyTable(db)
    path = sqlite_path(db)
    if path is None:
        raise StoreError(f"API keys need a SQLite or PostgreSQL store; {db!r} is neither")
    from .sqlite.keys import SQLiteKeyTable

    return SQLiteKeyTable(path)
