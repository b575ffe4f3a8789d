"""Shared pytest fixtures: the real embedder, a store on each backend, the REST server over it,
the scripted LLM server and the PostgreSQL test server."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from pathlib import Path

import psycopg
import pytest

from ripplemem import load_settings
from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.server import create_app
from ripplemem.providers.embed import make_embedder
from ripplemem.providers.embed.base import Embedder
from ripplemem.store.postgres.embedded import embedded_server, with_search_path
from ripplemem.store.postgres.schema import EXTENSIONS
from scripted_llm import ScriptedLLM
from serving_helpers import ADMIN_KEY, Served, open_memory, running

PG_URL_ENV = "RIPPLEMEM_TEST_PG_URL"

# the real-model lane runs only under `make test-llm`, which sets LLM_LANE=1
collect_ignore = [] if os.environ.get("LLM_LANE") == "1" else ["llm_lane"]


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    """The real default embedder, loaded once per session."""
    return make_embedder(load_settings(env={}))


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store on each backend: a SQLite file, or a PostgreSQL schema of the test server."""
    if request.param == "postgres":
        return str(request.getfixturevalue("pg_urls")())
    return str(tmp_path / "memory.db")


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


@pytest.fixture
def scripted_llm() -> Iterator[ScriptedLLM]:
    """A real OpenAI-compatible server on 127.0.0.1 answering from a scripted queue."""
    from ripplemem.providers.llm import structured

    structured.forget()  # a port reused by a later server must not inherit what an earlier one refused
    with ScriptedLLM() as server:
        yield server


# -- PostgreSQL ------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def pg_database() -> Iterator[str]:
    """A database with pgvector for this session: ``RIPPLEMEM_TEST_PG_URL`` when given, else
    an embedded server started once. A server that cannot start fails the tests (never skips)."""
    given = os.environ.get(PG_URL_ENV)
    with nullcontext(given) if given else embedded_server("ripplemem_test", unsafe_fast=True) as url:
        with psycopg.connect(url, autocommit=True) as conn:
            present = {r[0] for r in conn.execute("SELECT extname FROM pg_extension")}
            for name in EXTENSIONS:
                if name not in present:
                    conn.execute(f"CREATE EXTENSION IF NOT EXISTS {name} SCHEMA public")
        yield url


PgUrls = Callable[..., str]


@pytest.fixture
def pg_urls(pg_database: str) -> Iterator[PgUrls]:
    """``pg_urls(name)``: the URL of an isolated store for this test (a fresh schema per
    name, the same URL for the same name); every schema is dropped at the end."""
    made: dict[str, str] = {}

    def url_for(name: str = "main") -> str:
        if name not in made:
            made[name] = f"test_{uuid.uuid4().hex[:16]}"
            with psycopg.connect(pg_database, autocommit=True) as conn:
                conn.execute(f"CREATE SCHEMA {made[name]}")
        return with_search_path(pg_database, made[name])

    yield url_for
    if made:
        with psycopg.connect(pg_database, autocommit=True) as conn:
            for schema in made.values():
                conn.execute(f"DROP SCHEMA {schema} CASCADE")
