"""Fixtures for the public API: a real store on each backend (a SQLite file, or a schema on
the session's PostgreSQL server) and the real default embedder.

``memory`` and ``open_memory`` run every test that uses them once per backend, with ids
like ``test_x[postgres]``; SQLite-only tests open their files themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ripplemem import Memory, load_settings
from ripplemem.providers.embed.base import Embedder

BACKENDS = ["sqlite", "postgres"]


MemoryFactory = Callable[..., Memory]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def open_memory(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path, embedder: Embedder
) -> Iterator[MemoryFactory]:
    """``open_memory(name, **settings)``: a memory over the store called ``name`` (a file
    in the test's folder, or a PostgreSQL schema of its own); the same name reopens it."""
    opened: list[Memory] = []
    if backend == "postgres":  # set up first, so torn down after the memories close (close writes)
        request.getfixturevalue("pg_urls")

    def db_for(name: str) -> str:
        if backend == "postgres":
            return str(request.getfixturevalue("pg_urls")(name))
        return str(tmp_path / name)

    def factory(name: str = "memory.db", **overrides: Any) -> Memory:
        settings = load_settings({"db": db_for(name), **overrides}, env={})
        mem = Memory.open(settings=settings, embedder=overrides.pop("embedder", embedder))
        opened.append(mem)
        return mem

    yield factory
    for mem in opened:
        mem.close()


@pytest.fixture
def memory(open_memory: MemoryFactory) -> Memory:
    return open_memory()
