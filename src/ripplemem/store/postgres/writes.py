"""Writes inside an open transaction: scopes, turns, units, edges, history.

The caller (``store.py``) owns the transaction and the error translation. Every statement
names the scope; a write first locks the scope's row, so writers of one scope take turns
(as SQLite's single writer does) while other scopes proceed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from ...errors import EmbedderMismatchError, InputError, NotFoundError, TurnsDoneError
from ...types import Edge, HistoryEntry, MemoryUnit, Scope, Turn, utc
from ..base import TurnKey, WriteBatch
from ..records import normalise_name
from .driver import span_range
from .schema import ensure_vector_index

TURN_STATUSES = ("pending", "done", "failed")

UNIT_WRITE_COLUMNS = (
    "restatement",
    "session_id",
    "sources",
    "participants",
    "locations",
    "participant_keys",
    "participant_names",
    "location_keys",
    "location_names",
    "span",
    "layer",
    "tier",
    "importance",
    "facts",
    "valid_from",
    "valid_to",
    "mentioned_at",
    "created_at",
    "updated_at",
    "access_count",
    "last_access",
    "pinned",
    "concepts",
    "role",
    "metadata",
    "vector",
    "cold_vector",
)
_ARRAYS = {"sources", "participants", "locations", "participant_keys", "participant_names", "location_keys",
           "location_names", "facts", "concepts"}  # fmt: skip


def _placeholder(column: str) -> str:
    return "%s::text[]" if column in _ARRAYS else "%s"


_INSERT_UNIT = (
    f"INSERT INTO ripplemem_units (scope, id, {', '.join(UNIT_WRITE_COLUMNS)}) "
    f"VALUES (%s, %s, {', '.join(_placeholder(c) for c in UNIT_WRITE_COLUMNS)})"
)
_UPDATE_UNIT = (
    "UPDATE ripplemem_units SET "
    + ", ".join(f"{c} = {_placeholder(c)}" for c in UNIT_WRITE_COLUMNS if c not in ("vector", "cold_vector"))
    + ", vector = CASE WHEN %s THEN NULL ELSE coalesce(%s, vector, cold_vector) END"
    + ", cold_vector = CASE WHEN %s THEN coalesce(%s, cold_vector, vector) ELSE NULL END"
    + " WHERE scope = %s AND id = %s RETURNING num"
)  # an update without a vector keeps the stored one (units from list_units carry none); a
# cold unit's vector moves to ``cold_vector`` (out of the HNSW indexes) and back when it warms


def jsonb(metadata: Any) -> Any:
    """A metadata object as psycopg sends a ``jsonb`` (parameters and binary COPY alike)."""
    from psycopg.types.json import Jsonb

    return Jsonb(dict(metadata))


def ts(dt: datetime | None) -> datetime | None:
    return None if dt is None else utc(dt)


def _names(names: Iterable[str]) -> tuple[list[str], list[str]]:
    """Normalised keys and their display forms, one per distinct key (as SQLite's index rows)."""
    seen: dict[str, str] = {}
    for display in sorted(names):
        norm = normalise_name(display)
        if norm:
            seen.setdefault(norm, " ".join(display.split()))
    return list(seen), list(seen.values())


def unit_values(unit: MemoryUnit) -> tuple[Any, ...]:
    """Values for :data:`UNIT_WRITE_COLUMNS`, in order."""
    p_keys, p_names = _names(unit.participants)
    l_keys, l_names = _names(unit.locations)
    return (
        unit.restatement,
        unit.session_id,
        list(unit.sources),
        sorted(unit.participants),
        sorted(unit.locations),
        p_keys,
        p_names,
        l_keys,
        l_names,
        span_range(unit.time.start, unit.time.end) if unit.time else None,
        unit.layer,
        unit.tier,
        float(unit.importance),
        list(unit.facts),
        ts(unit.valid_from),
        ts(unit.valid_to),
        ts(unit.mentioned_at),
        ts(unit.created_at),
        ts(unit.updated_at),
        int(unit.access_count),
        ts(unit.last_access),
        bool(unit.pinned),
        sorted(unit.concepts),
        unit.role,
        jsonb(unit.metadata),
        None if unit.cold else unit.vector,
        unit.vector if unit.cold else None,
    )


# -- scopes and turns ---------------------------------------------------------------------


def lock_scope(conn: Any, scope: Scope) -> None:
    """Create the scope's row if needed and lock it until the transaction ends."""
    conn.execute(
        """INSERT INTO ripplemem_scopes (key, user_id, agent_id, run_id) VALUES (%s, %s, %s, %s)
           ON CONFLICT (key) DO NOTHING""",
        (scope.key, scope.user_id, scope.agent_id, scope.run_id),
    )
    conn.execute("SELECT 1 FROM ripplemem_scopes WHERE key = %s FOR UPDATE", (scope.key,))


def insert_turns(conn: Any, scope: Scope, turns: Sequence[Turn], *, keep_seq: bool = False) -> list[Turn]:
    """Insert the turns not already logged; return them with ``seq`` (and status) set."""
    lock_scope(conn, scope)
    row = conn.execute("SELECT max(seq) FROM ripplemem_turns WHERE scope = %s", (scope.key,)).fetchone()
    next_seq = int(row[0]) + 1 if row[0] is not None else 0
    stored: list[Turn] = []
    for turn in turns:
        seq = turn.seq if keep_seq else next_seq
        status = turn.status if keep_seq else "pending"
        cur = conn.execute(
            """INSERT INTO ripplemem_turns
                   (scope, session_id, turn_id, seq, speaker, role, text, image_caption, time, status, metadata)
               VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)
               ON CONFLICT (scope, session_id, turn_id) DO NOTHING RETURNING num""",
            (scope.key, turn.session_id, turn.turn_id, seq, turn.speaker, turn.role, turn.text,
             turn.image_caption, ts(turn.time), status, jsonb(turn.metadata)),
        )  # fmt: skip
        if cur.fetchone() is not None:
            stored.append(Turn(turn.turn_id, turn.session_id, turn.speaker, turn.text, turn.time, turn.role,
                               turn.image_caption, seq, status, turn.metadata))  # fmt: skip
            next_seq = max(next_seq, seq) + 1
    return stored


_THESE_TURNS = "(session_id, turn_id) IN (SELECT * FROM unnest(%s::text[], %s::text[]))"


def _columns(turns: Sequence[TurnKey]) -> tuple[list[str], list[str]]:
    """The turns' session ids and turn ids, for :data:`_THESE_TURNS`."""
    return [s for s, _ in turns], [t for _, t in turns]


def set_turn_status(conn: Any, scope: Scope, turns: Sequence[TurnKey], status: str) -> None:
    """Set the turns' status; ``failed`` leaves a turn another writer made done as it is."""
    if status not in TURN_STATUSES:
        raise InputError(f"turn status must be one of {TURN_STATUSES}, not {status!r}")
    keep_done = " AND status <> 'done'" if status == "failed" else ""
    if turns:
        conn.execute(
            f"UPDATE ripplemem_turns SET status = %s WHERE scope = %s AND {_THESE_TURNS}{keep_done}",
            (status, scope.key, *_columns(list(dict.fromkeys(turns)))),
        )


def refuse_done(conn: Any, scope: Scope, turns: Sequence[TurnKey]) -> None:
    """Raise :class:`TurnsDoneError` unless every turn is still pending or failed (after
    :func:`lock_scope`, so two writers of the same turns cannot both commit)."""
    wanted = list(dict.fromkeys(turns))
    if not wanted:
        return
    row = conn.execute(
        f"""SELECT count(*) FROM ripplemem_turns WHERE scope = %s
           AND status IN ('pending', 'failed') AND {_THESE_TURNS}""",
        (scope.key, *_columns(wanted)),
    ).fetchone()
    if int(row[0]) < len(wanted):
        raise TurnsDoneError(f"{len(wanted) - int(row[0])} of these {len(wanted)} turns are already done by another writer")


# -- units ----------------------------------------------------------------------------------


def check_units(scope: Scope, units: Iterable[MemoryUnit]) -> None:
    for unit in units:
        if unit.scope != scope:
            raise InputError(f"unit {unit.id!r} belongs to another scope than the batch")
        if not unit.sources:
            raise InputError(f"unit {unit.id!r} has no sources; every unit cites at least one turn")


def scope_dim(conn: Any, scope: Scope) -> int | None:
    row = conn.execute(
        "SELECT dim FROM ripplemem_units WHERE scope = %s AND dim IS NOT NULL LIMIT 1", (scope.key,)
    ).fetchone()
    return None if row is None else int(row[0])


def prepare_vectors(conn: Any, scope: Scope, units: Sequence[MemoryUnit]) -> None:
    """One dimension per scope (as SQLite); a new dimension gets its HNSW index first."""
    dims = {int(u.vector.size) for u in units if u.vector is not None}
    if not dims:
        return
    stored = scope_dim(conn, scope)
    every = dims | ({stored} if stored is not None else set())
    if len(every) > 1:
        raise EmbedderMismatchError(f"vectors of dimensions {sorted(every)} in one scope")
    for dim in dims:
        ensure_vector_index(conn, dim)


def insert_units(conn: Any, scope: Scope, units: Sequence[MemoryUnit]) -> None:
    if units:
        with conn.cursor() as cur:
            cur.executemany(_INSERT_UNIT, [(scope.key, u.id, *unit_values(u)) for u in units])


def replace_unit(conn: Any, scope: Scope, unit: MemoryUnit) -> None:
    *values, _, _ = unit_values(unit)
    row = conn.execute(_UPDATE_UNIT, (*values, unit.cold, unit.vector, unit.cold, unit.vector, scope.key, unit.id)).fetchone()
    if row is None:
        raise NotFoundError(f"no unit {unit.id!r} to update in this scope")


# -- edges and history ---------------------------------------------------------------------


def put_edges(conn: Any, scope: Scope, edges: Iterable[Edge]) -> None:
    rows = []
    for e in edges:
        rows.append((scope.key, e.src, e.dst, e.kind, float(e.weight)))
        rows.append((scope.key, e.dst, e.src, e.kind, float(e.weight)))
    if rows:
        with conn.cursor() as cur:
            cur.executemany(
                """INSERT INTO ripplemem_edges (scope, src, dst, kind, weight) VALUES (%s, %s, %s, %s, %s)
                   ON CONFLICT (scope, src, dst, kind) DO UPDATE SET weight = excluded.weight""",
                rows,
            )


def drop_edges(conn: Any, scope: Scope, triples: Iterable[tuple[str, str, str]]) -> None:
    rows = []
    for src, dst, kind in triples:
        rows.append((scope.key, src, dst, kind))
        rows.append((scope.key, dst, src, kind))
    if rows:
        with conn.cursor() as cur:
            cur.executemany(
                "DELETE FROM ripplemem_edges WHERE scope = %s AND src = %s AND dst = %s AND kind = %s", rows
            )


def put_history(conn: Any, scope: Scope, entries: Iterable[HistoryEntry]) -> None:
    rows = [(scope.key, h.unit_id, h.event, ts(h.at), h.old_text, h.new_text, h.detail) for h in entries]
    if rows:
        with conn.cursor() as cur:
            cur.executemany(
                """INSERT INTO ripplemem_history (scope, unit_id, event, at, old_text, new_text, detail)
                   VALUES (%s, %s, %s, %s, %s, %s, %s)""",
                rows,
            )


def apply_batch(conn: Any, scope: Scope, batch: WriteBatch) -> None:
    """Write the whole batch inside the caller's transaction."""
    lock_scope(conn, scope)
    refuse_done(conn, scope, batch.done_turns)
    prepare_vectors(conn, scope, [*batch.add, *batch.update])
    insert_units(conn, scope, batch.add)
    for unit in batch.update:
        replace_unit(conn, scope, unit)
    drop_edges(conn, scope, batch.drop_edges)
    put_edges(conn, scope, batch.edges)
    put_history(conn, scope, batch.history)
    set_turn_status(conn, scope, batch.done_turns, "done")
