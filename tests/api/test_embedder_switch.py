"""The store records its embedder: another one is refused unless asked to re-embed."""

from __future__ import annotations

from pathlib import Path

import pytest

from ripplemem import EmbedderMismatchError, Memory, load_settings
from ripplemem.providers.embed.base import Embedder
from sample_dialogue import SESSION_1
from scripted_llm import ScriptedLLM


def test_other_embedder_is_refused_then_rebuilt_on_request(tmp_path: Path, embedder: Embedder,
                                                            scripted_llm: ScriptedLLM) -> None:
    db = str(tmp_path / "m.db")
    with Memory.open(settings=load_settings({"db": db}, env={}), embedder=embedder) as mem:
        mem.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00")
        before = {u.restatement for u in mem.list(user_id="u1")}
    remote = {"db": db, "embedder": "openai", "embed_base_url": scripted_llm.url, "embed_model": "e", "embed_dim": 16}
    with pytest.raises(EmbedderMismatchError, match="all-MiniLM"):
        Memory.open(settings=load_settings(remote, env={}))
    with Memory.open(settings=load_settings({**remote, "reembed": True}, env={})) as mem:
        after = mem.list(user_id="u1")
        assert {u.restatement for u in after} == before  # rebuilt from the raw log
        assert all(u.vector is None or len(u.vector) == 16 for u in after)
        assert mem.get(after[0].id, user_id="u1").vector.shape == (16,)  # type: ignore[union-attr]
        assert mem.store.get_meta("embedding_dim") == "16"
        assert mem.recall("support group", user_id="u1").items
    assert scripted_llm.embed_requests
