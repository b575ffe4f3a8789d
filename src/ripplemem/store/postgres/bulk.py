"""Bulk loading a PostgreSQL store: binary ``COPY`` for new rows, the HNSW index built after.

For filling one scope with many new units fast (the scale benchmark, a large import): each
batch of turns, units and edges goes in with three ``COPY ... (FORMAT BINARY)`` statements in
one transaction, so a failure leaves whole batches only. The statement-level triggers keep
``units_n`` and the name registry exact, and the foreign keys still check every edge. Load
before the dimension's HNSW index exists (do not set ``embedding_dim`` first), then call
:func:`build_vector_index`: one sorted build with a large ``maintenance_work_mem`` instead of
a million graph insertions.

Only new rows: a turn or unit that is already stored aborts its batch (:class:`StoreError`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ...errors import EmbedderMismatchError, StoreError
from ...types import Edge, MemoryUnit, Scope, Turn
from . import schema
from .driver import conninfo, psycopg_modules, public_url, register_vector, vector_oid
from .writes import UNIT_WRITE_COLUMNS, check_units, jsonb, lock_scope, scope_dim, ts, unit_values

Batch = tuple[Sequence[Turn], Sequence[MemoryUnit], Sequence[Edge]]

_TURN_COLUMNS = ("scope", "session_id", "turn_id", "seq", "speaker", "role", "text", "image_caption", "time", "status",
                 "metadata")
_TURN_TYPES = ("text", "text", "text", "int8", "text", "text", "text", "text", "timestamptz", "text", "jsonb")
_UNIT_TYPES: dict[str, str] = {
    "restatement": "text", "session_id": "text", "span": "tstzrange", "layer": "text", "tier": "text",
    "importance": "float8", "valid_from": "timestamptz", "valid_to": "timestamptz", "mentioned_at": "timestamptz",
    "created_at": "timestamptz", "updated_at": "timestamptz", "access_count": "int8", "last_access": "timestamptz",
    "pinned": "bool", "role": "text", "metadata": "jsonb",
}  # fmt: skip  (the other columns are text[], and vector)
_EDGE_COLUMNS = ("scope", "src", "dst", "kind", "weight")
_EDGE_TYPES = ("text", "text", "text", "text", "float8")


@dataclass
class BulkReport:
    """What :func:`bulk_load` wrote, and how long it took (seconds)."""

    batches: int = 0
    turns: int = 0
    units: int = 0
    edges: int = 0  # undirected: each is stored in both directions
    seconds: float = 0.0


@contextmanager
def _connection(url: str) -> Iterator[Any]:
    """One autocommit connection (explicit transactions) in UTC with the pgvector adapters,
    the schema migrated; driver errors translated."""
    psycopg, _ = psycopg_modules()
    try:
        with psycopg.connect(conninfo(url), autocommit=True) as conn:
            schema.migrate(conn)
            conn.execute("SET TIME ZONE 'UTC'")
            register_vector(conn, vector_oid(conn))
            yield conn
    except psycopg.Error as exc:
        raise StoreError(f"bulk load into {public_url(url)} failed (the current batch was rolled back): {exc}") from exc


def bulk_load(url: str, scope: Scope, batches: Iterable[Batch]) -> BulkReport:
    """COPY each batch of new turns, units and edges into ``scope``, one transaction per batch.

    Turns get the next ``seq`` numbers of the scope's log and keep their ``status``; edges
    are stored in both directions. Every unit must belong to ``scope``, cite a source and
    have the scope's vector dimension.
    """
    report = BulkReport()
    start = time.perf_counter()
    with _connection(url) as conn:
        vector_type = vector_oid(conn)
        for turns, units, edges in batches:
            check_units(scope, units)
            with conn.transaction():
                lock_scope(conn, scope)
                _check_dims(conn, scope, units)
                _copy_turns(conn, scope, turns)
                _copy_units(conn, scope, units, vector_type)
                report.edges += _copy_edges(conn, scope, edges)
            report.batches += 1
            report.turns += len(turns)
            report.units += len(units)
    report.seconds = time.perf_counter() - start
    return report


def _check_dims(conn: Any, scope: Scope, units: Sequence[MemoryUnit]) -> None:
    dims = {int(u.vector.size) for u in units if u.vector is not None}
    stored = scope_dim(conn, scope)
    every = dims | ({stored} if stored is not None else set())
    if len(every) > 1:
        raise EmbedderMismatchError(f"vectors of dimensions {sorted(every)} in one scope")


def _copy_turns(conn: Any, scope: Scope, turns: Sequence[Turn]) -> None:
    if not turns:
        return
    row = conn.execute("SELECT max(seq) FROM ripplemem_turns WHERE scope = %s", (scope.key,)).fetchone()
    seq = int(row[0]) + 1 if row[0] is not None else 0
    sql = f"COPY ripplemem_turns ({', '.join(_TURN_COLUMNS)}) FROM STDIN (FORMAT BINARY)"
    with conn.cursor() as cur, cur.copy(sql) as copy:
        copy.set_types(_TURN_TYPES)
        for n, t in enumerate(turns):
            copy.write_row((scope.key, t.session_id, t.turn_id, seq + n, t.speaker, t.role, t.text,
                            t.image_caption, ts(t.time), t.status, jsonb(t.metadata)))  # fmt: skip


def _copy_units(conn: Any, scope: Scope, units: Sequence[MemoryUnit], vector_type: int) -> None:
    if not units:
        return
    types: list[str | int] = ["text", "text"]
    types += [vector_type if c in ("vector", "cold_vector") else _UNIT_TYPES.get(c, "text[]") for c in UNIT_WRITE_COLUMNS]
    sql = f"COPY ripplemem_units (scope, id, {', '.join(UNIT_WRITE_COLUMNS)}) FROM STDIN (FORMAT BINARY)"
    with conn.cursor() as cur, cur.copy(sql) as copy:
        copy.set_types(types)
        for unit in units:
            copy.write_row((scope.key, unit.id, *unit_values(unit)))


def _copy_edges(conn: Any, scope: Scope, edges: Sequence[Edge]) -> int:
    """Both directions of each edge (a repeated edge keeps its last weight); the undirected count."""
    rows: dict[tuple[str, str, str], float] = {}
    for e in edges:
        rows[(e.src, e.dst, e.kind)] = float(e.weight)
        rows[(e.dst, e.src, e.kind)] = float(e.weight)
    if not rows:
        return 0
    sql = f"COPY ripplemem_edges ({', '.join(_EDGE_COLUMNS)}) FROM STDIN (FORMAT BINARY)"
    with conn.cursor() as cur, cur.copy(sql) as copy:
        copy.set_types(_EDGE_TYPES)
        for (src, dst, kind), weight in rows.items():
            copy.write_row((scope.key, src, dst, kind, weight))
    return sum(1 for src, dst, _ in rows if src <= dst)


def build_vector_index(url: str, dim: int, *, maintenance_work_mem: str = "2GB", workers: int = 1) -> dict[str, Any]:
    """Build the HNSW index of dimension ``dim`` over the rows already loaded, then ``ANALYZE``.

    ``workers`` parallel maintenance workers join the leader. Returns the seconds of each
    step, whether the index already existed (then nothing was built) and its size in bytes.
    """
    with _connection(url) as conn:
        existed = conn.execute("SELECT 1 FROM ripplemem_vector_indexes WHERE dim = %s", (dim,)).fetchone() is not None
        start = time.perf_counter()
        with conn.transaction():
            conn.execute("SELECT set_config('maintenance_work_mem', %s, true)", (maintenance_work_mem,))
            conn.execute("SELECT set_config('max_parallel_maintenance_workers', %s, true)", (str(workers),))
            schema.ensure_vector_index(conn, dim)
        built = time.perf_counter()
        conn.execute("ANALYZE ripplemem_units, ripplemem_edges, ripplemem_turns, ripplemem_names")
        analysed = time.perf_counter()
        row = conn.execute("SELECT pg_relation_size(to_regclass(%s))", (schema.index_name(dim),)).fetchone()
    return {
        "index_existed": existed,
        "index_build_s": round(built - start, 2),
        "analyze_s": round(analysed - built, 2),
        "index_bytes": int(row[0] or 0),
    }
