"""The long-horizon check: LoCoMo conversations replayed as if their sessions were spread over
two years, with ``as_of`` moving forward, with and without maintenance after each session.

    python scripts/long_horizon.py ../shared/data/locomo [--budget 400]

Each question (categories 1-4) is asked once right after its last evidence session arrives
(so its facts have been asked about), then every question again at the end, a month after the
last session. Printed: evidence recall of the final asks within the budget, for the questions
whose evidence is more than a year old at the end and for the rest, and the hot index size
(memories in the vector index) at the end. The stores are temporary SQLite files.
"""

from __future__ import annotations

import argparse
import re
import tempfile
from datetime import timedelta
from pathlib import Path
from statistics import mean

import ripplemem
from ripplemem.bench.metrics import RankedItem, cited, evidence_recall, within_budget
from ripplemem.formats import load_locomo, session_messages

SPAN = timedelta(days=730)
RANK_BUDGET = 100_000


def _ranked(mem: ripplemem.Memory, user: str, question: str, as_of: object) -> list[RankedItem]:
    ev = mem.recall(question, user_id=user, budget_tokens=RANK_BUDGET, as_of=as_of, k=30)
    return [RankedItem(i.render(), tuple(i.sources), i.unit.mentioned_at) for i in ev.items]


def replay(conv, maintain: bool, budget: int, folder: Path) -> tuple[dict[str, list[float]], int]:  # type: ignore[no-untyped-def]
    start = conv.sessions[0].time
    step = SPAN / max(len(conv.sessions) - 1, 1)
    when = {s.session_id: start + n * step for n, s in enumerate(conv.sessions)}
    order = [s.session_id for s in conv.sessions]
    questions = [q for q in conv.questions if q.scored and q.gold and q.category in ("1", "2", "3", "4")]

    def last_session(q) -> str:  # type: ignore[no-untyped-def]
        numbers = [int(m.group(1)) for g in q.gold if (m := re.match(r"D(\d+):", g))]
        return f"session_{max(numbers)}" if numbers else order[-1]

    end = when[order[-1]] + timedelta(days=30)
    scores: dict[str, list[float]] = {"older than a year": [], "newer": []}
    with ripplemem.Memory.open(str(folder / f"{conv.id}-{maintain}.db")) as mem:
        for session in conv.sessions:
            at = when[session.session_id]
            mem.add(session_messages(session), user_id=conv.id, session_id=session.session_id, session_time=at)
            if maintain:
                mem.maintain(user_id=conv.id, as_of=at)
            for q in questions:
                if last_session(q) == session.session_id:
                    _ranked(mem, conv.id, q.question, at)  # asked about soon after
        if maintain:
            mem.maintain(user_id=conv.id, as_of=end)
        for q in questions:
            inside = within_budget(_ranked(mem, conv.id, q.question, end), budget)
            age = end - when.get(last_session(q), end)
            scores["older than a year" if age > timedelta(days=365) else "newer"].append(
                evidence_recall(list(q.gold), cited(inside)))
        mem.flush_access()
        hot = mem.store.hot_count(ripplemem.Scope(conv.id))
    return scores, hot


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("data", type=Path)
    parser.add_argument("--budget", type=int, default=400)
    args = parser.parse_args()
    conversations = load_locomo([args.data])
    with tempfile.TemporaryDirectory(prefix="ripplemem-horizon-") as tmp:
        results = {}
        for maintain in (False, True):
            merged: dict[str, list[float]] = {}
            hot_total = 0
            for conv in conversations:
                scores, hot = replay(conv, maintain, args.budget, Path(tmp))
                hot_total += hot
                for k, v in scores.items():
                    merged.setdefault(k, []).extend(v)
            results[maintain] = (merged, hot_total)
    print(f"| questions | without maintenance | with | change |   (recall@{args.budget}, final asks)")
    print("|---|---|---|---|")
    for group in ("older than a year", "newer"):
        a, b = results[False][0][group], results[True][0][group]
        print(f"| {group} ({len(a)}) | {mean(a):.3f} | {mean(b):.3f} | {mean(b) - mean(a):+.3f} |")
    print(f"\nhot index at the end: {results[False][1]} without maintenance, {results[True][1]} with")


if __name__ == "__main__":
    main()
