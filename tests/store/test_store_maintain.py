"""Maintenance's store surface on both backends: cold units out of the hot indexes and back,
``set_states`` leaving the rest of a row alone, batched ``touch``, and schema version 6."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from store_helpers import day, pg_rows, unit, vec

from ripplemem.errors import StoreError
from ripplemem.store import Store, open_store
from ripplemem.store.base import UnitState, WriteBatch
from ripplemem.types import Scope

ALICE = Scope("alice")


def _cold(u, cold: bool = True, pinned: bool = False) -> UnitState:  # type: ignore[no-untyped-def]
    return UnitState(u.id, u.tier, u.importance, pinned, cold)


def _three(store: Store) -> list:  # type: ignore[type-arg]
    units = [
        unit(ALICE, "a", "Ana paints seascapes in Porto", participants=frozenset({"Ana"}),
             locations=frozenset({"Porto"}), time=day(1)),
        unit(ALICE, "b", "Ana runs along the river", participants=frozenset({"Ana"}), time=day(2)),
        unit(ALICE, "c", "Ben bakes bread", participants=frozenset({"Ben"}), time=day(3)),
    ]
    store.apply(ALICE, WriteBatch(add=units))
    return units


def test_a_cold_unit_leaves_the_hot_indexes_and_the_lexical_view_still_finds_it(store: Store) -> None:
    a, _, _ = _three(store)
    assert store.hot_count(ALICE) == 3
    assert store.set_states(ALICE, [_cold(a)]) == 1
    assert store.hot_count(ALICE) == 2
    assert "a" not in [uid for uid, _ in store.dense_search(ALICE, vec("a"), 3)]
    assert "a" not in [uid for uid, _ in store.by_participants(ALICE, ["Ana"], 5)]
    assert "a" not in [uid for uid, _ in store.by_locations(ALICE, ["Porto"], 5)]
    assert "a" not in [uid for uid, _ in store.by_time(ALICE, day(1), 5)]
    assert [uid for uid, _ in store.lexical_search(ALICE, "seascapes", 5)] == ["a"]  # the cold path
    (got,) = store.get_units(ALICE, ["a"])
    assert got.cold and got.vector is not None and float(got.vector @ vec("a")) == pytest.approx(1.0, abs=1e-5)
    assert store.known_names(ALICE)[0] == {"Ana", "Ben"}  # names stay known: nothing is deleted
    # warm again: back in every view
    assert store.set_states(ALICE, [_cold(a, cold=False)]) == 1
    assert store.hot_count(ALICE) == 3
    assert store.dense_search(ALICE, vec("a"), 1)[0][0] == "a"
    assert "a" in [uid for uid, _ in store.by_participants(ALICE, ["Ana"], 5)]
    (got,) = store.get_units(ALICE, ["a"])
    assert not got.cold


def test_set_states_changes_only_its_columns(store: Store) -> None:
    a, _, _ = _three(store)
    merged = a.with_(sources=("t-a", "t-a2"), restatement="Ana paints seascapes and portraits in Porto")
    store.apply(ALICE, WriteBatch(update=[merged]))  # a concurrent add rewrote the row
    store.touch(ALICE, ["a"], times=3)
    store.set_states(ALICE, [UnitState("a", "short", 0.11, True, True)])
    (got,) = store.get_units(ALICE, ["a"])
    assert got.sources == ("t-a", "t-a2") and got.restatement == merged.restatement
    assert (got.tier, got.importance, got.pinned, got.cold) == ("short", 0.11, True, True)
    assert got.access_count == 3
    assert store.set_states(ALICE, [UnitState("nope", "long", 0.5, False, False)]) == 0


def test_an_update_of_a_cold_unit_keeps_it_cold_unless_it_says_otherwise(store: Store) -> None:
    a, _, _ = _three(store)
    store.set_states(ALICE, [_cold(a)])
    (cold,) = store.get_units(ALICE, ["a"])
    store.apply(ALICE, WriteBatch(update=[cold.with_(vector=None, importance=0.2)]))  # no vector: kept
    (still,) = store.get_units(ALICE, ["a"])
    assert still.cold and still.vector is not None and store.hot_count(ALICE) == 2
    store.apply(ALICE, WriteBatch(update=[still.with_(cold=False, vector=None)]))
    assert store.dense_search(ALICE, vec("a"), 1)[0][0] == "a"


def test_touch_counts_a_batch_of_accesses(store: Store) -> None:
    _three(store)
    store.touch(ALICE, ["a", "b"], times=4)
    store.touch(ALICE, ["a"])
    counts = {u.id: u.access_count for u in store.get_units(ALICE, ["a", "b", "c"])}
    assert counts == {"a": 5, "b": 4, "c": 0}


def test_export_and_import_carry_the_cold_flag(store: Store, tmp_path: Path) -> None:
    a, _, _ = _three(store)
    store.set_states(ALICE, [_cold(a)])
    records = list(store.export(ALICE))
    other = open_store(tmp_path / "copy.db")
    try:
        other.import_records(records)
        (got,) = other.get_units(ALICE, ["a"])
        assert got.cold and other.hot_count(ALICE) == 2
        assert [uid for uid, _ in other.lexical_search(ALICE, "seascapes", 5)] == ["a"]
    finally:
        other.close()


def test_sqlite_version_6_migrates_a_version_4_file(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    store = open_store(path)
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "old", vector=vec(1))]))
    store.close()
    with sqlite3.connect(path) as conn:  # the file as version 4 left it
        conn.execute("ALTER TABLE units DROP COLUMN cold_vector")
        conn.execute("DELETE FROM schema_version WHERE version = 6")
    conn.close()
    store = open_store(path)
    try:
        (old,) = store.get_units(ALICE, ["old"])
        assert not old.cold and store.hot_count(ALICE) == 1
        store.set_states(ALICE, [_cold(old)])
        assert store.hot_count(ALICE) == 0 and store.get_units(ALICE, ["old"])[0].cold
    finally:
        store.close()
    with sqlite3.connect(path) as conn:
        assert 6 in [r[0] for r in conn.execute("SELECT version FROM schema_version ORDER BY version")]
    conn.close()


def test_postgres_version_6_migrates_a_version_4_schema(pg_url: str) -> None:
    import psycopg

    store = open_store(pg_url)
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "old", vector=vec(1))]))
    store.close()
    with psycopg.connect(pg_url, autocommit=True) as conn:  # the schema as version 4 left it
        conn.execute("ALTER TABLE ripplemem_units DROP COLUMN cold_vector")
        conn.execute("DELETE FROM ripplemem_schema_version WHERE version = 6")
    store = open_store(pg_url)
    try:
        (old,) = store.get_units(ALICE, ["old"])
        assert not old.cold and store.hot_count(ALICE) == 1
        store.set_states(ALICE, [_cold(old)])
        assert store.hot_count(ALICE) == 0 and store.dense_search(ALICE, vec(1), 1) == []
    finally:
        store.close()
    assert (6,) in pg_rows(pg_url, "SELECT version FROM ripplemem_schema_version")


def test_a_closed_store_refuses_set_states(store: Store) -> None:
    a, _, _ = _three(store)
    store.close()
    with pytest.raises(StoreError):
        store.set_states(ALICE, [_cold(a)])
