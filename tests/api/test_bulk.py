"""The bulk import (``Memory.add_sessions``): the same memories and edges as one ``add`` per
session, in worker processes or not; bad input refused before anything is stored."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ripplemem import InputError, Memory
from ripplemem.bench.fingerprint import counted_ids, differences, fingerprint
from sample_dialogue import CHAIN, FILLER, FRIENDS, SESSION_1, SESSION_2, TOPICS

MemoryFactory = Callable[..., Memory]


def sessions() -> list[dict[str, Any]]:
    """Eight sessions: the sample dialogue, the chain and filler that shares names and topics."""
    found: list[dict[str, Any]] = [
        {"messages": SESSION_1, "session_id": "s1", "session_time": "2023-05-08T13:56:00"},
        {"messages": SESSION_2, "session_id": "s2", "session_time": "2023-06-09T10:00:00"},
    ]
    for i, turns in enumerate(CHAIN):
        found.append({"messages": turns, "session_id": f"c{i}", "session_time": f"2024-04-{20 + i}T19:00:00"})
    for i in range(2):
        filler = [{"speaker": who, "text": text.format(t=TOPICS[(i + j) % len(TOPICS)], f=FRIENDS[(i + j) % len(FRIENDS)]),
                   "id": f"F{i}:{j}"} for j, (who, text) in enumerate(FILLER)]
        found.append({"messages": filler, "session_id": f"f{i}", "session_time": f"2024-05-{1 + i:02d}T09:00:00"})
    return found


def one_by_one(memory: Memory) -> dict[str, Any]:
    with counted_ids():
        for s in sessions():
            memory.add(s["messages"], user_id="u", session_id=s["session_id"], session_time=s["session_time"])
    return fingerprint(memory, "u")


def test_bulk_import_stores_what_one_add_per_session_stores(open_memory: MemoryFactory) -> None:
    expected = one_by_one(open_memory("adds.db"))
    assert len(expected["memories"]) >= 15 and expected["edges"]
    for workers, part in ((2, 20_000), (2, 150), (1, 20_000)):  # worker processes (sessions in parts), then this process
        bulk = open_memory(f"bulk{workers}-{part}.db", write={"bulk_ahead": 2, "bulk_part_chars": part})  # fewer in flight than sessions
        with counted_ids():
            result = bulk.add_sessions(iter(sessions()), user_id="u", workers=workers)
        assert result.turns_added == sum(len(s["messages"]) for s in sessions()) and result.turns_skipped == 0
        assert differences(expected, fingerprint(bulk, "u")) == []
    again = bulk.add_sessions(sessions(), user_id="u", workers=2)
    assert again.turns_added == 0 and len(again) == 0  # re-adding stored turns is a no-op


def test_a_bad_session_in_a_list_stores_nothing(memory: Memory) -> None:
    bad = [*sessions()[:2], {"messages": [{"speaker": "A", "text": 3, "id": "x"}], "session_id": "bad"}]
    with pytest.raises(InputError, match="text"):
        memory.add_sessions(bad, user_id="u", workers=2)
    with pytest.raises(InputError, match=r"sessions\[0\]: needs 'messages'"):
        memory.add_sessions([{"turns": SESSION_1}], user_id="u")
    with pytest.raises(InputError, match=r"sessions\[1\]: expected a mapping"):
        memory.add_sessions([sessions()[0], "s2"], user_id="u")
    with pytest.raises(InputError, match="sessions: expected a list"):
        memory.add_sessions("s1", user_id="u")
    with pytest.raises(InputError, match="workers"):
        memory.add_sessions(sessions(), user_id="u", workers=0)
    assert memory.source_turns(["D1:3", "D2:1"], user_id="u") == {}
    assert memory.list(user_id="u") == []


def test_a_bad_session_in_a_stream_stops_it_there(memory: Memory) -> None:
    """A stream is read lazily: the sessions before the bad one are stored, none after it."""
    stream = iter([sessions()[0], {"messages": [], "session_id": "s2", "session_time": "not a date"}, sessions()[2]])
    with pytest.raises(InputError, match=r"sessions\[1\].session_time"):
        memory.add_sessions(stream, user_id="u", workers=2)
    assert set(memory.source_turns(["D1:3", "A1"], user_id="u")) == {"D1:3"}
    assert memory.list(user_id="u")


def with_metadata(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The sessions with metadata of their own, and one message's metadata over it."""
    for i, s in enumerate(found):
        s["metadata"] = {"batch": i % 3, "source": "import"}
    first = found[0]["messages"][0]
    found[0]["messages"] = [{**first, "metadata": {"first": True}}, *found[0]["messages"][1:]]
    return found


def record(memory: Memory, runs: list[Any]) -> None:
    """Note each maintenance run's time and how many memories it found, then run it."""
    run = memory.maintain

    def noted(**kwargs: Any) -> Any:
        runs.append((kwargs.get("as_of"), len(memory.list(user_id="u", limit=1000))))
        return run(**kwargs)

    memory.maintain = noted  # type: ignore[method-assign]


def test_bulk_import_keeps_metadata_and_schedules_maintenance_as_adds_do(open_memory: MemoryFactory) -> None:
    """Session and message metadata go on the memories, and maintenance runs after every
    ``maintain.every_adds`` sessions, at the same points as with one add per session."""
    settings = {"maintain": {"every_adds": 3}}
    adds = open_memory("adds.db", **settings)
    runs: dict[str, list[Any]] = {"adds": [], "bulk": []}
    record(adds, runs["adds"])
    with counted_ids():
        for s in with_metadata(sessions()):
            adds.add(s["messages"], user_id="u", session_id=s["session_id"], session_time=s["session_time"],
                     metadata=s["metadata"])
    expected = fingerprint(adds, "u")
    stored = adds.list(user_id="u")
    assert any(u.metadata.get("first") for u in stored) and any(u.metadata.get("batch") == 2 for u in stored)
    bulk = open_memory("bulk.db", write={"bulk_ahead": 2}, **settings)
    record(bulk, runs["bulk"])
    with counted_ids():
        bulk.add_sessions(iter(with_metadata(sessions())), user_id="u", workers=2)
    assert differences(expected, fingerprint(bulk, "u")) == []
    assert len(runs["adds"]) == len(sessions()) // 3 and runs["bulk"] == runs["adds"]  # after sessions 3 and 6
    with pytest.raises(InputError, match=r"sessions\[0\].metadata"):
        bulk.add_sessions([{"messages": SESSION_1, "metadata": ["not", "an", "object"]}], user_id="v")
    assert bulk.list(user_id="v") == []


def test_two_ingests_of_the_same_turns_are_the_same_store(open_memory: MemoryFactory) -> None:
    """Ids read from content (``write.pipeline.content_unit_id``): without numbering them, two
    ingests keep the same ids and the same edges, in one process or in the bulk path."""
    def stored(memory: Memory) -> list[tuple[str, str]]:
        return sorted((u.id, u.restatement) for u in memory.list(user_id="u", limit=10_000))

    first = open_memory("first.db")
    for s in sessions():
        first.add(s["messages"], user_id="u", session_id=s["session_id"], session_time=s["session_time"])
    second = open_memory("second.db")
    second.add_sessions(sessions(), user_id="u", workers=1)
    assert stored(first) == stored(second)
    a, b = fingerprint(first, "u"), fingerprint(second, "u")
    assert differences(a, b) == [] and a["edges"]
