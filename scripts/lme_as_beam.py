"""One long chat in BEAM's layout, made of LongMemEval-S haystacks one after another.

    python scripts/lme_as_beam.py ../shared/data/longmemeval/longmemeval_s_dev.json.gz OUT --haystacks 9
    python scripts/lme_as_beam.py DATA OUT --haystacks 87 --plans 10      # about 10M tokens, 10M layout

The first ``--haystacks`` haystacks (file order) become one user's history: every session a
BEAM batch, in order, its messages numbered on from the previous session's (BEAM's ``id``).
A session that an earlier haystack already held (LongMemEval draws its distractor sessions
from a shared pool: about 4% repeat) is written once. Each haystack's sessions keep their
spacing in days and start the day after the previous haystack's last session, so the dates
never go back; BEAM dates have no time of day.

The probing questions are the haystacks' questions, each typed by its LongMemEval category,
with its evidence turns as ``source_chat_ids`` (an evidence turn in a session written once
before points at that session's messages). Every question is asked at the end of the whole
chat, and a question's "two weeks ago" meant its own haystack's date: the
``temporal-reasoning`` figures are not LongMemEval's. The text is about 115K tokens a
haystack, so 9 make about a million and 87 about ten million.
"""

from __future__ import annotations

import argparse
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from beam_long import write_chat

from ripplemem.formats.longmemeval import load_longmemeval

FORMAT = "%B-%d-%Y"
START = datetime(2024, 1, 1)


def build(path: str, haystacks: int) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]], int]:
    conversations = load_longmemeval(path, haystacks)
    batches: list[dict[str, Any]] = []
    questions: dict[str, list[dict[str, Any]]] = {}
    written: dict[str, dict[str, int]] = {}  # session label -> its turns' message ids
    next_id, cursor, chars = 0, START, 0
    for conv in conversations:
        dated = [s.time for s in conv.sessions if s.time is not None]
        first = min(dated).date() if dated else cursor.date()
        last_day = cursor
        ids: dict[str, int] = {}  # this haystack's turn id -> message id
        for session in conv.sessions:
            if session.label in written:
                ids.update((t.turn_id, written[session.label][str(n)]) for n, t in enumerate(session.turns))
                continue
            day = cursor + timedelta(days=((session.time.date() - first).days if session.time else 0))
            last_day = max(last_day, day)
            messages = []
            own: dict[str, int] = {}
            for n, turn in enumerate(session.turns):
                message: dict[str, Any] = {"role": turn.role or turn.speaker.lower(), "id": next_id, "content": turn.text}
                if n == 0:
                    message["time_anchor"] = day.strftime(FORMAT)
                messages.append(message)
                ids[turn.turn_id] = own[str(n)] = next_id
                chars += len(turn.text)
                next_id += 1
            if messages:
                written[session.label] = own
                batches.append({"batch_number": len(batches) + 1, "turns": [messages], "time_anchor": None})
        cursor = last_day + timedelta(days=1)
        for q in conv.questions:
            gold = [ids[g] for g in q.gold if g in ids]
            questions.setdefault(q.category, []).append({
                "question": q.question, "answer": q.answer, "source_chat_ids": gold,
                "rubric": [f"LLM response should state: {q.answer}"], "longmemeval_id": q.id,
            })
    return batches, questions, chars


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data")
    parser.add_argument("out", type=Path)
    parser.add_argument("--haystacks", type=int, default=9)
    parser.add_argument("--plans", type=int, default=0, help="write the 10M layout with this many plans")
    args = parser.parse_args()
    batches, questions, chars = build(args.data, args.haystacks)
    folder = write_chat(args.out, batches, questions, chars, args.plans)
    messages = sum(len(b["turns"][0]) for b in batches)
    print(f"{folder}: {len(batches)} sessions, {messages} messages, {chars:,} characters (~{chars // 4:,} tokens), "
          f"{sum(len(v) for v in questions.values())} questions")


if __name__ == "__main__":
    main()
