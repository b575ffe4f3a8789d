"""Fixtures for the reliability tests: ``open_memory``, memories over this test's store on each
backend (the store, the embedder and the REST server come from tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ripplemem import Memory, load_settings
from ripplemem.providers.embed.base import Embedder

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
