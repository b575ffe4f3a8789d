"""Mem0's quickstart, ported to ripplemem: the same calls on a SQLite file, offline.

What changed from Mem0's ``from mem0 import Memory; m = Memory()``: the import, the
configuration (a file path; no LLM, no network), ``get_all`` is ``list``, ``update`` takes
``text`` where Mem0 takes ``data``, and every call names its ``user_id`` (a memory id is found
in any scope of the user). Run: ``python docs/examples/mem0_quickstart.py [DB]``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from ripplemem import Memory  # Mem0: from mem0 import Memory


def main(db: str) -> None:
    m = Memory.open(db)  # Mem0: m = Memory()  (or Memory.from_config(config))
    messages = [
        {"role": "user", "content": "I'm planning to watch a movie tonight. Any recommendations?"},
        {"role": "assistant", "content": "How about thriller movies? They can be quite engaging."},
        {"role": "user", "content": "I'm not a big fan of thriller movies but I love sci-fi movies."},
        {"role": "assistant", "content": "Got it! I'll avoid thriller recommendations and suggest sci-fi movies."},
    ]
    result = m.add(messages, user_id="alice", metadata={"category": "movies"})
    for e in result.events:
        print(f"add: {e.event} {e.memory}")

    related = m.search(query="What kind of movies does alice like?", user_id="alice", limit=3)
    for i in related:
        print(f"search: {i.score:.3f} {i.unit.restatement}")

    all_memories = m.list(user_id="alice")  # Mem0: m.get_all(user_id="alice")
    for u in all_memories:
        print(f"get_all: {u.metadata} {u.restatement}")

    memory_id = related[0].id
    m.update(memory_id, text="Alice loves sci-fi movies, especially space operas.", user_id="alice")
    print("get:", m.get(memory_id, user_id="alice").restatement)  # Mem0: m.update(memory_id, data=...)

    for h in m.history(memory_id, user_id="alice"):
        print(f"history: {h.event} {h.new_text}")

    m.delete(memory_id, user_id="alice")  # Mem0: m.delete(memory_id=memory_id)
    print("after delete:", len(m.list(user_id="alice")), "memories left")
    m.close()


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(sys.argv[1])
    else:
        with tempfile.TemporaryDirectory() as tmp:
            main(str(Path(tmp) / "memory.db"))
