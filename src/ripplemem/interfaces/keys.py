"""API keys for the REST and MCP servers: bound to one user, hashed at rest.

A key is ``rm_`` + 32 random bytes (URL-safe base64). Only its SHA-256 is stored (the key
has 256 bits of entropy, so a fast hash is enough), in a ``ripplemem_api_keys`` table
beside the store's tables, through the key store's own connection: the store's schema is
not touched. For a SQLite store the table is in its file (a ``:memory:`` store keeps its
keys in memory for the life of the process); for a PostgreSQL store it is in the same
database and schema, through :class:`ripplemem.store.postgres.keys.PostgresKeyTable`.

The admin key is not stored: it comes from ``RIPPLEMEM_ADMIN_KEY`` (compared in constant
time) and may act on every scope and mint keys.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from ..errors import InputError, StoreError
from ..store import is_postgres_url, sqlite_path

PREFIX = "rm_"
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


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the admin (every scope) or the holder of a key bound to one user."""

    user_id: str | None
    admin: bool = False
    key_id: str | None = None


@dataclass(frozen=True, slots=True)
class KeyInfo:
    id: str
    user_id: str
    label: str
    created_at: str
    revoked_at: str | None


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


KeyRow = tuple[str, str, str, str, str | None]  # id, user_id, label, created_at, revoked_at


class KeyTable(Protocol):
    """Where the key rows live: the SQLite file or the PostgreSQL database of the store."""

    def close(self) -> None: ...

    def insert(self, key_id: str, user_id: str, key_hash: str, label: str, created_at: str) -> None: ...

    def find(self, key_hash: str) -> tuple[str, str] | None: ...

    def rows(self, user_id: str | None = None) -> list[KeyRow]: ...

    def revoke(self, key_id: str, at: str, user_id: str | None = None) -> bool: ...


class SQLiteKeyTable:
    """``ripplemem_api_keys`` in the store's SQLite file, on this object's own connection."""

    def __init__(self, path: str) -> None:
        self._lock = threading.Lock()
        try:
            self._conn = sqlite3.connect(path, timeout=10.0, isolation_level=None, check_same_thread=False)
            self._conn.execute("PRAGMA busy_timeout = 10000")
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


def open_key_table(db: str) -> KeyTable:
    """The key table of the store ``db`` names (a path, a ``sqlite:`` or a ``postgresql:`` URL)."""
    if is_postgres_url(db):
        from ..store.postgres.keys import PostgresKeyTable

        return PostgresKeyTable(db)
    path = sqlite_path(db)
    if path is None:
        raise StoreError(f"API keys need a SQLite or PostgreSQL store; {db!r} is neither")
    return SQLiteKeyTable(path)


class KeyStore:
    """The API keys of one store (``db`` is a path, a ``sqlite:`` or a ``postgresql:`` URL)."""

    def __init__(self, db: str, admin_key: str | None = None) -> None:
        self.admin_key = admin_key or None
        self._table = open_key_table(db)

    def close(self) -> None:
        self._table.close()

    def create(self, user_id: str, label: str = "") -> tuple[KeyInfo, str]:
        """A new key for ``user_id``: its record and the secret, which is shown only now."""
        if not isinstance(user_id, str) or not user_id.strip():
            raise InputError("user_id: required, a non-empty string")
        secret = PREFIX + secrets.token_urlsafe(32)
        info = KeyInfo("key_" + secrets.token_hex(6), user_id, label, datetime.now(UTC).isoformat(), None)
        self._table.insert(info.id, user_id, hash_key(secret), label, info.created_at)
        return info, secret

    def verify(self, key: str) -> Principal | None:
        """The caller a presented key stands for; ``None`` for an unknown or revoked key."""
        if self.admin_key and hmac.compare_digest(key.encode("utf-8"), self.admin_key.encode("utf-8")):
            return Principal(None, admin=True)
        if not key.startswith(PREFIX):
            return None
        found = self._table.find(hash_key(key))
        if found is None:
            return None
        key_id, user_id = found
        return Principal(user_id, key_id=key_id)

    def list(self, user_id: str | None = None) -> list[KeyInfo]:
        return [KeyInfo(*row) for row in self._table.rows(user_id)]

    def revoke(self, key_id: str, user_id: str | None = None) -> bool:
        """Revoke a key (only one of ``user_id``'s when given); ``False`` if there is none."""
        return self._table.revoke(key_id, datetime.now(UTC).isoformat(), user_id)
