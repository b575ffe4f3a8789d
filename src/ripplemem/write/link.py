"""Linking: the event-centric graph, built incrementally from bounded candidate pools.

Pure functions over units: the caller gathers a bounded pool for each new unit (20 from the
vector index, 20 from each cue index), so an insert costs the same whatever the store size.

- semantic edge: ``cos(v_i, v_j) >= semantic_threshold``, at most ``semantic_max`` per node;
- structural edge: the per-cue weighted mean of ``J(P)`` and ``J(L)`` over the cues both
  memories carry, raised toward 1 by time compatibility (1 when the spans overlap, else
  ``exp(-gap/tau)``), >= ``structural_threshold``, at most ``structural_max`` per node. Names
  carried by a large share of the scope (its own speakers) are not cues; time alone links
  nothing;
- window edge: units whose source turns are at most two turns apart in one session.
No LLM decides an edge.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

import numpy as np

from ..config import GraphSettings
from ..types import Edge, MemoryUnit


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def _lower(names: frozenset[str]) -> frozenset[str]:
    return frozenset(n.lower() for n in names)


def structural_score(a: MemoryUnit, b: MemoryUnit, gs: GraphSettings, common: frozenset[str] = frozenset()) -> float:
    """Who-and-where overlap, raised by closeness in time; ``common`` names are ignored.

    The weighted mean of ``J(P)`` and ``J(L)`` over the cues both memories carry (a shared
    named person or place is what makes two memories one story, months apart or not); when
    both are dated, time compatibility closes ``w_T`` of the remaining gap. Time alone links
    nothing, nor does a conversation's own speaker.
    """
    parts: list[tuple[float, float]] = []
    pa, pb = _lower(a.participants) - common, _lower(b.participants) - common
    if pa and pb:
        parts.append((gs.weight_participants, jaccard(pa, pb)))
    la, lb = _lower(a.locations), _lower(b.locations)
    if la and lb:
        parts.append((gs.weight_locations, jaccard(la, lb)))
    if not parts or not any(value for _, value in parts):
        return 0.0
    score = sum(w * v for w, v in parts) / sum(w for w, _ in parts)
    if a.time is not None and b.time is not None:
        score += (1.0 - score) * gs.weight_time * a.time.compatibility(b.time, gs.tau_days)
    return score


def link_unit(
    unit: MemoryUnit, pool: Sequence[MemoryUnit], gs: GraphSettings, common: frozenset[str] = frozenset()
) -> list[Edge]:
    """Semantic and structural edges from ``unit`` to the best of ``pool`` (one direction)."""
    others = [u for u in pool if u.id != unit.id]
    edges: list[Edge] = []
    if unit.vector is not None:
        with_vec = [u for u in others if u.vector is not None]
        if with_vec:
            sims = np.stack([u.vector for u in with_vec]) @ unit.vector  # type: ignore[misc]
            order = np.argsort(-sims, kind="stable")
            for i in order[: gs.semantic_max]:
                if sims[i] < gs.semantic_threshold:
                    break
                edges.append(Edge(unit.id, with_vec[i].id, "semantic", round(float(sims[i]), 4)))
    if gs.structural:
        scored = sorted(((structural_score(unit, u, gs, common), u.id) for u in others), key=lambda p: (-p[0], p[1]))
        for score, uid in scored[: gs.structural_max]:
            if score < gs.structural_threshold:
                break
            edges.append(Edge(unit.id, uid, "structural", round(score, 4)))
    return edges


def window_edges(
    new: dict[str, list[tuple[str, int]]], known: dict[str, list[tuple[str, int]]], max_gap: int = 2
) -> list[Edge]:
    """Edges between units whose source turns lie within ``max_gap`` turns in one session.

    ``new`` and ``known`` map unit ids to their source positions ``(session_id, index)``;
    new units are linked to each other and to known ones. Weight: 1 for the same turn,
    then 0.8 and 0.6 as the gap grows.
    """
    everyone = {**known, **new}
    by_slot: dict[tuple[str, int], set[str]] = defaultdict(set)
    for uid, positions in everyone.items():
        for pos in positions:
            by_slot[pos].add(uid)
    best: dict[tuple[str, str], float] = {}
    for uid, positions in new.items():
        for session, index in positions:
            for gap in range(max_gap + 1):
                for other_index in {index - gap, index + gap}:
                    for other in by_slot.get((session, other_index), ()):
                        if other == uid:
                            continue
                        weight = round(1.0 - 0.2 * gap, 4)
                        key = (uid, other) if uid < other else (other, uid)
                        best[key] = max(best.get(key, 0.0), weight)
    return [Edge(a, b, "window", w) for (a, b), w in sorted(best.items())]


def enforce_caps(
    proposed: Iterable[Edge], existing: Iterable[Edge], caps: dict[str, int]
) -> tuple[list[Edge], list[tuple[str, str, str]]]:
    """Keep at most ``caps[kind]`` edges of each capped kind per node, strongest first.

    ``proposed`` are new edges (either direction); ``existing`` are the stored edges of the
    nodes involved (as returned by ``Store.edges``: leaving those nodes). Returns the new
    edges to store and the stored edges to drop as ``(src, dst, kind)``.
    """
    proposed = list(proposed)
    incident: dict[tuple[str, str], dict[str, tuple[float, bool, Edge]]] = defaultdict(dict)
    for edge, is_new in [(e, False) for e in existing] + [(e, True) for e in proposed]:
        if edge.kind not in caps:
            continue
        for node, other in ((edge.src, edge.dst), (edge.dst, edge.src)):
            slot = incident[(node, edge.kind)]
            prev = slot.get(other)
            if prev is None or edge.weight > prev[0]:
                slot[other] = (edge.weight, is_new and (prev is None or prev[1]), edge)
    rejected: set[tuple[str, str, str]] = set()
    for (node, kind), neighbours in incident.items():
        ranked = sorted(neighbours.items(), key=lambda p: (-p[1][0], p[0]))
        for other, _ in ranked[caps[kind] :]:
            rejected.add((min(node, other), max(node, other), kind))
    keep = [e for e in proposed if e.kind not in caps or (min(e.src, e.dst), max(e.src, e.dst), e.kind) not in rejected]
    proposed_keys = {(min(e.src, e.dst), max(e.src, e.dst), e.kind) for e in proposed}
    drop = sorted(k for k in rejected if k not in proposed_keys)
    return keep, drop
