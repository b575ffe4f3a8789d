"""Edges: thresholds, per-node caps, window links; structural scores."""

from __future__ import annotations

from graph_helpers import day, unit, vec
from ripplemem.config import GraphSettings
from ripplemem.types import Edge
from ripplemem.write.link import enforce_caps, link_unit, structural_score, window_edges

GS = GraphSettings()


def test_semantic_edges_respect_threshold_and_cap() -> None:
    base = unit("a", "anchor", vec(1, 0))
    close = [unit(f"c{i}", "close", vec(1, 0.05 * i)) for i in range(10)]
    far = unit("far", "far", vec(0, 1))
    edges = [e for e in link_unit(base, close + [far], GS) if e.kind == "semantic"]
    assert len(edges) == GS.semantic_max
    assert all(e.weight >= GS.semantic_threshold for e in edges)
    assert "far" not in {e.dst for e in edges}
    assert [e.dst for e in edges] == [f"c{i}" for i in range(6)]  # strongest first


def test_structural_score_ignores_common_speakers_and_time_alone() -> None:
    common = frozenset({"caroline"})
    a = unit("a", "x", vec(1), people={"Caroline"}, time=day(2023, 5, 7))
    b = unit("b", "y", vec(0, 1), people={"Caroline"}, time=day(2023, 5, 7))
    assert structural_score(a, b, GS, common) == 0.0  # the conversation's own speaker links nothing
    assert structural_score(a, b, GS) >= GS.structural_threshold  # unless she is not common
    t1 = unit("t1", "x", vec(1), time=day(2023, 5, 7))
    t2 = unit("t2", "y", vec(0, 1), time=day(2023, 5, 7))
    assert structural_score(t1, t2, GS) == 0.0  # time alone links nothing


def test_structural_score_links_a_shared_named_person_across_months() -> None:
    common = frozenset({"maya"})
    gift = unit("g", "Rosa gave Maya a vintage camera", vec(1), people={"Maya", "Rosa"}, time=day(2026, 2, 25))
    move = unit("m", "Rosa is moving to Chile", vec(0, 1), people={"Rosa"}, places={"Chile"})
    assert structural_score(gift, move, GS, common) >= GS.structural_threshold
    far = unit("f", "Rosa and Nina met", vec(0, 1), people={"Rosa", "Nina"}, time=day(2026, 8, 1))
    assert structural_score(gift, far, GS, common) < GS.structural_threshold  # half the people, months apart


def test_structural_edges_capped() -> None:
    a = unit("a", "x", vec(1), people={"Maya"}, places={"Harbor Grill"}, time=day(2026, 4, 23))
    pool = [unit(f"p{i}", "y", vec(0, 1), people={"Maya"}, places={"Harbor Grill"}, time=day(2026, 4, 23 - i % 3))
            for i in range(12)]
    edges = [e for e in link_unit(a, pool, GS) if e.kind == "structural"]
    assert len(edges) == GS.structural_max


def test_window_edges_link_adjacent_turns_only() -> None:
    new = {"n1": [("s1", 5)]}
    known = {"k_same": [("s1", 5)], "k_next": [("s1", 6)], "k_two": [("s1", 7)], "k_far": [("s1", 9)],
             "k_other_session": [("s2", 5)]}
    got = {(e.src, e.dst): e.weight for e in window_edges(new, known)}
    weights = {tuple(sorted(k)): w for k, w in got.items()}
    assert weights[("k_same", "n1")] == 1.0
    assert weights[("k_next", "n1")] == 0.8
    assert weights[("k_two", "n1")] == 0.6
    assert ("k_far", "n1") not in weights and ("k_other_session", "n1") not in weights


def test_enforce_caps_drops_weakest_existing_edge() -> None:
    existing = [Edge("old", f"x{i}", "semantic", 0.8 + i * 0.01) for i in range(6)]
    proposed = [Edge("new", "old", "semantic", 0.95)]
    keep, drop = enforce_caps(proposed, existing, {"semantic": 6})
    assert keep == proposed
    assert drop == [("old", "x0", "semantic")]
    weak = [Edge("new", "old", "semantic", 0.5)]
    keep, drop = enforce_caps(weak, existing, {"semantic": 6})
    assert keep == [] and drop == []
