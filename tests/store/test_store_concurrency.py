"""Several connections and threads on one store: each sees the others' commits, none is lost."""

from __future__ import annotations

import threading

from store_helpers import turn, unit, vec

from ripplemem.store import Store
from ripplemem.store.base import WriteBatch
from ripplemem.types import Scope

ALICE = Scope("alice")


def _add_many(store: Store, n: int, start: int = 0, scope: Scope = ALICE) -> None:
    store.apply(scope, WriteBatch(add=[unit(scope, f"u{i}", vector=vec(i)) for i in range(start, start + n)]))


def _in_threads(work, n: int) -> list[BaseException]:  # type: ignore[no-untyped-def]
    errors: list[BaseException] = []

    def run(worker: int) -> None:
        try:
            work(worker)
        except BaseException as exc:  # noqa: BLE001 - reported to the test
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(w,)) for w in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_two_connections_see_each_others_writes(store_factory) -> None:  # type: ignore[no-untyped-def]
    first, second = store_factory(), store_factory()
    _add_many(first, 5)
    assert second.dense_search(ALICE, vec(2), 1)[0][0] == "u2"
    _add_many(first, 5, start=5)
    assert second.dense_search(ALICE, vec(8), 1)[0][0] == "u8"
    second.delete_unit(ALICE, "u8")
    assert "u8" not in [i for i, _ in first.dense_search(ALICE, vec(8), 10)]


def test_threads_share_one_store(store: Store) -> None:
    def work(worker: int) -> None:
        scope = Scope(f"user{worker}")
        for i in range(15):
            store.log_turns(scope, [turn(f"t{i}")])
            store.apply(scope, WriteBatch(add=[unit(scope, f"u{i}", vector=vec(worker * 100 + i))], done_turns=[("s1", f"t{i}")]))
            assert store.dense_search(scope, vec(worker * 100 + i), 1)[0][0] == f"u{i}"
            store.lexical_search(scope, "memory", 3)

    assert _in_threads(work, 4) == []
    assert sum(store.count_units(Scope(f"user{w}")) for w in range(4)) == 60


def test_writers_of_one_scope_take_turns(store_factory) -> None:  # type: ignore[no-untyped-def]
    """Two stores (two connections) logging into one scope at once: every turn gets its own
    place in the log, and the unit count and name registry stay exact."""
    stores = [store_factory(), store_factory()]

    def work(worker: int) -> None:
        store = stores[worker % 2]
        for i in range(20):
            tid = f"w{worker}-{i}"
            store.log_turns(ALICE, [turn(tid)])
            store.apply(ALICE, WriteBatch(add=[unit(ALICE, tid, participants=frozenset({"Sam"}))], done_turns=[("s1", tid)]))

    assert _in_threads(work, 4) == []
    seqs = [t.seq for t in stores[0].turns(ALICE)]
    assert sorted(seqs) == list(range(80))
    assert stores[1].count_units(ALICE) == 80
    assert stores[1].name_counts(ALICE, "participant", ["sam"]) == {"sam": 80}
    assert stores[0].integrity_check() == "ok"  # type: ignore[attr-defined]
