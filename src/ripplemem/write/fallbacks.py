"""Fallbacks counted per call: windows the rules extracted and update decisions the rules
made because the LLM failed.

A write call opens a tally with :func:`counting` (``ingest``, ``ingest_sessions``); the LLM
extractor and decider :func:`count` each fallback into every tally open in their context,
in this thread or in a worker thread that carries it (``usage.carry`` copies the whole
context). Two calls running at once, in different scopes or threads, each see only their
own fallbacks, which a difference of the extractor's process-wide counter did not give.
A worker process counts in its own tally and the caller adds the number it returns.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal

Kind = Literal["extraction", "decision"]

_OPEN: contextvars.ContextVar[tuple[Fallbacks, ...]] = contextvars.ContextVar("ripplemem_fallbacks", default=())


@dataclass
class Fallbacks:
    """One call's fallbacks, safe to count into from several threads."""

    extraction: int = 0  # windows whose LLM extraction failed and the rules extracted
    decision: int = 0  # update decisions whose LLM call failed and the rules decided
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, kind: Kind, n: int) -> None:
        with self._lock:
            setattr(self, kind, getattr(self, kind) + n)


@contextmanager
def counting() -> Iterator[Fallbacks]:
    """A new tally of the fallbacks counted inside the block (tallies nest: each sees them)."""
    tally = Fallbacks()
    token = _OPEN.set((*_OPEN.get(), tally))
    try:
        yield tally
    finally:
        _OPEN.reset(token)


def count(kind: Kind, n: int = 1) -> None:
    """Count ``n`` fallbacks of ``kind`` in every tally open in this context."""
    if n:
        for tally in _OPEN.get():
            tally.add(kind, n)
