"""A child ingesting through the public API is killed with SIGKILL at random moments, and at
each write of an add (right before and right after the turns are logged, and the memories
applied). After each kill the store opens, its integrity check passes and every turn the child
acknowledged is there; the turns a kill left pending become memories through the next adds,
with no ``reindex``; every turn is cited by a memory (the dialogue states a fact in every turn
and no LLM decides, so no turn may end as a duplicate without one); no memory is stored twice."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from ripplemem import Memory, load_settings
from ripplemem.providers.embed.base import Embedder
from ripplemem.types import Scope

CHILD = Path(__file__).with_name("child.py")
SEED = int(os.environ.get("RIPPLEMEM_KILL_SEED", "15"))
KILLS = int(os.environ.get("RIPPLEMEM_KILLS", "0"))  # 0: 20 on SQLite, 6 on PostgreSQL


def kill_loop(db: str, kills: int, rng: random.Random, embedder: Embedder) -> tuple[list[str], int]:
    """Start a child, kill it after a random delay, ``kills`` times; then one child that
    finishes. Returns the acknowledged turn ids and how many calls were sent."""
    acked: list[str] = []
    first = 0
    for n in range(kills + 1):
        calls = 100_000 if n < kills else 3  # a killed child never runs out of work, however fast the machine
        proc = subprocess.Popen([sys.executable, str(CHILD), "add", db, "u1", str(calls), str(first)],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "READY"
        if n < kills:
            time.sleep(rng.uniform(0.05, 1.5))
            proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=300)
        lines = [line.split()[1:] for line in out.splitlines() if line.startswith("ACK")]
        acked += [tid for ids in lines for tid in ids]
        if n == kills:
            assert proc.returncode == 0 and len(lines) == calls
        else:
            assert proc.returncode == -signal.SIGKILL
        first += len(lines) + 1  # the call in flight is sent again by the next child, as a client retries
        check_after_kill(db, acked, embedder)
    return acked, first


def check_after_kill(db: str, acked: list[str], embedder: Embedder) -> None:
    """The store opens, passes its integrity check and holds every acknowledged turn."""
    with Memory.open(settings=load_settings({"db": db}, env={}), embedder=embedder) as mem:
        check = getattr(mem.store, "integrity_check", None)
        if callable(check):
            assert check() == "ok"
        stored = mem.source_turns(acked, user_id="u1") if acked else {}
        assert set(stored) == set(acked), f"lost acknowledged turns: {sorted(set(acked) - set(stored))[:5]}"


def check_healed(mem: Memory, acked: list[str]) -> tuple[int, list[str]]:
    """After the last child: nothing pending or failed, every logged turn cited by a memory,
    no memory twice. Returns how many turns were logged, and those no memory cites."""
    stats = mem.stats(user_id="u1")["turns"]
    assert not stats.get("pending") and not stats.get("failed"), f"left for a manual reindex: {stats}"
    units = mem.list(user_id="u1", limit=100_000)
    cited = {s for u in units for s in u.sources}
    logged = {t.turn_id for t in mem.store.turns(Scope("u1"))}
    assert set(acked) <= logged
    twice = [k for k, n in Counter((u.restatement, u.sources) for u in units).items() if n > 1]
    assert not twice, f"{len(twice)} memories stored twice"
    return len(logged), sorted(logged - cited)


@pytest.mark.parametrize("kills", [20])
def test_sigkill_loop_loses_no_acknowledged_turn_and_heals_itself(open_memory, store_url: str, embedder: Embedder,  # type: ignore[no-untyped-def]
                                                                  kills: int) -> None:
    if not store_url.endswith(".db"):
        kills = 6  # PostgreSQL: fewer kills (the server, not the file, survives them)
    kills = KILLS or kills
    mem: Memory = open_memory()  # creates the store before the children open it
    acked, sent = kill_loop(store_url, kills, random.Random(SEED), embedder)
    print(f"\n{kills} kills, {sent} calls sent, {len(acked)} turns acknowledged, 0 lost; ", end="")
    assert acked, "no call was acknowledged before the kills: the loop proved nothing"
    logged, uncited = check_healed(mem, acked)
    print(f"{logged} turns logged, {len(uncited)} done without a memory citing them")
    assert not uncited, f"logged turns that never became a memory: {uncited[:5]}"


#: (store method, its n-th call in the child's first add, kill right before or after it). With
#: turns left pending by the kill before, an add's first ``apply`` is its healing's.
KILL_POINTS = [("log_turns", 1, "before"), ("log_turns", 1, "after"), ("apply", 1, "before"),
               ("apply", 1, "after"), ("apply", 2, "before"), ("apply", 2, "after"), ("log_turns", 1, "after")]


def test_a_kill_at_each_write_of_an_add_loses_nothing(open_memory, store_url: str, embedder: Embedder) -> None:  # type: ignore[no-untyped-def]
    mem: Memory = open_memory()
    acked: list[str] = []
    first = 0
    for method, n, where in KILL_POINTS:
        proc = subprocess.Popen([sys.executable, str(CHILD), "add-kill", store_url, "u1", str(first), method, str(n), where],
                                stdout=subprocess.PIPE, text=True)
        out, _ = proc.communicate(timeout=300)
        assert proc.returncode == -signal.SIGKILL, f"{method} #{n}: the child was not killed ({out[-200:]})"
        lines = [line.split()[1:] for line in out.splitlines() if line.startswith("ACK")]
        acked += [tid for ids in lines for tid in ids]
        first += len(lines) + 1
        check_after_kill(store_url, acked, embedder)
    last = subprocess.run([sys.executable, str(CHILD), "add", store_url, "u1", "2", str(first)], capture_output=True,
                          text=True, timeout=300)
    assert last.returncode == 0
    acked += [tid for line in last.stdout.splitlines() if line.startswith("ACK") for tid in line.split()[1:]]
    logged, uncited = check_healed(mem, acked)
    print(f"\n{len(KILL_POINTS)} kills at writes: {len(acked)} turns acknowledged, {logged} logged, 0 lost, "
          f"{len(uncited)} without a memory")
    assert not uncited, f"logged turns that never became a memory: {uncited[:5]}"
