"""SQLite rows <-> records: times as integer microseconds, sets and lists as JSON, vectors
as float32 little-endian BLOBs. The export form of every record is backend-neutral
(:mod:`ripplemem.store.records`) and re-exported here for the SQLite modules."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from ...errors import InputError
from ...types import Edge, HistoryEntry, MemoryUnit, Scope, TimeSpan, Turn, Vector
from ..records import (  # noqa: F401  (re-exported for the SQLite modules)
    edge_record,
    from_iso,
    from_us,
    history_from_record,
    history_record,
    normalise_name,
    scope_from_record,
    scope_record,
    to_iso,
    to_us,
    turn_from_record,
    turn_record,
    unit_from_record,
    unit_record,
)

MAX_TIME_CLASS = 20  # 2**20 hours ~ 120 years; longer spans share the last class


# -- scalars ---------------------------------------------------------------------------


def time_class(start_us: int, end_us: int) -> int:
    """Duration class ``c`` such that the span lasts at most ``2**c`` hours (clamped)."""
    hours = (end_us - start_us) / 3.6e9
    return min(MAX_TIME_CLASS, max(0, math.ceil(math.log2(hours)))) if hours > 1 else 0


def dumps(values: Iterable[str]) -> str:
    return json.dumps(list(values), ensure_ascii=False)


def metadata_json(metadata: Any) -> str:
    return json.dumps(dict(metadata), ensure_ascii=False, sort_keys=True)


def vector_blob(vector: Vector | None) -> bytes | None:
    if vector is None:
        return None
    arr = np.asarray(vector, dtype="<f4")
    if arr.ndim != 1 or arr.size == 0:
        raise InputError(f"a unit vector must be a non-empty 1-d array, got shape {arr.shape}")
    return arr.tobytes()


def blob_vector(blob: bytes | None) -> Vector | None:
    if blob is None:
        return None
    return np.frombuffer(blob, dtype="<f4").astype(np.float32)


# -- units -----------------------------------------------------------------------------

UNIT_COLUMNS = (
    "id, restatement, session_id, sources, participants, locations, t_start_us, t_end_us, "
    "layer, tier, importance, facts, valid_from_us, valid_to_us, mentioned_at_us, created_us, "
    "updated_us, access_count, last_access_us, pinned, concepts, role, metadata, cold_vector IS NOT NULL"
)
# a cold unit's vector is kept aside (``cold_vector``): read either
UNIT_COLUMNS_WITH_VECTOR = UNIT_COLUMNS + ", coalesce(vector, cold_vector)"

# The columns a writer sets (insert and update); ``t_class`` is derived.
UNIT_WRITE_COLUMNS = (
    "restatement",
    "session_id",
    "sources",
    "participants",
    "locations",
    "t_start_us",
    "t_end_us",
    "t_class",
    "layer",
    "tier",
    "importance",
    "facts",
    "valid_from_us",
    "valid_to_us",
    "mentioned_at_us",
    "created_us",
    "updated_us",
    "access_count",
    "last_access_us",
    "pinned",
    "concepts",
    "role",
    "metadata",
    "vector",
    "cold_vector",
)


def unit_values(unit: MemoryUnit) -> tuple[Any, ...]:
    """Values for :data:`UNIT_WRITE_COLUMNS`, in order."""
    start = to_us(unit.time.start) if unit.time else None
    end = to_us(unit.time.end) if unit.time else None
    return (
        unit.restatement,
        unit.session_id,
        dumps(unit.sources),
        dumps(sorted(unit.participants)),
        dumps(sorted(unit.locations)),
        start,
        end,
        time_class(start, end) if start is not None and end is not None else None,
        unit.layer,
        unit.tier,
        float(unit.importance),
        dumps(unit.facts),
        to_us(unit.valid_from),
        to_us(unit.valid_to),
        to_us(unit.mentioned_at),
        to_us(unit.created_at),
        to_us(unit.updated_at),
        int(unit.access_count),
        to_us(unit.last_access),
        int(bool(unit.pinned)),
        dumps(sorted(unit.concepts)),
        unit.role,
        metadata_json(unit.metadata),
        None if unit.cold else vector_blob(unit.vector),
        vector_blob(unit.vector) if unit.cold else None,
    )


def unit_from_row(scope: Scope, row: tuple[Any, ...]) -> MemoryUnit:
    """Build a unit from ``SELECT UNIT_COLUMNS[, vector]``."""
    start, end = from_us(row[6]), from_us(row[7])
    return MemoryUnit(
        id=row[0],
        scope=scope,
        restatement=row[1],
        session_id=row[2],
        sources=tuple(json.loads(row[3])),
        participants=frozenset(json.loads(row[4])),
        locations=frozenset(json.loads(row[5])),
        time=TimeSpan(start, end) if start is not None and end is not None else None,
        layer=row[8],
        tier=row[9],
        importance=row[10],
        facts=tuple(json.loads(row[11])),
        valid_from=from_us(row[12]),
        valid_to=from_us(row[13]),
        mentioned_at=from_us(row[14]),
        created_at=from_us(row[15]),
        updated_at=from_us(row[16]),
        access_count=row[17],
        last_access=from_us(row[18]),
        pinned=bool(row[19]),
        concepts=frozenset(json.loads(row[20])),
        role=row[21],
        metadata=json.loads(row[22]),
        cold=bool(row[23]),
        vector=blob_vector(row[24]) if len(row) > 24 else None,
    )


# -- turns, edges, history ---------------------------------------------------------------

TURN_COLUMNS = "turn_id, session_id, speaker, text, time_us, role, image_caption, seq, status, metadata"


def turn_from_row(row: tuple[Any, ...]) -> Turn:
    return Turn(
        turn_id=row[0],
        session_id=row[1],
        speaker=row[2],
        text=row[3],
        time=from_us(row[4]),
        role=row[5],
        image_caption=row[6],
        seq=row[7],
        status=row[8],
        metadata=json.loads(row[9]),
    )


def edge_from_row(row: tuple[Any, ...]) -> Edge:
    return Edge(src=row[0], dst=row[1], kind=row[2], weight=row[3])


HISTORY_COLUMNS = "unit_id, event, at_us, old_text, new_text, detail"


def history_from_row(row: tuple[Any, ...]) -> HistoryEntry:
    at = from_us(row[2])
    assert at is not None
    return HistoryEntry(unit_id=row[0], event=row[1], at=at, old_text=row[3], new_text=row[4], detail=row[5])
