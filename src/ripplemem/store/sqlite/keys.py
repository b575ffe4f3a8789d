"""The API key table of a SQLite store (``ripplemem_api_keys``, in the store's file).

The REST and MCP servers' :class:`~ripplemem.interfaces.keys.KeyStore` keeps its rows here
when the store is SQLite, on this object's own connection (the store's schema is not
touched); this class holds the SQL, the KeyStore the rules. Rows match the PostgreSQL table
(``store/postgres/keys.py``) column for column.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

from ...errors import StoreError
from ..keys import KeyRow

_SCHEMA = """
CREATE TABLE IF NOT EXISTS ripplemem_api_keys (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    revoked_at TEXT
)
"""


class SQLiteKeyTable:
    """``ripplemem_api_keys`` in the store's SQLite file, on this object's own connection."""

    def __init__(self, path: str) -> None:
        self._lock = threading.Lock()
        try:
            self._conn = sqlite3.connect(path, timeout=10.0, isolation_level=None, check_same_thread=False)
            self._conn.execute("PRAGMA busy_timeout = 10000")
            self._conn.execute("PRAGMA secure_delete = ON")  # a deleted user's rows leave no bytes behind
            self._conn.execute(_SCHEMA)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the API key table in {path}: {exc}") from exc

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def _run(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise StoreError(f"API key table: {exc}") from exc

    def insert(self, key_id: str, user_id: str, key_hash: str, label: str, created_at: str) -> None:
        self._run(
            "INSERT INTO ripplemem_api_keys (id, user_id, hash, label, created_at) VALUES (?, ?, ?, ?, ?)",
            (key_id, user_id, key_hash, label, created_at),
        )

    def find(self, key_hash: str) -> tuple[str, str] | None:
        rows = self._run("SELECT id, user_id FROM ripplemem_api_keys WHERE hash = ? AND revoked_at IS NULL", (key_hash,))
        return (str(rows[0][0]), str(rows[0][1])) if rows else None

    def rows(self, user_id: str | None = None) -> list[KeyRow]:
        sql = "SELECT id, user_id, label, created_at, revoked_at FROM ripplemem_api_keys"
        args: tuple[object, ...] = ()
        if user_id is not None:
            sql, args = sql + " WHERE user_id = ?", (user_id,)
        return [(str(r[0]), str(r[1]), str(r[2]), str(r[3]), None if r[4] is None else str(r[4]))
                for r in self._run(sql + " ORDER BY created_at, id", args)]  # fmt: skip

    def revoke(self, key_id: str, at: str, user_id: str | None = None) -> bool:
        sql = "UPDATE ripplemem_api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"
        args: tuple[object, ...] = (at, key_id)
        if user_id is not None:
            sql, args = sql + " AND user_id = ?", (*args, user_id)
        return bool(self._run(sql + " RETURNING id", args))

    def delete_user(self, user_id: str) -> int:
        return len(self._run("DELETE FROM ripplemem_api_keys WHERE user_id = ? RETURNING id", (user_id,)))


def has_key_table(path: str) -> bool:
    """Whether the SQLite file at ``path`` holds ``ripplemem_api_keys`` (nothing is created)."""
    try:
        conn = sqlite3.connect(path, timeout=10.0)  # the store's file: it exists, nothing is made
        try:
            found = conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ripplemem_api_keys'"
            ).fetchone()
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise StoreError(f"cannot read {path} for its API key table: {exc}") from exc
    return found is not None
