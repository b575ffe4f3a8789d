"""API keys for the REST and MCP servers: bound to one user, hashed at rest.

A key is ``rm_`` + 32 random bytes (URL-safe base64). Only its SHA-256 is stored (the key
has 256 bits of entropy, so a fast hash is enough), in a ``ripplemem_api_keys`` table of
the store's own SQLite file, through this module's own connection: the store's schema is
not touched. A ``:memory:`` store keeps its keys in memory for the life of the process.

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

from ..errors import InputError, StoreError
from ..store import sqlite_path

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


class KeyStore:
    """The API keys of one store (``db`` is a path or a ``sqlite:`` URL)."""

    def __init__(self, db: str, admin_key: str | None = None) -> None:
        path = sqlite_path(db)
        if path is None:
            raise StoreError(f"API keys need a SQLite store; {db!r} is not one")
        self.admin_key = admin_key or None
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

    def _run(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise StoreError(f"API key table: {exc}") from exc

    def create(self, user_id: str, label: str = "") -> tuple[KeyInfo, str]:
        """A new key for ``user_id``: its record and the secret, which is shown only now."""
        if not isinstance(user_id, str) or not user_id.strip():
            raise InputError("user_id: required, a non-empty string")
        secret = PREFIX + secrets.token_urlsafe(32)
        info = KeyInfo("key_" + secrets.token_hex(6), user_id, label, datetime.now(UTC).isoformat(), None)
        self._run(
            "INSERT INTO ripplemem_api_keys (id, user_id, hash, label, created_at) VALUES (?, ?, ?, ?, ?)",
            (info.id, user_id, hash_key(secret), label, info.created_at),
        )
        return info, secret

    def verify(self, key: str) -> Principal | None:
        """The caller a presented key stands for; ``None`` for an unknown or revoked key."""
        if self.admin_key and hmac.compare_digest(key.encode("utf-8"), self.admin_key.encode("utf-8")):
            return Principal(None, admin=True)
        if not key.startswith(PREFIX):
            return None
        rows = self._run(
            "SELECT id, user_id FROM ripplemem_api_keys WHERE hash = ? AND revoked_at IS NULL", (hash_key(key),)
        )
        if not rows:
            return None
        key_id, user_id = rows[0]
        return Principal(str(user_id), key_id=str(key_id))

    def list(self, user_id: str | None = None) -> list[KeyInfo]:
        sql = "SELECT id, user_id, label, created_at, revoked_at FROM ripplemem_api_keys"
        args: tuple[object, ...] = ()
        if user_id is not None:
            sql, args = sql + " WHERE user_id = ?", (user_id,)
        rows = self._run(sql + " ORDER BY created_at, id", args)
        return [KeyInfo(str(r[0]), str(r[1]), str(r[2]), str(r[3]), None if r[4] is None else str(r[4])) for r in rows]

    def revoke(self, key_id: str, user_id: str | None = None) -> bool:
        """Revoke a key (only one of ``user_id``'s when given); ``False`` if there is none."""
        sql = "UPDATE ripplemem_api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"
        args: tuple[object, ...] = (datetime.now(UTC).isoformat(), key_id)
        if user_id is not None:
            sql, args = sql + " AND user_id = ?", (*args, user_id)
        return bool(self._run(sql + " RETURNING id", args))
