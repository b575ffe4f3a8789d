"""Correcting a memory by hand (``Memory.update``) and storing turns as written
(``add(..., infer=False)``), on a real store (SQLite and PostgreSQL) with the real embedder."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from ripplemem import InputError, Memory, NotFoundError, load_settings
from ripplemem.interfaces.cli import cli
from ripplemem.providers.embed.base import Embedder
from sample_dialogue import SESSION_1

NEW = "Caroline went to a pottery class on 7 May 2023."


def group_memory(memory: Memory) -> str:
    memory.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00")
    return next(u.id for u in memory.list(user_id="u1") if "support group" in u.restatement)


def test_update_restates_reembeds_and_keeps_sources(memory: Memory) -> None:
    mid = group_memory(memory)
    old = memory.get(mid, user_id="u1")
    unit = memory.update(mid, NEW, user_id="u1")
    assert unit.id == mid and unit.restatement == NEW and unit.sources == old.sources
    stored = memory.get(mid, user_id="u1")
    assert stored.restatement == NEW and stored.sources == old.sources
    assert stored.vector is not None and old.vector is not None
    assert not np.allclose(stored.vector, old.vector)
    assert np.allclose(stored.vector, memory.embedder.embed([NEW])[0], atol=1e-5)
    last = memory.history(mid, user_id="u1")[-1]
    assert (last.event, last.old_text, last.new_text, last.detail) == ("UPDATE", old.restatement, NEW, "manual update")


def test_recall_and_search_find_the_new_text(memory: Memory) -> None:
    mid = group_memory(memory)
    memory.update(mid, NEW, user_id="u1")
    found = memory.search("pottery class", user_id="u1", limit=3)
    assert found and found[0].unit.id == mid
    ev = memory.recall("What class did Caroline go to?", user_id="u1", as_of="2023-07-01")
    assert any(i.unit.id == mid and i.unit.restatement == NEW for i in ev.items)


def test_update_relinks_semantic_edges_only_to_current_neighbours(memory: Memory) -> None:
    mid = group_memory(memory)
    memory.update(mid, NEW, user_id="u1")
    unit = memory.get(mid, user_id="u1")
    edges = [e for e in memory.store.edges(unit.scope, [mid]) if e.kind == "semantic"]
    others = {u.id: u for u in memory.store.get_units(unit.scope, [e.dst for e in edges])}
    assert unit.vector is not None
    for e in edges:  # every semantic edge carries the similarity of the new text
        assert e.weight == pytest.approx(float(others[e.dst].vector @ unit.vector), abs=1e-3)  # type: ignore[operator]


def test_update_of_another_scope_or_unknown_id_is_not_found(memory: Memory) -> None:
    mid = group_memory(memory)
    for user, agent, memory_id in (("u2", None, mid), ("u1", "a1", mid), ("u1", None, "0" * 32)):
        with pytest.raises(NotFoundError):
            memory.update(memory_id, NEW, user_id=user, agent_id=agent)
    assert memory.get(mid, user_id="u1").restatement != NEW


@pytest.mark.parametrize("text", ["", "   ", None, 3])
def test_update_needs_text(memory: Memory, text: object) -> None:
    mid = group_memory(memory)
    with pytest.raises(InputError, match="text"):
        memory.update(mid, text, user_id="u1")  # type: ignore[arg-type]


def test_infer_false_stores_each_turn_as_written(memory: Memory) -> None:
    result = memory.add(SESSION_1, user_id="u3", session_id="s1", session_time="2023-05-08T13:56:00", infer=False)
    texts = {m["id"]: m["text"] for m in SESSION_1}
    assert result.turns_added == len(SESSION_1)
    units = memory.list(user_id="u3")
    assert sorted((u.sources, u.restatement) for u in units) == sorted(((tid,), t) for tid, t in texts.items())
    assert all(memory.history(u.id, user_id="u3")[0].event == "ADD" for u in units)
    assert memory.search(texts["D1:3"], user_id="u3", limit=1)[0].unit.sources == ("D1:3",)
    again = memory.add([{"id": "x1", "speaker": "Caroline", "text": texts["D1:3"]}], user_id="u3",
                       session_id="s1", infer=False)
    # the duplicate check still runs: the repeat is merged into the stored memory, not added
    assert [e.event for e in again.events] in (["NOOP"], ["UPDATE"]) and len(memory.list(user_id="u3")) == len(units)
    with pytest.raises(InputError, match="infer"):
        memory.add("hello", user_id="u3", infer="no")  # type: ignore[arg-type]


def test_cli_update(tmp_path: Path, embedder: Embedder) -> None:
    db = tmp_path / "cli.db"
    with Memory.open(settings=load_settings({"db": str(db)}, env={}), embedder=embedder) as memory:
        mid = group_memory(memory)
    result = CliRunner().invoke(cli, ["--db", str(db), "update", mid, NEW, "--user", "u1"], catch_exceptions=False)
    assert result.exit_code == 0 and f"updated {mid}" in result.output
    with Memory.open(settings=load_settings({"db": str(db)}, env={}), embedder=embedder) as memory:
        assert memory.get(mid, user_id="u1").restatement == NEW
