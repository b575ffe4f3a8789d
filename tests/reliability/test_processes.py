"""Several real processes on one store (a SQLite file, or the PostgreSQL schema): ``reindex``
racing ``add`` stores no memory twice."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

from ripplemem import Memory

CHILD = Path(__file__).with_name("child.py")
CALLS = 30


def start(*args: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, str(CHILD), *args], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "READY"
    return proc


def test_reindex_racing_add_in_another_process_stores_nothing_twice(open_memory, store_url: str,  # type: ignore[no-untyped-def]
                                                                     tmp_path: Path) -> None:
    mem: Memory = open_memory()  # creates the store (and its schema) before the children open it
    stop = tmp_path / "stop"
    healer = start("reindex", store_url, str(stop))
    writer = start("add", store_url, "u1", str(CALLS))
    try:
        out, _ = writer.communicate(timeout=300)
        assert writer.returncode == 0
    finally:
        stop.touch()
        healed_out, _ = healer.communicate(timeout=120)
    assert out.count("ACK") == CALLS and healer.returncode == 0
    healed = int(healed_out.split()[-1])
    mem.reindex()  # nothing should be left, but whatever is, is healed before counting
    stats = mem.stats(user_id="u1")["turns"]
    assert stats.get("done") == 2 * CALLS and not stats.get("pending") and not stats.get("failed")
    units = mem.list(user_id="u1", limit=10_000)
    twice = {k: n for k, n in Counter((u.restatement, u.sources) for u in units).items() if n > 1}
    assert not twice, f"{len(twice)} memories stored twice (the healer took {healed} turns)"
    cited = {s for u in units for s in u.sources}
    assert cited == {f"c{c}{x}" for c in range(CALLS) for x in "ab"}  # every turn became a memory
    assert healed > 0, "the healer never raced the writer: the test proved nothing"
    print(f"\n{CALLS} adds ({2 * CALLS} turns) raced by reindex in another process: the healer took {healed} "
          f"turns, {len(units)} memories, none twice")
