"""Durability of add(): a failure mid-way loses nothing; a killed process leaves a consistent file."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from ripplemem import Memory, ProviderError, StoreError
from sample_dialogue import SESSION_1, SESSION_2


class FailingEmbedder:
    """A real embedder wrapper that fails on demand (as a remote embedder does when it is down)."""

    def __init__(self, inner) -> None:  # type: ignore[no-untyped-def]
        self.inner, self.name, self.dim, self.max_chars = inner, inner.name, inner.dim, inner.max_chars
        self.down = False

    def embed(self, texts):  # type: ignore[no-untyped-def]
        if self.down:
            raise ProviderError("embedding service unavailable")
        return self.inner.embed(texts)


def test_failed_extraction_keeps_the_turns_and_reindex_recovers(open_memory, embedder) -> None:  # type: ignore[no-untyped-def]
    flaky = FailingEmbedder(embedder)
    mem: Memory = open_memory(embedder=flaky)
    mem.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00")
    before = mem.stats(user_id="u1")
    flaky.down = True
    with pytest.raises(ProviderError):
        mem.add(SESSION_2, user_id="u1", session_id="s2", session_time="2023-06-09T10:00:00")
    after = mem.stats(user_id="u1")
    assert after["units"] == before["units"]  # no partial units
    assert after["turns"]["failed"] == len(SESSION_2) and after["turns"]["total"] == len(SESSION_1) + len(SESSION_2)
    flaky.down = False
    assert mem.reindex() == {"scopes": 1, "turns": len(SESSION_2)}
    assert mem.stats(user_id="u1")["turns"]["done"] == len(SESSION_1) + len(SESSION_2)
    assert "D2:2" in mem.recall("camping at the beach", user_id="u1").sources


def test_failure_inside_the_transaction_changes_nothing(memory: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    memory.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00")
    before = memory.stats(user_id="u1")
    real_apply = memory.store.apply

    def apply_then_break(scope, batch):  # type: ignore[no-untyped-def]
        broken = batch.add[0].with_(vector=np.zeros(3, dtype=np.float32))  # wrong dimension: the store refuses it
        batch.add = batch.add[1:] + [broken]
        return real_apply(scope, batch)

    monkeypatch.setattr(memory.store, "apply", apply_then_break)
    with pytest.raises(StoreError):
        memory.add(SESSION_2, user_id="u1", session_id="s2", session_time="2023-06-09T10:00:00")
    monkeypatch.undo()
    after = memory.stats(user_id="u1")
    assert after["units"] == before["units"] and after["edges"] == before["edges"]
    assert after["turns"]["failed"] == len(SESSION_2)
    memory.reindex()
    assert memory.stats(user_id="u1")["turns"]["failed"] == 0


CHILD = textwrap.dedent(
    """
    import sys
    from ripplemem import Memory
    mem = Memory.open(sys.argv[1])
    for n in range(1000):
        turns = [{"speaker": "Ana", "text": f"Note {n}: I walked {n} km along the river {n % 7} times.", "id": f"D{n}:1"},
                 {"speaker": "Ben", "text": f"Session {n}: that is {n * 3} km in all, Ana!", "id": f"D{n}:2"}]
        mem.add(turns, user_id="u1", session_id=f"s{n}", session_time="2024-01-01T10:00:00")
        print(n, flush=True)
    """
)


def test_sigkill_while_ingesting_leaves_every_completed_add(tmp_path: Path) -> None:
    db = tmp_path / "killed.db"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(db)], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    done: list[int] = []
    deadline = time.monotonic() + 120
    while len(done) < 4 and time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        done.append(int(line))
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    assert len(done) >= 4, "the child did not get going"
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with Memory.open(str(db)) as mem:
        turns = {t.turn_id: t for t in mem.store.turns(mem.store.scopes()[0])}
        for n in done:
            assert turns[f"D{n}:1"].status == "done" and turns[f"D{n}:2"].status == "done"
        mem.reindex()  # whatever was logged but not finished is extracted now
        assert all(t.status == "done" for t in mem.store.turns(mem.store.scopes()[0]))
