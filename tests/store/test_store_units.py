"""Units, edges and history: atomic batches, faithful records, cascading deletes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from store_helpers import T0, day, same_unit, turn, unit, vec

from ripplemem.errors import InputError, NotFoundError, StoreError
from ripplemem.store import Store
from ripplemem.store.base import WriteBatch
from ripplemem.types import Edge, HistoryEntry, Scope

ALICE = Scope("alice", agent_id="a1", run_id="r1")
NOW = datetime(2026, 5, 2, 9, 0, 0, 654321, tzinfo=UTC)


def full_unit(uid: str = "u1"):  # type: ignore[no-untyped-def]
    return unit(
        ALICE,
        uid,
        "Sam recommended Harbor Grill for dinner with Maya on 23 April 2026.",
        sources=("d1:3", "d1:4"),
        session_id="session_1",
        participants=frozenset({"Sam", "Maya"}),
        locations=frozenset({"Harbor Grill"}),
        time=day(22),
        layer="core",
        tier="short",
        importance=0.73,
        facts=("Harbor Grill", "23 April 2026"),
        valid_from=NOW - timedelta(days=3),
        valid_to=NOW,
        mentioned_at=NOW - timedelta(days=9),
        created_at=NOW - timedelta(days=9),
        updated_at=NOW,
        access_count=4,
        last_access=NOW,
        pinned=True,
        concepts=frozenset({"dinner", "Harbor Grill"}),
        role="assistant",
    )


def test_every_field_round_trips(store: Store) -> None:
    u = full_unit()
    store.apply(ALICE, WriteBatch(add=[u]))
    [got] = store.get_units(ALICE, ["u1"])
    assert same_unit(got, u)
    assert got.vector is not None and got.vector.dtype == np.float32
    assert got.created_at is not None and got.created_at.tzinfo is not None
    [listed] = store.list_units(ALICE)
    assert listed == u and listed.vector is None


def test_get_units_follows_the_order_of_ids(store: Store) -> None:
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, f"u{i}") for i in range(5)]))
    assert [u.id for u in store.get_units(ALICE, ["u3", "nope", "u0", "u4"])] == ["u3", "u0", "u4"]
    assert store.count_units(ALICE) == 5


def test_list_units_newest_first_with_paging(store: Store) -> None:
    units = [unit(ALICE, f"u{i}", created_at=T0 + timedelta(hours=i)) for i in range(6)]
    units[2] = units[2].with_(valid_to=T0)
    store.apply(ALICE, WriteBatch(add=units))
    assert [u.id for u in store.list_units(ALICE, limit=3)] == ["u5", "u4", "u3"]
    assert [u.id for u in store.list_units(ALICE, limit=3, offset=3)] == ["u2", "u1", "u0"]
    assert "u2" not in [u.id for u in store.list_units(ALICE, current_only=True)]


def test_update_replaces_the_row_and_its_indexes(store: Store) -> None:
    store.apply(ALICE, WriteBatch(add=[full_unit()]))
    changed = full_unit().with_(
        restatement="Sam now recommends Blue Lantern.",
        sources=("d2:1",),
        participants=frozenset({"Sam"}),
        locations=frozenset({"Blue Lantern"}),
        vector=None,  # keeps the stored vector
    )
    store.apply(ALICE, WriteBatch(update=[changed], history=[HistoryEntry("u1", "UPDATE", NOW, "old", "new")]))
    [got] = store.get_units(ALICE, ["u1"])
    assert got.restatement == "Sam now recommends Blue Lantern."
    assert got.vector is not None and np.allclose(got.vector, full_unit().vector)  # type: ignore[arg-type]
    assert store.lexical_search(ALICE, "Harbor", 5) == []
    assert [i for i, _ in store.lexical_search(ALICE, "lantern", 5)] == ["u1"]
    assert store.by_locations(ALICE, ["Harbor Grill"], 5) == []
    assert store.known_names(ALICE) == ({"Sam"}, {"Blue Lantern"})
    assert [u.id for u in store.units_by_source(ALICE, ["d2:1"])] == ["u1"]
    assert store.units_by_source(ALICE, ["d1:3"]) == []
    assert [h.event for h in store.history(ALICE, "u1")] == ["UPDATE"]


def test_update_of_a_missing_unit_fails_whole_batch(store: Store) -> None:
    with pytest.raises(NotFoundError):
        store.apply(ALICE, WriteBatch(add=[unit(ALICE, "u1")], update=[unit(ALICE, "ghost")]))
    assert store.count_units(ALICE) == 0


def test_edges_both_directions_and_drops(store: Store) -> None:
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, i) for i in "abc"]))
    store.apply(ALICE, WriteBatch(edges=[Edge("a", "b", "semantic", 0.9), Edge("a", "c", "structural", 0.7)]))
    assert {(e.src, e.dst, e.kind) for e in store.edges(ALICE, ["a"])} == {
        ("a", "b", "semantic"),
        ("a", "c", "structural"),
    }
    assert store.edges(ALICE, ["b"]) == [Edge("b", "a", "semantic", 0.9)]
    store.apply(ALICE, WriteBatch(edges=[Edge("b", "a", "semantic", 0.95)], drop_edges=[("c", "a", "structural")]))
    assert store.edges(ALICE, ["a"]) == [Edge("a", "b", "semantic", 0.95)]
    assert store.edges(ALICE, ["c"]) == []


def test_touch_counts_accesses(store: Store) -> None:
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "u1")]))
    store.touch(ALICE, ["u1"])
    store.touch(ALICE, ["u1", "missing"])
    [got] = store.get_units(ALICE, ["u1"])
    assert got.access_count == 2 and got.last_access is not None


def test_unit_from_another_scope_is_refused(store: Store) -> None:
    with pytest.raises(InputError):
        store.apply(ALICE, WriteBatch(add=[unit(Scope("bob"), "u1")]))


@pytest.mark.parametrize(
    "breaking",
    [
        pytest.param(lambda b: b.add.append(unit(ALICE, "u1")), id="duplicate-id"),
        pytest.param(lambda b: b.edges.append(Edge("u2", "ghost", "semantic", 0.9)), id="edge-to-nothing"),
        pytest.param(lambda b: b.history.append(HistoryEntry("u2", "MERGE", NOW)), id="bad-event"),  # type: ignore[arg-type]
        pytest.param(lambda b: b.add.append(unit(ALICE, "u9", vector=vec(1, dim=7))), id="other-dimension"),
    ],
)
def test_a_failing_batch_leaves_nothing_behind(store: Store, breaking) -> None:  # type: ignore[no-untyped-def]
    """A crash inside apply: the parts written before the failure are rolled back."""
    store.log_turns(ALICE, [turn("t1"), turn("t2")])
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "u0", "the lighthouse keeper")]))
    batch = WriteBatch(
        add=[unit(ALICE, "u1", "a zebra crossing"), unit(ALICE, "u2", "zebra stripes")],
        edges=[Edge("u1", "u2", "semantic", 0.9), Edge("u1", "u0", "window", 1.0)],
        history=[HistoryEntry("u1", "ADD", NOW, None, "a zebra crossing")],
        done_turns=[("s1", "t1"), ("s1", "t2")],
    )
    breaking(batch)
    with pytest.raises(StoreError):
        store.apply(ALICE, batch)
    assert store.count_units(ALICE) == 1
    assert store.get_units(ALICE, ["u1", "u2"]) == []
    assert store.lexical_search(ALICE, "zebra", 5) == []
    assert [i for i, _ in store.dense_search(ALICE, vec("u1"), 5)] == ["u0"]
    assert store.edges(ALICE, ["u0", "u1"]) == []
    assert store.history(ALICE, "u1") == []
    assert {t.status for t in store.turns(ALICE)} == {"pending"}
    # and the store still works afterwards
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "u1", "a zebra crossing")], done_turns=[("s1", "t1")]))
    assert [i for i, _ in store.lexical_search(ALICE, "zebra", 5)] == ["u1"]


def test_delete_unit_removes_it_everywhere(store: Store) -> None:
    a = unit(ALICE, "a", "Maya is allergic to seafood", participants=frozenset({"Maya"}), time=day(3))
    b = unit(ALICE, "b", "Harbor Grill serves seafood", locations=frozenset({"Harbor Grill"}))
    store.apply(ALICE, WriteBatch(add=[a, b], edges=[Edge("a", "b", "semantic", 0.9)]))
    store.apply(ALICE, WriteBatch(history=[HistoryEntry("a", "ADD", NOW)]))
    assert [i for i, _ in store.dense_search(ALICE, vec("a"), 5)][0] == "a"
    assert store.delete_unit(ALICE, "a") is True
    assert store.delete_unit(ALICE, "a") is False
    assert store.get_units(ALICE, ["a"]) == []
    assert "a" not in [i for i, _ in store.dense_search(ALICE, vec("a"), 5)]
    assert [i for i, _ in store.lexical_search(ALICE, "seafood allergic", 5)] == ["b"]
    assert store.edges(ALICE, ["a", "b"]) == []
    assert store.history(ALICE, "a") == []
    assert store.units_by_source(ALICE, ["t-a"]) == []
    assert store.by_participants(ALICE, ["maya"], 5) == []
    assert store.by_time(ALICE, day(3), 5) == []
    assert store.known_names(ALICE) == (set(), {"Harbor Grill"})
    assert store.count_units(ALICE) == 1
