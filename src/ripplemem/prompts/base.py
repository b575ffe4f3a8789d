"""What every prompt module shares: the :class:`Prompt` it renders and small formatting helpers.

A prompt module holds an output schema (pydantic), a ``VERSION`` (bumped whenever the
wording or the schema changes, so stored results can say which prompt made them) and a
``render(...)`` function returning a :class:`Prompt`. The LLM client appends the JSON schema
to the system prompt, so the prompts describe the task, not the JSON syntax.

Every list and string of an output schema is bounded (``maxItems``, ``maxLength``: the
:data:`Id`, :data:`Name` and :func:`bounded` helpers), so output constrained to the schema
fits the completion budget (``llm_max_tokens``); a test holds each schema's longest possible
reply to it. :meth:`Prompt.ask` counts the call, its wall time and a failure under the
prompt's name (its role) in the open usage meters.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, Field

from ..errors import ProviderError
from ..providers.llm import usage
from ..types import MemoryUnit

if TYPE_CHECKING:
    from ..providers.llm.base import LLM

T = TypeVar("T", bound=BaseModel)

Id = Annotated[str, Field(max_length=64)]  # a turn or memory id as the reply cites it
Name = Annotated[str, Field(max_length=48)]  # a person, a place, a fact copied verbatim


def bounded(max_items: int) -> Any:
    """A list field of at most ``max_items`` items, empty by default."""
    return Field(default_factory=list, max_length=max_items)


@dataclass(frozen=True)
class Prompt(Generic[T]):
    """A rendered prompt: the two messages, the schema the reply must fit, and its provenance."""

    name: str
    version: str
    system: str
    user: str
    schema: type[T]

    def ask(self, llm: LLM) -> T:
        """Send it; raises what :meth:`LLM.complete` raises (ProviderError, LLMOutputError),
        counted as a failure of the role (the caller falls back)."""
        started = time.perf_counter()
        failed = 0
        try:
            with usage.acting_as(self.name):
                return llm.complete(self.system, self.user, self.schema)
        except ProviderError:
            failed = 1
            raise
        finally:
            usage.record(self.name, calls=1, failures=failed, wall_ms=(time.perf_counter() - started) * 1000.0)


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
