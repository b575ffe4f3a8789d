"""API keys for the REST and MCP servers: bound to one user, hashed at rest.

A key is ``rm_`` + 32 random bytes (URL-safe base64). Only its SHA-256 is stored (the key
has 256 bits of entropy, so a fast hash is enough), in a ``ripplemem_api_keys`` table
beside the store's tables, through the key store's own connection: the store's schema is
not touched. For a SQLite store the table is in its file (a ``:memory:`` store keeps its
keys in memory for the life of the process); for a PostgreSQL store it is in the same
database and schema. The SQL of both lives in ``store/`` (``sqlite/keys.py``, ``postgres/keys.py``).

The admin key is not stored: it comes from ``RIPPLEMEM_ADMIN_KEY`` (compared in constant
time) and may act on every scope and mint keys.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from ..errors import InputError
from ..store.keys import open_key_table

PREFIX = "rm_"


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
        if not isinstance(label, str):
            raise InputError("label: must be a string")
        for what, value in (("user_id", user_id), ("label", label)):
            if not _encodes(value):
                raise InputError(f"{what}: not valid UTF-8 text (a lone surrogate?)")
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

    def delete_user(self, user_id: str) -> int:
        """Remove every key of ``user_id`` (deleting a user): none of them authenticates again."""
        return self._table.delete_user(user_id)


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
