"""LongMemEval, from ``.json`` or ``.json.gz`` in the official schema: every question has its
own haystack, so each question becomes one :class:`Conversation`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InputError
from ..ground.timeparse import parse_session_time
from .records import Conversation, DialogueTurn, Question, Session, read_json


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
        time = parse_session_time(dates[si]) if si < len(dates) else None
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
        as_of=parse_session_time(item["question_date"]) if item.get("question_date") else None,
        gold_sessions=gold_sessions,
        abstention=abstention,
        scored=not abstention and bool(gold_sessions),
    )
    skipped = 1 if not abstention and not gold_sessions else 0
    return Conversation(id=qid, speakers=("User", "Assistant"), sessions=sessions, questions=[question], skipped_no_evidence=skipped)


def load_longmemeval(path: str | Path, limit: int | None = None) -> list[Conversation]:
    """One conversation per question (its own haystack); ``limit`` keeps the first N."""
    data = read_json(Path(path))
    if not isinstance(data, list):
        raise InputError(f"{path} is not a LongMemEval file (expected a JSON list)")
    items = data[:limit] if limit is not None else data
    return [_longmemeval_conversation(item) for item in items]
