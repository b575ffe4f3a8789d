"""Whole-scope operations on PostgreSQL: delete, reset, statistics, export and import.

Export and import speak the shared record format (:mod:`ripplemem.store.records`),
record for record, so a store moves between the backends with ``export`` / ``import_records``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ...errors import InputError, StoreError
from ...types import Edge, HistoryEntry, MemoryUnit, Scope, TimeSpan, Turn, utc
from .. import records as fmt
from ..base import DeleteReport
from ..records import stats_record
from .schema import TERM_FREQUENCY
from .writes import insert_turns, insert_units, lock_scope, prepare_vectors, put_edges, put_history

EXPORT_KINDS = ("meta", "turn", "unit", "edge", "history")

# read units as ``SELECT {UNIT_COLUMNS} FROM {UNITS}``: touch()'s counts, when a unit has
# them, override the row's (schema version 3)
UNITS = "ripplemem_units u LEFT JOIN ripplemem_unit_access a ON a.num = u.num"
UNIT_COLUMNS = (
    "u.id, u.restatement, u.session_id, u.sources, u.participants, u.locations, lower(u.span), upper(u.span), "
    "u.layer, u.tier, u.importance, u.facts, u.valid_from, u.valid_to, u.mentioned_at, u.created_at, u.updated_at, "
    "coalesce(a.access_count, u.access_count), coalesce(a.last_access, u.last_access), u.pinned, u.concepts, u.role, "
    "u.metadata, u.cold_vector IS NOT NULL"
)
# a cold unit's vector is kept aside (``cold_vector``, schema version 6): read either
UNIT_COLUMNS_WITH_VECTOR = UNIT_COLUMNS + ", coalesce(u.vector, u.cold_vector)"
TURN_COLUMNS = "turn_id, session_id, speaker, text, time, role, image_caption, seq, status, metadata"
HISTORY_COLUMNS = "unit_id, event, at, old_text, new_text, detail"


def _dt(value: Any) -> Any:
    return None if value is None else utc(value)


def unit_from_row(scope: Scope, row: tuple[Any, ...]) -> MemoryUnit:
    """Build a unit from ``SELECT UNIT_COLUMNS[, vector]``."""
    start, end = _dt(row[6]), _dt(row[7])
    return MemoryUnit(
        id=row[0],
        scope=scope,
        restatement=row[1],
        session_id=row[2],
        sources=tuple(row[3]),
        participants=frozenset(row[4]),
        locations=frozenset(row[5]),
        time=TimeSpan(start, end) if start is not None and end is not None else None,
        layer=row[8],
        tier=row[9],
        importance=float(row[10]),
        facts=tuple(row[11]),
        valid_from=_dt(row[12]),
        valid_to=_dt(row[13]),
        mentioned_at=_dt(row[14]),
        created_at=_dt(row[15]),
        updated_at=_dt(row[16]),
        access_count=int(row[17]),
        last_access=_dt(row[18]),
        pinned=bool(row[19]),
        concepts=frozenset(row[20]),
        role=row[21],
        metadata=row[22],
        cold=bool(row[23]),
        vector=row[24] if len(row) > 24 else None,
    )


def turn_from_row(row: tuple[Any, ...]) -> Turn:
    return Turn(turn_id=row[0], session_id=row[1], speaker=row[2], text=row[3], time=_dt(row[4]), role=row[5],
                image_caption=row[6], seq=int(row[7]), status=row[8], metadata=row[9])  # fmt: skip


def history_from_row(row: tuple[Any, ...]) -> HistoryEntry:
    return HistoryEntry(unit_id=row[0], event=row[1], at=utc(row[2]), old_text=row[3], new_text=row[4], detail=row[5])


def edge_from_row(row: tuple[Any, ...]) -> Edge:
    return Edge(src=row[0], dst=row[1], kind=row[2], weight=float(row[3]))


def scope_from_row(row: tuple[Any, ...]) -> Scope:
    return Scope(user_id=row[0], agent_id=row[1], run_id=row[2])


def all_scopes(conn: Any, user_id: str | None = None) -> list[Scope]:
    sql = "SELECT user_id, agent_id, run_id FROM ripplemem_scopes"
    args: tuple[Any, ...] = ()
    if user_id is not None:
        sql, args = sql + " WHERE user_id = %s", (user_id,)
    return [scope_from_row(r) for r in conn.execute(sql + " ORDER BY key", args)]


# -- deleting --------------------------------------------------------------------------


def _count(conn: Any, sql: str, key: str) -> int:
    return int(conn.execute(sql, (key,)).fetchone()[0])


def delete_scope(conn: Any, scope: Scope) -> DeleteReport:
    """Remove every row of the scope (units cascade to their edges and history)."""
    key = scope.key
    report = DeleteReport(
        units=_count(conn, "SELECT count(*) FROM ripplemem_units WHERE scope = %s", key),
        turns=_count(conn, "SELECT count(*) FROM ripplemem_turns WHERE scope = %s", key),
        edges=_count(conn, "SELECT count(*) FROM ripplemem_edges WHERE scope = %s AND src <= dst", key),
        history=_count(conn, "SELECT count(*) FROM ripplemem_history WHERE scope = %s", key),
    )
    conn.execute("DELETE FROM ripplemem_units WHERE scope = %s", (key,))
    conn.execute("DELETE FROM ripplemem_turns WHERE scope = %s", (key,))
    conn.execute("DELETE FROM ripplemem_names WHERE scope = %s", (key,))
    conn.execute("DELETE FROM ripplemem_terms WHERE scope = %s", (key,))
    conn.execute("DELETE FROM ripplemem_unit_names WHERE scope = %s", (key,))
    conn.execute("DELETE FROM ripplemem_scopes WHERE key = %s", (key,))
    return report


def reset_scope_units(conn: Any, scope: Scope) -> None:
    conn.execute("DELETE FROM ripplemem_units WHERE scope = %s", (scope.key,))
    conn.execute("UPDATE ripplemem_turns SET status = 'pending' WHERE scope = %s", (scope.key,))


def add_reports(a: DeleteReport, b: DeleteReport) -> DeleteReport:
    return DeleteReport(a.units + b.units, a.turns + b.turns, a.edges + b.edges, a.history + b.history)


# -- integrity --------------------------------------------------------------------------

_CHECKS = (
    ("unit counts", """SELECT s.key FROM ripplemem_scopes s
        WHERE s.units_n <> (SELECT count(*) FROM ripplemem_units u WHERE u.scope = s.key) LIMIT 1"""),
    ("name registry", """WITH actual AS (
            SELECT u.scope, 'participant' AS kind, k.name, count(*) AS refs
                FROM ripplemem_units u, unnest(u.participant_keys) AS k(name) GROUP BY 1, 2, 3
            UNION ALL
            SELECT u.scope, 'location', k.name, count(*)
                FROM ripplemem_units u, unnest(u.location_keys) AS k(name) GROUP BY 1, 2, 3)
        SELECT coalesce(a.name, r.name) FROM actual a
            FULL JOIN ripplemem_names r ON (r.scope, r.kind, r.name) = (a.scope, a.kind, a.name)
        WHERE a.refs IS DISTINCT FROM r.refs LIMIT 1"""),
    ("term statistics", """WITH actual AS (
            SELECT u.scope, x.lexeme, count(*) AS df FROM ripplemem_units u, unnest(u.fts) AS x GROUP BY 1, 2)
        SELECT coalesce(a.lexeme, t.lexeme) FROM actual a
            FULL JOIN ripplemem_terms t ON (t.scope, t.lexeme) = (a.scope, a.lexeme)
        WHERE a.df IS DISTINCT FROM t.df LIMIT 1"""),
    ("document lengths", f"""SELECT s.key FROM ripplemem_scopes s WHERE s.fts_len <> (
            SELECT coalesce(sum({TERM_FREQUENCY}), 0) FROM ripplemem_units u, unnest(u.fts) AS x
            WHERE u.scope = s.key) LIMIT 1"""),
    ("edge directions", """SELECT e.src FROM ripplemem_edges e WHERE NOT EXISTS (
            SELECT 1 FROM ripplemem_edges r
            WHERE (r.scope, r.src, r.dst, r.kind, r.weight) = (e.scope, e.dst, e.src, e.kind, e.weight)) LIMIT 1"""),
    ("name postings", """WITH actual AS (
            SELECT DISTINCT u.scope, 'participant' AS kind, k.name, u.num
                FROM ripplemem_units u, unnest(u.participant_keys) AS k(name)
            UNION ALL
            SELECT DISTINCT u.scope, 'location', k.name, u.num FROM ripplemem_units u, unnest(u.location_keys) AS k(name))
        SELECT coalesce(a.name, p.name) FROM actual a
            FULL JOIN ripplemem_unit_names p ON (p.scope, p.kind, p.name, p.num) = (a.scope, a.kind, a.name, a.num)
        WHERE a.num IS NULL OR p.num IS NULL LIMIT 1"""),
    ("vector indexes", """SELECT DISTINCT u.dim FROM ripplemem_units u WHERE u.dim IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM ripplemem_vector_indexes v WHERE v.dim = u.dim) LIMIT 1"""),
)


def integrity_check(conn: Any) -> str:
    """``"ok"``, or the first derived state that disagrees with the rows it derives from."""
    for name, sql in _CHECKS:
        row = conn.execute(sql).fetchone()
        if row is not None:
            return f"{name}: {row[0]!r} is inconsistent"
    return "ok"


# -- statistics -------------------------------------------------------------------------


def stats(conn: Any, scope: Scope | None) -> dict[str, Any]:
    where, args = ("WHERE scope = %s", (scope.key,)) if scope else ("", ())

    def grouped(sql: str) -> dict[str, int]:
        return {str(k): int(n) for k, n in conn.execute(sql.format(where=where), args)}

    turns = grouped("SELECT status, count(*) FROM ripplemem_turns {where} GROUP BY status")
    layers = grouped("SELECT layer, count(*) FROM ripplemem_units {where} GROUP BY layer")
    tiers = grouped("SELECT tier, count(*) FROM ripplemem_units {where} GROUP BY tier")
    current = grouped("SELECT (valid_to IS NULL)::int, count(*) FROM ripplemem_units {where} GROUP BY 1")
    edge_where = (where + " AND" if where else "WHERE") + " src <= dst"
    edges = {str(k): int(n) for k, n in conn.execute(
        f"SELECT kind, count(*) FROM ripplemem_edges {edge_where} GROUP BY kind ORDER BY kind", args)}  # fmt: skip
    directed = conn.execute(f"SELECT count(*) FROM ripplemem_edges {where}", args).fetchone()[0]
    history = conn.execute(f"SELECT count(*) FROM ripplemem_history {where}", args).fetchone()[0]
    scope_where = ("WHERE key = %s", (scope.key,)) if scope else ("", ())
    n_scopes = conn.execute(f"SELECT count(*) FROM ripplemem_scopes {scope_where[0]}", scope_where[1]).fetchone()[0]
    db_bytes = conn.execute(
        """SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
           WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
             AND left(c.relname, 10) = 'ripplemem_'"""
    ).fetchone()[0]
    return stats_record(n_scopes, turns, layers, tiers, current, edges, int(directed), history, db_bytes)


# -- export -----------------------------------------------------------------------------


def export_records(conn: Any, scopes: list[Scope]) -> Iterator[dict[str, Any]]:
    """Every record of these scopes, in the SQLite store's order (``import_records`` replays it)."""
    for key, value in conn.execute("SELECT key, value FROM ripplemem_meta ORDER BY key").fetchall():
        yield {"kind": "meta", "key": key, "value": value}
    for scope in scopes:
        yield from _export_scope(conn, scope)


def _export_scope(conn: Any, scope: Scope) -> Iterator[dict[str, Any]]:
    key = (scope.key,)
    sql = f"SELECT {TURN_COLUMNS} FROM ripplemem_turns WHERE scope = %s ORDER BY seq, num"
    for row in conn.execute(sql, key).fetchall():
        yield fmt.turn_record(scope, turn_from_row(row))
    sql = f"SELECT {UNIT_COLUMNS_WITH_VECTOR} FROM {UNITS} WHERE u.scope = %s ORDER BY u.num"
    with conn.cursor(binary=True) as cur:
        for row in cur.stream(sql, key):
            yield fmt.unit_record(unit_from_row(scope, row))
    sql = "SELECT src, dst, kind, weight FROM ripplemem_edges WHERE scope = %s ORDER BY src, dst, kind"
    for row in conn.execute(sql, key).fetchall():
        yield fmt.edge_record(scope, edge_from_row(row))
    sql = f"SELECT {HISTORY_COLUMNS} FROM ripplemem_history WHERE scope = %s ORDER BY num"
    for row in conn.execute(sql, key).fetchall():
        yield fmt.history_record(scope, history_from_row(row))


# -- import -----------------------------------------------------------------------------


def import_records(conn: Any, records: Iterable[dict[str, Any]]) -> dict[str, int]:
    """Load exported records (inside the caller's transaction), as the SQLite store does:
    existing turns and units (same scope and id) are kept and their records skipped, with
    the history of a skipped unit; edges are upserted. Returns the counts loaded by kind."""
    counts = dict.fromkeys(EXPORT_KINDS, 0)
    skipped: set[tuple[str, str]] = set()
    for number, record in enumerate(records):
        try:
            kind = record["kind"]
            if kind == "meta":
                counts["meta"] += _import_meta(conn, record["key"], record["value"])
                continue
            if kind not in EXPORT_KINDS:
                raise InputError(f"record {number}: unknown kind {kind!r}")
            scope = fmt.scope_from_record(record["scope"])
            lock_scope(conn, scope)
            counts[kind] += _import_scoped(conn, scope, kind, record, skipped)
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"record {number} cannot be imported: {exc!r}") from exc
    return counts


def _import_meta(conn: Any, key: str, value: str) -> int:
    row = conn.execute("SELECT value FROM ripplemem_meta WHERE key = %s", (key,)).fetchone()
    if row is not None and row[0] != value:
        raise StoreError(f"meta {key!r} is {row[0]!r} here and {value!r} in the import")
    if row is None:
        conn.execute("INSERT INTO ripplemem_meta (key, value) VALUES (%s, %s)", (key, value))
    return 0 if row is not None else 1


def _import_scoped(conn: Any, scope: Scope, kind: str, record: dict[str, Any], skipped: set[tuple[str, str]]) -> int:
    if kind == "turn":
        return len(insert_turns(conn, scope, [fmt.turn_from_record(record)], keep_seq=True))
    if kind == "unit":
        unit = fmt.unit_from_record(record)
        if conn.execute("SELECT 1 FROM ripplemem_units WHERE scope = %s AND id = %s", (scope.key, unit.id)).fetchone():
            skipped.add((scope.key, unit.id))
            return 0
        prepare_vectors(conn, scope, [unit])
        insert_units(conn, scope, [unit])
        return 1
    if kind == "edge":
        put_edges(conn, scope, [Edge(record["src"], record["dst"], record["edge_kind"], float(record["weight"]))])
        return 1
    entry = fmt.history_from_record(record)
    if (scope.key, entry.unit_id) in skipped:
        return 0
    put_history(conn, scope, [entry])
    return 1
