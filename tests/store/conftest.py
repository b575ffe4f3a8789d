"""The store conformance suite runs once per backend through the ``store`` fixture.

Add a backend by adding its name to ``BACKENDS`` and a branch to ``_open``; every test
then runs against it with an id like ``test_x[postgres]``. PostgreSQL runs on the session's
test server (``tests/conftest.py``), one fresh schema per test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ripplemem.config import Settings
from ripplemem.store import Store, open_store
from ripplemem.store.postgres import PostgresStore

BACKENDS = ["sqlite", "postgres"]

StoreFactory = Callable[..., Store]


def _open(backend: str, request: pytest.FixtureRequest, tmp_path: Path, settings: Settings | None) -> Store:
    if backend == "sqlite":
        return open_store(tmp_path / "memory.db", settings)
    if backend == "postgres":
        return open_store(request.getfixturevalue("pg_urls")(), settings)
    raise AssertionError(f"unknown backend {backend}")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def store_factory(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreFactory]:
    """Open (or reopen) the test's store, optionally with other settings; all are closed at the end."""
    opened: list[Store] = []

    def factory(settings: Settings | None = None) -> Store:
        store = _open(backend, request, tmp_path, settings)
        opened.append(store)
        return store

    yield factory
    for store in opened:
        store.close()


@pytest.fixture
def store(store_factory: StoreFactory) -> Store:
    return store_factory()


@pytest.fixture
def sqlite_factory(tmp_path: Path) -> Iterator[Callable[..., Store]]:
    """For the SQLite-only tests (files, ANN cache, file bytes)."""
    opened: list[Store] = []

    def factory(settings: Settings | None = None) -> Store:
        store = open_store(tmp_path / "memory.db", settings)
        opened.append(store)
        return store

    yield factory
    for store in opened:
        store.close()


@pytest.fixture
def pg_url(pg_urls) -> str:  # type: ignore[no-untyped-def]
    """A fresh PostgreSQL store URL (a schema of the session's test server)."""
    return str(pg_urls())


@pytest.fixture
def pg_store(pg_url: str) -> Iterator[PostgresStore]:
    store = open_store(pg_url)
    assert isinstance(store, PostgresStore)
    yield store
    store.close()
