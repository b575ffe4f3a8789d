"""Fixtures for the reliability tests: a real store on each backend (a SQLite file, or a
schema on the session's PostgreSQL server), the real embedder, and the REST server on
127.0.0.1 with keys for alice, bob and carol."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ripplemem import Memory, load_settings
from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.server import create_app
from ripplemem.providers.embed.base import Embedder
from serving_helpers import ADMIN_KEY, Served, running

MemoryFactory = Callable[..., Memory]


@pytest.fixture
def open_memory(store_url: str, embedder: Embedder) -> Iterator[MemoryFactory]:
    """``open_memory(embedder=..., **settings)``: a memory over this test's store."""
    opened: list[Memory] = []

    def factory(embedder: Embedder = embedder, **overrides: Any) -> Memory:
        mem = Memory.open(settings=load_settings({"db": store_url, **overrides}, env={}), embedder=embedder)
        opened.append(mem)
        return mem

    yield factory
    for mem in opened:
        mem.close()


@pytest.fixture
def served(store_url: str, open_memory: MemoryFactory) -> Iterator[Served]:
    """The REST server over this test's store, with a key for alice and one for bob."""
    memory = open_memory()
    keys = KeyStore(store_url, admin_key=ADMIN_KEY)
    alice, bob = keys.create("alice")[1], keys.create("bob")[1]
    try:
        with running(create_app(memory, keys, max_body_bytes=64 * 1024)) as url:
            yield Served(url, memory, keys, alice, bob, store_url)
    finally:
        keys.close()
