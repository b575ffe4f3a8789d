"""LangGraph's long-term-memory example, ported to ripplemem: a compiled graph whose node reads
and writes the store it is given, on a SQLite file, offline.

What changed from LangGraph's example: the store (``InMemoryStore(index=...)`` becomes
``RippleMemStore(Memory.open(path))``; ripplemem embeds with its own local model) and, to run
with no LLM, the chat model is a stand-in that says what the node recalled. The node, the
namespaces and the graph are LangGraph's. Run: ``python docs/examples/langgraph_memory.py [DB]``
(needs ``pip install 'ripplemem[adapters]'``).
"""

from __future__ import annotations

import sys
import tempfile
import uuid
from pathlib import Path

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.store.base import BaseStore

from ripplemem import Memory
from ripplemem.adapters.langgraph import RippleMemStore  # LangGraph: from langgraph.store.memory import InMemoryStore


def reply(system: str, user: str) -> str:
    """The stand-in for ``model.invoke``: no LLM here, so it says what it was told."""
    return f"[{system}] you said: {user}"


def call_model(state: MessagesState, config: RunnableConfig, *, store: BaseStore) -> dict[str, object]:
    user_id = config["configurable"]["user_id"]
    namespace = ("memories", user_id)
    last = str(state["messages"][-1].content)
    memories = store.search(namespace, query=last, limit=2)
    info = "; ".join(d.value["data"] for d in memories)
    system_msg = f"User info: {info or 'nothing yet'}"
    if "remember" in last.lower():
        memory = last.split(":", 1)[-1].strip()
        store.put(namespace, str(uuid.uuid4()), {"data": memory})
    return {"messages": [{"role": "assistant", "content": reply(system_msg, last)}]}


def main(db: str) -> None:
    memory = Memory.open(db)
    store = RippleMemStore(memory, user_id="my-app")  # LangGraph: store = InMemoryStore(index={...})
    builder = StateGraph(MessagesState)
    builder.add_node(call_model)
    builder.add_edge(START, "call_model")
    graph = builder.compile(checkpointer=InMemorySaver(), store=store)

    turns = [
        ("1", "1", "Hi! Remember: my name is Bob and I am allergic to peanuts."),
        ("1", "1", "Remember: I live in Porto and I cycle to work."),
        ("2", "1", "What snacks should I avoid?"),  # a new thread: only the store carries memory over
        ("3", "2", "What snacks should I avoid?"),  # another user: nothing of Bob's
    ]
    for thread, user, text in turns:
        config: RunnableConfig = {"configurable": {"thread_id": thread, "user_id": user}}
        out = graph.invoke({"messages": [{"role": "user", "content": text}]}, config)
        print(f"thread {thread}, user {user}: {out['messages'][-1].content}")
    print("stored:", [(i.namespace, i.value["data"]) for i in store.search(("memories",), limit=10)])
    memory.close()


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(sys.argv[1])
    else:
        with tempfile.TemporaryDirectory() as tmp:
            main(str(Path(tmp) / "memory.db"))
