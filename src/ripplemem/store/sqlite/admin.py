"""Whole-scope operations: delete, reset, statistics, export and import.

Functions here run on a connection the caller has locked; the write functions run inside
the caller's transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from typing import Any

from ...errors import InputError, StoreError
from ...types import Edge, Scope
from ..base import DeleteReport
from ..records import stats_record
from . import codec
from .writes import ensure_scope, insert_turns, insert_unit, put_edges, put_history

EXPORT_KINDS = ("meta", "turn", "unit", "edge", "history")


def scope_from_row(row: tuple[Any, ...]) -> Scope:
    return Scope(user_id=row[0], agent_id=row[1], run_id=row[2])


def all_scopes(conn: sqlite3.Connection, user_id: str | None = None) -> list[Scope]:
    sql = "SELECT user_id, agent_id, run_id FROM scopes"
    args: tuple[Any, ...] = ()
    if user_id is not None:
        sql, args = sql + " WHERE user_id = ?", (user_id,)
    return [scope_from_row(r) for r in conn.execute(sql + " ORDER BY key", args)]


# -- deleting --------------------------------------------------------------------------


def delete_scope(conn: sqlite3.Connection, scope: Scope) -> DeleteReport:
    """Remove every row of the scope (units cascade to their index rows, edges, history)."""
    key = scope.key
    report = DeleteReport(
        units=_count(conn, "SELECT count(*) FROM units WHERE scope = ?", key),
        turns=_count(conn, "SELECT count(*) FROM turns WHERE scope = ?", key),
        edges=_count(conn, "SELECT count(*) FROM edges WHERE scope = ? AND src <= dst", key),
        history=_count(conn, "SELECT count(*) FROM history WHERE scope = ?", key),
    )
    conn.execute("DELETE FROM units WHERE scope = ?", (key,))
    conn.execute("DELETE FROM turns WHERE scope = ?", (key,))
    conn.execute("DELETE FROM scopes WHERE key = ?", (key,))
    return report


def reset_scope_units(conn: sqlite3.Connection, scope: Scope) -> None:
    conn.execute("DELETE FROM units WHERE scope = ?", (scope.key,))
    conn.execute("UPDATE turns SET status = 'pending' WHERE scope = ?", (scope.key,))


def _count(conn: sqlite3.Connection, sql: str, key: str) -> int:
    return int(conn.execute(sql, (key,)).fetchone()[0])


def add_reports(a: DeleteReport, b: DeleteReport) -> DeleteReport:
    return DeleteReport(a.units + b.units, a.turns + b.turns, a.edges + b.edges, a.history + b.history)


# -- statistics -------------------------------------------------------------------------


def stats(conn: sqlite3.Connection, scope: Scope | None) -> dict[str, Any]:
    where, args = ("WHERE scope = ?", (scope.key,)) if scope else ("", ())

    def grouped(sql: str) -> dict[str, int]:
        return {str(k): int(n) for k, n in conn.execute(sql.format(where=where), args)}

    turns = grouped("SELECT status, count(*) FROM turns {where} GROUP BY status")
    layers = grouped("SELECT layer, count(*) FROM units {where} GROUP BY layer")
    tiers = grouped("SELECT tier, count(*) FROM units {where} GROUP BY tier")
    current = grouped("SELECT valid_to_us IS NULL, count(*) FROM units {where} GROUP BY 1")
    edge_where = (where + " AND" if where else "WHERE") + " src <= dst"
    edges = {str(k): int(n) for k, n in conn.execute(
        f"SELECT kind, count(*) FROM edges {edge_where} GROUP BY kind", args)}  # fmt: skip
    directed = conn.execute(f"SELECT count(*) FROM edges {where}", args).fetchone()[0]
    history = conn.execute(f"SELECT count(*) FROM history {where}", args).fetchone()[0]
    if scope is None:
        n_scopes = conn.execute("SELECT count(*) FROM scopes").fetchone()[0]
    else:
        n_scopes = conn.execute("SELECT count(*) FROM scopes WHERE key = ?", (scope.key,)).fetchone()[0]
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    return stats_record(n_scopes, turns, layers, tiers, current, edges, int(directed), history, int(page_size) * int(pages))


# -- export -----------------------------------------------------------------------------


def export_records(conn: sqlite3.Connection, scopes: list[Scope]) -> Iterator[dict[str, Any]]:
    """Every record of these scopes, in an order ``import_records`` can replay."""
    for key, value in conn.execute("SELECT key, value FROM meta ORDER BY key"):
        yield {"kind": "meta", "key": key, "value": value}
    for scope in scopes:
        yield from _export_scope(conn, scope)


def _export_scope(conn: sqlite3.Connection, scope: Scope) -> Iterator[dict[str, Any]]:
    key = scope.key
    for row in conn.execute(f"SELECT {codec.TURN_COLUMNS} FROM turns WHERE scope = ? ORDER BY seq, num", (key,)):
        yield codec.turn_record(scope, codec.turn_from_row(row))
    sql = f"SELECT {codec.UNIT_COLUMNS_WITH_VECTOR} FROM units WHERE scope = ? ORDER BY num"
    for row in conn.execute(sql, (key,)):
        yield codec.unit_record(codec.unit_from_row(scope, row))
    for row in conn.execute("SELECT src, dst, kind, weight FROM edges WHERE scope = ? ORDER BY src, dst, kind", (key,)):
        yield codec.edge_record(scope, codec.edge_from_row(row))
    sql = f"SELECT {codec.HISTORY_COLUMNS} FROM history WHERE scope = ? ORDER BY num"
    for row in conn.execute(sql, (key,)):
        yield codec.history_record(scope, codec.history_from_row(row))


# -- import -----------------------------------------------------------------------------


def import_records(conn: sqlite3.Connection, records: Iterable[dict[str, Any]]) -> tuple[dict[str, int], set[str]]:
    """Load exported records (inside the caller's transaction).

    Existing turns and units (same scope and id) are kept and their records skipped, with
    the history of a skipped unit; edges are upserted. Returns the counts of records
    loaded by kind and the keys of the scopes touched.
    """
    counts = dict.fromkeys(EXPORT_KINDS, 0)
    touched: set[str] = set()
    skipped: set[tuple[str, str]] = set()
    for number, record in enumerate(records):
        try:
            kind = record["kind"]
            if kind == "meta":
                counts["meta"] += _import_meta(conn, record["key"], record["value"])
                continue
            if kind not in EXPORT_KINDS:
                raise InputError(f"record {number}: unknown kind {kind!r}")
            scope = codec.scope_from_record(record["scope"])
            ensure_scope(conn, scope)
            touched.add(scope.key)
            counts[kind] += _import_scoped(conn, scope, kind, record, skipped)
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"record {number} cannot be imported: {exc!r}") from exc
    return counts, touched


def _import_meta(conn: sqlite3.Connection, key: str, value: str) -> int:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    if row is not None and row[0] != value:
        raise StoreError(f"meta {key!r} is {row[0]!r} here and {value!r} in the import")
    conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (key, value))
    return 0 if row is not None else 1


def _import_scoped(
    conn: sqlite3.Connection, scope: Scope, kind: str, record: dict[str, Any], skipped: set[tuple[str, str]]
) -> int:
    if kind == "turn":
        return len(insert_turns(conn, scope, [codec.turn_from_record(record)], keep_seq=True))
    if kind == "unit":
        unit = codec.unit_from_record(record)
        if conn.execute("SELECT 1 FROM units WHERE scope = ? AND id = ?", (scope.key, unit.id)).fetchone():
            skipped.add((scope.key, unit.id))
            return 0
        insert_unit(conn, scope, unit)
        return 1
    if kind == "edge":
        put_edges(conn, scope, [Edge(record["src"], record["dst"], record["edge_kind"], float(record["weight"]))])
        return 1
    entry = codec.history_from_record(record)
    if (scope.key, entry.unit_id) in skipped:
        return 0
    put_history(conn, scope, [entry])
    return 1
