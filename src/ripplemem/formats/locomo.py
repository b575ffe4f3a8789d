"""LoCoMo, in both layouts: one conversation per file (keys at the top level) and the
``locomo10.json`` list of ``{sample_id, conversation, qa}``; paths may be files or folders."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..ground.timeparse import parse_session_time
from .records import Conversation, DialogueTurn, Question, Session, expand_paths, read_json

_SESSION_KEY = re.compile(r"session_(\d+)")
_DIA_ID = re.compile(r"D:?(\d+):(\d+)")


def normalise_evidence(raw: Iterable[Any], known: set[str]) -> tuple[str, ...]:
    """Split on ``;``, ``,`` and spaces, fix ``D:11:26`` -> ``D11:26``, drop unknown ids."""
    out: dict[str, None] = {}
    for entry in raw:
        for piece in re.split(r"[;,\s]+", str(entry)):
            match = _DIA_ID.fullmatch(piece)
            if match is None:
                continue
            turn_id = f"D{match.group(1)}:{match.group(2)}"
            if turn_id in known:
                out.setdefault(turn_id, None)
    return tuple(out)


def _locomo_sessions(conv: dict[str, Any]) -> list[Session]:
    numbered = []
    for key, value in conv.items():
        match = _SESSION_KEY.fullmatch(key)
        if match and isinstance(value, list) and value:
            numbered.append((int(match.group(1)), key, value))
    sessions = []
    for _, key, turns in sorted(numbered):
        stamp = conv.get(f"{key}_date_time")
        time = parse_session_time(stamp) if stamp else None
        parsed = tuple(
            DialogueTurn(
                turn_id=str(t["dia_id"]),
                speaker=str(t.get("speaker", "")),
                text=str(t.get("text", "")),
                image_caption=(str(t["blip_caption"]) if t.get("blip_caption") else None),
            )
            for t in turns
        )
        sessions.append(Session(session_id=key, time=time, turns=parsed, label=key))
    return sessions


def _locomo_conversation(conv_id: str, conv: dict[str, Any], qa: list[dict[str, Any]], limit: int | None) -> Conversation:
    sessions = _locomo_sessions(conv)
    if not sessions:
        raise InputError(f"LoCoMo conversation {conv_id} has no sessions")
    speakers = tuple(str(conv[k]) for k in ("speaker_a", "speaker_b") if conv.get(k))
    as_of = next((s.time for s in reversed(sessions) if s.time is not None), None)
    result = Conversation(id=conv_id, speakers=speakers, sessions=sessions)
    known = result.turn_ids
    for index, item in enumerate(qa[:limit] if limit is not None else qa):
        gold = normalise_evidence(item.get("evidence") or [], known)
        category = str(item.get("category", ""))
        if not gold:
            result.skipped_no_evidence += 1
        answer = item.get("answer", item.get("adversarial_answer", ""))
        result.questions.append(
            Question(
                id=f"{conv_id}:{index}",
                category=category,
                question=str(item["question"]),
                answer=str(answer),
                gold=gold,
                as_of=as_of,
                abstention=category == "5",
                scored=bool(gold),
            )
        )
    return result


def _locomo_records(path: Path) -> Iterator[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    data = read_json(path)
    if isinstance(data, dict) and "conversation" in data:
        data = [data]
    if isinstance(data, list):
        for i, sample in enumerate(data):
            conv_id = str(sample.get("sample_id") or f"{path.stem}-{i}")
            yield conv_id, sample["conversation"], list(sample.get("qa") or [])
    elif isinstance(data, dict) and "speaker_a" in data:
        yield str(data.get("sample_id") or path.stem), data, list(data.get("qa") or [])
    else:
        raise InputError(f"{path} is not a LoCoMo file (neither layout)")


def load_locomo(paths: Iterable[str | Path], limit: int | None = None) -> list[Conversation]:
    """LoCoMo conversations; ``limit`` keeps the first N questions of each."""
    conversations = []
    for path in expand_paths(paths, (".json", ".json.gz")):
        for conv_id, conv, qa in _locomo_records(path):
            conversations.append(_locomo_conversation(conv_id, conv, qa, limit))
    return conversations
