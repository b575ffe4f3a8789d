"""The LLM interface: one call that returns output validated against a pydantic schema."""

from __future__ import annotations

from typing import Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

T = TypeVar("T", bound=BaseModel)


@runtime_checkable
class LLM(Protocol):
    """A chat model that answers with JSON validated into ``schema``.

    Raises :class:`ripplemem.errors.ProviderError` on transport failures (after bounded
    retries) and :class:`ripplemem.errors.LLMOutputError` (carrying the raw text) when the
    reply still does not validate after one repair attempt.
    """

    model: str

    def complete(self, system: str, user: str, schema: type[T]) -> T: ...

    def text(self, system: str, user: str) -> str: ...
