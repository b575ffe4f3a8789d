"""Where the API key rows live: the store's SQLite file or its PostgreSQL database."""

from __future__ import annotations

from typing import Protocol

from ..errors import StoreError
from . import is_postgres_url, sqlite_path
from .base import Store

KeyRow = tuple[str, str, str, str, str | None]  # id, user_id, label, created_at, revoked_at


class KeyTable(Protocol):
    """Where the key rows live: the SQLite file or the PostgreSQL database of the store."""

    def close(self) -> None: ...

    def insert(self, key_id: str, user_id: str, key_hash: str, label: str, created_at: str) -> None: ...

    def find(self, key_hash: str) -> tuple[str, str] | None: ...

    def rows(self, user_id: str | None = None) -> list[KeyRow]: ...

    def revoke(self, key_id: str, at: str, user_id: str | None = None) -> bool: ...

    def delete_user(self, user_id: str) -> int:
        """Remove every key row of ``user_id`` (a deleted user leaves no key behind)."""
        ...


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


def drop_user_keys(store: Store, db: str, user_id: str) -> int:
    """Remove ``user_id``'s keys from the key table beside ``store`` (opened from ``db``):
    how many. Nothing is created: 0 when the store has no key table, when it is an
    in-memory SQLite store (its keys live in the key store's own connection), or when
    ``db`` names another store than ``store`` (a PostgreSQL store's ``url`` has no password)."""
    from .sqlite import SQLiteStore

    if isinstance(store, SQLiteStore):
        if store.path == ":memory:":
            return 0
        from .sqlite.keys import has_key_table

        where, present = store.path, has_key_table(store.path)
    elif is_postgres_url(db):
        from .postgres.driver import public_url
        from .postgres.keys import has_key_table as has_pg_key_table

        where, present = db, public_url(db) == store.url and has_pg_key_table(db)
    else:
        return 0
    if not present:
        return 0
    table = open_key_table(where)
    try:
        return table.delete_user(user_id)
    finally:
        table.close()
