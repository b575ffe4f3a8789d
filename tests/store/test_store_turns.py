"""The raw turn log: committed first, idempotent, ordered, with a status per turn."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from store_helpers import turn

from ripplemem.errors import InputError
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


def test_status_filters_and_pending_scopes(store: Store) -> None:
    bob = Scope("bob", agent_id="helper")
    store.log_turns(ALICE, [turn("t1"), turn("t2"), turn("t3")])
    store.log_turns(bob, [turn("b1")])
    store.mark_turns(ALICE, ["t1"], "done")
    store.mark_turns(ALICE, ["t2"], "failed")
    assert [t.turn_id for t in store.turns(ALICE, status="pending")] == ["t3"]
    assert [t.turn_id for t in store.turns(ALICE, status="failed")] == ["t2"]
    assert set(store.pending_scopes()) == {ALICE, bob}
    store.mark_turns(ALICE, ["t2", "t3"], "done")
    store.apply(bob, WriteBatch(done_turns=["b1"]))
    assert store.pending_scopes() == []
    assert set(store.scopes()) == {ALICE, bob}


def test_bad_status_is_refused(store: Store) -> None:
    store.log_turns(ALICE, [turn("t1")])
    with pytest.raises(InputError):
        store.mark_turns(ALICE, ["t1"], "finished")
    assert store.turns(ALICE)[0].status == "pending"


def test_log_survives_reopen(store_factory) -> None:  # type: ignore[no-untyped-def]
    first = store_factory()
    first.log_turns(ALICE, [turn("t1", "remember the milk")])
    first.close()
    assert [t.text for t in store_factory().turns(ALICE)] == ["remember the milk"]
