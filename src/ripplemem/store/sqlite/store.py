"""The embedded store: one SQLite file (WAL), plus a cache directory for ANN indexes.

One connection, shared by every thread behind a re-entrant lock. Each write is one
``BEGIN IMMEDIATE ... COMMIT`` transaction, rolled back on any exception; driver errors
become :class:`StoreError` at this edge.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ...config import Settings
from ...errors import RippleMemError, StoreError
from ...types import Edge, Filters, HistoryEntry, MemoryUnit, Scope, TimeSpan, Turn, Vector, utcnow
from ..base import DeleteReport, TurnKey, UnitState, WriteBatch
from . import admin, codec, schema, search, writes
from .vectors import VectorDelta, VectorIndex

MEMORY = ":memory:"


class SQLiteStore:
    """A :class:`~ripplemem.store.base.Store` on one SQLite file.

    ``path`` is a file path or ``":memory:"``. ``synchronous`` is SQLite's durability
    level: ``FULL`` (the default) makes every commit survive a power cut, ``NORMAL``
    survives a crashed process only.
    """

    def __init__(self, path: str | Path, settings: Settings | None = None, *, synchronous: str = "FULL") -> None:
        self.settings = settings or Settings()
        self.path = str(path)
        self.url = "sqlite://" + (f"/{MEMORY}" if self.path == MEMORY else str(Path(self.path).resolve()))
        self._lock = threading.RLock()
        self._closed = False
        ann_dir = None if self.path == MEMORY else Path(self.path + ".ann")
        self._vectors = VectorIndex(ann_dir, self.settings.ann_threshold)
        try:
            if self.path != MEMORY:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None, check_same_thread=False)
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"cannot open the SQLite store {self.path}: {exc}") from exc
        try:
            self._configure(synchronous)
        except BaseException:
            self._conn.close()
            raise

    def _configure(self, synchronous: str) -> None:
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise StoreError(f"unknown synchronous level {synchronous!r}")
        try:
            conn = self._conn
            conn.execute("PRAGMA busy_timeout = 10000")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA secure_delete = ON")
            version = schema.migrate(conn)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot prepare the SQLite store {self.path}: {exc}") from exc
        if version > schema.SCHEMA_VERSION:
            raise StoreError(f"{self.path} has schema version {version}; this ripplemem knows {schema.SCHEMA_VERSION}")

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path!r})"

    def __enter__(self) -> SQLiteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- plumbing -------------------------------------------------------------------------

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._closed:
                raise StoreError("the store is closed")
            try:
                yield self._conn
            except sqlite3.Error as exc:
                raise StoreError(f"SQLite read failed: {exc}") from exc

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed on success, rolled back on any error."""
        with self._read() as conn:
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"cannot start a write transaction: {exc}") from exc
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"SQLite write failed, nothing was changed: {exc}") from exc
                raise

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            try:
                self._vectors.flush(self._tags())
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except (sqlite3.Error, RippleMemError):
                pass  # the WAL and the ANN cache are recovered on the next open
            finally:
                self._closed = True
                self._conn.close()

    def _tags(self) -> dict[str, str]:
        return dict(self._conn.execute("SELECT key, tag FROM scopes").fetchall())

    def _tag(self, conn: sqlite3.Connection, scope: Scope) -> str | None:
        row = conn.execute("SELECT tag FROM scopes WHERE key = ?", (scope.key,)).fetchone()
        return None if row is None else str(row[0])

    # -- metadata ---------------------------------------------------------------------------

    def get_meta(self, key: str) -> str | None:
        with self._read() as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        with self._write() as conn:
            conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # -- the raw turn log -------------------------------------------------------------------

    def log_turns(self, scope: Scope, turns: Sequence[Turn]) -> list[Turn]:
        if not turns:
            return []
        with self._write() as conn:
            return writes.insert_turns(conn, scope, turns)

    def turns(self, scope: Scope, *, session_id: str | None = None, status: str | None = None) -> list[Turn]:
        sql = f"SELECT {codec.TURN_COLUMNS} FROM turns WHERE scope = ?"
        args: list[Any] = [scope.key]
        if session_id is not None:
            sql += " AND session_id = ?"
            args.append(session_id)
        if status is not None:
            sql += " AND status = ?"
            args.append(status)
        with self._read() as conn:
            return [codec.turn_from_row(r) for r in conn.execute(sql + " ORDER BY seq, num", args)]

    def session_tail(self, scope: Scope, session_id: str, from_seq: int, before: int) -> list[Turn]:
        where = f"SELECT {codec.TURN_COLUMNS} FROM turns WHERE scope = ? AND session_id = ?"
        with self._read() as conn:
            head = conn.execute(where + " AND seq < ? ORDER BY seq DESC, num DESC LIMIT ?",
                                (scope.key, session_id, from_seq, max(0, before))).fetchall()
            tail = conn.execute(where + " AND seq >= ? ORDER BY seq, num", (scope.key, session_id, from_seq)).fetchall()
        return [codec.turn_from_row(r) for r in [*reversed(head), *tail]]

    def session_speakers(self, scope: Scope, session_id: str) -> list[str]:
        with self._read() as conn:
            # a skip scan of turns_speaker: one seek per distinct speaker, however long the session
            rows = conn.execute(
                """WITH RECURSIVE found(speaker) AS (
                SELECT min(speaker) FROM turns WHERE scope = :scope AND session_id = :session
                UNION ALL
                SELECT (SELECT min(speaker) FROM turns WHERE scope = :scope AND session_id = :session
                        AND speaker > found.speaker)
                FROM found WHERE found.speaker IS NOT NULL)
            SELECT speaker, (SELECT min(seq) FROM turns WHERE scope = :scope AND session_id = :session
                             AND speaker = found.speaker) AS first
            FROM found WHERE speaker IS NOT NULL ORDER BY first""",
                {"scope": scope.key, "session": session_id},
            )
            return [str(r[0]) for r in rows]

    def turns_by_id(self, scope: Scope, turn_ids: Sequence[str]) -> list[Turn]:
        found: list[Turn] = []
        with self._read() as conn:
            for part in writes.chunks(list(dict.fromkeys(turn_ids))):
                found += [codec.turn_from_row(r) for r in conn.execute(
                    f"SELECT {codec.TURN_COLUMNS} FROM turns WHERE scope = ? AND turn_id IN ({','.join('?' * len(part))})",
                    (scope.key, *part),
                )]
        return sorted(found, key=lambda t: t.seq)

    def open_turns(self, scope: Scope, limit: int | None = None) -> list[Turn]:
        # the status index finds the few open turns; without it the planner walks the whole log in seq order
        sql = f"""SELECT {codec.TURN_COLUMNS} FROM turns INDEXED BY turns_status
                  WHERE scope = ? AND status IN ('pending', 'failed') ORDER BY seq, num"""
        args: list[Any] = [scope.key]
        if limit is not None:
            sql, args = sql + " LIMIT ?", [*args, limit]
        with self._read() as conn:
            return [codec.turn_from_row(r) for r in conn.execute(sql, args)]

    def pending_scopes(self) -> list[Scope]:
        with self._read() as conn:
            rows = conn.execute(
                """SELECT s.user_id, s.agent_id, s.run_id FROM scopes s WHERE s.key IN
                   (SELECT DISTINCT scope FROM turns WHERE status IN ('pending', 'failed')) ORDER BY s.key"""
            )
            return [admin.scope_from_row(r) for r in rows]

    def mark_turns(self, scope: Scope, turns: Sequence[TurnKey], status: str) -> None:
        with self._write() as conn:
            writes.set_turn_status(conn, scope, turns, status)

    # -- units, edges, history ----------------------------------------------------------------

    def apply(self, scope: Scope, batch: WriteBatch) -> None:
        writes.check_units(scope, [*batch.add, *batch.update])
        if batch.empty:
            return
        with self._write() as conn:
            delta = writes.apply_batch(conn, scope, batch)
            tag = self._tag(conn, scope)
        self._after_commit(scope, tag, delta)

    def _after_commit(self, scope: Scope, tag: str | None, delta: VectorDelta) -> None:
        with self._lock:
            if tag is None:
                self._vectors.forget(scope.key)
                return
            try:
                self._vectors.apply(scope.key, tag, delta)
            except RippleMemError:
                self._vectors.forget(scope.key)  # the cache reloads from the committed rows

    def get_units(self, scope: Scope, ids: Sequence[str]) -> list[MemoryUnit]:
        found: dict[str, MemoryUnit] = {}
        wanted = list(dict.fromkeys(ids))
        with self._read() as conn:
            for part in writes.chunks(wanted):
                marks = ",".join("?" * len(part))
                sql = f"SELECT {codec.UNIT_COLUMNS_WITH_VECTOR} FROM units WHERE scope = ? AND id IN ({marks})"
                for row in conn.execute(sql, (scope.key, *part)):
                    found[row[0]] = codec.unit_from_row(scope, row)
        return [found[i] for i in ids if i in found]

    def list_units(
        self, scope: Scope, *, limit: int = 100, offset: int = 0, current_only: bool = False,
        filters: Filters | None = None,
    ) -> list[MemoryUnit]:
        where = "scope = ?" + (" AND valid_to_us IS NULL" if current_only else "")
        clause, args = search.filter_sql(filters or Filters())
        sql = (
            f"SELECT {codec.UNIT_COLUMNS} FROM units WHERE {where}{clause} "
            "ORDER BY created_us DESC, num DESC LIMIT ? OFFSET ?"
        )
        with self._read() as conn:
            rows = conn.execute(sql, (scope.key, *args, max(0, limit), max(0, offset))).fetchall()
        return [codec.unit_from_row(scope, r) for r in rows]

    def count_units(self, scope: Scope) -> int:
        with self._read() as conn:
            row = conn.execute("SELECT units_n FROM scopes WHERE key = ?", (scope.key,)).fetchone()
        return 0 if row is None else int(row[0])

    def units_by_source(self, scope: Scope, turn_ids: Sequence[str]) -> list[MemoryUnit]:
        """Units citing any of these turn ids, oldest first, with their vectors."""
        nums: set[int] = set()
        with self._read() as conn:
            for part in writes.chunks(list(dict.fromkeys(turn_ids))):
                marks = ",".join("?" * len(part))
                sql = f"SELECT unit_num FROM unit_sources WHERE scope = ? AND turn_id IN ({marks})"
                nums.update(r[0] for r in conn.execute(sql, (scope.key, *part)))
            rows: list[tuple[Any, ...]] = []
            for nums_part in writes.chunks(sorted(nums)):
                marks = ",".join("?" * len(nums_part))
                sql = f"SELECT {codec.UNIT_COLUMNS_WITH_VECTOR} FROM units WHERE +scope = ? AND num IN ({marks}) ORDER BY num"
                rows.extend(conn.execute(sql, (scope.key, *nums_part)))
        return [codec.unit_from_row(scope, r) for r in rows]

    def history(self, scope: Scope, unit_id: str) -> list[HistoryEntry]:
        sql = f"SELECT {codec.HISTORY_COLUMNS} FROM history WHERE scope = ? AND unit_id = ? ORDER BY at_us, num"
        with self._read() as conn:
            return [codec.history_from_row(r) for r in conn.execute(sql, (scope.key, unit_id))]

    def edges(self, scope: Scope, unit_ids: Sequence[str]) -> list[Edge]:
        """Edges leaving these units, by source in the order given, strongest first."""
        out: list[Edge] = []
        with self._read() as conn:
            for uid in dict.fromkeys(unit_ids):
                rows = conn.execute(
                    "SELECT src, dst, kind, weight FROM edges WHERE scope = ? AND src = ? ORDER BY weight DESC, dst, kind",
                    (scope.key, uid),
                )
                out.extend(codec.edge_from_row(r) for r in rows)
        return out

    def touch(self, scope: Scope, unit_ids: Sequence[str], times: int = 1) -> None:
        now = codec.to_us(utcnow())
        with self._write() as conn:
            for part in writes.chunks(list(dict.fromkeys(unit_ids))):
                conn.execute(
                    f"""UPDATE units SET access_count = access_count + ?, last_access_us = ?
                        WHERE scope = ? AND id IN ({",".join("?" * len(part))})""",
                    (int(times), now, scope.key, *part),
                )

    def set_states(self, scope: Scope, states: Sequence[UnitState]) -> int:
        if not states:
            return 0
        with self._write() as conn:
            delta, found = writes.set_states(conn, scope, states)
            tag = self._tag(conn, scope)
        self._after_commit(scope, tag, delta)
        return found

    def hot_count(self, scope: Scope) -> int:
        with self._read() as conn:
            row = conn.execute("SELECT count(*) FROM units WHERE scope = ? AND vector IS NOT NULL", (scope.key,))
            return int(row.fetchone()[0])

    def delete_unit(self, scope: Scope, unit_id: str) -> bool:
        with self._write() as conn:
            old_gen = writes.vector_gen(conn, scope)
            row = conn.execute(
                "DELETE FROM units WHERE scope = ? AND id = ? RETURNING num", (scope.key, unit_id)
            ).fetchone()
            delta = VectorDelta(old_gen, writes.vector_gen(conn, scope), removes=[int(row[0])] if row else [])
            tag = self._tag(conn, scope)
        self._after_commit(scope, tag, delta)
        return row is not None

    def delete_user(self, user_id: str) -> DeleteReport:
        report = DeleteReport()
        with self._write() as conn:
            scopes = admin.all_scopes(conn, user_id)
            tags = [writes.scope_tag(s) for s in scopes]
            for scope in scopes:
                report = admin.add_reports(report, admin.delete_scope(conn, scope))
        with self._lock:
            for scope, tag in zip(scopes, tags, strict=True):
                self._vectors.forget(scope.key)
                self._vectors.remove_files(tag)
        self.purge()
        return report

    def reset_units(self, scope: Scope) -> None:
        with self._write() as conn:
            admin.reset_scope_units(conn, scope)
        with self._lock:
            self._vectors.forget(scope.key)
            self._vectors.remove_files(writes.scope_tag(scope))

    def scopes(self, user_id: str | None = None) -> list[Scope]:
        with self._read() as conn:
            return admin.all_scopes(conn, user_id)

    # -- extra: maintenance ------------------------------------------------------------------

    def purge(self) -> None:
        """Make deletions physical: merge the FTS index (dropping deleted tokens) and
        truncate the WAL. With ``secure_delete`` the freed pages are already zeroed."""
        with self._write() as conn:
            conn.execute("INSERT INTO units_fts(units_fts) VALUES ('optimize')")
        with self._read() as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()

    def integrity_check(self) -> str:
        """``"ok"`` or SQLite's first complaint (tables, indexes and the FTS index)."""
        with self._read() as conn:
            result = str(conn.execute("PRAGMA integrity_check").fetchone()[0])
            if result == "ok":
                conn.execute("INSERT INTO units_fts(units_fts, rank) VALUES ('integrity-check', 0)")
            return result

    def vector_index_state(self, scope: Scope) -> dict[str, Any]:
        """How the dense view serves this scope: ``{"mode": "exact"|"ann"|"none", "size", ...}``."""
        with self._read() as conn:
            tag = self._tag(conn, scope)
            if tag is None:
                return {"mode": "none", "size": 0, "generation": None}
            return self._vectors.state(conn, scope.key, tag)

    def flush_indexes(self) -> None:
        """Wait for background ANN builds and write every changed ANN index to disk
        (``close`` does this too)."""
        with self._read() as conn:
            self._vectors.flush(dict(conn.execute("SELECT key, tag FROM scopes").fetchall()))

    def ann_path(self, scope: Scope) -> Path | None:
        """Where this scope's ANN index is persisted (it may not exist yet)."""
        ann_dir = self._vectors.ann_dir
        return None if ann_dir is None else ann_dir / f"{writes.scope_tag(scope)}.usearch"

    # -- the search views ----------------------------------------------------------------------

    def dense_search(self, scope: Scope, vector: Vector, k: int) -> list[tuple[str, float]]:
        with self._read() as conn:
            tag = self._tag(conn, scope)
            if tag is None or k <= 0:
                return []
            return self._vectors.search(conn, scope.key, tag, vector, k)

    def lexical_search(self, scope: Scope, text: str, k: int) -> list[tuple[str, float]]:
        with self._read() as conn:
            row = conn.execute("SELECT tag, units_n FROM scopes WHERE key = ?", (scope.key,)).fetchone()
            return [] if row is None else search.lexical(conn, scope.key, row[0], int(row[1]), text, k)

    def lexical_all(self, scope: Scope, text: str, k: int) -> list[str]:
        with self._read() as conn:
            row = conn.execute("SELECT tag FROM scopes WHERE key = ?", (scope.key,)).fetchone()
            return [] if row is None else search.lexical_all(conn, scope.key, row[0], text, k)

    def by_participants(self, scope: Scope, names: Iterable[str], k: int) -> list[tuple[str, float]]:
        with self._read() as conn:
            return search.by_names(conn, "unit_participants", scope.key, names, k)

    def by_locations(self, scope: Scope, names: Iterable[str], k: int) -> list[tuple[str, float]]:
        with self._read() as conn:
            return search.by_names(conn, "unit_locations", scope.key, names, k)

    def by_time(self, scope: Scope, span: TimeSpan, k: int) -> list[tuple[str, float]]:
        with self._read() as conn:
            return search.by_time(conn, scope.key, span, k, self.settings.graph.tau_days)

    def name_counts(self, scope: Scope, kind: str, names: Iterable[str]) -> dict[str, int]:
        with self._read() as conn:
            return search.name_counts(conn, scope.key, kind, names)

    def known_names(self, scope: Scope, first_words: Iterable[str] | None = None) -> tuple[set[str], set[str]]:
        with self._read() as conn:
            return search.known_names(conn, scope.key, first_words)

    # -- statistics and portability ------------------------------------------------------------

    def stats(self, scope: Scope | None = None) -> dict[str, Any]:
        with self._read() as conn:
            result = admin.stats(conn, scope)
        if self.path != MEMORY:
            result["file_bytes"] = sum(
                p.stat().st_size for p in (Path(self.path), Path(self.path + "-wal")) if p.exists()
            )
        return result

    def export(self, scope: Scope | None = None) -> Iterator[dict[str, Any]]:
        """Records from one consistent snapshot (a separate read connection for a file)."""
        if self.path == MEMORY:
            with self._read() as conn:
                scopes = [scope] if scope else admin.all_scopes(conn)
                records = list(admin.export_records(conn, scopes))
            yield from records
            return
        try:
            reader = sqlite3.connect(self.path, timeout=10.0, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open {self.path} for export: {exc}") from exc
        try:
            reader.execute("BEGIN")
            scopes = [scope] if scope else admin.all_scopes(reader)
            yield from admin.export_records(reader, scopes)
            reader.execute("COMMIT")
        except sqlite3.Error as exc:
            raise StoreError(f"export failed: {exc}") from exc
        finally:
            reader.close()

    def import_records(self, records: Iterable[dict[str, Any]]) -> dict[str, int]:
        with self._write() as conn:
            counts, touched = admin.import_records(conn, records)
        with self._lock:
            for key in touched:
                self._vectors.forget(key)
        return counts
