"""Serving helpers for the interface tests: a real uvicorn server on 127.0.0.1, the
store URL it serves, and what a test needs to reach it."""

from __future__ import annotations

import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
import uvicorn

from ripplemem import Memory, load_settings
from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.server import uvicorn_config
from ripplemem.providers.embed.base import Embedder
from ripplemem.store import is_postgres_url

ADMIN_KEY = "test-admin-key-0123456789"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running(app: Any, **options: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn on a free port of 127.0.0.1 in a thread; yield its base URL."""
    port = free_port()
    options.setdefault("log_level", "warning")
    server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", port, access_log=False, **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(15)


def open_memory(path: Path | str, embedder: Embedder) -> Memory:
    """A memory over a SQLite file (a path) or any store URL."""
    return Memory.open(settings=load_settings({"db": str(path)}, env={}), embedder=embedder)


@dataclass
class Served:
    url: str
    memory: Memory
    keys: KeyStore
    alice: str  # a key bound to user "alice"
    bob: str  # a key bound to user "bob"
    store_url: str = ""

    def stored_key_rows(self) -> list[tuple[Any, ...]]:
        """Every row of the API key table, read straight from the database (not through ripplemem)."""
        sql = "SELECT id, user_id, hash, label, created_at, revoked_at FROM ripplemem_api_keys ORDER BY id"
        if is_postgres_url(self.store_url):
            with psycopg.connect(self.store_url) as conn:
                return list(conn.execute(sql).fetchall())
        with closing(sqlite3.connect(self.store_url)) as conn:
            return list(conn.execute(sql).fetchall())

    def client(self, key: str | None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=60)

    def admin(self) -> httpx.Client:
        return self.client(ADMIN_KEY)
