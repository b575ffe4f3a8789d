"""The scale-out store: PostgreSQL with pgvector, through a psycopg 3 connection pool.

Each method borrows one pooled connection for one transaction: committed when the method
returns, rolled back on any exception. Driver errors become :class:`StoreError` at this
edge. Tenancy is enforced in this layer: every statement names the caller's scope. There
are no row-level security policies: the roles that usually own these tables (the owner, a
superuser) bypass RLS unless it is forced, and cross-scope operations (``delete_user``,
``scopes``, export of everything) would need a session-settable escape hatch, so policies
would add a round trip per call without making a boundary the store layer does not already
draw; the isolation property test runs against this store as against SQLite.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ...config import Settings
from ...errors import StoreError
from ...types import Edge, Filters, HistoryEntry, MemoryUnit, Scope, TimeSpan, Turn, Vector, utcnow
from ..base import DeleteReport, TurnKey, UnitState, WriteBatch
from . import admin, schema, search, writes
from .driver import conninfo, make_pool, psycopg_modules, public_url, vector_oid

# the row's write drops its access row (a trigger): its counts are folded into the row first
_SET_STATE = """UPDATE ripplemem_units u SET tier = %s, importance = %s, pinned = %s,
        access_count = coalesce((SELECT a.access_count FROM ripplemem_unit_access a WHERE a.num = u.num), u.access_count),
        last_access = coalesce((SELECT a.last_access FROM ripplemem_unit_access a WHERE a.num = u.num), u.last_access),
        vector = CASE WHEN %s THEN NULL ELSE coalesce(u.vector, u.cold_vector) END,
        cold_vector = CASE WHEN %s THEN coalesce(u.cold_vector, u.vector) ELSE NULL END
    WHERE u.scope = %s AND u.id = %s"""


class PostgresStore:
    """A :class:`~ripplemem.store.base.Store` on a PostgreSQL database with pgvector.

    ``url`` is a libpq URL (``postgresql://user:pass@host:5432/db``; ``postgres://`` and
    ``postgresql+psycopg://`` are accepted). The tables are created in the connection's
    current schema (set ``?options=-csearch_path%3Dmyschema,public`` to choose another).
    """

    def __init__(self, url: str, settings: Settings | None = None, *, pool_size: int = 8) -> None:
        psycopg, _ = psycopg_modules()
        self._driver_error: type[Exception] = psycopg.Error
        self.settings = settings or Settings()
        self.url = public_url(url)
        self._closed = False
        try:
            with psycopg.connect(conninfo(url)) as conn:
                version = schema.migrate(conn)
                oid = vector_oid(conn)
        except psycopg.Error as exc:
            raise StoreError(f"cannot open the PostgreSQL store {self.url}: {exc}") from exc
        if version > schema.SCHEMA_VERSION:
            raise StoreError(f"{self.url} has schema version {version}; this ripplemem knows {schema.SCHEMA_VERSION}")
        self._pool = make_pool(url, oid, max_size=pool_size)

    def __repr__(self) -> str:
        return f"PostgresStore({self.url!r})"

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- plumbing -------------------------------------------------------------------------

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        """One transaction on a pooled connection: committed on success, rolled back on any error."""
        if self._closed:
            raise StoreError("the store is closed")
        try:
            with self._pool.connection() as conn:
                yield conn
        except self._driver_error as exc:
            raise StoreError(f"PostgreSQL failed, nothing was changed: {exc}") from exc

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._pool.close()

    # -- metadata ---------------------------------------------------------------------------

    def get_meta(self, key: str) -> str | None:
        with self._tx() as conn:
            row = conn.execute("SELECT value FROM ripplemem_meta WHERE key = %s", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        with self._tx() as conn:
            conn.execute(
                """INSERT INTO ripplemem_meta (key, value) VALUES (%s, %s)
                   ON CONFLICT (key) DO UPDATE SET value = excluded.value""",
                (key, value),
            )
            if key == "embedding_dim" and value.isdigit() and 0 < int(value) <= 16000:
                schema.ensure_vector_index(conn, int(value))  # the dimension is known before any unit

    # -- the raw turn log -------------------------------------------------------------------

    def log_turns(self, scope: Scope, turns: Sequence[Turn]) -> list[Turn]:
        if not turns:
            return []
        with self._tx() as conn:
            return writes.insert_turns(conn, scope, turns)

    def turns(self, scope: Scope, *, session_id: str | None = None, status: str | None = None) -> list[Turn]:
        sql = f"SELECT {admin.TURN_COLUMNS} FROM ripplemem_turns WHERE scope = %s"
        args: list[Any] = [scope.key]
        if session_id is not None:
            sql += " AND session_id = %s"
            args.append(session_id)
        if status is not None:
            sql += " AND status = %s"
            args.append(status)
        with self._tx() as conn:
            return [admin.turn_from_row(r) for r in conn.execute(sql + " ORDER BY seq, num", args)]

    def session_tail(self, scope: Scope, session_id: str, from_seq: int, before: int) -> list[Turn]:
        where = f"SELECT {admin.TURN_COLUMNS} FROM ripplemem_turns WHERE scope = %s AND session_id = %s"
        with self._tx() as conn:
            head = conn.execute(where + " AND seq < %s ORDER BY seq DESC, num DESC LIMIT %s",
                                (scope.key, session_id, from_seq, max(0, before))).fetchall()
            tail = conn.execute(where + " AND seq >= %s ORDER BY seq, num", (scope.key, session_id, from_seq)).fetchall()
        return [admin.turn_from_row(r) for r in [*reversed(head), *tail]]

    def session_speakers(self, scope: Scope, session_id: str) -> list[str]:
        with self._tx() as conn:
            # a skip scan of ripplemem_turns_speaker: one seek per distinct speaker, however long the session
            rows = conn.execute(
                """WITH RECURSIVE found(speaker) AS (
                SELECT min(speaker) FROM ripplemem_turns WHERE scope = %(scope)s AND session_id = %(session)s
                UNION ALL
                SELECT (SELECT min(speaker) FROM ripplemem_turns WHERE scope = %(scope)s AND session_id = %(session)s
                        AND speaker > found.speaker)
                FROM found WHERE found.speaker IS NOT NULL)
            SELECT speaker, (SELECT min(seq) FROM ripplemem_turns WHERE scope = %(scope)s AND session_id = %(session)s
                             AND speaker = found.speaker) AS first
            FROM found WHERE speaker IS NOT NULL ORDER BY first""",
                {"scope": scope.key, "session": session_id},
            )
            return [str(r[0]) for r in rows]

    def turns_by_id(self, scope: Scope, turn_ids: Sequence[str]) -> list[Turn]:
        wanted = list(dict.fromkeys(turn_ids))
        if not wanted:
            return []
        with self._tx() as conn:
            rows = conn.execute(
                f"""SELECT {admin.TURN_COLUMNS} FROM ripplemem_turns WHERE scope = %s AND turn_id = ANY(%s::text[])
                    ORDER BY seq, num""",
                (scope.key, wanted),
            )
            return [admin.turn_from_row(r) for r in rows]

    def open_turns(self, scope: Scope, limit: int | None = None) -> list[Turn]:
        sql = f"""SELECT {admin.TURN_COLUMNS} FROM ripplemem_turns WHERE scope = %s AND status <> 'done'
                  ORDER BY seq, num"""
        args: list[Any] = [scope.key]
        if limit is not None:
            sql, args = sql + " LIMIT %s", [*args, limit]
        with self._tx() as conn:
            return [admin.turn_from_row(r) for r in conn.execute(sql, args)]

    def pending_scopes(self) -> list[Scope]:
        with self._tx() as conn:
            rows = conn.execute(
                """SELECT s.user_id, s.agent_id, s.run_id FROM ripplemem_scopes s WHERE EXISTS
                   (SELECT 1 FROM ripplemem_turns t WHERE t.scope = s.key AND t.status <> 'done') ORDER BY s.key"""
            )
            return [admin.scope_from_row(r) for r in rows]

    def mark_turns(self, scope: Scope, turns: Sequence[TurnKey], status: str) -> None:
        with self._tx() as conn:
            writes.set_turn_status(conn, scope, turns, status)

    # -- units, edges, history ----------------------------------------------------------------

    def apply(self, scope: Scope, batch: WriteBatch) -> None:
        writes.check_units(scope, [*batch.add, *batch.update])
        if batch.empty:
            return
        with self._tx() as conn:
            writes.apply_batch(conn, scope, batch)

    def get_units(self, scope: Scope, ids: Sequence[str]) -> list[MemoryUnit]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []
        sql = f"SELECT {admin.UNIT_COLUMNS_WITH_VECTOR} FROM {admin.UNITS} WHERE u.scope = %s AND u.id = ANY(%s::text[])"
        with self._tx() as conn, conn.cursor(binary=True) as cur:
            found = {row[0]: admin.unit_from_row(scope, row) for row in cur.execute(sql, (scope.key, wanted))}
        return [found[i] for i in ids if i in found]

    def list_units(
        self, scope: Scope, *, limit: int = 100, offset: int = 0, current_only: bool = False,
        filters: Filters | None = None,
    ) -> list[MemoryUnit]:
        where = "u.scope = %s" + (" AND u.valid_to IS NULL" if current_only else "")
        clause, args = search.filter_sql(filters or Filters())
        sql = (
            f"SELECT {admin.UNIT_COLUMNS} FROM {admin.UNITS} WHERE {where}{clause} "
            "ORDER BY u.created_at DESC NULLS LAST, u.num DESC LIMIT %s OFFSET %s"
        )
        with self._tx() as conn:
            rows = conn.execute(sql, (scope.key, *args, max(0, limit), max(0, offset))).fetchall()
        return [admin.unit_from_row(scope, r) for r in rows]

    def count_units(self, scope: Scope) -> int:
        with self._tx() as conn:
            row = conn.execute("SELECT units_n FROM ripplemem_scopes WHERE key = %s", (scope.key,)).fetchone()
        return 0 if row is None else int(row[0])

    def units_by_source(self, scope: Scope, turn_ids: Sequence[str]) -> list[MemoryUnit]:
        """Units citing any of these turn ids, oldest first, with their vectors."""
        wanted = list(dict.fromkeys(turn_ids))
        if not wanted:
            return []
        sql = (
            f"SELECT {admin.UNIT_COLUMNS_WITH_VECTOR} FROM {admin.UNITS} "
            "WHERE u.scope = %s AND u.sources && %s::text[] ORDER BY u.num"
        )
        with self._tx() as conn, conn.cursor(binary=True) as cur:
            return [admin.unit_from_row(scope, r) for r in cur.execute(sql, (scope.key, wanted))]

    def history(self, scope: Scope, unit_id: str) -> list[HistoryEntry]:
        sql = f"SELECT {admin.HISTORY_COLUMNS} FROM ripplemem_history WHERE scope = %s AND unit_id = %s ORDER BY at, num"
        with self._tx() as conn:
            return [admin.history_from_row(r) for r in conn.execute(sql, (scope.key, unit_id))]

    def edges(self, scope: Scope, unit_ids: Sequence[str]) -> list[Edge]:
        """Edges leaving these units, by source in the order given, strongest first."""
        order = {uid: n for n, uid in enumerate(dict.fromkeys(unit_ids))}
        if not order:
            return []
        with self._tx() as conn:
            rows = conn.execute(
                "SELECT src, dst, kind, weight FROM ripplemem_edges WHERE scope = %s AND src = ANY(%s::text[])",
                (scope.key, list(order)),
            ).fetchall()
        edges = [admin.edge_from_row(r) for r in rows]
        edges.sort(key=lambda e: (order[e.src], -e.weight, e.dst, e.kind))
        return edges

    def touch(self, scope: Scope, unit_ids: Sequence[str], times: int = 1) -> None:
        """Counted beside the units (``ripplemem_unit_access``): the units' rows, and so their
        indexes, are left alone."""
        wanted = list(dict.fromkeys(unit_ids))
        if not wanted:
            return
        with self._tx() as conn:
            conn.execute(
                """INSERT INTO ripplemem_unit_access AS a (num, access_count, last_access)
                   SELECT num, access_count + %s, %s FROM ripplemem_units WHERE scope = %s AND id = ANY(%s::text[])
                   ON CONFLICT (num) DO UPDATE SET access_count = a.access_count + %s, last_access = excluded.last_access""",
                (int(times), utcnow(), scope.key, wanted, int(times)),
            )

    def set_states(self, scope: Scope, states: Sequence[UnitState]) -> int:
        if not states:
            return 0
        found = 0
        with self._tx() as conn, conn.cursor() as cur:
            for st in states:
                cur.execute(_SET_STATE, (st.tier, float(st.importance), bool(st.pinned), st.cold, st.cold, scope.key, st.id))
                found += cur.rowcount
        return found

    def hot_count(self, scope: Scope) -> int:
        with self._tx() as conn:
            row = conn.execute(
                "SELECT count(*) FROM ripplemem_units WHERE scope = %s AND vector IS NOT NULL", (scope.key,)
            ).fetchone()
        return int(row[0])

    def delete_unit(self, scope: Scope, unit_id: str) -> bool:
        with self._tx() as conn:
            row = conn.execute(
                "DELETE FROM ripplemem_units WHERE scope = %s AND id = %s RETURNING num", (scope.key, unit_id)
            ).fetchone()
        return row is not None

    def delete_user(self, user_id: str) -> DeleteReport:
        report = DeleteReport()
        with self._tx() as conn:
            for scope in admin.all_scopes(conn, user_id):
                writes.lock_scope(conn, scope)
                report = admin.add_reports(report, admin.delete_scope(conn, scope))
        return report

    def reset_units(self, scope: Scope) -> None:
        with self._tx() as conn:
            writes.lock_scope(conn, scope)
            admin.reset_scope_units(conn, scope)

    def scopes(self, user_id: str | None = None) -> list[Scope]:
        with self._tx() as conn:
            return admin.all_scopes(conn, user_id)

    # -- extra: maintenance ------------------------------------------------------------------

    def integrity_check(self) -> str:
        """``"ok"`` or the first complaint: unit counts, the name registry and postings, the
        term statistics, edge directions and vector indexes checked against the rows
        (constraints guard the rest)."""
        with self._tx() as conn:
            return admin.integrity_check(conn)

    # -- the search views ----------------------------------------------------------------------

    def dense_search(self, scope: Scope, vector: Vector, k: int) -> list[tuple[str, float]]:
        with self._tx() as conn, conn.cursor(binary=True) as cur:
            return search.dense(cur, scope, vector, k, ann=self._ann(cur, scope))

    def _ann(self, conn: Any, scope: Scope) -> bool:
        row = conn.execute("SELECT units_n FROM ripplemem_scopes WHERE key = %s", (scope.key,)).fetchone()
        return row is not None and int(row[0]) >= self.settings.ann_threshold

    def vector_index_state(self, scope: Scope) -> dict[str, Any]:
        """How the dense view serves this scope: ``{"mode": "exact"|"ann"|"none", "size", "dim"}``."""
        with self._tx() as conn:
            dim = writes.scope_dim(conn, scope)
            if dim is None:
                return {"mode": "none", "size": 0, "dim": None}
            size = conn.execute(
                "SELECT count(*) FROM ripplemem_units WHERE scope = %s AND dim = %s", (scope.key, dim)
            ).fetchone()[0]
            return {"mode": "ann" if self._ann(conn, scope) else "exact", "size": int(size), "dim": dim}

    def lexical_search(self, scope: Scope, text: str, k: int) -> list[tuple[str, float]]:
        with self._tx() as conn:
            return search.lexical(conn, scope, text, k)

    def lexical_all(self, scope: Scope, text: str, k: int) -> list[str]:
        with self._tx() as conn:
            return search.lexical_all(conn, scope, text, k)

    def by_participants(self, scope: Scope, names: Iterable[str], k: int) -> list[tuple[str, float]]:
        with self._tx() as conn:
            return search.by_names(conn, "participant", scope, names, k)

    def by_locations(self, scope: Scope, names: Iterable[str], k: int) -> list[tuple[str, float]]:
        with self._tx() as conn:
            return search.by_names(conn, "location", scope, names, k)

    def by_time(self, scope: Scope, span: TimeSpan, k: int) -> list[tuple[str, float]]:
        with self._tx() as conn:
            return search.by_time(conn, scope, span, k, self.settings.graph.tau_days)

    def name_counts(self, scope: Scope, kind: str, names: Iterable[str]) -> dict[str, int]:
        with self._tx() as conn:
            return search.name_counts(conn, scope, kind, names)

    def known_names(self, scope: Scope, first_words: Iterable[str] | None = None) -> tuple[set[str], set[str]]:
        with self._tx() as conn:
            return search.known_names(conn, scope, first_words)

    # -- statistics and portability ------------------------------------------------------------

    def stats(self, scope: Scope | None = None) -> dict[str, Any]:
        with self._tx() as conn:
            return admin.stats(conn, scope)

    def export(self, scope: Scope | None = None) -> Iterator[dict[str, Any]]:
        """Records from one consistent snapshot (a repeatable-read, read-only transaction)."""
        with self._tx() as conn:
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            scopes = [scope] if scope else admin.all_scopes(conn)
            yield from admin.export_records(conn, scopes)

    def import_records(self, records: Iterable[dict[str, Any]]) -> dict[str, int]:
        with self._tx() as conn:
            return admin.import_records(conn, records)
