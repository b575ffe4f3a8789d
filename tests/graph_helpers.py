"""Hand-built units and graphs for the pure read/write functions."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np

from ripplemem.types import Edge, MemoryUnit, Scope, TimeSpan

SCOPE = Scope("u1")


def vec(*values: float, dim: int = 8) -> np.ndarray:
    v = np.zeros(dim, dtype=np.float32)
    v[: len(values)] = values
    n = np.linalg.norm(v)
    return v / n if n else v


def day(y: int, m: int, d: int) -> TimeSpan:
    return TimeSpan.day(datetime(y, m, d, tzinfo=UTC))


def unit(uid: str, text: str, v: np.ndarray, *, people: set[str] = frozenset(), places: set[str] = frozenset(),
         time: TimeSpan | None = None, sources: tuple[str, ...] | None = None, **kw: object) -> MemoryUnit:
    return MemoryUnit(uid, SCOPE, text, sources or (f"D1:{uid}",), "s1", vector=v,
                      participants=frozenset(people), locations=frozenset(places), time=time,
                      mentioned_at=datetime(2026, 4, 23, tzinfo=UTC), **kw)  # type: ignore[arg-type]


class Graph:
    """An in-memory graph with the two callables diffusion needs."""

    def __init__(self, units: list[MemoryUnit], edges: list[tuple[str, str, str, float]]) -> None:
        self.units = {u.id: u for u in units}
        self.edges = [Edge(a, b, k, w) for a, b, k, w in edges] + [Edge(b, a, k, w) for a, b, k, w in edges]
        self.asked: list[list[str]] = []

    def neighbours(self, ids: list[str]) -> list[Edge]:
        self.asked.append(list(ids))
        wanted = set(ids)
        return [e for e in self.edges if e.src in wanted]

    def fetch(self, ids: list[str]) -> list[MemoryUnit]:
        return [self.units[i] for i in ids if i in self.units]
