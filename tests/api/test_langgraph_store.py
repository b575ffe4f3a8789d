"""The LangGraph long-term store adapter against the real ``langgraph`` package, on a real
store (SQLite and PostgreSQL) with the real embedder; skipped only when the extra is absent."""

from __future__ import annotations

import asyncio
from typing import Any, TypedDict

import pytest

pytest.importorskip("langgraph")

from langgraph.graph import END, START, StateGraph  # noqa: E402
from langgraph.store.base import BaseStore, GetOp, PutOp, SearchOp  # noqa: E402

from ripplemem import Memory  # noqa: E402
from ripplemem.adapters.langgraph import RippleMemStore  # noqa: E402

PREFS = ("memories", "alice", "prefs")


@pytest.fixture
def store(memory: Memory) -> RippleMemStore:
    return RippleMemStore(memory, user_id="app")


def test_put_get_overwrite_delete(store: RippleMemStore) -> None:
    assert isinstance(store, BaseStore)
    store.put(PREFS, "food", {"text": "Alice is allergic to seafood.", "kind": "health"})
    item = store.get(PREFS, "food")
    assert item is not None and item.key == "food" and item.namespace == PREFS
    assert item.value == {"text": "Alice is allergic to seafood.", "kind": "health"}
    store.put(PREFS, "food", {"text": "Alice is allergic to peanuts.", "kind": "health"})
    again = store.get(PREFS, "food")
    assert again is not None and again.value["text"] == "Alice is allergic to peanuts."
    assert again.created_at == item.created_at and again.updated_at > item.updated_at
    assert store.get(PREFS, "drink") is None and store.get(("memories", "bob"), "food") is None
    store.delete(PREFS, "food")
    assert store.get(PREFS, "food") is None
    store.put(PREFS, "food", {"text": "Alice likes tea."})  # a deleted key can be written again
    assert store.get(PREFS, "food").value == {"text": "Alice likes tea."}  # type: ignore[union-attr]


def test_near_duplicate_values_stay_two_items(store: RippleMemStore) -> None:
    store.put(PREFS, "a", {"text": "Alice likes green tea."})
    store.put(PREFS, "b", {"text": "Alice likes green tea."})
    assert store.get(PREFS, "a") is not None and store.get(PREFS, "b") is not None
    assert {i.key for i in store.search(PREFS)} == {"a", "b"}


def test_search_by_query_filter_and_prefix(store: RippleMemStore) -> None:
    store.put(PREFS, "food", {"text": "Alice is allergic to seafood.", "kind": "health", "level": 3})
    store.put(PREFS, "music", {"text": "Alice plays jazz piano on weekends.", "kind": "hobby", "level": 1})
    store.put(("memories", "alice", "work"), "job", {"text": "Alice works as a nurse in Porto.", "kind": "work"})
    store.put(("memories", "bob"), "food", {"text": "Bob is allergic to seafood.", "kind": "health"})
    found = store.search(("memories", "alice"), query="What is Alice allergic to?", limit=2)
    assert found[0].key == "food" and found[0].namespace == PREFS and found[0].score is not None
    assert all(i.namespace[:2] == ("memories", "alice") for i in found)
    assert [i.key for i in store.search(("memories", "alice"), filter={"kind": "hobby"})] == ["music"]
    assert [i.key for i in store.search(PREFS, filter={"level": {"$gte": 2}})] == ["food"]
    assert {i.key for i in store.search(("memories",), filter={"kind": "health"})} == {"food"}
    assert len(store.search(("memories",), filter={"kind": "health"})) == 2
    assert [i.key for i in store.search(("memories", "alice"), limit=1, offset=1)] != []
    assert store.list_namespaces(prefix=("memories", "alice")) == [("memories", "alice", "prefs"),
                                                                    ("memories", "alice", "work")]
    assert store.list_namespaces(max_depth=2) == [("memories", "alice"), ("memories", "bob")]
    assert store.list_namespaces(suffix=("work",)) == [("memories", "alice", "work")]


def test_batch_and_async(store: RippleMemStore) -> None:
    results = store.batch([PutOp(PREFS, "k1", {"text": "Alice has a cat named Miso."}), GetOp(PREFS, "k1"),
                           SearchOp(PREFS, query="Alice's cat", limit=1)])
    assert results[0] is None and results[1].key == "k1" and results[2][0].key == "k1"  # type: ignore[union-attr,index]

    async def main() -> Any:
        await store.aput(PREFS, "k2", {"text": "Alice runs every morning."})
        got = await store.aget(PREFS, "k2")
        found = await store.asearch(PREFS, query="running in the morning", limit=1)
        spaces = await store.alist_namespaces()
        await store.adelete(PREFS, "k2")
        return got, found, spaces, await store.aget(PREFS, "k2")

    got, found, spaces, gone = asyncio.run(main())
    assert got.value == {"text": "Alice runs every morning."} and found[0].key == "k2"
    assert spaces == [PREFS] and gone is None


def test_a_graph_remembers_through_the_store(store: RippleMemStore, memory: Memory) -> None:
    """A compiled LangGraph graph with this store: one node writes, the next reads back."""

    class State(TypedDict):
        user: str
        said: str
        recalled: list[str]

    def remember(state: State, *, store: BaseStore) -> dict[str, Any]:
        store.put(("memories", state["user"]), "latest", {"text": state["said"]})
        return {}

    def recall(state: State, *, store: BaseStore) -> dict[str, Any]:
        hits = store.search(("memories", state["user"]), query="Where does the user live?", limit=3)
        return {"recalled": [h.value["text"] for h in hits]}

    builder = StateGraph(State)
    builder.add_node("remember", remember)
    builder.add_node("recall", recall)
    builder.add_edge(START, "remember")
    builder.add_edge("remember", "recall")
    builder.add_edge("recall", END)
    graph = builder.compile(store=store)
    out = graph.invoke({"user": "u7", "said": "I live in Lisbon near the river.", "recalled": []})
    assert out["recalled"] == ["I live in Lisbon near the river."]
    stored = memory.list(user_id="app")  # the items are ripplemem memories, scoped under the store's user
    assert [u.restatement for u in stored] == ["I live in Lisbon near the river."]
    assert stored[0].metadata["langgraph_key"] == "latest"
