"""Fixtures for the servers: a real uvicorn on 127.0.0.1, a real SQLite file, the real embedder."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from ripplemem import Memory, load_settings
from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.server import create_app, uvicorn_config
from ripplemem.providers.embed import make_embedder
from ripplemem.providers.embed.base import Embedder

ADMIN_KEY = "test-admin-key-0123456789"


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return make_embedder(load_settings(env={}))


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


def open_memory(path: Path, embedder: Embedder) -> Memory:
    return Memory.open(settings=load_settings({"db": str(path)}, env={}), embedder=embedder)


@dataclass
class Served:
    url: str
    memory: Memory
    keys: KeyStore
    alice: str  # a key bound to user "alice"
    bob: str  # a key bound to user "bob"

    def client(self, key: str | None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=60)

    def admin(self) -> httpx.Client:
        return self.client(ADMIN_KEY)


@pytest.fixture
def served(tmp_path: Path, embedder: Embedder) -> Iterator[Served]:
    """The REST server over a fresh store with a key for alice and one for bob."""
    memory = open_memory(tmp_path / "memory.db", embedder)
    keys = KeyStore(str(tmp_path / "memory.db"), admin_key=ADMIN_KEY)
    alice, bob = keys.create("alice")[1], keys.create("bob")[1]
    try:
        with running(create_app(memory, keys, max_body_bytes=64 * 1024)) as url:
            yield Served(url, memory, keys, alice, bob)
    finally:
        keys.close()
        memory.close()
