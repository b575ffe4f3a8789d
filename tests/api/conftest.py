"""Fixtures for the public API: a real SQLite file and the real default embedder."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ripplemem import Memory, load_settings
from ripplemem.providers.embed import make_embedder
from ripplemem.providers.embed.base import Embedder


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return make_embedder(load_settings(env={}))


MemoryFactory = Callable[..., Memory]


@pytest.fixture
def open_memory(tmp_path: Path, embedder: Embedder) -> Iterator[MemoryFactory]:
    opened: list[Memory] = []

    def factory(name: str = "memory.db", **overrides: Any) -> Memory:
        settings = load_settings({"db": str(tmp_path / name), **overrides}, env={})
        mem = Memory.open(settings=settings, embedder=overrides.pop("embedder", embedder))
        opened.append(mem)
        return mem

    yield factory
    for mem in opened:
        mem.close()


@pytest.fixture
def memory(open_memory: MemoryFactory) -> Memory:
    return open_memory()
