"""The API key table of a PostgreSQL store (``ripplemem_api_keys``, beside the store's tables).

The REST and MCP servers' :class:`~ripplemem.interfaces.keys.KeyStore` keeps its rows here
when the store is PostgreSQL; this class holds the SQL, the KeyStore the rules (hashing,
the admin key, scoping of revocation). Rows match the SQLite table column for column.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ...errors import StoreError
from ..keys import KeyRow
from .driver import conninfo, make_pool, psycopg_modules, public_url

_LOCK = 0x7269_6B65  # pg_advisory_xact_lock key for creating the table

_SCHEMA = """CREATE TABLE IF NOT EXISTS ripplemem_api_keys (
    id text COLLATE "C" PRIMARY KEY,
    user_id text COLLATE "C" NOT NULL,
    hash text NOT NULL UNIQUE,
    label text NOT NULL DEFAULT '',
    created_at text COLLATE "C" NOT NULL,
    revoked_at text
)"""
_USER = "CREATE INDEX IF NOT EXISTS ripplemem_api_keys_user ON ripplemem_api_keys (user_id)"



class PostgresKeyTable:
    """Rows of ``ripplemem_api_keys`` in the database (and schema) a store URL names."""

    def __init__(self, url: str) -> None:
        psycopg, _ = psycopg_modules()
        self._driver_error: type[Exception] = psycopg.Error
        self.url = public_url(url)
        try:
            with psycopg.connect(conninfo(url)) as conn, conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
                conn.execute(_SCHEMA)
                conn.execute(_USER)
        except psycopg.Error as exc:
            raise StoreError(f"cannot open the API key table in {self.url}: {exc}") from exc
        self._pool = make_pool(url, None, max_size=4)

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        try:
            with self._pool.connection() as conn:
                yield conn
        except self._driver_error as exc:
            raise StoreError(f"API key table: {exc}") from exc

    def close(self) -> None:
        self._pool.close()

    def insert(self, key_id: str, user_id: str, key_hash: str, label: str, created_at: str) -> None:
        with self._tx() as conn:
            conn.execute(
                "INSERT INTO ripplemem_api_keys (id, user_id, hash, label, created_at) VALUES (%s, %s, %s, %s, %s)",
                (key_id, user_id, key_hash, label, created_at),
            )

    def find(self, key_hash: str) -> tuple[str, str] | None:
        """``(key id, user id)`` of the live key with this hash."""
        with self._tx() as conn:
            row = conn.execute(
                "SELECT id, user_id FROM ripplemem_api_keys WHERE hash = %s AND revoked_at IS NULL", (key_hash,)
            ).fetchone()
        return None if row is None else (str(row[0]), str(row[1]))

    def rows(self, user_id: str | None = None) -> list[KeyRow]:
        sql = "SELECT id, user_id, label, created_at, revoked_at FROM ripplemem_api_keys"
        args: tuple[Any, ...] = ()
        if user_id is not None:
            sql, args = sql + " WHERE user_id = %s", (user_id,)
        with self._tx() as conn:
            return [tuple(r) for r in conn.execute(sql + " ORDER BY created_at, id", args)]  # type: ignore[misc]

    def revoke(self, key_id: str, at: str, user_id: str | None = None) -> bool:
        sql = "UPDATE ripplemem_api_keys SET revoked_at = %s WHERE id = %s AND revoked_at IS NULL"
        args: tuple[Any, ...] = (at, key_id)
        if user_id is not None:
            sql, args = sql + " AND user_id = %s", (*args, user_id)
        with self._tx() as conn:
            return conn.execute(sql + " RETURNING id", args).fetchone() is not None

    def delete_user(self, user_id: str) -> int:
        with self._tx() as conn:
            rows = conn.execute("DELETE FROM ripplemem_api_keys WHERE user_id = %s RETURNING id", (user_id,))
            return len(rows.fetchall())


def has_key_table(url: str) -> bool:
    """Whether the database (and schema) ``url`` names holds ``ripplemem_api_keys`` (nothing is created)."""
    psycopg, _ = psycopg_modules()
    try:
        with psycopg.connect(conninfo(url)) as conn:
            row = conn.execute("SELECT to_regclass('ripplemem_api_keys') IS NOT NULL").fetchone()
    except psycopg.Error as exc:
        raise StoreError(f"cannot read {public_url(url)} for its API key table: {exc}") from exc
    return bool(row and row[0])
