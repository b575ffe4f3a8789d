"""PostgreSQL specifics: opening, migrations, pgvector indexes per dimension, the ANN path,
deletion down to the rows, moving a store between the backends, the API key table."""

from __future__ import annotations

import socket
import sys

import numpy as np
import psycopg
import pytest
from store_helpers import pg_rows, turn, unit, vec

from ripplemem.config import Settings
from ripplemem.errors import ConfigError, StoreError
from ripplemem.interfaces.keys import KeyStore
from ripplemem.store import open_store
from ripplemem.store.base import WriteBatch
from ripplemem.store.postgres import PostgresStore
from ripplemem.store.postgres.schema import MIGRATIONS
from ripplemem.types import Edge, Filters, HistoryEntry, Scope, utcnow

ALICE = Scope("alice")




def test_open_migrates_once_and_records_it(pg_urls) -> None:  # type: ignore[no-untyped-def]
    url = pg_urls()
    for scheme_url in (url, url.replace("postgresql://", "postgres://", 1)):
        store = open_store(scheme_url)
        assert isinstance(store, PostgresStore) and "password" not in store.url
        store.close()
    assert pg_rows(url, "SELECT version FROM ripplemem_schema_version ORDER BY version") == [(v,) for v, _ in MIGRATIONS]
    tables = {r[0] for r in pg_rows(url, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
    assert {"ripplemem_units", "ripplemem_turns", "ripplemem_edges", "ripplemem_history", "ripplemem_meta",
            "ripplemem_scopes", "ripplemem_names"} <= tables  # fmt: skip


def test_version_5_adds_metadata_to_a_version_4_store(pg_urls) -> None:  # type: ignore[no-untyped-def]
    url = pg_urls()
    store = open_store(url)
    store.log_turns(ALICE, [turn("t1")])
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "old", vector=vec(1))]))
    store.close()
    with psycopg.connect(url) as conn:  # the store as version 4 left it
        conn.execute("DROP INDEX ripplemem_units_metadata")
        conn.execute("ALTER TABLE ripplemem_units DROP COLUMN metadata")
        conn.execute("ALTER TABLE ripplemem_turns DROP COLUMN metadata")
        conn.execute("DELETE FROM ripplemem_schema_version WHERE version = 5")
    store = open_store(url)
    try:
        (old,) = store.get_units(ALICE, ["old"])
        assert old.metadata == {} and store.turns(ALICE)[0].metadata == {}
        store.apply(ALICE, WriteBatch(add=[unit(ALICE, "new", vector=vec(2)).with_(metadata={"topic": "food"})]))
        kept = store.list_units(ALICE, filters=Filters(metadata=(("topic", ("food",)),)))
        assert [u.id for u in kept] == ["new"] and kept[0].metadata == {"topic": "food"}
    finally:
        store.close()
    assert pg_rows(url, "SELECT max(version) FROM ripplemem_schema_version") == [(MIGRATIONS[-1][0],)]
    indexes = pg_rows(url, "SELECT indexdef FROM pg_indexes WHERE indexname = 'ripplemem_units_metadata'")
    assert len(indexes) == 1 and "gin" in str(indexes[0][0]) and "jsonb_path_ops" in str(indexes[0][0])


def test_unreachable_server_is_a_store_error_without_the_password() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed once the block ends: nobody listens there
    with pytest.raises(StoreError, match="cannot open the PostgreSQL store") as caught:
        open_store(f"postgresql://user:s3cret-pw@127.0.0.1:{port}/ripplemem?connect_timeout=5")
    assert "s3cret-pw" not in str(caught.value)


def test_missing_driver_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg now raises ImportError
    with pytest.raises(ConfigError, match=r"ripplemem\[postgres\]"):
        open_store("postgresql://user@localhost/db")


def test_each_dimension_gets_its_hnsw_index(pg_urls) -> None:  # type: ignore[no-untyped-def]
    url = pg_urls()
    store = open_store(url)
    try:
        store.set_meta("embedding_dim", "384")  # known before any unit
        bob = Scope("bob")
        store.apply(ALICE, WriteBatch(add=[unit(ALICE, f"a{i}", vector=vec(i)) for i in range(5)]))
        store.apply(bob, WriteBatch(add=[unit(bob, f"b{i}", vector=vec(i, dim=8)) for i in range(5)]))
        assert store.dense_search(bob, vec(3, dim=8), 1)[0][0] == "b3"
        assert store.dense_search(ALICE, vec(3), 1)[0][0] == "a3"
        # a rebuilt scope may change its dimension (re-embedding): the old vectors are gone first
        store.reset_units(ALICE)
        store.apply(ALICE, WriteBatch(add=[unit(ALICE, "a9", vector=vec(9, dim=8))]))
        assert store.dense_search(ALICE, vec(9, dim=8), 1)[0][0] == "a9"
        assert store.integrity_check() == "ok"  # type: ignore[attr-defined]
    finally:
        store.close()
    indexes = {r[0] for r in pg_rows(url, "SELECT indexname FROM pg_indexes WHERE tablename = 'ripplemem_units'")}
    assert {"ripplemem_units_hnsw_384", "ripplemem_units_hnsw_16", "ripplemem_units_hnsw_8"} <= indexes
    valid = pg_rows(url, "SELECT bool_and(indisvalid) FROM pg_index WHERE indexrelid::regclass::text LIKE '%%hnsw%%'")
    assert valid == [(True,)]


def test_ann_path_agrees_with_exact_search(pg_urls) -> None:  # type: ignore[no-untyped-def]
    url = pg_urls()
    exact = open_store(url, Settings(ann_threshold=10**9))
    ann = open_store(url, Settings(ann_threshold=100))
    try:
        exact.apply(ALICE, WriteBatch(add=[unit(ALICE, f"u{i}", vector=vec(i)) for i in range(300)]))
        assert exact.vector_index_state(ALICE)["mode"] == "exact"  # type: ignore[attr-defined]
        assert ann.vector_index_state(ALICE) == {"mode": "ann", "size": 300, "dim": 16}  # type: ignore[attr-defined]
        queries = [vec(f"q{i}") for i in range(20)]
        truth = [[i for i, _ in exact.dense_search(ALICE, q, 10)] for q in queries]
        got = [ann.dense_search(ALICE, q, 10) for q in queries]
        assert all(len(hits) == 10 and [s for _, s in hits] == sorted((s for _, s in hits), reverse=True)
                   for hits in got)  # fmt: skip
        recall = np.mean([len(set(a) & {i for i, _ in b}) / 10 for a, b in zip(truth, got, strict=True)])
        assert recall >= 0.9
        assert ann.dense_search(ALICE, vec(42), 1) == [("u42", pytest.approx(1.0, abs=1e-5))]
    finally:
        exact.close()
        ann.close()


def test_ann_query_walks_the_hnsw_index(pg_urls) -> None:  # type: ignore[no-untyped-def]
    from ripplemem.store.postgres import search
    from ripplemem.store.postgres.driver import register_vector, vector_oid

    url = pg_urls()
    store = open_store(url, Settings(ann_threshold=100))
    try:
        other = Scope("other")
        for scope in (ALICE, other):
            store.apply(scope, WriteBatch(add=[unit(scope, f"u{i}", vector=vec(i)) for i in range(500)]))
        assert store.dense_search(ALICE, vec(7), 3)[0][0] == "u7"
    finally:
        store.close()
    with psycopg.connect(url) as conn:
        register_vector(conn, vector_oid(conn))
        conn.execute("ANALYZE ripplemem_units")
        search.set_ann_search(conn, 10)
        plan = "\n".join(r[0] for r in conn.execute("EXPLAIN " + search.ann_sql(16), (vec(7), ALICE.key, vec(7), 10)))
    assert "ripplemem_units_hnsw_16" in plan, plan


def test_delete_user_leaves_no_row_behind(pg_urls) -> None:  # type: ignore[no-untyped-def]
    url = pg_urls()
    store = open_store(url)
    victim, other = Scope("victim-7731", agent_id="agentSecret"), Scope("bystander")
    try:
        for scope in (victim, other):
            store.log_turns(scope, [turn("t1", "my locker code is Xylophonequartz")])
            store.apply(scope, WriteBatch(
                add=[unit(scope, "u1", "Xylophonequartz is the code", sources=("t1",),
                          participants=frozenset({"Zorblatt"}), locations=frozenset({"Quasarville"})),
                     unit(scope, "u2", "another memory", sources=("t1",))],
                edges=[Edge("u1", "u2", "semantic", 0.9)], history=[HistoryEntry("u1", "ADD", utcnow())],
                done_turns=[("s1", "t1")]))  # fmt: skip
        store.delete_user(victim.user_id)
        tables = [r[0] for r in pg_rows(url, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                                           " AND tablename LIKE 'ripplemem%%' AND tablename <> 'ripplemem_scopes'")]
        for table in tables:
            columns = {r[0] for r in pg_rows(url, "SELECT column_name FROM information_schema.columns"
                                                " WHERE table_schema = current_schema() AND table_name = %s", (table,))}
            if "scope" in columns:
                assert pg_rows(url, f"SELECT count(*) FROM {table} WHERE scope = %s", (victim.key,)) == [(0,)], table
                assert pg_rows(url, f"SELECT count(*) FROM {table} WHERE scope = %s", (other.key,)) != [(0,)], table
        assert pg_rows(url, "SELECT key FROM ripplemem_scopes") == [(other.key,)]
        assert store.integrity_check() == "ok"  # type: ignore[attr-defined]
    finally:
        store.close()


def test_a_store_moves_between_the_backends_unchanged(pg_urls, tmp_path) -> None:  # type: ignore[no-untyped-def]
    sqlite = open_store(tmp_path / "memory.db")
    postgres = open_store(pg_urls())
    back = open_store(tmp_path / "back.db")
    try:
        sqlite.set_meta("embedder", "minilm")
        sqlite.log_turns(ALICE, [turn("t1", "Ünïcode ✓ and 'quotes'"), turn("t2")])
        sqlite.apply(ALICE, WriteBatch(
            add=[unit(ALICE, "é", "Zoë met Ünal at Café Ñ", participants=frozenset({"Zoë", "Ünal"}),
                      locations=frozenset({"Café Ñ"}), sources=("t1",)),
                 unit(ALICE, "Z", "Zed", vector=None), unit(ALICE, "a", "ay")],
            edges=[Edge("é", "Z", "semantic", 0.91), Edge("a", "é", "window", 1.0)],
            history=[HistoryEntry("é", "ADD", utcnow(), None, "x")]))  # fmt: skip
        records = list(sqlite.export())
        postgres.import_records(records)
        assert list(postgres.export()) == records  # same records, same order (byte order of ids)
        back.import_records(postgres.export())
        assert list(back.export()) == records
        assert postgres.known_names(ALICE) == sqlite.known_names(ALICE)
        for store in (sqlite, postgres):
            assert [i for i, _ in store.lexical_search(ALICE, "Café Zoë", 3)] == ["é"]
    finally:
        for store in (sqlite, postgres, back):
            store.close()


def test_api_keys_live_beside_the_store(pg_urls) -> None:  # type: ignore[no-untyped-def]
    url = pg_urls()
    keys = KeyStore(url, admin_key="admin-key-0123456789")
    try:
        info, secret = keys.create("alice", "laptop")
        assert keys.verify(secret) is not None and keys.verify(secret).user_id == "alice"  # type: ignore[union-attr]
        assert keys.verify("rm_not-a-key") is None and keys.verify("admin-key-0123456789").admin  # type: ignore[union-attr]
        assert [k.id for k in keys.list("alice")] == [info.id] and keys.list("bob") == []
        assert keys.revoke(info.id, user_id="bob") is False
        assert keys.revoke(info.id) is True and keys.verify(secret) is None
        assert keys.list()[0].revoked_at is not None
    finally:
        keys.close()
    again = KeyStore(url)  # the table exists already
    try:
        assert len(again.list()) == 1
    finally:
        again.close()
    stored = pg_rows(url, "SELECT hash FROM ripplemem_api_keys")
    assert len(stored) == 1 and secret not in str(stored)
