"""The real-model lane (``make test-llm``): llama-cpp-python's server on 127.0.0.1 with SmolLM2.

Collected only when ``LLM_LANE=1`` (``tests/conftest.py`` ignores this folder otherwise).
The server is started once per session; the kill test starts its own.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ripplemem import Memory, load_settings
from ripplemem.providers.embed.base import Embedder
from ripplemem.providers.llm import structured
from ripplemem.providers.llm.openai import OpenAILLM

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from llama_server import LlamaServer  # noqa: E402

TIMEOUT = 300.0  # seconds per request: a 135M model on 2 busy cores, a queue of requests


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    log = tmp_path_factory.mktemp("llama") / "server.log"
    structured.forget()
    with LlamaServer(log=log) as running:
        yield running


def lane_settings(server: LlamaServer, db: Path, **overrides: Any) -> Any:
    return load_settings({"db": str(db), "llm_base_url": server.url, "llm_model": server.model,
                          "llm_timeout": TIMEOUT, "llm_retries": 1, "llm_max_tokens": 768, **overrides}, env={})


@pytest.fixture
def llm(server: LlamaServer) -> Iterator[OpenAILLM]:
    client = OpenAILLM(base_url=server.url, model=server.model, timeout=TIMEOUT, retries=1, max_tokens=512)
    yield client
    client.close()


@pytest.fixture
def open_lane_memory(server: LlamaServer, tmp_path: Path, embedder: Embedder) -> Iterator[Any]:
    opened: list[Memory] = []

    def factory(name: str = "lane.db", on: LlamaServer | None = None, **overrides: Any) -> Memory:
        mem = Memory.open(settings=lane_settings(on or server, tmp_path / name, **overrides), embedder=embedder)
        opened.append(mem)
        return mem

    yield factory
    for mem in opened:
        close = getattr(mem.llm, "close", None)
        if callable(close):
            close()
        mem.close()
