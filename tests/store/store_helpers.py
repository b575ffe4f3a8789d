"""Builders shared by the store suite."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

import numpy as np

from ripplemem.types import MemoryUnit, Scope, TimeSpan, Turn, Vector

DIM = 16
T0 = datetime(2026, 4, 1, tzinfo=UTC)


def vec(seed: int | str, dim: int = DIM) -> Vector:
    """A deterministic L2-normalised vector."""
    if isinstance(seed, str):
        seed = int(hashlib.sha256(seed.encode()).hexdigest()[:8], 16)
    v = np.random.default_rng(seed).standard_normal(dim).astype(np.float32)
    return (v / np.linalg.norm(v)).astype(np.float32)


def day(n: int) -> TimeSpan:
    """Day ``n`` after 1 April 2026."""
    return TimeSpan.day(T0 + timedelta(days=n))


def unit(scope: Scope, uid: str, text: str | None = None, **fields: object) -> MemoryUnit:
    text = text or f"memory {uid}"
    base: dict[str, object] = {
        "sources": (f"t-{uid}",),
        "session_id": "s1",
        "vector": vec(uid),
        "created_at": T0 + timedelta(seconds=int(hashlib.sha256(uid.encode()).hexdigest()[:6], 16)),
    }
    base.update(fields)
    return MemoryUnit(id=uid, scope=scope, restatement=text, **base)  # type: ignore[arg-type]


def turn(tid: str, text: str = "hello", session: str = "s1", **fields: object) -> Turn:
    return Turn(turn_id=tid, session_id=session, speaker=str(fields.pop("speaker", "Alice")), text=text, **fields)  # type: ignore[arg-type]


def same_unit(a: MemoryUnit, b: MemoryUnit) -> bool:
    """Equal in every field, vectors included (``MemoryUnit.__eq__`` skips the vector)."""
    if a != b:
        return False
    if (a.vector is None) != (b.vector is None):
        return False
    return a.vector is None or bool(np.array_equal(a.vector, b.vector))


def pg_rows(url: str, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Rows of one query on a PostgreSQL store's database (its own connection)."""
    import psycopg

    with psycopg.connect(url) as conn:
        return list(conn.execute(sql, args).fetchall())
