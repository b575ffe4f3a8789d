"""AsyncMemory: the same API, awaitable, over the same logic (worker threads)."""

from __future__ import annotations

import inspect
from pathlib import Path

import anyio
import pytest

from ripplemem import InputError, Memory, NotFoundError
from ripplemem.aio import AsyncMemory
from ripplemem.providers.embed.base import Embedder
from sample_dialogue import SESSION_1, SESSION_2
from serving_helpers import open_memory

PUBLIC = ["add", "add_sessions", "recall", "search", "get", "list", "history", "delete", "delete_user", "reindex",
          "stats", "export", "import_records", "reconstruct", "answer", "source_turns", "get_many", "neighbours", "close",
          "update", "list_scopes"]


def test_same_methods_and_signatures() -> None:
    for name in PUBLIC:
        method = getattr(AsyncMemory, name)
        assert inspect.iscoroutinefunction(method), name
        if name != "export":
            assert inspect.signature(method) == inspect.signature(getattr(Memory, name)), name


def test_async_api_end_to_end(tmp_path: Path, embedder: Embedder) -> None:
    async def main() -> None:
        async with AsyncMemory(open_memory(tmp_path / "m.db", embedder)) as mem:
            async with anyio.create_task_group() as tg:  # two writers at once
                tg.start_soon(lambda: mem.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08"))
                tg.start_soon(lambda: mem.add(SESSION_2, user_id="u2", session_id="s2", session_time="2023-06-09"))
            ev = await mem.recall("When did Caroline go to the LGBTQ support group?", user_id="u1", as_of="2023-07-01")
            assert ev.items and "D1:3" in ev.items[0].sources
            turns = await mem.source_turns(ev.sources, user_id="u1")
            assert turns["D1:3"].speaker == "Caroline"
            found = await mem.search("camping", user_id="u2")
            assert found and "camping" in found[0].text
            fixed = await mem.update(found[0].id, metadata={"checked": True}, user_id="u2")
            assert fixed.metadata == {"checked": True}
            assert [u.id for u in await mem.list(user_id="u2", filters={"metadata": {"checked": True}})] == [fixed.id]
            assert [s.user_id for s in await mem.list_scopes()] == ["u1", "u2"]
            unit = await mem.get(found[0].id, user_id="u2")
            assert (await mem.history(unit.id, user_id="u2"))[0].event == "ADD"
            assert len(await mem.list(user_id="u1")) >= 1
            assert (await mem.stats(user_id="u2"))["turns"]["total"] == 2
            records = await mem.export(user_id="u2")
            assert any(r.get("kind") == "turn" for r in records)
            assert (await mem.reindex()) == {"scopes": 0, "turns": 0}
            assert "support group" in (await mem.reconstruct("q", ev)).description
            assert (await mem.answer("Where is Boston?", user_id="u1")).evidence is not None
            await mem.delete(unit.id, user_id="u2")
            with pytest.raises(NotFoundError):
                await mem.get(unit.id, user_id="u2")
            with pytest.raises(InputError):
                await mem.add([], user_id="u1")
            assert (await mem.delete_user("u1")).turns == 4

    anyio.run(main)


def test_open_runs_memory_open_in_a_thread(tmp_path: Path, embedder: Embedder) -> None:
    async def main() -> None:
        mem = await AsyncMemory.open(str(tmp_path / "o.db"), embedder=embedder, llm=None)
        try:
            assert (await mem.add("I live in Porto.", user_id="u")).turns_added == 1
            assert mem.settings.db.endswith("o.db") and "o.db" in repr(mem)
        finally:
            await mem.close()

    anyio.run(main)
