"""Shared pytest fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scripted_llm import ScriptedLLM


@pytest.fixture
def scripted_llm() -> Iterator[ScriptedLLM]:
    """A real OpenAI-compatible server on 127.0.0.1 answering from a scripted queue."""
    with ScriptedLLM() as server:
        yield server
