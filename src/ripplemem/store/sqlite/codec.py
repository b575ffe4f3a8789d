"""Rows <-> records: times as integer microseconds, sets and lists as JSON, vectors as
float32 little-endian BLOBs. Also the JSON-able export form of every record."""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

from ...errors import InputError
from ...types import Edge, HistoryEntry, MemoryUnit, Scope, TimeSpan, Turn, Vector, utc

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_US = timedelta(microseconds=1)
MAX_TIME_CLASS = 20  # 2**20 hours ~ 120 years; longer spans share the last class


# -- scalars ---------------------------------------------------------------------------


def to_us(dt: datetime | None) -> int | None:
    return None if dt is None else (utc(dt) - _EPOCH) // _US


def from_us(us: int | None) -> datetime | None:
    return None if us is None else _EPOCH + timedelta(microseconds=us)


def to_iso(dt: datetime | None) -> str | None:
    return None if dt is None else utc(dt).isoformat()


def from_iso(text: str | None) -> datetime | None:
    return None if text is None else utc(datetime.fromisoformat(text))


def time_class(start_us: int, end_us: int) -> int:
    """Duration class ``c`` such that the span lasts at most ``2**c`` hours (clamped)."""
    hours = (end_us - start_us) / 3.6e9
    return min(MAX_TIME_CLASS, max(0, math.ceil(math.log2(hours)))) if hours > 1 else 0


def normalise_name(name: str) -> str:
    return " ".join(name.split()).lower()


def dumps(values: Iterable[str]) -> str:
    return json.dumps(list(values), ensure_ascii=False)


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
    "updated_us, access_count, last_access_us, pinned"
)
UNIT_COLUMNS_WITH_VECTOR = UNIT_COLUMNS + ", vector"

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
    "vector",
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
        vector_blob(unit.vector),
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
        vector=blob_vector(row[20]) if len(row) > 20 else None,
    )


# -- turns, edges, history ---------------------------------------------------------------

TURN_COLUMNS = "turn_id, session_id, speaker, text, time_us, role, image_caption, seq, status"


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
    )


def edge_from_row(row: tuple[Any, ...]) -> Edge:
    return Edge(src=row[0], dst=row[1], kind=row[2], weight=row[3])


HISTORY_COLUMNS = "unit_id, event, at_us, old_text, new_text, detail"


def history_from_row(row: tuple[Any, ...]) -> HistoryEntry:
    at = from_us(row[2])
    assert at is not None
    return HistoryEntry(unit_id=row[0], event=row[1], at=at, old_text=row[3], new_text=row[4], detail=row[5])


# -- export records ----------------------------------------------------------------------


def scope_record(scope: Scope) -> dict[str, Any]:
    return {"user_id": scope.user_id, "agent_id": scope.agent_id, "run_id": scope.run_id}


def scope_from_record(data: dict[str, Any]) -> Scope:
    return Scope(user_id=data["user_id"], agent_id=data.get("agent_id"), run_id=data.get("run_id"))


def turn_record(scope: Scope, turn: Turn) -> dict[str, Any]:
    return {
        "kind": "turn",
        "scope": scope_record(scope),
        "turn_id": turn.turn_id,
        "session_id": turn.session_id,
        "seq": turn.seq,
        "speaker": turn.speaker,
        "role": turn.role,
        "text": turn.text,
        "image_caption": turn.image_caption,
        "time": to_iso(turn.time),
        "status": turn.status,
    }


def turn_from_record(data: dict[str, Any]) -> Turn:
    return Turn(
        turn_id=data["turn_id"],
        session_id=data["session_id"],
        speaker=data["speaker"],
        text=data["text"],
        time=from_iso(data.get("time")),
        role=data.get("role"),
        image_caption=data.get("image_caption"),
        seq=int(data.get("seq", 0)),
        status=data.get("status", "pending"),
    )


def unit_record(unit: MemoryUnit) -> dict[str, Any]:
    vector = None
    if unit.vector is not None:
        vector = base64.b64encode(np.asarray(unit.vector, dtype="<f4").tobytes()).decode("ascii")
    return {
        "kind": "unit",
        "scope": scope_record(unit.scope),
        "id": unit.id,
        "restatement": unit.restatement,
        "sources": list(unit.sources),
        "session_id": unit.session_id,
        "participants": sorted(unit.participants),
        "locations": sorted(unit.locations),
        "time": [to_iso(unit.time.start), to_iso(unit.time.end)] if unit.time else None,
        "layer": unit.layer,
        "tier": unit.tier,
        "importance": unit.importance,
        "facts": list(unit.facts),
        "valid_from": to_iso(unit.valid_from),
        "valid_to": to_iso(unit.valid_to),
        "mentioned_at": to_iso(unit.mentioned_at),
        "created_at": to_iso(unit.created_at),
        "updated_at": to_iso(unit.updated_at),
        "access_count": unit.access_count,
        "last_access": to_iso(unit.last_access),
        "pinned": unit.pinned,
        "vector": vector,  # base64 of float32 little-endian
    }


def unit_from_record(data: dict[str, Any]) -> MemoryUnit:
    span = data.get("time")
    vector = None
    if data.get("vector") is not None:
        vector = np.frombuffer(base64.b64decode(data["vector"]), dtype="<f4").astype(np.float32)
    start, end = (from_iso(span[0]), from_iso(span[1])) if span else (None, None)
    return MemoryUnit(
        id=data["id"],
        scope=scope_from_record(data["scope"]),
        restatement=data["restatement"],
        sources=tuple(data["sources"]),
        session_id=data["session_id"],
        vector=vector,
        participants=frozenset(data.get("participants", ())),
        locations=frozenset(data.get("locations", ())),
        time=TimeSpan(start, end) if start is not None and end is not None else None,
        layer=data.get("layer", "episodic"),
        tier=data.get("tier", "long"),
        importance=float(data.get("importance", 0.5)),
        facts=tuple(data.get("facts", ())),
        valid_from=from_iso(data.get("valid_from")),
        valid_to=from_iso(data.get("valid_to")),
        mentioned_at=from_iso(data.get("mentioned_at")),
        created_at=from_iso(data.get("created_at")),
        updated_at=from_iso(data.get("updated_at")),
        access_count=int(data.get("access_count", 0)),
        last_access=from_iso(data.get("last_access")),
        pinned=bool(data.get("pinned", False)),
    )


def edge_record(scope: Scope, edge: Edge) -> dict[str, Any]:
    return {
        "kind": "edge",
        "scope": scope_record(scope),
        "src": edge.src,
        "dst": edge.dst,
        "edge_kind": edge.kind,
        "weight": edge.weight,
    }


def history_record(scope: Scope, entry: HistoryEntry) -> dict[str, Any]:
    return {
        "kind": "history",
        "scope": scope_record(scope),
        "unit_id": entry.unit_id,
        "event": entry.event,
        "at": to_iso(entry.at),
        "old_text": entry.old_text,
        "new_text": entry.new_text,
        "detail": entry.detail,
    }


def history_from_record(data: dict[str, Any]) -> HistoryEntry:
    at = from_iso(data["at"])
    assert at is not None
    return HistoryEntry(
        unit_id=data["unit_id"],
        event=data["event"],
        at=at,
        old_text=data.get("old_text"),
        new_text=data.get("new_text"),
        detail=data.get("detail", ""),
    )
