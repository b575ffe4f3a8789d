"""LLM clients: a small registry of factories, built-ins registered like third-party ones.

``make_llm(settings)`` returns ``None`` when no LLM is configured (``llm_base_url`` and
``llm_model`` unset): ripplemem then runs its rule-based paths. The built-in ``openai``
client speaks the chat-completions protocol of OpenAI, Ollama, vLLM and llama.cpp.
"""

from __future__ import annotations

from collections.abc import Callable

from ...config import Settings
from ...errors import ConfigError
from .base import LLM

LLMFactory = Callable[[Settings], LLM]

_FACTORIES: dict[str, LLMFactory] = {}


def register_llm(name: str, factory: LLMFactory) -> None:
    """Make ``make_llm(settings, kind=name)`` build a client with ``factory(settings)``."""
    _FACTORIES[name] = factory


def llm_names() -> list[str]:
    return sorted(_FACTORIES)


def make_llm(settings: Settings, kind: str = "openai") -> LLM | None:
    """The configured LLM client, or ``None`` when ``settings.llm_configured`` is false."""
    if not settings.llm_configured:
        return None
    factory = _FACTORIES.get(kind)
    if factory is None:
        raise ConfigError(f"unknown LLM client {kind!r} (known: {', '.join(llm_names())})")
    return factory(settings)


def _openai(settings: Settings) -> LLM:
    from .openai import OpenAILLM

    return OpenAILLM.from_settings(settings)


register_llm("openai", _openai)

__all__ = ["LLM", "LLMFactory", "llm_names", "make_llm", "register_llm"]
