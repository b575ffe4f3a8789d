"""Plain records of the conversations the product reads, and the helpers every format shares.

Only conversation content is kept: LoCoMo ``text`` and ``blip_caption``; LongMemEval and
BEAM ``content``. Annotations (observations, summaries, events) are never read, and the
answer labels (``evidence``, ``has_answer``, ``answer_session_ids``, ``source_chat_ids``)
only become gold ids.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..errors import InputError


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


def session_messages(session: Session) -> list[dict[str, Any]]:
    """The turns of one session as ``Memory.add`` takes them (content only). A turn with no
    text (nor a shared image's caption) is left out: it says nothing, and ``add`` refuses it
    (one LongMemEval haystack holds such a message)."""
    messages: list[dict[str, Any]] = []
    for turn in session.turns:
        if not turn.text.strip() and not turn.image_caption:
            continue
        if turn.role is not None:
            messages.append({"role": turn.role, "content": turn.text, "id": turn.turn_id})
            continue
        message: dict[str, Any] = {"speaker": turn.speaker, "text": turn.text, "id": turn.turn_id}
        if turn.image_caption:
            message["image_caption"] = turn.image_caption
        messages.append(message)
    return messages


def expand_paths(paths: Iterable[str | Path], suffixes: tuple[str, ...]) -> list[Path]:
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


def read_json(path: Path) -> Any:
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
