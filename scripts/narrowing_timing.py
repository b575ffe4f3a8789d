"""Search and recall latency with narrowing and filters, on one LoCoMo conversation.

The conversation is stored twice in one SQLite file: user ``one`` holds every session in one
scope; user ``runs`` holds each session as its own run (``run_id`` = the session), every turn
tagged ``{"session": N}``. The same questions are then asked of ``one`` (one scope), of
``runs`` with ``user_id`` alone (narrowing over every run), and of ``runs`` with a metadata
filter. Prints the median and 95th percentile per case (milliseconds)::

    .venv/bin/python scripts/narrowing_timing.py ../shared/data/locomo/26.json
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from ripplemem import Memory, load_settings
from ripplemem.formats import read_conversations


def main(path: str, questions: int = 30) -> None:
    conv = read_conversations(Path(path))[0]
    with tempfile.TemporaryDirectory() as tmp:
        mem = Memory.open(settings=load_settings({"db": str(Path(tmp) / "m.db")}, env={}))
        for n, session in enumerate(conv.sessions):
            mem.add(session.messages, user_id="one", session_id=session.session_id, session_time=session.time)
            mem.add(session.messages, user_id="runs", run_id=f"r{n}", session_id=session.session_id,
                    session_time=session.time, metadata={"session": n})
        asked = [str(t["text"]) for s in conv.sessions for t in s.turns if str(t["text"]).endswith("?")][:questions]
        cases = {
            "one scope": {"user_id": "one"},
            f"narrowed ({len(conv.sessions)} runs)": {"user_id": "runs"},
            "narrowed + metadata filter": {"user_id": "runs", "filters": {"metadata": {"session": {"in": [0, 1, 2]}}}},
        }
        print(f"{len(asked)} questions; {mem.stats()['units']['total']} memories in the file")
        print("| case | search p50 ms | search p95 ms | recall p50 ms | recall p95 ms |")
        print("|---|---|---|---|---|")
        for name, where in cases.items():
            search = [_ms(lambda q=q, w=where: mem.search(q, limit=10, **w)) for q in asked]
            recall = [_ms(lambda q=q, w=where: mem.recall(q, **w)) for q in asked]
            print(f"| {name} | {_p(search, 50)} | {_p(search, 95)} | {_p(recall, 50)} | {_p(recall, 95)} |")
        mem.close()


def _ms(call: object) -> float:
    start = time.perf_counter()
    call()  # type: ignore[operator]
    return (time.perf_counter() - start) * 1000


def _p(values: list[float], q: int) -> str:
    return f"{statistics.quantiles(values, n=100)[q - 1]:.1f}" if q != 50 else f"{statistics.median(values):.1f}"


if __name__ == "__main__":
    main(sys.argv[1])
