"""What every prompt module shares: the :class:`Prompt` it renders and small formatting helpers.

A prompt module holds an output schema (pydantic), a ``VERSION`` (bumped whenever the
wording or the schema changes, so stored results can say which prompt made them) and a
``render(...)`` function returning a :class:`Prompt`. The LLM client appends the JSON schema
to the system prompt, so the prompts describe the task, not the JSON syntax.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Generic, TypeVar

from pydantic import BaseModel

from ..types import MemoryUnit

if TYPE_CHECKING:
    from ..providers.llm.base import LLM

T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True)
class Prompt(Generic[T]):
    """A rendered prompt: the two messages, the schema the reply must fit, and its provenance."""

    name: str
    version: str
    system: str
    user: str
    schema: type[T]

    def ask(self, llm: LLM) -> T:
        """Send it; raises what :meth:`LLM.complete` raises (ProviderError, LLMOutputError)."""
        return llm.complete(self.system, self.user, self.schema)


def when(dt: datetime | None) -> str:
    """A date as prompts show it: ``8 May 2023, 13:56 (Monday)``, or ``unknown``."""
    if dt is None:
        return "unknown"
    return dt.strftime("%-d %B %Y, %H:%M (%A)")


def memory_lines(units: Iterable[MemoryUnit]) -> str:
    """Memories as numbered evidence: ``[id] [date] restatement``."""
    lines = [f"[{u.id}] {u.render()}" for u in units]
    return "\n".join(lines) if lines else "(none)"


def names(values: Iterable[str]) -> str:
    joined = ", ".join(sorted(values))
    return joined or "none"
