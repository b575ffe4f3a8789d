"""Caller messages -> validated :class:`Turn` records (chat-style and dialogue-style).

``{"role": ..., "content": ...}`` and ``{"speaker": ..., "text": ...}`` are both accepted,
with optional ``id`` (or ``dia_id``), ``time`` and ``image_caption`` (or ``blip_caption``).
Anything malformed raises :class:`InputError` naming the message and the problem, before
anything is stored.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from ..errors import InputError
from ..types import Turn, utc

MAX_TURN_CHARS = 100_000
MAX_TURNS_PER_CALL = 10_000
MAX_METADATA_CHARS = 10_000  # one metadata object, as JSON text


def check_metadata(value: Any, what: str) -> dict[str, Any]:
    """A JSON object (string keys, JSON values, at most :data:`MAX_METADATA_CHARS` as text),
    or :class:`InputError` naming ``what``."""
    if not isinstance(value, Mapping):
        raise InputError(f"{what}: expected an object (a dict of JSON values), got {type(value).__name__}")
    for key in value:
        if not isinstance(key, str) or not key:
            raise InputError(f"{what}: every key must be a non-empty string, got {key!r}")
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
    except (TypeError, ValueError, UnicodeEncodeError) as exc:
        raise InputError(f"{what}: not JSON-serialisable ({exc})") from exc
    if len(text) > MAX_METADATA_CHARS:
        raise InputError(f"{what}: {len(text)} characters as JSON, more than the limit of {MAX_METADATA_CHARS}")
    return dict(json.loads(text))


def parse_time(value: Any, what: str) -> datetime | None:
    """A datetime from a datetime or a string (ISO 8601, LoCoMo or LongMemEval style)."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return utc(value)
    if not isinstance(value, str):
        raise InputError(f"{what}: expected a date-time string, got {type(value).__name__}")
    try:
        return utc(datetime.fromisoformat(value.strip().replace("Z", "+00:00")))
    except ValueError:
        pass
    from ..ground.timeparse import parse_session_time

    try:
        return utc(parse_session_time(value))
    except InputError as exc:
        raise InputError(f"{what}: cannot read {value!r} as a date-time") from exc


def _text(value: Any, what: str) -> str:
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"{what}: not valid UTF-8") from exc
    if not isinstance(value, str):
        raise InputError(f"{what}: expected a string, got {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InputError(f"{what}: not valid UTF-8 text") from exc
    if len(value) > MAX_TURN_CHARS:
        raise InputError(f"{what}: {len(value)} characters, more than the limit of {MAX_TURN_CHARS}")
    return value


def assigned_id(session_id: str, speaker: str, text: str, when: datetime | None, position: int) -> str:
    """A deterministic id for a turn given without one: re-adding the same call is a no-op."""
    raw = "\x1f".join([session_id, speaker, text, when.isoformat() if when else "", str(position)])
    return "t-" + hashlib.sha256(raw.encode("utf-8")).hexdigest()[:16]


def to_turns(
    messages: Any, session_id: str, session_time: datetime | None, metadata: Mapping[str, Any] | None = None
) -> list[Turn]:
    """Validate and normalise the messages of one ``add()`` call. Each turn carries the
    call's ``metadata`` updated with its own (a message's ``metadata`` key)."""
    if isinstance(messages, str | bytes):
        messages = [{"role": "user", "content": messages}]
    elif isinstance(messages, Mapping):
        messages = [messages]
    if not isinstance(messages, Sequence) or not messages:
        raise InputError("messages: expected a non-empty list of turns (or one string)")
    if len(messages) > MAX_TURNS_PER_CALL:
        raise InputError(f"messages: {len(messages)} turns in one call, more than {MAX_TURNS_PER_CALL}")
    turns: list[Turn] = []
    seen: set[str] = set()
    for i, m in enumerate(messages):
        what = f"messages[{i}]"
        if not isinstance(m, Mapping):
            raise InputError(f"{what}: expected an object with role/content or speaker/text, got {type(m).__name__}")
        speaker = m.get("speaker") or m.get("name") or m.get("role")
        if speaker is None:
            raise InputError(f"{what}: missing 'speaker' (or 'role')")
        speaker = _text(speaker, f"{what}.speaker").strip()
        raw_text = m["text"] if "text" in m else m.get("content")
        caption = m.get("image_caption") or m.get("blip_caption")
        if raw_text is None and caption is None:
            raise InputError(f"{what}: missing 'text' (or 'content')")
        text = _text(raw_text if raw_text is not None else "", f"{what}.text").strip()
        caption = _text(caption, f"{what}.image_caption").strip() if caption is not None else None
        if not speaker:
            raise InputError(f"{what}: empty speaker")
        if not text and not caption:
            raise InputError(f"{what}: empty text")
        when = parse_time(m.get("time"), f"{what}.time") or session_time
        raw_id = m.get("id", m.get("dia_id"))
        if raw_id is not None and not isinstance(raw_id, str | int):
            raise InputError(f"{what}.id: expected a string, got {type(raw_id).__name__}")
        turn_id = str(raw_id).strip() if raw_id is not None else assigned_id(session_id, speaker, text, when, i)
        if not turn_id:
            raise InputError(f"{what}.id: empty")
        if turn_id in seen:
            raise InputError(f"{what}.id: {turn_id!r} appears twice in one call")
        seen.add(turn_id)
        role = m.get("role") if isinstance(m.get("role"), str) else None
        own = check_metadata(m["metadata"], f"{what}.metadata") if m.get("metadata") is not None else {}
        meta = {**(metadata or {}), **own}
        turns.append(Turn(turn_id, session_id, speaker, text, when, role, caption or None, metadata=meta))
    return turns
