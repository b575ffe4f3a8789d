"""Writes inside an open transaction: scopes, turns, units with their index rows, edges,
history. The caller (``store.py``) owns BEGIN/COMMIT/ROLLBACK and error translation."""

from __future__ import annotations

import hashlib
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

from ...errors import EmbedderMismatchError, InputError, NotFoundError, TurnsDoneError
from ...types import Edge, HistoryEntry, MemoryUnit, Scope, Turn, metadata_key
from ..base import TurnKey, UnitState, WriteBatch
from .codec import UNIT_WRITE_COLUMNS, blob_vector, metadata_json, normalise_name, to_us, unit_values, vector_blob
from .vectors import VectorDelta

T = TypeVar("T")
TURN_STATUSES = ("pending", "done", "failed")
CHUNK = 500

_INSERT_UNIT = (
    f"INSERT INTO units (scope, id, {', '.join(UNIT_WRITE_COLUMNS)}) "
    f"VALUES (?, ?, {', '.join('?' * len(UNIT_WRITE_COLUMNS))})"
)
_UPDATE_UNIT = (
    "UPDATE units SET "
    + ", ".join(f"{c} = ?" for c in UNIT_WRITE_COLUMNS if c not in ("vector", "cold_vector"))
    + ", vector = CASE WHEN ? THEN NULL ELSE coalesce(?, vector, cold_vector) END"
    + ", cold_vector = CASE WHEN ? THEN coalesce(?, cold_vector, vector) ELSE NULL END"
    + " WHERE scope = ? AND id = ? RETURNING num, vector"
)  # an update without a vector keeps the stored one (units from list_units carry none); a
# cold unit's vector moves to ``cold_vector`` (out of the ANN index) and back when it warms


def scope_tag(scope: Scope) -> str:
    """A token naming the scope in the FTS index and the ANN file names.

    Hex digits end in a digit so the porter stemmer leaves it whole.
    """
    return "s" + hashlib.sha256(scope.key.encode("utf-8")).hexdigest()[:32] + "0"


def ensure_scope(conn: sqlite3.Connection, scope: Scope) -> None:
    # The generation starts at the clock so a re-created scope never reuses an old one.
    conn.execute(
        """INSERT INTO scopes (key, user_id, agent_id, run_id, tag, vector_gen) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (key) DO NOTHING""",
        (scope.key, scope.user_id, scope.agent_id, scope.run_id, scope_tag(scope), time.time_ns() // 1000),
    )


def chunks(items: Sequence[T], size: int = CHUNK) -> Iterable[Sequence[T]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


# -- turns -----------------------------------------------------------------------------


def insert_turns(
    conn: sqlite3.Connection, scope: Scope, turns: Sequence[Turn], *, keep_seq: bool = False
) -> list[Turn]:
    """Insert the turns not already logged; return them with ``seq`` (and status) set."""
    ensure_scope(conn, scope)
    row = conn.execute("SELECT max(seq) FROM turns WHERE scope = ?", (scope.key,)).fetchone()
    next_seq = int(row[0]) + 1 if row[0] is not None else 0
    stored: list[Turn] = []
    for turn in turns:
        seq = turn.seq if keep_seq else next_seq
        status = turn.status if keep_seq else "pending"
        cur = conn.execute(
            """INSERT INTO turns (scope, session_id, turn_id, seq, speaker, role, text, image_caption, time_us, status,
                                 metadata)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, session_id, turn_id) DO NOTHING""",
            (
                scope.key,
                turn.session_id,
                turn.turn_id,
                seq,
                turn.speaker,
                turn.role,
                turn.text,
                turn.image_caption,
                to_us(turn.time),
                status,
                metadata_json(turn.metadata),
            ),
        )
        if cur.rowcount:
            stored.append(Turn(turn.turn_id, turn.session_id, turn.speaker, turn.text, turn.time, turn.role,
                               turn.image_caption, seq, status, turn.metadata))  # fmt: skip
            next_seq = max(next_seq, seq) + 1
    return stored


def _by_session(turns: Sequence[TurnKey]) -> Iterator[tuple[str, Sequence[str]]]:
    """The distinct turn ids of ``turns`` by session, in chunks a statement can bind: each
    chunk is matched as ``session_id = ? AND turn_id IN (...)``, which reads the unique index
    (scope, session_id, turn_id). A row value ``(session_id, turn_id) IN (VALUES ...)`` is
    not matched through it: SQLite scanned the whole scope (an add took 143 ms more at a
    million turns in one session)."""
    ids: dict[str, dict[str, None]] = {}
    for session_id, turn_id in turns:
        ids.setdefault(session_id, {})[turn_id] = None
    for session_id, wanted in ids.items():
        for part in chunks(list(wanted), CHUNK - 2):
            yield session_id, part


def _these_turns(session_id: str, part: Sequence[str]) -> tuple[str, list[str]]:
    """``session_id = ? AND turn_id IN (...)`` for these turns of one session, and its parameters."""
    return f"session_id = ? AND turn_id IN ({', '.join('?' * len(part))})", [session_id, *part]


def set_turn_status(conn: sqlite3.Connection, scope: Scope, turns: Sequence[TurnKey], status: str) -> None:
    """Set the turns' status; ``failed`` leaves a turn another writer made done as it is."""
    if status not in TURN_STATUSES:
        raise InputError(f"turn status must be one of {TURN_STATUSES}, not {status!r}")
    keep_done = " AND status != 'done'" if status == "failed" else ""
    for session_id, part in _by_session(turns):
        these, args = _these_turns(session_id, part)
        conn.execute(f"UPDATE turns SET status = ? WHERE scope = ? AND {these}{keep_done}", (status, scope.key, *args))


def refuse_done(conn: sqlite3.Connection, scope: Scope, turns: Sequence[TurnKey]) -> None:
    """Raise :class:`TurnsDoneError` unless every turn is still pending or failed (inside the
    write transaction, so two writers of the same turns cannot both commit)."""
    wanted = len(dict.fromkeys(turns))
    still_open = 0
    for session_id, part in _by_session(turns):
        these, args = _these_turns(session_id, part)
        row = conn.execute(
            f"SELECT count(*) FROM turns WHERE scope = ? AND status IN ('pending', 'failed') AND {these}",
            (scope.key, *args),
        ).fetchone()
        still_open += int(row[0])
    if still_open < wanted:
        raise TurnsDoneError(f"{wanted - still_open} of these {wanted} turns are already done by another writer")


# -- units -----------------------------------------------------------------------------


def check_units(scope: Scope, units: Iterable[MemoryUnit]) -> None:
    for unit in units:
        if unit.scope != scope:
            raise InputError(f"unit {unit.id!r} belongs to another scope than the batch")
        if not unit.sources:
            raise InputError(f"unit {unit.id!r} has no sources; every unit cites at least one turn")


def _scope_dim(conn: sqlite3.Connection, scope: Scope) -> int | None:
    row = conn.execute(
        "SELECT length(vector) FROM units WHERE scope = ? AND vector IS NOT NULL LIMIT 1", (scope.key,)
    ).fetchone()
    return None if row is None else int(row[0]) // 4


def _check_dims(conn: sqlite3.Connection, scope: Scope, units: Sequence[MemoryUnit]) -> None:
    dims = {int(u.vector.size) for u in units if u.vector is not None}
    if not dims:
        return
    stored = _scope_dim(conn, scope)
    if stored is not None:
        dims.add(stored)
    if len(dims) > 1:
        raise EmbedderMismatchError(f"vectors of dimensions {sorted(dims)} in one scope")


def _index_rows(conn: sqlite3.Connection, scope: Scope, num: int, unit: MemoryUnit) -> None:
    conn.executemany(
        "INSERT OR IGNORE INTO unit_sources (unit_num, scope, turn_id) VALUES (?, ?, ?)",
        [(num, scope.key, s) for s in unit.sources],
    )
    for table, names in (("unit_participants", unit.participants), ("unit_locations", unit.locations)):
        seen: dict[str, str] = {}
        for display in sorted(names):
            norm = normalise_name(display)
            if norm:
                seen.setdefault(norm, " ".join(display.split()))
        conn.executemany(
            f"INSERT INTO {table} (unit_num, scope, name, display) VALUES (?, ?, ?, ?)",
            [(num, scope.key, norm, display) for norm, display in seen.items()],
        )
    conn.executemany(
        "INSERT INTO unit_metadata (unit_num, scope, key, value) VALUES (?, ?, ?, ?)",
        [(num, scope.key, key, metadata_key(value)) for key, value in unit.metadata.items()],
    )


def _clear_index_rows(conn: sqlite3.Connection, num: int) -> None:
    for table in ("unit_sources", "unit_participants", "unit_locations", "unit_metadata"):
        conn.execute(f"DELETE FROM {table} WHERE unit_num = ?", (num,))


def insert_unit(conn: sqlite3.Connection, scope: Scope, unit: MemoryUnit) -> int:
    cur = conn.execute(_INSERT_UNIT, (scope.key, unit.id, *unit_values(unit)))
    num = int(cur.lastrowid or 0)
    _index_rows(conn, scope, num, unit)
    return num


def replace_unit(conn: sqlite3.Connection, scope: Scope, unit: MemoryUnit) -> tuple[int, bytes | None]:
    """Rewrite the unit's row and index rows; its number and its hot vector (``None`` when cold)."""
    *values, _, _ = unit_values(unit)
    blob = vector_blob(unit.vector)
    row = conn.execute(_UPDATE_UNIT, (*values, unit.cold, blob, unit.cold, blob, scope.key, unit.id)).fetchone()
    if row is None:
        raise NotFoundError(f"no unit {unit.id!r} to update in this scope")
    num = int(row[0])
    _clear_index_rows(conn, num)
    _index_rows(conn, scope, num, unit)
    return num, row[1]


# -- edges and history -------------------------------------------------------------------


def put_edges(conn: sqlite3.Connection, scope: Scope, edges: Iterable[Edge]) -> None:
    rows = []
    for e in edges:
        rows.append((scope.key, e.src, e.dst, e.kind, float(e.weight)))
        rows.append((scope.key, e.dst, e.src, e.kind, float(e.weight)))
    conn.executemany(
        """INSERT INTO edges (scope, src, dst, kind, weight) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (scope, src, dst, kind) DO UPDATE SET weight = excluded.weight""",
        rows,
    )


def drop_edges(conn: sqlite3.Connection, scope: Scope, triples: Iterable[tuple[str, str, str]]) -> None:
    rows = []
    for src, dst, kind in triples:
        rows.append((scope.key, src, dst, kind))
        rows.append((scope.key, dst, src, kind))
    conn.executemany("DELETE FROM edges WHERE scope = ? AND src = ? AND dst = ? AND kind = ?", rows)


def put_history(conn: sqlite3.Connection, scope: Scope, entries: Iterable[HistoryEntry]) -> None:
    conn.executemany(
        """INSERT INTO history (scope, unit_id, event, at_us, old_text, new_text, detail)
           VALUES (?, ?, ?, ?, ?, ?, ?)""",
        [(scope.key, h.unit_id, h.event, to_us(h.at), h.old_text, h.new_text, h.detail) for h in entries],
    )


def vector_gen(conn: sqlite3.Connection, scope: Scope) -> int:
    row = conn.execute("SELECT vector_gen FROM scopes WHERE key = ?", (scope.key,)).fetchone()
    return int(row[0]) if row else 0


def apply_batch(conn: sqlite3.Connection, scope: Scope, batch: WriteBatch) -> VectorDelta:
    """Write the whole batch (inside the caller's transaction); return the vector delta."""
    ensure_scope(conn, scope)
    refuse_done(conn, scope, batch.done_turns)
    _check_dims(conn, scope, [*batch.add, *batch.update])
    delta = VectorDelta(old_gen=vector_gen(conn, scope), new_gen=0)
    for unit in batch.add:
        num = insert_unit(conn, scope, unit)
        if unit.vector is not None and not unit.cold:
            delta.upserts.append((num, unit.id, unit.vector))
    for unit in batch.update:
        num, hot = replace_unit(conn, scope, unit)
        vector = unit.vector if unit.vector is not None else blob_vector(hot)
        if hot is None or vector is None:
            delta.removes.append(num)  # cold (or never embedded): out of the dense view
        else:
            delta.upserts.append((num, unit.id, vector))
    drop_edges(conn, scope, batch.drop_edges)
    put_edges(conn, scope, batch.edges)
    put_history(conn, scope, batch.history)
    set_turn_status(conn, scope, batch.done_turns, "done")
    delta.new_gen = vector_gen(conn, scope)
    return delta


_SET_STATE = """UPDATE units SET tier = ?, importance = ?, pinned = ?,
        vector = CASE WHEN ? THEN NULL ELSE coalesce(vector, cold_vector) END,
        cold_vector = CASE WHEN ? THEN coalesce(cold_vector, vector) ELSE NULL END
    WHERE scope = ? AND id = ? RETURNING num, id, vector"""


def set_states(conn: sqlite3.Connection, scope: Scope, states: Sequence[UnitState]) -> tuple[VectorDelta, int]:
    """Maintenance's columns of these units (the rest of each row untouched); the vector delta
    (a cold unit's vector removed, a warmed one's upserted) and how many units were found."""
    delta = VectorDelta(old_gen=vector_gen(conn, scope), new_gen=0)
    found = 0
    for st in states:
        row = conn.execute(
            _SET_STATE, (st.tier, float(st.importance), int(st.pinned), st.cold, st.cold, scope.key, st.id)
        ).fetchone()
        if row is None:
            continue
        found += 1
        vector = blob_vector(row[2])
        if vector is None:
            delta.removes.append(int(row[0]))
        else:
            delta.upserts.append((int(row[0]), row[1], vector))
    delta.new_gen = vector_gen(conn, scope)
    return delta, found
