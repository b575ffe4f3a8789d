"""A writer killed with SIGKILL mid-stream: the file is intact and every reported commit is there."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from ripplemem.store import open_store
from ripplemem.types import Scope

WRITER = textwrap.dedent(
    """
    import sys
    import numpy as np
    from ripplemem.store import open_store
    from ripplemem.store.base import WriteBatch
    from ripplemem.types import Edge, MemoryUnit, Scope, Turn

    store = open_store(sys.argv[1])
    scope = Scope("crash")
    rng = np.random.default_rng(0)
    for i in range(100000):
        store.log_turns(scope, [Turn(f"t{i}", "s1", "Alice", f"turn number {i} about kayaks")])
        vector = rng.standard_normal(16).astype(np.float32)
        unit = MemoryUnit(f"u{i}", scope, f"Alice paddled kayak trip {i}", (f"t{i}",), "s1",
                          vector=vector / np.linalg.norm(vector), participants=frozenset({"Alice"}))
        edges = [Edge(f"u{i}", f"u{i - 1}", "window", 1.0)] if i else []
        store.apply(scope, WriteBatch(add=[unit], edges=edges, done_turns=[("s1", f"t{i}")]))
        print(i, flush=True)
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_during_writes_loses_no_committed_batch(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    child = subprocess.Popen([sys.executable, "-c", WRITER, str(db)], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    reported: list[int] = []
    deadline = time.monotonic() + 20
    while len(reported) < 60 and time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        reported.append(int(line))
    os.kill(child.pid, signal.SIGKILL)
    rest, _ = child.communicate(timeout=10)
    reported += [int(line) for line in rest.splitlines() if line.strip().isdigit()]
    assert child.returncode == -signal.SIGKILL
    assert len(reported) >= 20, "the writer did not get going"

    store = open_store(db)
    try:
        assert store.integrity_check() == "ok"  # type: ignore[attr-defined]
        scope = Scope("crash")
        ids = [f"u{i}" for i in reported]
        assert [u.id for u in store.get_units(scope, ids)] == ids
        done = {t.turn_id for t in store.turns(scope, status="done")}
        assert {f"t{i}" for i in reported} <= done
        assert store.count_units(scope) >= len(reported)
        last = store.get_units(scope, [ids[-1]])[0]
        assert store.dense_search(scope, last.vector, 1)[0][0] == last.id  # type: ignore[arg-type]
        assert store.lexical_search(scope, f"trip {reported[-1]}", 50)
    finally:
        store.close()
