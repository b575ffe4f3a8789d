"""The search views: dense, lexical, participants, locations, time."""

from __future__ import annotations

import math
from datetime import timedelta

import numpy as np
import pytest
from store_helpers import T0, day, unit, vec

from ripplemem.errors import EmbedderMismatchError
from ripplemem.store import Store
from ripplemem.store.base import WriteBatch
from ripplemem.types import Scope, TimeSpan

ALICE = Scope("alice")


def test_dense_search_is_cosine_best_first(store: Store) -> None:
    units = [unit(ALICE, f"u{i}", vector=vec(i)) for i in range(50)]
    store.apply(ALICE, WriteBatch(add=units))
    query = vec(7)
    got = store.dense_search(ALICE, query, 5)
    matrix = np.stack([vec(i) for i in range(50)])
    expected = np.argsort(-(matrix @ query))[:5]
    assert [i for i, _ in got] == [f"u{j}" for j in expected]
    assert got[0] == ("u7", pytest.approx(1.0, abs=1e-5))
    assert all(a[1] >= b[1] for a, b in zip(got, got[1:], strict=False))


def test_dense_search_sees_writes_and_deletes(store: Store) -> None:
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "a", vector=vec(1))]))
    assert [i for i, _ in store.dense_search(ALICE, vec(2), 3)] == ["a"]
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "b", vector=vec(2))]))
    assert store.dense_search(ALICE, vec(2), 1)[0][0] == "b"
    store.apply(ALICE, WriteBatch(update=[unit(ALICE, "a", vector=vec(3))]))
    assert store.dense_search(ALICE, vec(3), 1)[0][0] == "a"
    store.delete_unit(ALICE, "b")
    assert [i for i, _ in store.dense_search(ALICE, vec(2), 3)] == ["a"]


def test_dense_search_edge_cases(store: Store) -> None:
    assert store.dense_search(ALICE, vec(1), 5) == []
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "a"), unit(ALICE, "novec", vector=None)]))
    assert [i for i, _ in store.dense_search(ALICE, vec(1), 5)] == ["a"]
    assert store.dense_search(ALICE, vec(1), 0) == []
    with pytest.raises(EmbedderMismatchError):
        store.dense_search(ALICE, vec(1, dim=8), 5)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "?!.,;:-",
        '"unbalanced',
        "NEAR(a b)",
        "a AND OR NOT",
        "col:umn * ^x",
        "the of and",
        "'; DROP TABLE units; --",
    ],
)
def test_lexical_search_accepts_any_text(store: Store, text: str) -> None:
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "a", "the table near the window")]))
    for hit in store.lexical_search(ALICE, text, 5):
        assert hit[0] == "a" and hit[1] > 0
    assert store.count_units(ALICE) == 1


def test_lexical_search_stems_and_ranks(store: Store) -> None:
    store.apply(
        ALICE,
        WriteBatch(
            add=[
                unit(ALICE, "run", "Melanie went running by the lake and ran a marathon; running is her passion"),
                unit(ALICE, "paint", "Melanie paints sunsets"),
                unit(ALICE, "other", "Caroline adopted a dog"),
                *[unit(ALICE, f"f{i}", f"filler memory number {i}") for i in range(20)],
            ]
        ),
    )
    got = store.lexical_search(ALICE, "Does Melanie run?", 5)
    assert [i for i, _ in got][:2] == ["run", "paint"]
    assert all(score > 0 for _, score in got)
    assert got[0][1] > got[1][1]
    assert [i for i, _ in store.lexical_search(ALICE, "painting", 5)] == ["paint"]
    assert store.lexical_search(ALICE, "marathon", 0) == []


def test_lexical_all_is_a_bounded_and_of_the_words(store: Store) -> None:
    bob = Scope("bob")
    store.apply(
        ALICE,
        WriteBatch(
            add=[
                unit(ALICE, "both", "Odile bought new climbing shoes for the gym"),
                unit(ALICE, "stems", "The shoe she climbs in is worn out"),
                unit(ALICE, "shoes", "Her running shoes are blue"),
                unit(ALICE, "climb", "They went climbing on Sunday"),
                *[unit(ALICE, f"s{i}", f"pair {i} of shoes on the shelf") for i in range(30)],
            ]
        ),
    )
    store.apply(bob, WriteBatch(add=[unit(bob, "bob1", "Bob has climbing shoes too")]))
    assert sorted(store.lexical_all(ALICE, "climbing shoes", 10)) == ["both", "stems"]
    assert store.lexical_all(bob, "Climbing, shoes!", 10) == ["bob1"]
    assert store.lexical_all(ALICE, "climbing shoes", 1)[0] in {"both", "stems"}
    five = store.lexical_all(ALICE, "shoes", 5)
    assert len(five) == 5 and len(set(five)) == 5
    assert set(five) <= {"both", "stems", "shoes", *(f"s{i}" for i in range(30))}
    assert store.lexical_all(ALICE, "shoes", 0) == []
    assert store.lexical_all(ALICE, "violin shoes", 5) == []
    assert store.lexical_all(Scope("nobody"), "shoes", 5) == []
    store.delete_unit(ALICE, "stems")
    assert store.lexical_all(ALICE, "climbing shoes", 10) == ["both"]
    for text in ["", "?!", '"unbalanced', "NEAR(a b)", "a AND OR NOT", "'; DROP TABLE units; --"]:
        assert isinstance(store.lexical_all(ALICE, text, 5), list)
    assert store.count_units(ALICE) == 33


def test_by_participants_counts_matches(store: Store) -> None:
    store.apply(
        ALICE,
        WriteBatch(
            add=[
                unit(ALICE, "both", participants=frozenset({"Sam", "Maya"})),
                unit(ALICE, "sam", participants=frozenset({"Sam"})),
                unit(ALICE, "none"),
                unit(ALICE, "loc", locations=frozenset({"Harbor  Grill"})),
            ]
        ),
    )
    assert store.by_participants(ALICE, ["maya", " SAM "], 5) == [("both", 2.0), ("sam", 1.0)]
    assert store.by_participants(ALICE, ["Sam"], 1) == [("sam", 1.0)]  # ties: newest first
    assert store.by_participants(ALICE, [], 5) == []
    assert store.by_locations(ALICE, ["harbor grill"], 5) == [("loc", 1.0)]
    assert store.known_names(ALICE) == ({"Sam", "Maya"}, {"Harbor Grill"})
    assert store.known_names(ALICE, ["harbor", "sam"]) == ({"Sam"}, {"Harbor Grill"})
    assert store.known_names(ALICE, ["grill", "harb", "sa", "samuel"]) == (set(), set())
    assert store.known_names(ALICE, []) == (set(), set())


def test_by_time_overlapping_first_then_by_gap(store: Store) -> None:
    units = [
        unit(ALICE, "d10", time=day(10)),
        unit(ALICE, "d12", time=day(12)),
        unit(ALICE, "d3", time=day(3)),
        unit(ALICE, "d30", time=day(30)),
        unit(ALICE, "april", time=TimeSpan(T0, T0 + timedelta(days=30))),
        unit(ALICE, "year", time=TimeSpan(T0 - timedelta(days=90), T0 + timedelta(days=275))),
        unit(ALICE, "undated"),
    ]
    store.apply(ALICE, WriteBatch(add=units))
    got = dict(store.by_time(ALICE, day(10), 10))
    assert got["d10"] == got["april"] == got["year"] == 1.0
    assert got["d12"] == pytest.approx(math.exp(-1 / 7))
    assert got["d3"] == pytest.approx(math.exp(-6 / 7))
    assert "undated" not in got
    ranked = [i for i, _ in store.by_time(ALICE, day(10), 10)]
    assert set(ranked[:3]) == {"d10", "april", "year"}
    assert ranked[3:] == ["d12", "d3", "d30"]
    assert [i for i, _ in store.by_time(ALICE, day(200), 2)] == ["year", "d30"]


def test_by_time_is_bounded_by_k(store: Store) -> None:
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, f"d{i}", time=day(i)) for i in range(40)]))
    got = store.by_time(ALICE, day(20), 3)
    assert [i for i, _ in got] == ["d20", "d21", "d19"] or [i for i, _ in got] == ["d20", "d19", "d21"]


def test_name_counts_are_exact_and_follow_deletes(store: Store) -> None:
    store.apply(
        ALICE,
        WriteBatch(add=[unit(ALICE, f"u{i}", participants=frozenset({"Sam"} | ({"Maya"} if i < 2 else set())))
                        for i in range(5)]),
    )
    assert store.name_counts(ALICE, "participant", ["Sam", "maya", "Nobody"]) == {"Sam": 5, "maya": 2, "Nobody": 0}
    store.delete_unit(ALICE, "u0")
    assert store.name_counts(ALICE, "participant", ["Maya"]) == {"Maya": 1}
    assert store.name_counts(ALICE, "location", ["Sam"]) == {"Sam": 0}
