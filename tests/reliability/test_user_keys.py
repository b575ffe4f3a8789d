"""Deleting a user deletes her API keys too: over REST, through ``Memory.delete_user`` and
the CLI, on both backends; on SQLite not a byte of her key rows is left in the files."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import psycopg
from click.testing import CliRunner

from ripplemem import Memory
from ripplemem.interfaces.cli import cli
from ripplemem.interfaces.keys import KeyStore
from ripplemem.store import is_postgres_url
from sample_dialogue import SESSION_1
from serving_helpers import Served, open_memory

ADD = {"messages": SESSION_1, "session_id": "s1", "session_time": "2023-05-08T13:56:00"}


def key_table_exists(store_url: str) -> bool:
    """Read straight from the database, not through ripplemem."""
    if is_postgres_url(store_url):
        with psycopg.connect(store_url) as conn:
            return bool(conn.execute("SELECT to_regclass('ripplemem_api_keys') IS NOT NULL").fetchone()[0])
    with closing(sqlite3.connect(store_url)) as conn:
        return conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'ripplemem_api_keys'").fetchone() is not None


def test_deleting_a_user_over_rest_revokes_her_keys(served: Served) -> None:
    carol_keys = [served.keys.create("carol", label)[1] for label in ("laptop", "phone")]
    with served.client(carol_keys[0]) as carol:
        assert carol.post("/v1/memories", json=ADD).status_code == 201
        assert carol.delete("/v1/users/carol").status_code == 200  # she deletes herself
    for key in carol_keys:
        with served.client(key) as carol:
            response = carol.get("/v1/memories")
            assert response.status_code == 401 and response.json()["error"]["code"] == "unauthorized"
    assert {row[1] for row in served.stored_key_rows()} == {"alice", "bob"}  # the rows are gone, not just revoked
    with served.client(served.bob) as bob:
        assert bob.get("/v1/memories").status_code == 200
    dave = served.keys.create("dave")[1]
    with served.admin() as admin:
        assert admin.delete("/v1/users/dave").status_code == 200
    with served.client(dave) as client:
        assert client.get("/v1/memories").status_code == 401


def test_memory_delete_user_removes_the_keys_beside_the_store(store_url: str, embedder) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory(store_url, embedder)
    try:
        mem.add(SESSION_1, user_id="carol", session_time="2023-05-08T13:56:00")
        assert not key_table_exists(store_url)
        mem.delete_user("carol")  # no key table: none is created
        assert not key_table_exists(store_url)
        keys = KeyStore(store_url)
        try:
            carol, bob = keys.create("carol")[1], keys.create("bob")[1]
            assert keys.verify(carol) is not None
            mem.delete_user("carol")
            assert keys.verify(carol) is None and keys.list("carol") == []
            assert keys.verify(bob) is not None
        finally:
            keys.close()
    finally:
        mem.close()


def test_cli_delete_user_revokes_her_keys(tmp_path: Path) -> None:
    db = str(tmp_path / "memory.db")
    keys = KeyStore(db)
    try:
        carol, bob = keys.create("carol")[1], keys.create("bob")[1]
        result = CliRunner().invoke(cli, ["--db", db, "delete-user", "carol"], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        assert keys.verify(carol) is None and keys.verify(bob) is not None
    finally:
        keys.close()


def test_deleted_user_leaves_no_key_bytes_in_the_sqlite_files(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    """The residue check of ``tests/store/test_store_sqlite.py``, with the key table in the file."""
    db = tmp_path / "memory.db"
    mem: Memory = open_memory(db, embedder)
    keys = KeyStore(str(db))
    try:
        victim = [keys.create("victim-7731", "Zorblattphone") for _ in range(3)]
        keys.create("bystander", "plain")
        mem.add(SESSION_1, user_id="victim-7731", session_time="2023-05-08T13:56:00")
        mem.delete_user("victim-7731")
        assert [k.user_id for k in keys.list()] == ["bystander"]
    finally:
        keys.close()
        mem.close()
    needles = ["victim-7731", "zorblattphone"] + [info.id for info, _ in victim]
    for path in tmp_path.rglob("*"):
        if path.is_file():
            data = path.read_bytes().lower()
            for needle in needles:
                assert needle.encode() not in data, (needle, path.name)
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT user_id FROM ripplemem_api_keys").fetchall() == [("bystander",)]
