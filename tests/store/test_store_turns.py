"""The raw turn log: committed first, idempotent, ordered, with a status per turn."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest
from store_helpers import turn, unit

from ripplemem.errors import InputError, TurnsDoneError
from ripplemem.store import Store
from ripplemem.store.base import WriteBatch
from ripplemem.types import Scope

ALICE = Scope("alice")


def test_log_turns_assigns_seq_and_pending(store: Store) -> None:
    when = datetime(2026, 5, 1, 14, 30, 0, 123456, tzinfo=UTC)
    stored = store.log_turns(ALICE, [turn("t1", "Hi", time=when, role="user"), turn("t2", "Ho", image_caption="a dog")])
    assert [(t.turn_id, t.seq, t.status) for t in stored] == [("t1", 0, "pending"), ("t2", 1, "pending")]
    got = store.turns(ALICE)
    assert got == stored
    assert got[0].time == when and got[0].time.tzinfo is not None
    assert got[1].content == "Ho [image: a dog]"


def test_relogging_is_a_noop(store: Store) -> None:
    store.log_turns(ALICE, [turn("t1"), turn("t2")])
    again = store.log_turns(ALICE, [turn("t2", "changed"), turn("t3"), turn("t3")])
    assert [(t.turn_id, t.seq) for t in again] == [("t3", 2)]
    assert [t.text for t in store.turns(ALICE)] == ["hello", "hello", "hello"]


def test_same_turn_id_in_another_session_is_another_turn(store: Store) -> None:
    store.log_turns(ALICE, [turn("t1", session="s1")])
    assert len(store.log_turns(ALICE, [turn("t1", session="s2")])) == 1
    assert [t.session_id for t in store.turns(ALICE, session_id="s2")] == ["s2"]


def test_a_turn_is_marked_in_its_own_session(store: Store) -> None:
    store.log_turns(ALICE, [turn("t1", session="s1"), turn("t1", session="s2")])
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "u1", sources=("t1",))], done_turns=[("s2", "t1")]))
    assert [(t.session_id, t.status) for t in store.turns(ALICE)] == [("s1", "pending"), ("s2", "done")]
    with pytest.raises(TurnsDoneError):  # s2's t1 is done, whatever s1's is
        store.apply(ALICE, WriteBatch(done_turns=[("s2", "t1")]))
    store.mark_turns(ALICE, [("s1", "t1"), ("s2", "t1")], "failed")
    assert [(t.session_id, t.status) for t in store.turns(ALICE)] == [("s1", "failed"), ("s2", "done")]


def test_status_filters_and_pending_scopes(store: Store) -> None:
    bob = Scope("bob", agent_id="helper")
    store.log_turns(ALICE, [turn("t1"), turn("t2"), turn("t3")])
    store.log_turns(bob, [turn("b1")])
    store.mark_turns(ALICE, [("s1", "t1")], "done")
    store.mark_turns(ALICE, [("s1", "t2")], "failed")
    assert [t.turn_id for t in store.turns(ALICE, status="pending")] == ["t3"]
    assert [t.turn_id for t in store.turns(ALICE, status="failed")] == ["t2"]
    assert set(store.pending_scopes()) == {ALICE, bob}
    store.mark_turns(ALICE, [("s1", "t2"), ("s1", "t3")], "done")
    store.apply(bob, WriteBatch(done_turns=[("s1", "b1")]))
    assert store.pending_scopes() == []
    assert set(store.scopes()) == {ALICE, bob}


def test_bad_status_is_refused(store: Store) -> None:
    store.log_turns(ALICE, [turn("t1")])
    with pytest.raises(InputError):
        store.mark_turns(ALICE, [("s1", "t1")], "finished")
    assert store.turns(ALICE)[0].status == "pending"


def test_log_survives_reopen(store_factory) -> None:  # type: ignore[no-untyped-def]
    first = store_factory()
    first.log_turns(ALICE, [turn("t1", "remember the milk")])
    first.close()
    assert [t.text for t in store_factory().turns(ALICE)] == ["remember the milk"]


def test_a_batch_for_turns_already_done_is_refused_and_changes_nothing(store: Store) -> None:
    store.log_turns(ALICE, [turn("t1"), turn("t2")])
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "u1", sources=("t1",))], done_turns=[("s1", "t1")]))
    for done_turns in ([("s1", "t1")], [("s1", "t1"), ("s1", "t2")]):  # all done, or one of them
        with pytest.raises(TurnsDoneError):
            store.apply(ALICE, WriteBatch(add=[unit(ALICE, "u2", sources=("t1",))], done_turns=done_turns))
    assert store.count_units(ALICE) == 1
    assert [(t.turn_id, t.status) for t in store.turns(ALICE)] == [("t1", "done"), ("t2", "pending")]
    store.apply(ALICE, WriteBatch(add=[unit(ALICE, "u3", sources=("t2",))], done_turns=[("s1", "t2")]))
    assert store.count_units(ALICE) == 2


def test_marking_failed_leaves_a_done_turn_done(store: Store) -> None:
    store.log_turns(ALICE, [turn("t1"), turn("t2")])
    store.mark_turns(ALICE, [("s1", "t1")], "done")
    store.mark_turns(ALICE, [("s1", "t1"), ("s1", "t2")], "failed")  # a writer that lost the race gives up on both
    assert [(t.turn_id, t.status) for t in store.turns(ALICE)] == [("t1", "done"), ("t2", "failed")]


def test_two_writers_of_the_same_turns_commit_once(store_factory) -> None:  # type: ignore[no-untyped-def]
    stores = [store_factory(), store_factory()]
    stores[0].log_turns(ALICE, [turn(f"t{i}") for i in range(20)])
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def write(w: int) -> None:
        start.wait()
        for i in range(20):
            try:
                stores[w].apply(ALICE, WriteBatch(add=[unit(ALICE, f"w{w}-{i}", sources=(f"t{i}",))], done_turns=[("s1", f"t{i}")]))
                outcomes.append("stored")
            except TurnsDoneError:
                outcomes.append("refused")

    threads = [threading.Thread(target=write, args=(w,)) for w in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert outcomes.count("stored") == 20 and outcomes.count("refused") == 20
    assert stores[1].count_units(ALICE) == 20
    assert {u.sources for u in stores[1].list_units(ALICE, limit=100)} == {(f"t{i}",) for i in range(20)}


def test_session_tail_reads_from_a_turn_on_after_some_context(store: Store) -> None:
    store.log_turns(ALICE, [turn(f"a{i}", session="s1", speaker="Ana" if i % 2 else "Ben") for i in range(6)])
    store.log_turns(ALICE, [turn("x0", session="s2", speaker="Cy")])
    store.log_turns(ALICE, [turn(f"a{i}", session="s1", speaker="Di") for i in range(6, 9)])
    seqs = {t.turn_id: t.seq for t in store.turns(ALICE, session_id="s1")}
    assert [t.turn_id for t in store.session_tail(ALICE, "s1", seqs["a6"], 2)] == ["a4", "a5", "a6", "a7", "a8"]
    assert [t.turn_id for t in store.session_tail(ALICE, "s1", seqs["a1"], 5)] == [f"a{i}" for i in range(9)]
    assert [t.turn_id for t in store.session_tail(ALICE, "s1", seqs["a8"], 0)] == ["a8"]
    assert store.session_tail(Scope("bob"), "s1", 0, 5) == []
    assert store.session_speakers(ALICE, "s1") == ["Ben", "Ana", "Di"]
    assert store.session_speakers(ALICE, "s2") == ["Cy"] and store.session_speakers(Scope("bob"), "s1") == []


def test_turns_by_id_reads_only_those_turns_of_the_scope(store: Store) -> None:
    store.log_turns(ALICE, [turn("t1", session="s1"), turn("t2", session="s1"), turn("t1", session="s2")])
    store.log_turns(Scope("bob"), [turn("t2", session="s1")])
    got = store.turns_by_id(ALICE, ["t2", "t1", "nope", "t2"])
    assert [(t.session_id, t.turn_id) for t in got] == [("s1", "t1"), ("s1", "t2"), ("s2", "t1")]
    assert store.turns_by_id(ALICE, []) == []
    assert [t.turn_id for t in store.turns_by_id(Scope("bob"), ["t1", "t2"])] == ["t2"]
