"""SQLite specifics: opening, migrations, the ANN cache files, physical deletion, threads."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from store_helpers import turn, unit, vec

from ripplemem.config import Settings
from ripplemem.errors import ConfigError, StoreError
from ripplemem.store import open_store, sqlite_path
from ripplemem.store.base import WriteBatch
from ripplemem.store.sqlite import SQLiteStore
from ripplemem.types import Edge, Scope

ALICE = Scope("alice")
SMALL_ANN = Settings(ann_threshold=40)


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("memory.db", "memory.db"),
        ("/tmp/x/memory.db", "/tmp/x/memory.db"),
        ("sqlite:///tmp/x/memory.db", "/tmp/x/memory.db"),
        ("sqlite:relative.db", "relative.db"),
        ("sqlite://", ":memory:"),
        ("sqlite:///:memory:", ":memory:"),
        ("postgresql://u@h/db", None),
    ],
)
def test_sqlite_urls(url: str, path: str | None) -> None:
    assert sqlite_path(url) == path


def test_open_store_picks_the_backend(tmp_path: Path) -> None:
    with pytest.raises(ConfigError):
        open_store("redis://localhost")
    store = open_store(f"sqlite://{tmp_path}/a/b/memory.db")
    try:
        assert isinstance(store, SQLiteStore)
        assert store.url == f"sqlite://{tmp_path}/a/b/memory.db"
    finally:
        store.close()
    with open_store(":memory:") as mem:  # type: ignore[attr-defined]
        mem.log_turns(ALICE, [turn("t1")])
        mem.apply(ALICE, WriteBatch(add=[unit(ALICE, "u1")]))
        assert mem.dense_search(ALICE, vec("u1"), 1)[0][0] == "u1"
        assert len(list(mem.export())) == 2


def test_pragmas_and_migrations(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    open_store(path).close()
    open_store(path).close()  # reopening applies nothing twice
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(1,), (2,), (3,), (4,), (7,)]
    finally:
        conn.close()
    store = open_store(path)
    try:
        conn = store._conn  # type: ignore[attr-defined]
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert conn.execute("PRAGMA secure_delete").fetchone()[0] == 1
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000
    finally:
        store.close()


def test_version_3_puts_the_span_end_in_the_time_class_index(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    open_store(path).close()
    with sqlite3.connect(path) as conn:  # the file as version 2 left it
        conn.execute("DROP INDEX units_t_class")
        conn.execute("CREATE INDEX units_t_class ON units(scope, t_class, t_start_us) WHERE t_class IS NOT NULL")
        conn.execute("ALTER TABLE units DROP COLUMN concepts")
        conn.execute("ALTER TABLE units DROP COLUMN role")
        conn.execute("DELETE FROM schema_version WHERE version >= 3")
    conn.close()
    open_store(path).close()
    conn = sqlite3.connect(path)
    try:
        columns = [row[2] for row in conn.execute("PRAGMA index_info(units_t_class)")]
        assert columns == ["scope", "t_class", "t_start_us", "t_end_us"]
        assert conn.execute("SELECT max(version) FROM schema_version").fetchone()[0] == 7
    finally:
        conn.close()


def test_version_4_adds_concepts_and_keeps_older_units_readable(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    store = open_store(path)
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "old", vector=vec(1))]))
    store.close()
    with sqlite3.connect(path) as conn:  # the file as version 3 left it
        conn.execute("ALTER TABLE units DROP COLUMN concepts")
        conn.execute("ALTER TABLE units DROP COLUMN role")
        conn.execute("DELETE FROM schema_version WHERE version = 4")
    conn.close()
    store = open_store(path)
    try:
        (old,) = store.get_units(ALICE, ["old"])
        assert old.concepts == frozenset()
        store.apply(ALICE, WriteBatch(add=[unit(ALICE, "new", vector=vec(2)).with_(concepts=frozenset({"seafood", "Red Kite"}))]))
        (new,) = store.get_units(ALICE, ["new"])
        assert new.concepts == {"seafood", "Red Kite"}
    finally:
        store.close()


def _add_many(store: SQLiteStore, n: int, start: int = 0, scope: Scope = ALICE) -> None:
    store.apply(scope, WriteBatch(add=[unit(scope, f"u{i}", vector=vec(i)) for i in range(start, start + n)]))


def test_ann_index_serves_large_scopes_and_is_a_cache(sqlite_factory) -> None:  # type: ignore[no-untyped-def]
    store = sqlite_factory(SMALL_ANN)
    _add_many(store, 30)
    assert store.dense_search(ALICE, vec(3), 1)[0][0] == "u3"
    assert store.vector_index_state(ALICE)["mode"] == "exact"
    _add_many(store, 30, start=30)  # crosses the threshold through the in-memory delta
    assert store.vector_index_state(ALICE) | {"generation": 0} == {
        "mode": "ann",
        "size": 60,
        "generation": 0,
        "dim": 16,
    }
    assert store.dense_search(ALICE, vec(45), 1)[0] == ("u45", pytest.approx(1.0, abs=1e-4))
    store.delete_unit(ALICE, "u45")
    assert "u45" not in [i for i, _ in store.dense_search(ALICE, vec(45), 10)]
    store.close()
    ann, sidecar = store.ann_path(ALICE), store.ann_path(ALICE).with_suffix(".json")
    assert ann.exists() and json.loads(sidecar.read_text())["count"] == 59

    reopened = sqlite_factory(SMALL_ANN)
    stamp = ann.stat().st_mtime_ns
    assert reopened.dense_search(ALICE, vec(7), 1)[0][0] == "u7"
    assert ann.stat().st_mtime_ns == stamp  # restored, not rebuilt
    reopened.close()

    ann.unlink()  # a missing file is rebuilt from the database
    again = sqlite_factory(SMALL_ANN)
    assert again.dense_search(ALICE, vec(8), 1)[0][0] == "u8"
    assert ann.exists()
    again.close()


def test_stale_ann_file_is_rebuilt(sqlite_factory) -> None:  # type: ignore[no-untyped-def]
    store = sqlite_factory(SMALL_ANN)
    _add_many(store, 50)
    store.dense_search(ALICE, vec(1), 1)
    store.close()
    ann = store.ann_path(ALICE)
    old = ann.read_bytes()
    # another writer adds units without touching the ANN file (a crash before close, say)
    other = sqlite_factory(Settings(ann_threshold=10**9))
    _add_many(other, 5, start=50)
    other.close()
    fresh = sqlite_factory(SMALL_ANN)
    assert fresh.dense_search(ALICE, vec(52), 1)[0][0] == "u52"
    assert fresh.vector_index_state(ALICE)["size"] == 55
    ann.with_suffix(".json").write_text("{not json")
    ann.write_bytes(old)
    assert sqlite_factory(SMALL_ANN).dense_search(ALICE, vec(53), 1)[0][0] == "u53"


def test_ann_agrees_with_exact_search(sqlite_factory) -> None:  # type: ignore[no-untyped-def]
    exact = sqlite_factory(Settings(ann_threshold=10**9))
    _add_many(exact, 300)
    queries = [vec(f"q{i}") for i in range(20)]
    truth = [[i for i, _ in exact.dense_search(ALICE, q, 10)] for q in queries]
    exact.close()
    ann = sqlite_factory(Settings(ann_threshold=100))
    got = [[i for i, _ in ann.dense_search(ALICE, q, 10)] for q in queries]
    assert ann.vector_index_state(ALICE)["mode"] == "ann"
    recall = np.mean([len(set(a) & set(b)) / 10 for a, b in zip(truth, got, strict=True)])
    assert recall >= 0.9


def test_vectors_load_in_chunks(sqlite_factory, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from ripplemem.store.sqlite import vectors

    monkeypatch.setattr(vectors, "READ_CHUNK", 7)  # 50 rows in 8 chunks, the last one short
    store = sqlite_factory(Settings(ann_threshold=10**9))
    _add_many(store, 50)
    store.delete_unit(ALICE, "u20")
    store.close()
    store = sqlite_factory(Settings(ann_threshold=10**9))
    queries = [vec(f"q{i}") for i in range(5)]
    matrix = np.stack([vec(i) for i in range(50) if i != 20])
    names = [f"u{i}" for i in range(50) if i != 20]
    for q in queries:
        got = store.dense_search(ALICE, q, 5)
        scores = matrix @ q
        best = np.argsort(-scores)[:5]
        assert [i for i, _ in got] == [names[i] for i in best]
        assert [s for _, s in got] == pytest.approx([float(scores[i]) for i in best], abs=1e-5)
    _add_many(store, 30, start=50)  # more rows than the loaded matrix was sized for
    assert store.dense_search(ALICE, vec(77), 1)[0][0] == "u77"
    assert store.vector_index_state(ALICE)["size"] == 79


def test_vectors_of_two_dimensions_are_refused(sqlite_factory, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from ripplemem.store.sqlite import vectors

    monkeypatch.setattr(vectors, "READ_CHUNK", 4)
    store = sqlite_factory(Settings(ann_threshold=10**9))
    _add_many(store, 10)
    store.close()
    with sqlite3.connect(tmp_path / "memory.db") as conn:  # a file written by some other tool
        conn.execute("UPDATE units SET vector = ? WHERE id = 'u9'", (np.zeros(8, dtype="<f4").tobytes(),))
    store = sqlite_factory(Settings(ann_threshold=10**9))
    with pytest.raises(StoreError, match="several dimensions: \\[8, 16\\]"):
        store.dense_search(ALICE, vec(1), 1)


def test_lexical_view_of_a_large_scope_leaves_common_terms_out(sqlite_factory, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from ripplemem.store.sqlite import search

    store = sqlite_factory()
    texts = {f"u{i:02d}": f"Maya watered the garden on day {i}" for i in range(20)}
    texts["u03"] = "Maya played the violin in the garden"
    texts["u07"] = "Maya tuned the violin and played the violin for hours"
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, uid, text) for uid, text in texts.items()]))
    other = Scope("bob")  # another scope's units must not count or appear
    store.apply(other, WriteBatch(add=[unit(other, f"b{i}", "Bob plays the violin daily") for i in range(8)]))
    exact = store.lexical_search(ALICE, "violin in the garden", 5)
    assert [u for u, _ in exact[:2]] == ["u07", "u03"]  # the whole query ranked by FTS5

    monkeypatch.setattr(search, "SCORE_EVERY", 5)  # "garden" and "maya" are now common
    bounded = store.lexical_search(ALICE, "violin in the garden", 5)
    assert [u for u, _ in bounded[:2]] == ["u07", "u03"]  # the rare term ranks
    assert [u for u, _ in bounded[2:]] == ["u19", "u18", "u17"]  # filled: newest with the common term
    assert bounded[1][1] > bounded[2][1] > 0
    assert [u for u, _ in store.lexical_search(ALICE, "Maya garden", 3)] == ["u19", "u18", "u17"]
    # a term no unit holds leaves the common ones to fill; "violin" is rare in alice's scope
    assert [u for u, _ in store.lexical_search(ALICE, "cello garden", 2)] == ["u19", "u18"]
    assert {u for u, _ in store.lexical_search(ALICE, "violin", 5)} == {"u03", "u07"}


def test_deleted_user_is_gone_from_the_file_bytes(sqlite_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    store = sqlite_factory(Settings(ann_threshold=5))
    secret = "Xylophonequartz"
    victim, other = Scope("victim-7731", agent_id="agentSecret"), Scope("bystander")
    store.log_turns(victim, [turn(f"t{i}", f"my locker code is {secret}{i} at Quasarville") for i in range(30)])
    store.log_turns(other, [turn("t1", "I like plain bread")])
    units = [
        unit(victim, f"u{i}", f"{secret}{i} is the locker code, said at Quasarville",
             participants=frozenset({"Zorblatt"}), locations=frozenset({"Quasarville"}), sources=(f"t{i}",))
        for i in range(30)
    ]  # fmt: skip
    store.apply(victim, WriteBatch(add=units, edges=[Edge("u0", "u1", "semantic", 0.9)]))
    store.apply(other, WriteBatch(add=[unit(other, "b1", "plain bread")]))
    store.dense_search(victim, vec("u1"), 3)  # builds and persists the ANN index
    store.purge()  # checkpoint: the secret is in the main file now
    assert secret.lower().encode() in (tmp_path / "memory.db").read_bytes().lower()
    store.delete_user("victim-7731")
    store.close()
    for path in tmp_path.rglob("*"):
        if path.is_file():
            data = path.read_bytes().lower()
            for needle in (secret.lower(), b"quasarville".decode(), "zorblatt", "victim-7731", "agentsecret"):
                assert needle.encode() not in data, (needle, path.name)
    conn = sqlite3.connect(tmp_path / "memory.db")
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%scope%'"):
            if table.startswith("units_fts"):
                continue
            key_col = "key" if table == "scopes" else "scope"
            assert conn.execute(f"SELECT count(*) FROM {table} WHERE {key_col} = ?", (victim.key,)).fetchone()[0] == 0
    finally:
        conn.close()
    assert [p for p in (tmp_path / "memory.db.ann").iterdir()] == []


def test_background_ann_build_replays_writes_made_meanwhile(sqlite_factory, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from ripplemem.store.sqlite import vectors

    monkeypatch.setattr(vectors, "SYNC_BUILD_BELOW", 10)
    store = sqlite_factory(SMALL_ANN)
    _add_many(store, 30)
    store.dense_search(ALICE, vec(1), 1)
    _add_many(store, 30, start=30)  # crosses the threshold: the build starts on a thread
    assert store.dense_search(ALICE, vec(31), 1)[0][0] == "u31"  # served meanwhile
    _add_many(store, 5, start=60)
    store.delete_unit(ALICE, "u2")
    store.flush_indexes()
    state = store.vector_index_state(ALICE)
    assert (state["mode"], state["size"]) == ("ann", 64)
    assert store.dense_search(ALICE, vec(62), 1)[0][0] == "u62"
    assert "u2" not in [i for i, _ in store.dense_search(ALICE, vec(2), 10)]
    store.close()
    reopened = sqlite_factory(SMALL_ANN)  # the flushed file is current: restored as is
    assert reopened.vector_index_state(ALICE)["size"] == 64
    assert reopened.dense_search(ALICE, vec(64), 1)[0][0] == "u64"
