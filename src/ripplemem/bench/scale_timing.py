"""Timing in ``ripplemem bench scale``: wall and CPU time per call, the embedder's share, the
timed ``add()`` / ``recall()`` workload, nearest-rank percentiles."""

from __future__ import annotations

import cProfile
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ripplemem.bench.scale_data import dialogue, question
from ripplemem.providers.embed.base import Embedder


class TimedEmbedder:
    """Wraps an embedder and adds up the time spent embedding (same name and dim)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name = inner.name
        self.dim = inner.dim
        self.max_chars = inner.max_chars
        self.seconds = 0.0

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        start = time.perf_counter()
        try:
            return self.inner.embed(texts)
        finally:
            self.seconds += time.perf_counter() - start


@dataclass
class Samples:
    """Wall times of repeated calls, the share of each spent embedding, and the process's
    CPU time per call (all threads; less sensitive than wall time to other jobs on the machine)."""

    total: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    embed: list[float] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        if not self.total:
            return {"n": 0}
        rest = [t - e for t, e in zip(self.total, self.embed, strict=True)]
        return {
            "n": len(self.total),
            "p50_ms": _ms(statistics.median(self.total)),
            "p95_ms": _ms(percentile(self.total, 95)),
            "mean_ms": _ms(statistics.fmean(self.total)),
            "max_ms": _ms(max(self.total)),
            "embed_p50_ms": _ms(statistics.median(self.embed)),
            "rest_p50_ms": _ms(statistics.median(rest)),
            "rest_p95_ms": _ms(percentile(rest, 95)),
            "cpu_p50_ms": _ms(statistics.median(self.cpu)),
            "cpu_p95_ms": _ms(percentile(self.cpu, 95)),
            "mean_count": round(statistics.fmean(self.counts), 2) if self.counts else None,
        }


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (no interpolation): a value that was actually measured."""
    ordered = sorted(values)
    rank = max(1, int(np.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def loadavg() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


@contextmanager
def profiled(path: Path | None) -> Iterator[None]:
    if path is None:
        yield
        return
    prof = cProfile.Profile()
    prof.enable()
    try:
        yield
    finally:
        prof.disable()
        path.parent.mkdir(parents=True, exist_ok=True)
        prof.dump_stats(str(path))


def time_calls(calls: int, timed: TimedEmbedder, one: Callable[[int], int]) -> Samples:
    """Run ``one(i)`` ``calls`` times; ``one`` returns a count (units written, items)."""
    samples = Samples()
    for i in range(calls):
        before = timed.seconds
        cpu, start = time.process_time(), time.perf_counter()
        count = one(i)
        samples.total.append(time.perf_counter() - start)
        samples.cpu.append(time.process_time() - cpu)
        samples.embed.append(timed.seconds - before)
        samples.counts.append(count)
    return samples


AS_OF = datetime(2024, 1, 15, tzinfo=UTC)


def workload(
    memory: Any, timed: TimedEmbedder, user: str, inserts: int, recalls: int, seed: int, warm: int = 3, run: str = ""
) -> tuple[Samples, Samples]:
    """``warm`` untimed calls, then ``inserts`` timed ``add()`` and ``recalls`` timed ``recall()``.

    Every session is new (its ids carry ``seed``, and ``run`` on a reused store): no call is a
    re-add of stored turns."""
    rng = random.Random(seed)
    done = [0]

    def add(_: int) -> int:
        index = done[0]
        done[0] += 1
        session_id = f"bench-{run}{seed}-{index}"
        messages, when = dialogue(rng, index, session_id)
        result = memory.add(messages, user_id=user, session_id=session_id, session_time=when)
        if result.turns_added != len(messages):
            raise RuntimeError(f"session {session_id} was not new: {result.turns_skipped} turns skipped")
        return sum(1 for e in result.events if e.event in ("ADD", "SUPERSEDE"))

    def recall(_: int) -> int:
        return len(memory.recall(question(rng), user_id=user, as_of=AS_OF).items)

    time_calls(warm, timed, add)
    time_calls(warm, timed, recall)
    return time_calls(inserts, timed, add), time_calls(recalls, timed, recall)
