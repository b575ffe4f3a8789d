"""What keeps the PostgreSQL store's per-call cost flat as a scope grows (schema version 3):
the name postings behind ``by_participants`` / ``by_locations`` stay equal to a recount
through every kind of write (and the migration backfills them); ``touch()`` counts beside
the units, leaving their rows (and so every index of the table) alone; ``by_time`` walks
bounded index ranges (one per duration class, as SQLite) and still ranks exactly. The
newest-200 bound of a common name is checked on both backends."""

from __future__ import annotations

import dataclasses
import math
import random
from datetime import timedelta

import psycopg
import pytest
from store_helpers import T0, pg_rows, unit

from ripplemem.store import Store, open_store
from ripplemem.store.base import WriteBatch
from ripplemem.store.postgres import PostgresStore
from ripplemem.store.postgres.schema import MIGRATIONS
from ripplemem.store.records import to_us
from ripplemem.store.sqlite.codec import time_class
from ripplemem.types import Scope, TimeSpan

ALICE = Scope("alice")
BOB = Scope("bob")


def _people(scope: Scope) -> list:  # type: ignore[type-arg]
    return [
        unit(scope, "u1", participants=frozenset({"Caroline", "Melanie"}), locations=frozenset({"Paris"})),
        unit(scope, "u2", participants=frozenset({"caroline"})),  # the same key as "Caroline"
        unit(scope, "u3", participants=frozenset({"Melanie", "Sam"}), locations=frozenset({"Lake Tahoe", "Paris"})),
        unit(scope, "u4"),
        unit(scope, "u5", locations=frozenset({"Paris", " paris "})),  # two displays, one key
    ]




# -- the name postings -------------------------------------------------------------------

_STORED = "SELECT scope, kind, name, num FROM ripplemem_unit_names ORDER BY 1, 2, 3, 4"
_RECOUNT = """SELECT DISTINCT u.scope, 'participant', k.name, u.num FROM ripplemem_units u, unnest(u.participant_keys) k(name)
              UNION SELECT DISTINCT u.scope, 'location', k.name, u.num FROM ripplemem_units u, unnest(u.location_keys) k(name)
              ORDER BY 1, 2, 3, 4"""


def _assert_exact(store: PostgresStore, url: str) -> None:
    assert pg_rows(url, _STORED) == pg_rows(url, _RECOUNT)
    assert store.integrity_check() == "ok"


def test_postings_stay_exact_through_every_write(pg_store: PostgresStore, pg_url: str) -> None:
    store, url = pg_store, pg_url
    store.apply(ALICE, WriteBatch(add=_people(ALICE)))
    store.apply(BOB, WriteBatch(add=[unit(BOB, "b1", participants=frozenset({"Caroline"}))]))
    _assert_exact(store, url)
    assert pg_rows(url, "SELECT count(*) FROM ripplemem_unit_names WHERE scope = %s", (ALICE.key,)) == [(9,)]
    # an update that renames, one that keeps the names, a touch, a delete
    u1, u3 = store.get_units(ALICE, ["u1", "u3"])
    store.apply(ALICE, WriteBatch(update=[dataclasses.replace(u1, participants=frozenset({"Sam"}), locations=frozenset()),
                                          dataclasses.replace(u3, importance=0.9)]))  # fmt: skip
    _assert_exact(store, url)
    assert store.by_participants(ALICE, ["Caroline"], 5) == [("u2", 1.0)]
    assert [i for i, _ in store.by_participants(ALICE, ["Sam"], 5)] == ["u3", "u1"]
    store.touch(ALICE, ["u2", "u3"])
    store.delete_unit(ALICE, "u5")
    _assert_exact(store, url)
    records = list(store.export(ALICE))
    store.reset_units(ALICE)
    _assert_exact(store, url)
    assert pg_rows(url, "SELECT count(*) FROM ripplemem_unit_names WHERE scope = %s", (ALICE.key,)) == [(0,)]
    assert store.import_records(records)["unit"] == 4
    _assert_exact(store, url)
    assert store.import_records(records)["unit"] == 0  # existing units are skipped
    _assert_exact(store, url)
    assert [i for i, _ in store.by_locations(ALICE, ["paris", "lake tahoe"], 5)] == ["u3"]
    store.delete_user("bob")
    _assert_exact(store, url)
    assert pg_rows(url, "SELECT count(*) FROM ripplemem_unit_names WHERE scope = %s", (BOB.key,)) == [(0,)]


def test_integrity_check_sees_drifted_postings(pg_store: PostgresStore, pg_url: str) -> None:
    pg_store.apply(ALICE, WriteBatch(add=_people(ALICE)))
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("DELETE FROM ripplemem_unit_names WHERE name = 'sam'")
        assert pg_store.integrity_check() == "name postings: 'sam' is inconsistent"
        conn.execute("INSERT INTO ripplemem_unit_names (scope, kind, name, num) VALUES (%s, 'participant', 'sam', -1)",
                     (ALICE.key,))  # fmt: skip
        assert pg_store.integrity_check() == "name postings: 'sam' is inconsistent"


def test_the_migration_backfills_units_stored_before_it(pg_url: str) -> None:
    url = pg_url
    store = open_store(url)
    store.apply(ALICE, WriteBatch(add=_people(ALICE)))
    store.touch(ALICE, ["u1"])
    store.close()
    assert MIGRATIONS[2][0] == 3
    with psycopg.connect(url, autocommit=True) as conn:  # back to version 2, units kept
        conn.execute("UPDATE ripplemem_units SET access_count = 4 WHERE id = 'u1'")  # the count as version 2 kept it
        conn.execute("DROP TABLE ripplemem_unit_names, ripplemem_unit_access")
        for event in ("ai", "ad", "au"):
            conn.execute(f"DROP TRIGGER ripplemem_units_postings_{event} ON ripplemem_units")
        conn.execute("DROP TRIGGER ripplemem_units_access_au ON ripplemem_units")
        for name in ("postings_added", "postings_removed", "postings_changed", "access_rewritten"):
            conn.execute(f"DROP FUNCTION ripplemem_units_{name}()")
        conn.execute("DROP INDEX ripplemem_units_span_class, ripplemem_units_span_start_num, ripplemem_units_span_end_num")
        conn.execute("CREATE INDEX ripplemem_units_span_end ON ripplemem_units (scope, upper(span)) WHERE span IS NOT NULL")
        conn.execute("CREATE INDEX ripplemem_units_span ON ripplemem_units USING gist (scope, span) WHERE span IS NOT NULL")
        conn.execute("DROP FUNCTION ripplemem_time_class(tstzrange)")
        conn.execute("CREATE INDEX ripplemem_units_span_start ON ripplemem_units (scope, lower(span)) WHERE span IS NOT NULL")
        conn.execute("CREATE INDEX ripplemem_units_participants ON ripplemem_units USING gin (scope, participant_keys)")
        conn.execute("CREATE INDEX ripplemem_units_locations ON ripplemem_units USING gin (scope, location_keys)")
        conn.execute("DELETE FROM ripplemem_schema_version WHERE version = 3")
    store = open_store(url)
    try:
        assert isinstance(store, PostgresStore)
        _assert_exact(store, url)
        assert store.by_participants(ALICE, ["caroline", "melanie"], 2) == [("u1", 2.0), ("u3", 1.0)]
        store.touch(ALICE, ["u1"])
        assert store.get_units(ALICE, ["u1"])[0].access_count == 5
    finally:
        store.close()
    indexes = {r[0] for r in pg_rows(url, "SELECT indexname FROM pg_indexes WHERE tablename = 'ripplemem_units'")}
    gone = {"ripplemem_units_participants", "ripplemem_units_locations", "ripplemem_units_span_start",
            "ripplemem_units_span_end", "ripplemem_units_span"}  # fmt: skip
    assert not gone & indexes
    assert {"ripplemem_units_span_class", "ripplemem_units_span_start_num", "ripplemem_units_span_end_num"} <= indexes


def test_a_common_name_brings_only_its_newest_units(store: Store) -> None:
    """Each name contributes its newest ``max(200, 10k)`` units (both backends): the oldest
    unit names both people, but Caroline's newest 200 leave it out, so it matches once."""
    old = unit(ALICE, "old", participants=frozenset({"Caroline", "Melanie"}))
    rest = [unit(ALICE, f"c{i:03d}", participants=frozenset({"Caroline"})) for i in range(200)]
    store.apply(ALICE, WriteBatch(add=[old, *rest]))
    assert store.by_participants(ALICE, ["Caroline", "Melanie"], 1) == [("c199", 1.0)]
    assert store.by_participants(ALICE, ["Melanie"], 1) == [("old", 1.0)]
    store.delete_unit(ALICE, "c150")  # now the oldest is among Caroline's newest 200
    assert store.by_participants(ALICE, ["Caroline", "Melanie"], 1) == [("old", 2.0)]


# -- the access statistics ---------------------------------------------------------------

_UNIT_ROW = "SELECT id, ctid, xmin::text, access_count FROM ripplemem_units WHERE scope = %s ORDER BY id"
_ACCESS = """SELECT u.id, a.access_count FROM ripplemem_unit_access a JOIN ripplemem_units u USING (num)
             WHERE u.scope = %s ORDER BY u.id"""


def test_touch_counts_beside_the_unit_rows(pg_store: PostgresStore, pg_url: str) -> None:
    """The units' rows keep their version (same ctid and xmin: no new tuple, so no new index
    entry in the HNSW and GIN indexes); the side table counts, reads see its counts, and the
    next write of a unit's row takes them over."""
    store, url = pg_store, pg_url
    store.apply(ALICE, WriteBatch(add=_people(ALICE)))
    before = pg_rows(url, _UNIT_ROW, (ALICE.key,))
    store.touch(ALICE, ["u1", "u2"])
    store.touch(ALICE, ["u1", "missing"])
    assert pg_rows(url, _UNIT_ROW, (ALICE.key,)) == before
    assert pg_rows(url, _ACCESS, (ALICE.key,)) == [("u1", 2), ("u2", 1)]
    u1, u2 = store.get_units(ALICE, ["u1", "u2"])
    assert (u1.access_count, u2.access_count) == (2, 1) and u1.last_access is not None
    assert {u.id: u.access_count for u in store.list_units(ALICE)}["u1"] == 2
    assert {r["id"]: r["access_count"] for r in store.export(ALICE) if r["kind"] == "unit"}["u1"] == 2
    # a write of the row carries the count it read, and the side row goes
    store.apply(ALICE, WriteBatch(update=[dataclasses.replace(u1, importance=0.7)]))
    assert pg_rows(url, _ACCESS, (ALICE.key,)) == [("u2", 1)]
    assert pg_rows(url, "SELECT access_count FROM ripplemem_units WHERE id = 'u1'") == [(2,)]
    store.touch(ALICE, ["u1"])
    assert store.get_units(ALICE, ["u1"])[0].access_count == 3
    store.apply(ALICE, WriteBatch(update=[dataclasses.replace(u1, access_count=0, last_access=None)]))
    [reset] = store.get_units(ALICE, ["u1"])
    assert (reset.access_count, reset.last_access) == (0, None)
    # the side rows follow their units out
    store.delete_unit(ALICE, "u2")
    store.touch(ALICE, ["u3"])
    store.reset_units(ALICE)
    assert pg_rows(url, "SELECT count(*) FROM ripplemem_unit_access") == [(0,)]


# -- the time view -----------------------------------------------------------------------


def test_duration_classes_match_sqlites(pg_url: str) -> None:
    """``ripplemem_time_class`` (the index expression) gives SQLite's ``t_class``."""
    open_store(pg_url).close()
    start = T0
    hour = timedelta(hours=1)
    for length in (timedelta(microseconds=1), hour, hour + timedelta(microseconds=1), 2 * hour, 3 * hour,
                   timedelta(days=1), timedelta(days=365), 2**19 * hour, 2**20 * hour, 2**21 * hour,
                   timedelta(days=400_000)):  # fmt: skip
        [(got,)] = pg_rows(pg_url, "SELECT ripplemem_time_class(tstzrange(%s, %s, '[)'))", (start, start + length))
        assert got == time_class(to_us(start), to_us(start + length)), length  # type: ignore[arg-type]


def _ranked(url: str, scope: Scope, span: TimeSpan, k: int, tau_days: float) -> list[tuple[str, float]]:
    """by_time's rule over every unit of the scope: overlapping first, nearest start first,
    then by gap; ties newest first."""
    start, end = to_us(span.start), to_us(span.end)
    assert start is not None and end is not None
    scored = []
    sql = "SELECT num, id, lower(span), upper(span) FROM ripplemem_units WHERE scope = %s AND span IS NOT NULL"
    for num, uid, lo, hi in pg_rows(url, sql, (scope.key,)):
        s, e = to_us(lo), to_us(hi)  # type: ignore[arg-type]
        assert s is not None and e is not None
        gap = max(0, s - end, start - e)
        score = 1.0 if gap == 0 else math.exp(-(gap / 8.64e10) / tau_days)
        scored.append((-score, abs(s - start), -int(num), str(uid)))  # type: ignore[call-overload]
    return [(uid, -neg) for neg, _, _, uid in sorted(scored)[:k]]


def test_by_time_ranks_every_unit_though_it_walks_few(pg_store: PostgresStore, pg_url: str) -> None:
    """Spans from an hour to decades, many sharing a start (a session's day), some
    unbounded far apart: the bounded candidate sets always hold the exact best k."""
    rng = random.Random(11)
    lengths = [timedelta(hours=1), timedelta(hours=5), timedelta(days=1), timedelta(days=30), timedelta(days=365),
               timedelta(days=3650), timedelta(days=60_000)]  # fmt: skip
    units = []
    for i in range(400):
        begin = T0 + timedelta(days=rng.choice([0, 1, 2, 40, rng.randint(-4000, 4000)]))
        units.append(unit(ALICE, f"t{i:03d}", time=TimeSpan(begin, begin + rng.choice(lengths))))
    pg_store.apply(ALICE, WriteBatch(add=[*units, unit(ALICE, "untimed")]))
    tau = pg_store.settings.graph.tau_days
    for _ in range(40):
        begin = T0 + timedelta(days=rng.randint(-5000, 5000), hours=rng.randint(0, 23))
        span = TimeSpan(begin, begin + rng.choice(lengths))
        for k in (1, 5, 30):
            got, expected = pg_store.by_time(ALICE, span, k), _ranked(pg_url, ALICE, span, k, tau)
            assert [i for i, _ in got] == [i for i, _ in expected], (span, k)
            assert [s for _, s in got] == pytest.approx([s for _, s in expected], rel=1e-12)
