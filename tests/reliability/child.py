"""A child process for the multi-process tests: it opens the store named on its command line
through the public API and works until it is done, stopped or killed.

    python child.py add DB USER CALLS [FIRST]  add calls FIRST.. FIRST+CALLS-1 of 2 turns; print "ACK id id" after each
    python child.py add-kill DB USER FIRST METHOD N WHERE
                                             as add, but kill itself (SIGKILL) right before or after
                                             (WHERE) the N-th call of the store's METHOD
    python child.py reindex DB STOPFILE      reindex until STOPFILE exists; print "HEALED n" at the end

Each ``ACK`` line is printed (and flushed) only after ``add`` returned, so the parent knows
exactly which turns were acknowledged when it killed the child.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from ripplemem import Memory, load_settings

PLACES = ["Lisbon", "Porto", "Madrid", "Oslo", "Vienna", "Prague", "Dublin", "Zurich", "Krakow", "Sevilla"]
THINGS = ["a red bicycle", "an old piano", "a sailing boat", "a tea kettle", "a garden shed", "a reading lamp"]


def messages(call: int) -> list[dict[str, str]]:
    """Two turns, different for every call, that the rules extract memories from."""
    place, thing = PLACES[call % len(PLACES)], THINGS[call % len(THINGS)]
    return [
        {"speaker": "Ana", "id": f"c{call}a", "text": f"I bought {thing} in {place} on trip number {call}."},
        {"speaker": "Ben", "id": f"c{call}b", "text": f"My sister moved to {place} for job number {call} last week."},
    ]


def open_memory(db: str) -> Memory:
    return Memory.open(settings=load_settings({"db": db}, env={}))


def add(db: str, user: str, calls: int, first: int = 0) -> None:
    with open_memory(db) as mem:
        # load the embedder and the extraction models before the parent starts its clock
        mem.add([{"speaker": "Ana", "text": "I warmed up in Lisbon."}], user_id=f"{user}-warm-up", session_id=str(first))
        print("READY", flush=True)
        for call in range(first, first + calls):
            batch = messages(call)
            mem.add(batch, user_id=user, session_id=f"s{call % 3}", session_time="2024-03-10T09:00:00")
            print("ACK", *(m["id"] for m in batch), flush=True)


def kill_at(mem: Memory, method: str, n: int, where: str) -> None:
    """SIGKILL this process right ``before`` or ``after`` the ``n``-th call of ``mem.store.method``."""
    real = getattr(mem.store, method)
    calls = [0]

    @functools.wraps(real)
    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == n and where == "before":
            os.kill(os.getpid(), signal.SIGKILL)
        result = real(*args, **kwargs)
        if calls[0] == n and where == "after":
            os.kill(os.getpid(), signal.SIGKILL)
        return result

    setattr(mem.store, method, counted)


def add_kill(db: str, user: str, first: int, method: str, n: int, where: str) -> None:
    with open_memory(db) as mem:
        mem.add([{"speaker": "Ana", "text": "I warmed up in Lisbon."}], user_id=f"{user}-warm-up", session_id=str(first))
        kill_at(mem, method, n, where)
        print("READY", flush=True)
        for call in range(first, first + 100):
            batch = messages(call)
            mem.add(batch, user_id=user, session_id=f"s{call % 3}", session_time="2024-03-10T09:00:00")
            print("ACK", *(m["id"] for m in batch), flush=True)
    raise SystemExit(f"{method} was not called {n} times")


def reindex(db: str, stop: str) -> None:
    healed = 0
    with open_memory(db) as mem:
        print("READY", flush=True)
        while not Path(stop).exists():
            healed += mem.reindex()["turns"]
            time.sleep(0.002)
        healed += mem.reindex()["turns"]
    print("HEALED", healed, flush=True)


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    if mode == "add":
        add(args[0], args[1], int(args[2]), int(args[3]) if len(args) > 3 else 0)
    elif mode == "add-kill":
        add_kill(args[0], args[1], int(args[2]), args[3], int(args[4]), args[5])
    elif mode == "reindex":
        reindex(args[0], args[1])
    else:
        raise SystemExit(f"unknown mode {mode!r}")
