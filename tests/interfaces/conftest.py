"""Fixtures for the servers: a real uvicorn on 127.0.0.1, a real store (a SQLite file or a
PostgreSQL schema on the session's test server), the real embedder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.server import create_app
from ripplemem.providers.embed.base import Embedder
from serving_helpers import ADMIN_KEY, Served, open_memory, running


@pytest.fixture
def served(store_url: str, embedder: Embedder) -> Iterator[Served]:
    """The REST server over a fresh store with a key for alice and one for bob (both backends)."""
    memory = open_memory(store_url, embedder)
    keys = KeyStore(store_url, admin_key=ADMIN_KEY)
    alice, bob = keys.create("alice")[1], keys.create("bob")[1]
    try:
        with running(create_app(memory, keys, max_body_bytes=64 * 1024)) as url:
            yield Served(url, memory, keys, alice, bob, store_url)
    finally:
        keys.close()
        memory.close()
