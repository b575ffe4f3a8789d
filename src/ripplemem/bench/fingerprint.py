"""What a store remembers, in a form two runs can be compared by: ``bench same-memories``.

A fingerprint lists every memory of a scope (its text, layer, tier, sources, session,
participants, locations, concepts, facts, time, importance, whether it was closed, its
metadata and whether it is cold or pinned) and
every edge between them, each end named by its memory's position in the sorted list
(ids are read from content now, ``write.pipeline.content_unit_id``, but were random before,
and a version that made them so must still compare). Two ingests of the same turns, one
``add`` per session or through the bulk path, before or after a change of speed, must
give equal fingerprints. A fingerprint reads only the public API, so it can be taken with any version of the
library; :func:`counted_ids` numbers the ids of an earlier version that drew them at random
(all of them, or those of a memory whose content id was taken), so that its ingest is
repeatable too. This version draws none (``write.pipeline.derived_unit_id``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

PAGE = 1000
WEIGHT_DIGITS = 5  # edge weights and importances are rounded: float32 vectors, float64 sums


@contextmanager
def counted_ids() -> Iterator[None]:
    """Random ids (``write.pipeline.new_unit_id`` of an earlier version: a memory whose
    content id was taken, or every memory) numbered in the order they are made; a version
    without random ids runs as it is.

    Edges are capped per memory and ties are broken by id, so with random ids two ingests
    of the same turns keep different, equally strong edges; numbered ids make the choice
    the same whenever the memories are made in the same order.
    """
    from ripplemem.write import pipeline

    saved = getattr(pipeline, "new_unit_id", None)
    if saved is None:
        yield
        return
    counter = itertools.count()
    pipeline.new_unit_id = lambda: f"{next(counter):032x}"  # type: ignore[attr-defined]
    try:
        yield
    finally:
        pipeline.new_unit_id = saved  # type: ignore[attr-defined]


def _memory_key(unit: Any) -> tuple[Any, ...]:
    time = None if unit.time is None else (unit.time.start.isoformat(), unit.time.end.isoformat())
    return (
        unit.session_id, tuple(unit.sources), unit.restatement, unit.layer, unit.tier,
        round(float(unit.importance), WEIGHT_DIGITS), sorted(unit.participants), sorted(unit.locations),
        sorted(unit.concepts), list(unit.facts), time, unit.valid_to is not None,
        # newer fields: a version of the library without them gives their defaults
        json.dumps(dict(getattr(unit, "metadata", {})), sort_keys=True, default=str),
        bool(getattr(unit, "cold", False)), bool(getattr(unit, "pinned", False)),
    )


def _all_units(memory: Any, user_id: str) -> list[Any]:
    units: list[Any] = []
    while True:
        page = memory.list(user_id=user_id, limit=PAGE, offset=len(units))
        units += page
        if len(page) < PAGE:
            return units


def fingerprint(memory: Any, user_id: str) -> dict[str, Any]:
    """The memories and edges of the scope ``user_id`` of an open ``Memory``."""
    units = _all_units(memory, user_id)
    keyed = sorted(((_memory_key(u), u.id) for u in units), key=lambda p: repr(p[0]))
    index = {uid: i for i, (_, uid) in enumerate(keyed)}
    edges: set[tuple[int, int, str, float]] = set()
    for _, uid in keyed:
        for edge, _unit in memory.neighbours(uid, user_id=user_id):
            if edge.src not in index or edge.dst not in index:
                continue
            a, b = index[edge.src], index[edge.dst]
            if edge.kind != "supersedes":
                a, b = min(a, b), max(a, b)
            edges.add((a, b, edge.kind, round(float(edge.weight), WEIGHT_DIGITS)))
    return {
        "memories": [list(_jsonable(k)) for k, _ in keyed],
        "edges": [list(e) for e in sorted(edges)],
    }


def _jsonable(key: Iterable[Any]) -> list[Any]:
    return [list(v) if isinstance(v, tuple) else v for v in key]


def differences(before: dict[str, Any], after: dict[str, Any], limit: int = 10) -> list[str]:
    """Where two fingerprints differ (at most ``limit`` lines); empty when they are equal."""
    out: list[str] = []
    a, b = before["memories"], after["memories"]
    if len(a) != len(b):
        out.append(f"{len(a)} memories before, {len(b)} after")
    a_set, b_set = {repr(m) for m in a}, {repr(m) for m in b}
    out += [f"only before: {m}" for m in sorted(a_set - b_set)[:limit]]
    out += [f"only after: {m}" for m in sorted(b_set - a_set)[:limit]]
    if out:
        return out[:limit]
    ea, eb = {tuple(e) for e in before["edges"]}, {tuple(e) for e in after["edges"]}
    if ea != eb:
        out.append(f"{len(ea)} edges before, {len(eb)} after; {len(ea - eb)} only before, {len(eb - ea)} only after")
        out += [f"edge only before: {e}" for e in sorted(ea - eb)[:limit]]
        out += [f"edge only after: {e}" for e in sorted(eb - ea)[:limit]]
    return out[:limit]
