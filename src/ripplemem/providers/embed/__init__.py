"""Embedders: a small registry of factories, built-ins registered like third-party ones.

``make_embedder(settings)`` builds the embedder named by ``settings.embedder``
(``local`` by default, ``openai`` for any OpenAI-compatible endpoint), behind a cache of
``settings.embed_cache`` texts (:mod:`.cache`). A plug-in adds
its own with ``register_embedder("name", factory)``.
"""

from __future__ import annotations

from collections.abc import Callable

from ...config import Settings
from ...errors import ConfigError
from .base import Embedder

EmbedderFactory = Callable[[Settings], Embedder]

_FACTORIES: dict[str, EmbedderFactory] = {}


def register_embedder(name: str, factory: EmbedderFactory) -> None:
    """Make ``settings.embedder == name`` build an embedder with ``factory(settings)``."""
    _FACTORIES[name] = factory


def embedder_names() -> list[str]:
    return sorted(_FACTORIES)


def make_embedder(settings: Settings) -> Embedder:
    """The embedder ``settings.embedder`` names; :class:`ConfigError` for an unknown name."""
    factory = _FACTORIES.get(settings.embedder)
    if factory is None:
        known = ", ".join(embedder_names())
        raise ConfigError(f"unknown embedder {settings.embedder!r} (known: {known})")
    embedder = factory(settings)
    if settings.embed_cache > 0:
        from .cache import CachedEmbedder

        return CachedEmbedder(embedder, settings.embed_cache)
    return embedder


def _local(settings: Settings) -> Embedder:
    from .local import shared_local_embedder

    return shared_local_embedder()


def _openai(settings: Settings) -> Embedder:
    from .openai import OpenAIEmbedder

    return OpenAIEmbedder.from_settings(settings)


register_embedder("local", _local)
register_embedder("openai", _openai)

__all__ = ["Embedder", "EmbedderFactory", "embedder_names", "make_embedder", "register_embedder"]
