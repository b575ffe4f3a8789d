"""A long BEAM chat in the native layout, made by repeating the shared 100K chats re-timed.

    python scripts/beam_long.py ../shared/data/beam/100K OUT --copies 4            # OUT/1M/1/
    python scripts/beam_long.py ../shared/data/beam/100K OUT --copies 40 --plans 10  # OUT/10M/1/

Each copy takes every chat folder of the source in order (100K/1, then 100K/2, ...) and
appends its batches to one chat: message ids run on from the previous message, and every
``time_anchor`` moves forward so that a copy starts 14 days after the previous one ended
(dates never go back). ``--plans P`` writes the 10M layout instead: a list of ``{"plan-N":
[batch, ...]}`` objects, the batches split evenly over P plans, ids running on across plans.

The probing questions are the LAST copy's (each source chat's, ids shifted to that copy), so
their evidence is the newest of identical messages: the figures of interest here are ingest
time, memory and query latency, not recall (identical earlier copies compete for each
question's evidence).
"""

from __future__ import annotations

import argparse
import copy
import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

FORMAT = "%B-%d-%Y"
GAP = timedelta(days=14)


def _shift_ids(raw: Any, by: int) -> Any:
    if isinstance(raw, bool) or raw is None:
        return raw
    if isinstance(raw, int):
        return raw + by
    if isinstance(raw, list):
        return [_shift_ids(x, by) for x in raw]
    if isinstance(raw, dict):
        return {k: _shift_ids(v, by) for k, v in raw.items()}
    return raw


def _messages(batch: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for exchange in batch["turns"] for m in exchange]


def build(source: Path, copies: int) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    chats = sorted((p for p in source.iterdir() if (p / "chat.json").is_file()), key=lambda p: p.name)
    if not chats:
        raise SystemExit(f"{source}: no chat folders")
    batches: list[dict[str, Any]] = []
    questions: dict[str, list[dict[str, Any]]] = {}
    next_id, start = 0, None
    for k in range(copies):
        for folder in chats:
            chat = json.loads((folder / "chat.json").read_text(encoding="utf-8"))
            anchors = [datetime.strptime(m["time_anchor"], FORMAT) for b in chat for m in _messages(b)
                       if m.get("time_anchor")]
            first, last = min(anchors), max(anchors)
            start = first if start is None else start
            shift = start - first
            offset = next_id
            for batch in chat:
                batch = copy.deepcopy(batch)
                batch["batch_number"] = len(batches) + 1
                for m in _messages(batch):
                    m["id"] = int(m["id"]) + offset
                    if m.get("time_anchor"):
                        when = datetime.strptime(m["time_anchor"], FORMAT) + shift
                        m["time_anchor"] = when.strftime(FORMAT)
                    next_id = max(next_id, m["id"] + 1)
                batches.append(batch)
            start = last + shift + GAP
            if k == copies - 1:
                probing = json.loads((folder / "probing_questions" / "probing_questions.json").read_text("utf-8"))
                for kind, items in probing.items():
                    for item in items:
                        item = dict(item)
                        if "source_chat_ids" in item:
                            item["source_chat_ids"] = _shift_ids(item["source_chat_ids"], offset)
                        questions.setdefault(kind, []).append(item)
    return batches, questions


def write_chat(out: Path, batches: list[dict[str, Any]], questions: dict[str, list[dict[str, Any]]], chars: int,
               plans: int = 0) -> Path:
    """Write ``OUT/<size>/1/`` (``1M``, ``10M``, or ``254K`` below half a million tokens: chat.json and its probing questions): the batches as a list,
    or with ``plans`` the 10M layout, a list of ``{"plan-N": [batch, ...]}`` objects whose
    batches are numbered from 1 in each plan."""
    tokens = chars / 4
    folder = out / (f"{round(tokens / 1e6)}M" if tokens >= 5e5 else f"{round(tokens / 1e3)}K") / "1"
    (folder / "probing_questions").mkdir(parents=True, exist_ok=True)
    body: list[Any] = batches
    if plans:
        per = -(-len(batches) // plans)
        body = []
        for p in range(plans):
            part = batches[p * per : (p + 1) * per]
            for i, b in enumerate(part, 1):
                b["batch_number"] = i
            if part:
                body.append({f"plan-{p + 1}": part})
    with (folder / "chat.json").open("w", encoding="utf-8") as fh:
        json.dump(body, fh)
    (folder / "probing_questions" / "probing_questions.json").write_text(json.dumps(questions), encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path, help="a BEAM size folder (100K/) of chat folders")
    parser.add_argument("out", type=Path)
    parser.add_argument("--copies", type=int, default=4)
    parser.add_argument("--plans", type=int, default=0, help="write the 10M layout with this many plans")
    args = parser.parse_args()
    batches, questions = build(args.source, args.copies)
    chars = sum(len(str(m.get("content", ""))) for b in batches for m in _messages(b))
    folder = write_chat(args.out, batches, questions, chars, args.plans)
    messages = sum(len(_messages(b)) for b in batches)
    print(f"{folder}: {len(batches)} batches, {messages} messages, {chars:,} characters (~{chars // 4:,} tokens), "
          f"{sum(len(v) for v in questions.values())} questions")


if __name__ == "__main__":
    main()
