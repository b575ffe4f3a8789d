"""Self-healing writes: turns a crash left pending, or a failure left failed, are extracted
by the next ``add`` to their scope (at most ``write.heal_batch`` per call), once."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from typing import Any

import pytest

from ripplemem import Memory, ProviderError
from ripplemem.types import Scope
from ripplemem.write.turns import parse_time, to_turns
from sample_dialogue import SESSION_1, SESSION_2

S1 = {"session_id": "s1", "session_time": "2023-05-08T13:56:00"}
S2 = {"session_id": "s2", "session_time": "2023-06-09T10:00:00"}
LATER = [{"speaker": "Caroline", "text": "I started a pottery class on Tuesdays.", "id": "D3:1"}]


class FlakyEmbedder:
    """The real embedder, failing on demand (down, or on one text) as a remote embedder does."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.name, self.dim, self.max_chars = inner, inner.name, inner.dim, inner.max_chars
        self.down, self.poison = False, ""

    def embed(self, texts):  # type: ignore[no-untyped-def]
        if self.down or (self.poison and any(self.poison in t for t in texts)):
            raise ProviderError("embedding service unavailable")
        return self.inner.embed(texts)


def crash_after_logging(mem: Memory, messages: list[dict[str, Any]], session_id: str, session_time: str,
                        user_id: str = "u1") -> None:
    """What a process killed between logging and extracting leaves: acknowledged turns, pending, no memory."""
    mem.store.log_turns(Scope(user_id), to_turns(messages, session_id, parse_time(session_time, "session_time")))


def turns(mem: Memory, user_id: str = "u1") -> dict[str, int]:
    found = mem.stats(user_id=user_id)["turns"]
    return {k: found.get(k, 0) for k in ("pending", "failed", "done")}


def memories(mem: Memory, user_id: str) -> Counter[tuple[str, tuple[str, ...]]]:
    return Counter((u.restatement, u.sources) for u in mem.list(user_id=user_id, limit=1000))


def test_turns_left_pending_by_a_crash_are_extracted_by_the_next_add(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem: Memory = open_memory()
    crash_after_logging(mem, SESSION_1, **S1)
    assert turns(mem) == {"pending": 4, "failed": 0, "done": 0} and mem.list(user_id="u1") == []
    result = mem.add(SESSION_2, user_id="u1", **S2)
    assert (result.healed, result.turns_added, result.turns_skipped) == (4, 2, 0)
    assert turns(mem) == {"pending": 0, "failed": 0, "done": 6}
    assert "D1:3" in mem.recall("When did Caroline go to the support group?", user_id="u1").sources
    mem.add(SESSION_1, user_id="ref", **S1)  # the same conversation without the crash
    mem.add(SESSION_2, user_id="ref", **S2)
    assert memories(mem, "u1") == memories(mem, "ref")  # the same memories, none twice
    again = mem.add(SESSION_1, user_id="u1", **S1)
    assert (again.healed, again.turns_skipped, len(again.events)) == (0, 4, 0)
    assert memories(mem, "u1") == memories(mem, "ref")


def test_re_adding_the_pending_turns_heals_them(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem: Memory = open_memory()
    crash_after_logging(mem, SESSION_1, **S1)
    result = mem.add(SESSION_1, user_id="u1", **S1)  # the client retries the call it saw fail
    assert (result.turns_added, result.turns_skipped, result.healed) == (0, 4, 4) and result.events
    assert turns(mem) == {"pending": 0, "failed": 0, "done": 4}


def test_a_failed_extraction_is_retried_by_the_next_add(open_memory, embedder) -> None:  # type: ignore[no-untyped-def]
    flaky = FlakyEmbedder(embedder)
    mem: Memory = open_memory(embedder=flaky)
    flaky.down = True
    with pytest.raises(ProviderError):
        mem.add(SESSION_1, user_id="u1", **S1)
    assert turns(mem) == {"pending": 0, "failed": 4, "done": 0}
    flaky.down = False
    assert mem.add(SESSION_2, user_id="u1", **S2).healed == 4
    assert turns(mem) == {"pending": 0, "failed": 0, "done": 6}
    mem.add(SESSION_1, user_id="ref", **S1)
    mem.add(SESSION_2, user_id="ref", **S2)
    assert memories(mem, "u1") == memories(mem, "ref")
    assert mem.reindex() == {"scopes": 0, "turns": 0}  # nothing was left for reindex


def test_healing_is_bounded_per_call_oldest_first_and_can_be_off(open_memory) -> None:  # type: ignore[no-untyped-def]
    off: Memory = open_memory(write={"heal_batch": 0})
    crash_after_logging(off, SESSION_1, **S1)
    crash_after_logging(off, SESSION_2, **S2)
    assert off.add(LATER, user_id="u1", session_id="s3").healed == 0
    assert turns(off) == {"pending": 6, "failed": 0, "done": 1}
    off.close()
    mem: Memory = open_memory(write={"heal_batch": 4})
    assert mem.add(LATER[0]["text"], user_id="u1", session_id="s3").healed == 4
    assert {t.session_id for t in mem.store.open_turns(Scope("u1"))} == {"s2"}  # session 1 went first
    assert mem.add("And I still paint.", user_id="u1", session_id="s3").healed == 2
    assert mem.add("Sunday was quiet.", user_id="u1", session_id="s3").healed == 0
    assert turns(mem) == {"pending": 0, "failed": 0, "done": 10}


def test_a_backlog_that_fails_again_does_not_block_new_turns(open_memory, embedder, caplog) -> None:  # type: ignore[no-untyped-def]
    flaky = FlakyEmbedder(embedder)
    mem: Memory = open_memory(embedder=flaky)
    crash_after_logging(mem, [{"speaker": "Ana", "text": "My locker code is Zorblatt 77.", "id": "P1"}], **S1)
    flaky.poison = "Zorblatt"  # this one turn fails every time, until the cause is fixed
    with caplog.at_level(logging.WARNING, logger="ripplemem.write.pipeline"):
        result = mem.add(LATER, user_id="u1", **S2)
    assert (result.healed, result.turns_added) == (0, 1) and result.events  # the caller's turn went in
    assert turns(mem) == {"pending": 0, "failed": 1, "done": 1}
    assert "stay failed" in caplog.text
    flaky.poison = ""
    assert mem.add("Sunday was quiet.", user_id="u1", **S2).healed == 1
    assert turns(mem) == {"pending": 0, "failed": 0, "done": 3}


class SlowLog:
    """The store, its ``log_turns`` of one turn id slow once the turns are committed."""

    def __init__(self, inner: Any, slow_turn: str, logged: threading.Event) -> None:
        self.inner, self.slow_turn, self.logged = inner, slow_turn, logged

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def log_turns(self, scope, turns):  # type: ignore[no-untyped-def]
        stored = self.inner.log_turns(scope, turns)
        if any(t.turn_id == self.slow_turn for t in turns):
            self.logged.set()
            time.sleep(0.5)
        return stored


def test_an_add_does_not_heal_the_turns_another_add_is_logging(open_memory) -> None:  # type: ignore[no-untyped-def]
    mem: Memory = open_memory()
    logged = threading.Event()
    mem.store = SlowLog(mem.store, "A1", logged)  # type: ignore[assignment]
    results: dict[str, Any] = {}
    worker = threading.Thread(target=lambda: results.update(a=mem.add(
        [{"speaker": "Ana", "text": "I moved to Lisbon last week.", "id": "A1"}], user_id="u1", session_id="a")))
    worker.start()
    assert logged.wait(30)  # A1 is logged, pending, and its add has not extracted it yet
    other = mem.add([{"speaker": "Ben", "text": "I adopted a dog called Rex.", "id": "B1"}], user_id="u1", session_id="b")
    worker.join(60)
    assert other.healed == 0 and [e.sources for e in other.events] == [("B1",)]
    assert [e.sources for e in results["a"].events] == [("A1",)]  # the add that logged it extracted it


def test_healing_a_turn_leaves_another_sessions_turn_of_the_same_id_to_its_add(open_memory) -> None:  # type: ignore[no-untyped-def]
    """Turn ids name turns within their session: a client numbering each session's turns from 1
    heals session a's turn 1 without marking session b's turn 1 done (which lost its memory)."""
    mem: Memory = open_memory()
    crash_after_logging(mem, [{"speaker": "Ana", "text": "I moved to Lisbon last week.", "id": "1"}], "a", S1["session_time"])
    result = mem.add([{"speaker": "Ben", "text": "I adopted a dog called Rex.", "id": "1"}], user_id="u1",
                     session_id="b", session_time=S1["session_time"])
    assert result.healed == 1 and len(result.events) == 2
    assert sorted(u.restatement for u in mem.list(user_id="u1")) == [
        "Ana moved to Lisbon in the week of 1 May 2023.", "Ben adopted a dog called Rex."]
    assert mem.stats(user_id="u1")["turns"].get("done") == 2
