"""Deleting users, resetting for reindex, statistics, export and import."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from store_helpers import day, same_unit, turn, unit, vec

from ripplemem.errors import InputError, StoreError
from ripplemem.store import Store
from ripplemem.store.base import DeleteReport, WriteBatch
from ripplemem.types import Edge, HistoryEntry, Scope

ALICE = Scope("alice")
ALICE_AGENT = Scope("alice", agent_id="coach", run_id="r7")
BOB = Scope("bob")
NOW = datetime(2026, 5, 2, tzinfo=UTC)


def populate(store: Store, scope: Scope, secret: str = "remember") -> None:
    store.log_turns(scope, [turn("t1", f"I {secret} Harbor Grill", time=NOW), turn("t2", "Maya is allergic")])
    store.apply(
        scope,
        WriteBatch(
            add=[
                unit(scope, "u1", f"{scope.user_id} said {secret} about Harbor Grill", sources=("t1",),
                     participants=frozenset({scope.user_id.title()}), locations=frozenset({"Harbor Grill"}), time=day(1)),
                unit(scope, "u2", "Maya is allergic to seafood", sources=("t2",), participants=frozenset({"Maya"}),
                     layer="core", tier="short"),
            ],
            edges=[Edge("u1", "u2", "semantic", 0.9), Edge("u1", "u2", "window", 1.0)],
            history=[HistoryEntry("u1", "ADD", NOW, None, "x"), HistoryEntry("u2", "ADD", NOW)],
            done_turns=[("s1", "t1"), ("s1", "t2")],
        ),
    )  # fmt: skip


def test_delete_user_removes_every_scope_of_the_user(store: Store) -> None:
    populate(store, ALICE)
    populate(store, ALICE_AGENT)
    populate(store, BOB)
    report = store.delete_user("alice")
    assert report == DeleteReport(units=4, turns=4, edges=4, history=4)
    for scope in (ALICE, ALICE_AGENT):
        assert store.turns(scope) == []
        assert store.list_units(scope) == [] and store.count_units(scope) == 0
        assert store.get_units(scope, ["u1", "u2"]) == []
        assert store.dense_search(scope, vec("u1"), 5) == []
        assert store.lexical_search(scope, "Harbor Grill", 5) == []
        assert store.by_participants(scope, ["maya"], 5) == []
        assert store.by_time(scope, day(1), 5) == []
        assert store.edges(scope, ["u1"]) == [] and store.history(scope, "u1") == []
        assert store.known_names(scope) == (set(), set())
    assert store.scopes() == [BOB]
    assert len(store.get_units(BOB, ["u1", "u2"])) == 2
    assert [i for i, _ in store.lexical_search(BOB, "Harbor Grill", 5)] == ["u1"]
    assert store.delete_user("alice") == DeleteReport()
    assert store.stats()["units"]["total"] == 2


def test_reset_units_keeps_the_log_for_reindex(store: Store) -> None:
    populate(store, ALICE)
    populate(store, BOB)
    store.reset_units(ALICE)
    assert store.count_units(ALICE) == 0 and store.list_units(ALICE) == []
    assert store.edges(ALICE, ["u1"]) == [] and store.history(ALICE, "u1") == []
    assert store.lexical_search(ALICE, "Harbor", 5) == [] and store.dense_search(ALICE, vec("u1"), 5) == []
    assert store.known_names(ALICE) == (set(), set())
    assert [t.status for t in store.turns(ALICE)] == ["pending", "pending"]
    assert store.pending_scopes() == [ALICE]
    assert store.count_units(BOB) == 2
    populate(store, ALICE)  # rebuilding works: same ids, same turns
    assert store.count_units(ALICE) == 2


def test_stats_counts(store: Store) -> None:
    populate(store, ALICE)
    populate(store, BOB)
    store.log_turns(BOB, [turn("t3")])
    store.apply(BOB, WriteBatch(update=[unit(BOB, "u2", "Maya was allergic", sources=("t2",), valid_to=NOW)]))
    stats = store.stats()
    assert stats["scopes"] == 2
    assert stats["turns"] == {"total": 5, "pending": 1, "done": 4, "failed": 0}
    assert stats["units"]["total"] == 4
    assert stats["units"]["by_layer"] == {"core": 1, "episodic": 3, "semantic": 0}
    assert stats["units"]["by_tier"] == {"long": 3, "short": 1}
    assert (stats["units"]["current"], stats["units"]["superseded"]) == (3, 1)
    assert stats["edges"] == {"total": 4, "directed": 8, "by_kind": {"semantic": 2, "window": 2}}
    assert stats["edges"]["directed"] == sum(r["kind"] == "edge" for r in store.export())
    assert stats["history"] == 4
    assert stats["db_bytes"] > 0
    bob = store.stats(BOB)
    assert bob["scopes"] == 1 and bob["turns"]["total"] == 3 and bob["units"]["superseded"] == 1


def test_export_import_round_trip(store_factory, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    from ripplemem.store import open_store

    source = store_factory()
    source.set_meta("embedder", "minilm")
    source.set_meta("embed_dim", "16")
    populate(source, ALICE)
    populate(source, ALICE_AGENT, secret="adore")
    source.touch(ALICE, ["u1"])
    first = list(source.export())
    assert {r["kind"] for r in first} == {"meta", "turn", "unit", "edge", "history"}
    json.dumps(first)  # JSON-able
    target = open_store(tmp_path / "copy.db")
    try:
        counts = target.import_records(json.loads(json.dumps(first)))
        assert counts == {"meta": 2, "turn": 4, "unit": 4, "edge": 8, "history": 4}
        assert list(target.export()) == first
        assert same_unit(target.get_units(ALICE, ["u1"])[0], source.get_units(ALICE, ["u1"])[0])
        assert target.dense_search(ALICE, vec("u2"), 1)[0][0] == "u2"
        assert [i for i, _ in target.lexical_search(ALICE_AGENT, "adore", 3)] == ["u1"]
        again = target.import_records(first)  # idempotent
        assert again["unit"] == 0 and again["turn"] == 0 and list(target.export()) == first
        only = list(source.export(ALICE_AGENT))
        assert {r["scope"]["agent_id"] for r in only if r["kind"] != "meta"} == {"coach"}
    finally:
        target.close()


def test_import_is_one_transaction(store: Store) -> None:
    records = [
        {"kind": "meta", "key": "embedder", "value": "minilm"},
        {
            "kind": "turn",
            "scope": {"user_id": "alice"},
            "turn_id": "t1",
            "session_id": "s",
            "speaker": "A",
            "text": "x",
        },
        {"kind": "mystery"},
    ]
    with pytest.raises(InputError):
        store.import_records(records)
    assert store.get_meta("embedder") is None and store.turns(ALICE) == []
    store.set_meta("embedder", "other")
    with pytest.raises(StoreError):
        store.import_records(records[:1])


def test_meta(store: Store) -> None:
    assert store.get_meta("embedder") is None
    store.set_meta("embedder", "local:minilm")
    store.set_meta("embedder", "local:minilm-v2")
    assert store.get_meta("embedder") == "local:minilm-v2"
