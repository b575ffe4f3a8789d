"""The backend-neutral forms every store shares: times as UTC microseconds and ISO text,
normalised names, the query-token rules of the full-text views, and the JSON-able record
of each kind that ``export`` writes and ``import_records`` reads (one format for SQLite
and PostgreSQL, so a dump or a migration moves between them unchanged)."""

from __future__ import annotations

import base64
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

from ..ground.text import STOPWORDS
from ..types import Edge, HistoryEntry, MemoryUnit, Scope, TimeSpan, Turn, utc

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_US = timedelta(microseconds=1)

# full-text queries: runs of letters and digits (as FTS5's unicode61 tokenizer sees them),
# OR-ed; stop words (``ground.text.STOPWORDS``, the one list) dropped unless nothing else is left
QUERY_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
MAX_QUERY_TOKENS = 64


def query_tokens(text: str) -> list[str]:
    """The distinct content tokens of ``text`` a full-text query ORs together (lowercased)."""
    tokens = list(dict.fromkeys(t.lower() for t in QUERY_TOKEN.findall(text)))
    content = [t for t in tokens if t not in STOPWORDS] or tokens
    return content[:MAX_QUERY_TOKENS]


# -- statistics ----------------------------------------------------------------------


def stats_record(
    scopes: int,
    turns: dict[str, int],
    layers: dict[str, int],
    tiers: dict[str, int],
    current: dict[str, int],
    edges: dict[str, int],
    directed: int,
    history: int,
    db_bytes: int,
) -> dict[str, Any]:
    """``Store.stats``: the same shape from every backend, built from its grouped counts
    (turns by status, units by layer, tier and currency ``"1"``/``"0"``, edges by kind).

    An edge links two memories both ways and is stored once per direction: ``edges.total``
    and ``by_kind`` count each link once (undirected); ``edges.directed`` counts the stored
    rows, which is what ``export`` writes (one ``edge`` record per direction)."""
    return {
        "scopes": int(scopes),
        "turns": {"total": sum(turns.values()), **{s: turns.get(s, 0) for s in ("pending", "done", "failed")}},
        "units": {
            "total": sum(layers.values()),
            "by_layer": {k: layers.get(k, 0) for k in ("core", "episodic", "semantic")},
            "by_tier": {k: tiers.get(k, 0) for k in ("long", "short")},
            "current": current.get("1", 0),
            "superseded": current.get("0", 0),
        },
        "edges": {"total": sum(edges.values()), "directed": int(directed), "by_kind": edges},
        "history": int(history),
        "db_bytes": int(db_bytes),
    }


# -- scalars ---------------------------------------------------------------------------


def to_us(dt: datetime | None) -> int | None:
    return None if dt is None else (utc(dt) - _EPOCH) // _US


def from_us(us: int | None) -> datetime | None:
    return None if us is None else _EPOCH + timedelta(microseconds=us)


def to_iso(dt: datetime | None) -> str | None:
    return None if dt is None else utc(dt).isoformat()


def from_iso(text: str | None) -> datetime | None:
    return None if text is None else utc(datetime.fromisoformat(text))


def normalise_name(name: str) -> str:
    return " ".join(name.split()).lower()



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
        "metadata": dict(turn.metadata),
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
        metadata=dict(data.get("metadata") or {}),
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
        "concepts": sorted(unit.concepts),
        "role": unit.role,
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
        "metadata": dict(unit.metadata),
        "vector": vector,  # base64 of float32 little-endian
        **({"cold": True} if unit.cold else {}),  # out of the hot indexes (written only when so)
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
        concepts=frozenset(data.get("concepts", ())),
        role=str(data.get("role", "")),
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
        metadata=dict(data.get("metadata") or {}),
        cold=bool(data.get("cold", False)),
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
