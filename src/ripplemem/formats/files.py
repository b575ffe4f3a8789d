"""Files the product reads, by content: JSONL turns, LoCoMo (either layout), LongMemEval (.json/.json.gz),
BEAM (a ``chat.json``, a chat folder or a folder of them)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..errors import InputError, RippleMemError
from .beam import beam_chats, is_beam
from .locomo import load_locomo
from .longmemeval import load_longmemeval
from .records import session_messages


@dataclass
class SessionInput:
    session_id: str
    time: datetime | str | None
    messages: list[dict[str, Any]]

    @property
    def turns(self) -> list[dict[str, Any]]:
        return self.messages


@dataclass
class ConversationInput:
    id: str
    sessions: list[SessionInput] = field(default_factory=list)


def _lines(path: Path) -> Iterator[tuple[int, Any]]:
    try:
        with path.open("r", encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if line.strip():
                    try:
                        yield n, json.loads(line)
                    except json.JSONDecodeError as exc:
                        raise InputError(f"{path}:{n}: malformed JSON: {exc.msg}") from exc
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not valid UTF-8") from exc


def read_jsonl_records(path: Path) -> Iterator[dict[str, Any]]:
    """Records of an export file, each a JSON object."""
    for n, record in _lines(path):
        if not isinstance(record, dict):
            raise InputError(f"{path}:{n}: expected a JSON object")
        yield record


def _read_jsonl_turns(path: Path) -> list[ConversationInput]:
    convs: dict[str, ConversationInput] = {}
    sessions: dict[tuple[str, str], SessionInput] = {}
    for n, record in _lines(path):
        if not isinstance(record, dict):
            raise InputError(f"{path}:{n}: expected a JSON object per line")
        user = str(record.get("user_id") or "default")
        sid = str(record.get("session_id") or "default")
        conv = convs.setdefault(user, ConversationInput(user))
        key = (user, sid)
        if key not in sessions:
            sessions[key] = SessionInput(sid, record.get("session_time"), [])
            conv.sessions.append(sessions[key])
        turn = {k: v for k, v in record.items() if k not in ("user_id", "session_id", "session_time")}
        sessions[key].messages.append(turn)
    if not convs:
        raise InputError(f"{path}: no turns")
    return list(convs.values())


def _from_datasets(path: Path, limit: int | None) -> list[ConversationInput]:
    name = path.name.lower()
    loaded = load_longmemeval(path, limit) if "longmemeval" in name or name.endswith(".gz") else load_locomo([path])
    out = []
    for conv in loaded:
        out.append(ConversationInput(conv.id, [SessionInput(s.session_id, s.time, session_messages(s)) for s in conv.sessions]))
    return out


def _from_beam(path: Path, limit: int | None) -> list[ConversationInput]:
    """BEAM chats (the first ``limit``), sessions only: the probing questions are not read."""
    return [
        ConversationInput(chat.id, [SessionInput(s.session_id, s.time, session_messages(s)) for s in chat.sessions()])
        for chat in beam_chats(path)[:limit]
    ]


def read_conversations(path: Path, limit: int | None = None) -> list[ConversationInput]:
    """Conversations in a file, by its content: JSONL turns, LoCoMo, LongMemEval or BEAM
    (``chat.json``, or a folder of BEAM chats; ``limit``: the first N chats)."""
    if path.suffix == ".jsonl":
        return _read_jsonl_turns(path)
    if is_beam(path):
        return _from_beam(path, limit)
    try:
        return _from_datasets(path, limit)
    except RippleMemError:
        raise
    except (ValueError, KeyError, TypeError, OSError) as exc:
        raise InputError(f"{path}: not a LoCoMo or LongMemEval file ({type(exc).__name__}: {exc})") from exc
