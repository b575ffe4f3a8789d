"""Benchmark datasets normalised into plain records.

LoCoMo is read in both layouts: one conversation per file (keys at the top level) and the
``locomo10.json`` list of ``{sample_id, conversation, qa}``; paths may be files or folders.
LongMemEval is read from ``.json`` or ``.json.gz`` in the official schema; every question
has its own haystack, so each question becomes one :class:`Conversation`.

Only conversation content is kept: LoCoMo ``text`` and ``blip_caption``; LongMemEval
``content``. Annotations (observations, summaries, events) are never read, and the answer
labels (``evidence``, ``has_answer``, ``answer_session_ids``) only become gold ids.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ripplemem.errors import InputError

LOCOMO_TIME = "%I:%M %p on %d %B, %Y"  # "1:56 pm on 8 May, 2023"
LONGMEMEVAL_TIME = "%Y/%m/%d (%a) %H:%M"  # "2023/05/27 (Sat) 22:10"
_SESSION_KEY = re.compile(r"session_(\d+)")
_DIA_ID = re.compile(r"D:?(\d+):(\d+)")


@dataclass(frozen=True, slots=True)
class DialogueTurn:
    turn_id: str
    speaker: str
    text: str
    image_caption: str | None = None
    role: str | None = None  # LongMemEval: "user" | "assistant"


@dataclass(frozen=True, slots=True)
class Session:
    session_id: str
    time: datetime | None
    turns: tuple[DialogueTurn, ...]
    label: str = ""  # LongMemEval haystack session id (may repeat); LoCoMo: same as session_id


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    category: str  # LoCoMo "1".."5"; LongMemEval question_type
    question: str
    answer: str
    gold: tuple[str, ...]  # gold turn ids that exist in the conversation
    as_of: datetime | None
    gold_sessions: tuple[str, ...] = ()  # LongMemEval answer_session_ids
    abstention: bool = False  # LoCoMo category 5, LongMemEval "_abs"
    scored: bool = True  # counted in the retrieval metrics


@dataclass(slots=True)
class Conversation:
    id: str
    speakers: tuple[str, ...]
    sessions: list[Session]
    questions: list[Question] = field(default_factory=list)
    skipped_no_evidence: int = 0

    @property
    def turn_ids(self) -> set[str]:
        return {t.turn_id for s in self.sessions for t in s.turns}

    def session_of(self) -> dict[str, str]:
        """Turn id -> session label (what session-level metrics compare)."""
        return {t.turn_id: s.label or s.session_id for s in self.sessions for t in s.turns}

    def turn_time(self) -> dict[str, datetime | None]:
        return {t.turn_id: s.time for s in self.sessions for t in s.turns}


def parse_locomo_time(text: str) -> datetime:
    try:
        return datetime.strptime(text.strip(), LOCOMO_TIME).replace(tzinfo=UTC)
    except ValueError as exc:
        raise InputError(f"unreadable LoCoMo session time {text!r}") from exc


def parse_longmemeval_time(text: str) -> datetime:
    try:
        return datetime.strptime(text.strip(), LONGMEMEVAL_TIME).replace(tzinfo=UTC)
    except ValueError as exc:
        raise InputError(f"unreadable LongMemEval time {text!r}") from exc


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


def _expand(paths: Iterable[str | Path], suffixes: tuple[str, ...]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.iterdir() if p.is_file() and p.name.endswith(suffixes)))
        elif path.is_file():
            files.append(path)
        else:
            raise InputError(f"no such file or folder: {path}")
    return files


def _read_json(path: Path) -> Any:
    try:
        if path.name.endswith(".gz"):
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                return json.load(fh)
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: malformed JSON: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not valid UTF-8") from exc
    except (OSError, EOFError) as exc:
        raise InputError(f"cannot read {path}: {exc}") from exc


# ---------------------------------------------------------------- LoCoMo


def _locomo_sessions(conv: dict[str, Any]) -> list[Session]:
    numbered = []
    for key, value in conv.items():
        match = _SESSION_KEY.fullmatch(key)
        if match and isinstance(value, list) and value:
            numbered.append((int(match.group(1)), key, value))
    sessions = []
    for _, key, turns in sorted(numbered):
        stamp = conv.get(f"{key}_date_time")
        time = parse_locomo_time(stamp) if stamp else None
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
    data = _read_json(path)
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
    for path in _expand(paths, (".json", ".json.gz")):
        for conv_id, conv, qa in _locomo_records(path):
            conversations.append(_locomo_conversation(conv_id, conv, qa, limit))
    return conversations


# ---------------------------------------------------------------- LongMemEval


def _longmemeval_conversation(item: dict[str, Any]) -> Conversation:
    qid = str(item["question_id"])
    labels = [str(x) for x in item.get("haystack_session_ids") or []]
    dates = list(item.get("haystack_dates") or [])
    sessions: list[Session] = []
    gold: list[str] = []
    for si, raw in enumerate(item.get("haystack_sessions") or []):
        turns = []
        for ti, turn in enumerate(raw):
            turn_id = f"{si}:{ti}"
            role = str(turn.get("role", "user"))
            turns.append(DialogueTurn(turn_id=turn_id, speaker=role.capitalize(), text=str(turn.get("content", "")), role=role))
            if turn.get("has_answer", False):
                gold.append(turn_id)
        time = parse_longmemeval_time(dates[si]) if si < len(dates) else None
        label = labels[si] if si < len(labels) else str(si)
        sessions.append(Session(session_id=str(si), time=time, turns=tuple(turns), label=label))
    abstention = qid.endswith("_abs")
    gold_sessions = tuple(str(x) for x in item.get("answer_session_ids") or [])
    question = Question(
        id=qid,
        category=str(item.get("question_type", "")),
        question=str(item["question"]),
        answer=str(item.get("answer", "")),
        gold=tuple(gold),
        as_of=parse_longmemeval_time(item["question_date"]) if item.get("question_date") else None,
        gold_sessions=gold_sessions,
        abstention=abstention,
        scored=not abstention and bool(gold_sessions),
    )
    skipped = 1 if not abstention and not gold_sessions else 0
    return Conversation(id=qid, speakers=("User", "Assistant"), sessions=sessions, questions=[question], skipped_no_evidence=skipped)


def load_longmemeval(path: str | Path, limit: int | None = None) -> list[Conversation]:
    """One conversation per question (its own haystack); ``limit`` keeps the first N."""
    data = _read_json(Path(path))
    if not isinstance(data, list):
        raise InputError(f"{path} is not a LongMemEval file (expected a JSON list)")
    items = data[:limit] if limit is not None else data
    return [_longmemeval_conversation(item) for item in items]
