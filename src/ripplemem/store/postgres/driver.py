"""The driver edge: psycopg 3 imported lazily, URLs, the connection pool, pgvector adapters.

Vectors travel in pgvector's binary format (``uint16`` dimension, ``uint16`` unused, then
big-endian ``float32``), so they round-trip bit for bit. Every pooled connection runs in
UTC, with the adapters registered, before it is handed out.
"""

from __future__ import annotations

import struct
from datetime import datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import numpy as np

from ...errors import ConfigError, InputError, StoreError
from ...types import Vector, utc

EXTRA_HINT = "install the PostgreSQL extra: pip install 'ripplemem[postgres]'"
POOL_MIN = 1
POOL_MAX = 8


def psycopg_modules() -> tuple[Any, Any]:
    """``(psycopg, psycopg_pool)``, or a :class:`ConfigError` naming the extra."""
    try:
        import psycopg
        import psycopg_pool
    except ImportError as exc:
        raise ConfigError(f"the PostgreSQL store needs psycopg and psycopg_pool: {EXTRA_HINT}") from exc
    return psycopg, psycopg_pool


def conninfo(url: str) -> str:
    """A libpq URL from a store URL: ``postgres://`` and ``postgresql+driver://`` become ``postgresql://``."""
    scheme, rest = url.split("://", 1)
    if scheme not in ("postgres", "postgresql") and not scheme.startswith("postgresql+"):
        raise ConfigError(f"not a PostgreSQL URL: {url!r}")
    return "postgresql://" + rest


def public_url(url: str) -> str:
    """The URL without its password (for ``store.url``, logs and messages)."""
    parts = urlsplit(conninfo(url))
    netloc = parts.netloc
    if "@" in netloc:
        user, host = netloc.rsplit("@", 1)
        netloc = f"{user.split(':', 1)[0]}@{host}"
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "password"])
    return urlunsplit((parts.scheme, netloc, parts.path, query, ""))


def span_range(start: datetime, end: datetime) -> Any:
    """A half-open UTC ``tstzrange`` value."""
    from psycopg.types.range import Range

    return Range(utc(start), utc(end), "[)")


# -- pgvector <-> numpy ---------------------------------------------------------------


def vector_bytes(vector: Vector) -> bytes:
    arr = np.asarray(vector, dtype=">f4")
    if arr.ndim != 1 or arr.size == 0:
        raise InputError(f"a unit vector must be a non-empty 1-d array, got shape {arr.shape}")
    if arr.size > 16000:
        raise InputError(f"pgvector stores at most 16000 dimensions, got {arr.size}")
    return struct.pack(">HH", arr.size, 0) + arr.tobytes()


def bytes_vector(data: bytes | bytearray | memoryview) -> Vector:
    raw = bytes(data)
    (dim,) = struct.unpack_from(">H", raw)
    return np.frombuffer(raw, dtype=">f4", count=dim, offset=4).astype(np.float32)


def text_vector(data: bytes | bytearray | memoryview) -> Vector:
    text = bytes(data).decode("ascii").strip()[1:-1]
    return np.array([float(x) for x in text.split(",")] if text else [], dtype=np.float32)


def register_vector(conn: Any, oid: int) -> None:
    """Teach one connection to send numpy arrays as ``vector`` and read ``vector`` as numpy."""
    from psycopg.adapt import Dumper, Loader
    from psycopg.pq import Format

    class VectorDumper(Dumper):
        format = Format.BINARY

        def dump(self, obj: Any) -> bytes:
            return vector_bytes(obj)

    class VectorBinaryLoader(Loader):
        format = Format.BINARY

        def load(self, data: Any) -> Vector:
            return bytes_vector(data)

    class VectorTextLoader(Loader):
        def load(self, data: Any) -> Vector:
            return text_vector(data)

    VectorDumper.oid = oid
    conn.adapters.register_dumper(np.ndarray, VectorDumper)
    conn.adapters.register_loader(oid, VectorBinaryLoader)
    conn.adapters.register_loader(oid, VectorTextLoader)


def vector_oid(conn: Any) -> int:
    row = conn.execute("SELECT 'vector'::regtype::oid").fetchone()
    if row is None:  # pragma: no cover - regtype raises instead
        raise StoreError("the pgvector type is not visible on the search_path")
    return int(row[0])


def make_pool(url: str, oid: int | None, *, min_size: int = POOL_MIN, max_size: int = POOL_MAX) -> Any:
    """An open pool whose connections run in UTC, with the vector adapters registered when
    ``oid`` (pgvector's type oid) is given."""
    psycopg, psycopg_pool = psycopg_modules()

    def configure(conn: Any) -> None:
        conn.execute("SET TIME ZONE 'UTC'")
        conn.commit()
        if oid is not None:
            register_vector(conn, oid)

    try:
        pool = psycopg_pool.ConnectionPool(
            conninfo(url),
            min_size=min_size,
            max_size=max_size,
            open=True,
            configure=configure,
            name="ripplemem",
            timeout=30.0,
        )
    except psycopg.Error as exc:
        raise StoreError(f"cannot open a connection pool to {public_url(url)}: {exc}") from exc
    try:
        pool.wait(timeout=30.0)
    except psycopg_pool.PoolTimeout as exc:
        pool.close()
        raise StoreError(f"no connection to {public_url(url)} within 30 s: {exc}") from exc
    return pool
