"""BEAM (Tavakoli et al., 2025), in its repository layout ``<size>/<n>/``: one conversation
per chat folder, read from ``chat.json`` (or ``chat_trunecated.json``, which the authors'
code prefers when it exists) and ``probing_questions/probing_questions.json``.

- A **batch** is a session: ``session_id`` ``batch-<i>`` in file order (``plan-<p>/batch-<i>``
  in the 10M layout, whose ``chat.json`` is a list of one-key ``{"plan-N": [batch, ...]}``
  objects taken in list order). Its date is the ``time_anchor`` of its first message that has
  one (``March-15-2024``); messages have no time of day.
- A **message** is a turn: ``turn_id`` is its BEAM ``id`` as a string, ``role`` user or
  assistant. The first message keeps an id that occurs again; a repeat becomes ``<id>#2``,
  ``<id>#3`` ... (content kept, never gold) and is listed in :attr:`BeamChat.repeated_ids`.
- A **probing question** keeps its type as ``category``, its type's reference answer
  (``answer``, ``ideal_answer``, ``ideal_response``, ``ideal_summary`` or
  ``expected_compliance``) as ``answer``, and its ``source_chat_ids`` (lists, nested lists
  or dicts of lists) flattened into gold turn ids. Ids that name no message are dropped and
  listed in :attr:`BeamChat.unknown_source_ids`; a question left without gold (every
  abstention question) is not scored and counts in ``skipped_no_evidence``.

Sessions stream from the file (:meth:`BeamChat.sessions`): the JSON list is decoded one
element at a time, so a chat's text is held once, as turns, and its raw JSON never whole
(the 10M layout decodes one plan, about 1M tokens, at a time).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from ..errors import InputError
from ..ground.timeparse import MONTHS, parse_session_time
from .records import Conversation, DialogueTurn, Question, Session, read_json

CHAT_FILES = ("chat_trunecated.json", "chat.json")  # the repository's spelling; the cut one first
QUESTIONS_FILE = Path("probing_questions") / "probing_questions.json"
ANSWER_FIELDS = ("answer", "ideal_answer", "ideal_response", "ideal_summary", "expected_compliance")
ABSTENTION = "abstention"
_ANCHOR = re.compile(r"\s*([A-Za-z]+)-(\d{1,2})-(\d{4})\s*")
_START = re.compile(r'\A\s*\[\s*\{\s*"(?:batch_number|turns|time_anchor|plan-\d+)"\s*:')
_CHUNK = 1 << 20


class _JsonListStream:
    """The elements of a top-level JSON list, decoded one at a time from a text file."""

    def __init__(self, fh: IO[str], where: Path) -> None:
        self.fh, self.where = fh, where
        self.buf, self.pos, self.eof = "", 0, False
        self.decoder = json.JSONDecoder()

    def _more(self, size: int = _CHUNK) -> bool:
        if self.eof:
            return False
        data = self.fh.read(size)
        if not data:
            self.eof = True
            return False
        self.buf = self.buf[self.pos :] + data
        self.pos = 0
        return True

    def _next_char(self) -> str:
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos].isspace():
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._more():
                return ""

    def _element(self) -> dict[str, Any]:
        self._next_char()  # raw_decode does not skip leading whitespace
        size = _CHUNK
        while True:
            try:
                value, self.pos = self.decoder.raw_decode(self.buf, self.pos)
                break
            except json.JSONDecodeError as exc:  # an element cut by the buffer, or malformed
                if not self._more(size):
                    raise InputError(f"{self.where}: malformed JSON: {exc}") from exc
                size *= 2  # geometric growth keeps re-decoding linear overall
        if not isinstance(value, dict):
            raise InputError(f"{self.where}: expected a list of JSON objects")
        return value

    def __iter__(self) -> Iterator[dict[str, Any]]:
        if self._next_char() != "[":
            raise InputError(f"{self.where}: expected a JSON list")
        self.pos += 1
        if self._next_char() == "]":
            return
        while True:
            yield self._element()
            char = self._next_char()
            if char == "]":
                return
            if char != ",":
                raise InputError(f"{self.where}: malformed JSON list near character {self.pos}")
            self.pos += 1


def _batches(chat_file: Path) -> Iterator[tuple[int | None, dict[str, Any]]]:
    """``(plan, batch)`` in file order; ``plan`` is the 1-based plan position (10M) or None."""
    try:
        with chat_file.open("r", encoding="utf-8") as fh:
            for position, element in enumerate(_JsonListStream(fh, chat_file), start=1):
                if "turns" in element:
                    yield None, element
                    continue
                values = list(element.values())
                plan = values[0] if len(values) == 1 else None
                if not isinstance(plan, list):
                    raise InputError(f"{chat_file}: element {position} is neither a batch nor a plan of batches")
                for batch in plan:
                    yield position, batch
    except UnicodeDecodeError as exc:
        raise InputError(f"{chat_file}: not valid UTF-8") from exc
    except OSError as exc:
        raise InputError(f"cannot read {chat_file}: {exc}") from exc


def beam_time(anchor: str) -> datetime:
    """A BEAM ``time_anchor`` (``March-15-2024``, strftime ``%B-%d-%Y``) as UTC midnight.

    It is rewritten as ISO 8601 for :func:`parse_session_time`, which does not read this
    form; anything else is left to that function (which raises :class:`InputError`).
    """
    match = _ANCHOR.fullmatch(anchor)
    if match is None:
        return parse_session_time(anchor)
    month = match.group(1).lower()
    number = next((i for i, name in enumerate(MONTHS, 1) if name == month or name[:3] == month), None)
    if number is None:
        raise InputError(f"cannot read session time {anchor!r}")
    return parse_session_time(f"{match.group(3)}-{number:02d}-{int(match.group(2)):02d}")


def _source_ids(raw: Any) -> Iterator[str]:
    """Flatten ``source_chat_ids``: ints, nested lists, dicts of lists (or their text)."""
    if raw is None:
        return
    if isinstance(raw, dict):
        raw = list(raw.values())
    if isinstance(raw, list):
        for item in raw:
            yield from _source_ids(item)
    elif isinstance(raw, bool):
        return
    elif isinstance(raw, int):
        yield str(raw)
    else:  # a stringified list or dict (as some re-exports store it), or "58"
        yield from re.findall(r"\d+", str(raw))


def _rubric_text(rubric: Any) -> str:
    if isinstance(rubric, list):
        return "\n".join(str(r) for r in rubric)
    return "" if rubric is None else str(rubric)


def reference_answer(item: dict[str, Any]) -> str:
    """The reference answer of one probing question (its field depends on the type)."""
    for name in ANSWER_FIELDS:
        if item.get(name):
            return str(item[name])
    return _rubric_text(item.get("rubric"))


@dataclass
class BeamChat:
    """One BEAM chat folder. ``repeated_ids`` and ``unknown_source_ids`` fill as it is read."""

    id: str
    chat_file: Path
    questions_file: Path | None
    repeated_ids: list[str] = field(default_factory=list)
    unknown_source_ids: list[str] = field(default_factory=list)

    @classmethod
    def at(cls, path: str | Path, *, truncated: bool = True) -> BeamChat:
        """A chat folder (``truncated``: read ``chat_trunecated.json`` when it exists) or a chat file."""
        path = Path(path)
        if path.is_file():
            folder, chat_file = path.parent, path
        else:
            folder = path
            names = CHAT_FILES if truncated else CHAT_FILES[1:]
            found = next((folder / n for n in names if (folder / n).is_file()), None)
            if found is None:
                raise InputError(f"{folder}: no chat.json (not a BEAM chat folder)")
            chat_file = found
        questions = folder / QUESTIONS_FILE
        chat_id = f"{folder.parent.name}/{folder.name}" if folder.parent.name else folder.name
        return cls(chat_id, chat_file, questions if questions.is_file() else None)

    def sessions(self) -> Iterator[Session]:
        """The batches as sessions, in file order, streamed from the chat file."""
        self.repeated_ids.clear()
        seen: dict[str, int] = {}
        counts: dict[int | None, int] = {}
        for plan, batch in _batches(self.chat_file):
            counts[plan] = counts.get(plan, 0) + 1
            session_id = f"batch-{counts[plan]}" if plan is None else f"plan-{plan}/batch-{counts[plan]}"
            yield self._session(session_id, batch, seen)

    def _session(self, session_id: str, batch: dict[str, Any], seen: dict[str, int]) -> Session:
        turns: list[DialogueTurn] = []
        anchor = None
        for exchange in batch.get("turns") or []:
            for message in exchange if isinstance(exchange, list) else [exchange]:
                if not isinstance(message, dict) or "id" not in message:
                    raise InputError(f"{self.chat_file}: {session_id} has a message without an id")
                anchor = anchor or message.get("time_anchor")
                turn_id = str(message["id"])
                seen[turn_id] = seen.get(turn_id, 0) + 1
                if seen[turn_id] > 1:
                    self.repeated_ids.append(turn_id)
                    turn_id = f"{turn_id}#{seen[turn_id]}"
                role = str(message.get("role", "user"))
                turns.append(DialogueTurn(turn_id, role.capitalize(), str(message.get("content", "")), role=role))
        anchor = anchor or batch.get("time_anchor")
        try:
            time = beam_time(anchor) if anchor else None
        except InputError as exc:
            raise InputError(f"{self.chat_file}: {session_id}: {exc}") from exc
        return Session(session_id=session_id, time=time, turns=tuple(turns), label=session_id)

    def probing_questions(self) -> Iterator[tuple[str, int, dict[str, Any]]]:
        """``(type, index within the type, item)`` in file order; nothing without the file."""
        if self.questions_file is None:
            return
        data = read_json(self.questions_file)
        if not isinstance(data, dict):
            raise InputError(f"{self.questions_file}: expected an object of question types")
        for kind, items in data.items():
            if not isinstance(items, list):
                raise InputError(f"{self.questions_file}: {kind!r} is not a list of questions")
            for index, item in enumerate(items):
                yield str(kind), index, item

    def question_id(self, kind: str, index: int) -> str:
        return f"{self.id}:{kind}:{index}"

    def rubrics(self) -> dict[str, str]:
        """Question id -> its rubric, one statement a line (what BEAM's judge checks)."""
        return {self.question_id(k, i): _rubric_text(item.get("rubric")) for k, i, item in self.probing_questions()}

    def conversation(self, limit: int | None = None) -> Conversation:
        """Read the whole chat; ``limit`` keeps the first N probing questions."""
        sessions = list(self.sessions())
        if not sessions:
            raise InputError(f"{self.chat_file}: no batches")
        result = Conversation(id=self.id, speakers=("User", "Assistant"), sessions=sessions)
        known = result.turn_ids
        as_of = next((s.time for s in reversed(sessions) if s.time is not None), None)
        self.unknown_source_ids.clear()
        for n, (kind, index, item) in enumerate(self.probing_questions()):
            if limit is not None and n >= limit:
                break
            ids = list(dict.fromkeys(_source_ids(item.get("source_chat_ids"))))
            gold = tuple(i for i in ids if i in known)
            self.unknown_source_ids.extend(i for i in ids if i not in known)
            if not gold:
                result.skipped_no_evidence += 1
            result.questions.append(
                Question(
                    id=self.question_id(kind, index),
                    category=kind,
                    question=str(item["question"]),
                    answer=reference_answer(item),
                    gold=gold,
                    as_of=as_of,
                    abstention=kind == ABSTENTION,
                    scored=bool(gold),
                )
            )
        return result


def _natural(path: Path) -> list[Any]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", path.name)]


def _chat_folders(folder: Path, depth: int) -> list[Path]:
    if any((folder / name).is_file() for name in CHAT_FILES):
        return [folder]  # a chat folder; its plan-*/ subfolders (10M) are not chats of their own
    if depth == 0:
        return []
    subfolders = sorted((p for p in folder.iterdir() if p.is_dir()), key=_natural)
    return [chat for sub in subfolders for chat in _chat_folders(sub, depth - 1)]


def beam_chats(path: str | Path, *, truncated: bool = True) -> list[BeamChat]:
    """The chats at ``path``: a chat file, a chat folder, a size folder (``100K/``) or the
    folder of sizes, in natural order (``2`` before ``10``)."""
    path = Path(path)
    if path.is_file():
        return [BeamChat.at(path)]
    if not path.is_dir():
        raise InputError(f"no such file or folder: {path}")
    folders = _chat_folders(path, depth=2)
    if not folders:
        raise InputError(f"{path}: no BEAM chat folders (a folder with chat.json) here")
    return [BeamChat.at(folder, truncated=truncated) for folder in folders]


def is_beam(path: str | Path) -> bool:
    """Whether ``path`` is a BEAM chat file (by its first bytes) or holds BEAM chat folders."""
    path = Path(path)
    if path.is_dir():
        return bool(_chat_folders(path, depth=2))
    if path.name in CHAT_FILES:
        return True
    try:
        with path.open("r", encoding="utf-8") as fh:
            return bool(_START.match(fh.read(4096)))
    except (OSError, UnicodeDecodeError):
        return False


def load_beam(path: str | Path, limit: int | None = None, *, truncated: bool = True) -> list[Conversation]:
    """Every chat at ``path`` (see :func:`beam_chats`) as one conversation; ``limit`` keeps
    the first N probing questions of each. For long chats prefer :func:`beam_chats` and
    :meth:`BeamChat.conversation` one chat at a time."""
    return [chat.conversation(limit) for chat in beam_chats(path, truncated=truncated)]
