"""``ripplemem bench scale --session-turns``: add and recall cost as ONE session grows.

A chat application that never names a session writes every turn to ``default``, so one
session can hold 100k turns. A fresh store gets ``turns`` done turns logged in one session
(the raw log only, no units: what the write path reads), then ``Memory`` opens it and the
timed calls run the real paths: ``add()`` of a four-turn exchange to the end of that session,
and ``recall()`` followed by ``source_turns()`` of its sources (what REST and MCP do). For
comparison, one read of the whole session (what an add used to read before the tail read)
is timed too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ripplemem.bench.scale_data import dialogue, question
from ripplemem.bench.scale_stores import Backend
from ripplemem.bench.scale_timing import AS_OF, TimedEmbedder, time_calls
from ripplemem.config import Settings
from ripplemem.providers.embed.base import Embedder
from ripplemem.store import open_store
from ripplemem.types import Scope, Turn

SESSION = "default"
LOG_BATCH = 5000


def _log(url: str, scope: Scope, turns: int, seed: int, embedder: Embedder) -> float:
    """Log ``turns`` done turns in one session, as earlier adds would have left them; seconds."""
    rng = random.Random(seed)
    store = open_store(url, Settings(db=url))
    try:
        store.set_meta("embedder", embedder.name)
        store.set_meta("embedding_dim", str(embedder.dim))
        start = time.perf_counter()
        written = 0
        while written < turns:
            batch: list[Turn] = []
            while len(batch) < min(LOG_BATCH, turns - written):
                messages, when = dialogue(rng, written + len(batch), SESSION)
                for k, m in enumerate(messages[: min(LOG_BATCH, turns - written) - len(batch)]):
                    batch.append(Turn(turn_id=f"log{written + len(batch)}", session_id=SESSION, speaker=m["speaker"],
                                      text=m["text"], time=when if k == 0 else None))
            store.log_turns(scope, batch)
            store.mark_turns(scope, [(t.session_id, t.turn_id) for t in batch], "done")
            written += len(batch)
        return time.perf_counter() - start
    finally:
        store.close()


def run_session(
    turns: int, backend: Backend, calls: int, seed: int, embedder: Embedder,
    progress: Callable[[str], None] = lambda _: None,
) -> dict[str, Any]:
    """Time ``calls`` adds and ``calls`` recalls (with their sources) on a session of ``turns`` turns."""
    from ripplemem.memory import Memory

    scope = Scope(f"session-{turns}")
    with backend.target(f"session-{turns}") as url:
        logged_s = _log(url, scope, turns, seed, embedder)
        progress(f"{backend.kind}, one session of {turns} turns: logged in {logged_s:.1f} s")
        timed = TimedEmbedder(embedder)
        memory = Memory.open(settings=Settings(db=url), embedder=timed)
        rng = random.Random(seed + 1)
        try:
            start = time.perf_counter()
            whole = len(memory.store.turns(scope, session_id=SESSION))
            whole_read_s = time.perf_counter() - start

            done = [0]  # warm and timed calls number their turns apart: every add is new turns

            def add(_: int) -> int:
                i = done[0]
                done[0] += 1
                messages, when = dialogue(rng, i, SESSION)
                messages = [{**m, "id": f"add{i}:{k}"} for k, m in enumerate(messages)]
                result = memory.add(messages, user_id=scope.user_id, session_id=SESSION, session_time=when)
                return result.turns_added

            def recall(_: int) -> int:
                ev = memory.recall(question(rng), user_id=scope.user_id, as_of=AS_OF)
                return len(memory.source_turns(ev.sources, user_id=scope.user_id))

            time_calls(2, timed, add)  # warm
            adds = time_calls(calls, timed, add)
            recalls = time_calls(calls, timed, recall)
        finally:
            memory.close()
    return {
        "session_turns": turns, "backend": backend.kind, "log_s": round(logged_s, 2),
        "whole_session_read_ms": round(whole_read_s * 1000, 1), "whole_session_turns": whole,
        "add": adds.summary(), "recall_with_sources": recalls.summary(),
    }  # fmt: skip


def markdown_rows(rows: list[dict[str, Any]]) -> list[str]:
    """The report's table of the one-session runs."""
    if not rows:
        return []
    out = [
        "",
        "| turns in the session | backend | add p50 / p95 (ms) | recall + sources p50 / p95 (ms) | one read of the whole session (ms) |",
        "|---:|---|---:|---:|---:|",
    ]
    for r in rows:
        a, q = r["add"], r["recall_with_sources"]
        out.append(f"| {r['session_turns']:,} | {r['backend']} | {a['p50_ms']} / {a['p95_ms']} | "
                   f"{q['p50_ms']} / {q['p95_ms']} | {r['whole_session_read_ms']} |")
    return out
