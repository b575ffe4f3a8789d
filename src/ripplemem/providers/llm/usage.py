"""Token and time accounting per LLM role, gathered without threading a counter through every call.

A caller opens a meter with :func:`metering` (``Memory.add`` does, around one call); every
LLM request made inside it, in this thread or in a task started with :func:`carry`, is
added to it under the role that asked (:func:`acting_as`, set by ``Prompt.ask``). Meters
nest: a request counts in every open meter, so a bench run's meter and one ``add``'s meter
both see it. The client reports requests and tokens (:func:`record`); the role reports its
calls, wall time and failures.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from ...types import LLMUsage, RoleUsage

R = TypeVar("R")

_METERS: contextvars.ContextVar[tuple[UsageMeter, ...]] = contextvars.ContextVar("ripplemem_llm_meters", default=())
_ROLE: contextvars.ContextVar[str] = contextvars.ContextVar("ripplemem_llm_role", default="other")


class UsageMeter:
    """Per-role totals, safe to add to from several threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._roles: LLMUsage = {}

    def add(self, role: str, usage: RoleUsage) -> None:
        with self._lock:
            self._roles[role] = self._roles.get(role, RoleUsage()) + usage

    def snapshot(self) -> LLMUsage:
        with self._lock:
            return dict(sorted(self._roles.items()))


@contextmanager
def metering() -> Iterator[UsageMeter]:
    """A new meter that sees every LLM request made inside the block."""
    meter = UsageMeter()
    token = _METERS.set((*_METERS.get(), meter))
    try:
        yield meter
    finally:
        _METERS.reset(token)


@contextmanager
def acting_as(role: str) -> Iterator[None]:
    """Requests made inside the block count for ``role``."""
    token = _ROLE.set(role)
    try:
        yield
    finally:
        _ROLE.reset(token)


def record(role: str | None = None, **counts: float) -> None:
    """Add ``counts`` (``RoleUsage`` field names) to every open meter, under ``role`` or the current one."""
    meters = _METERS.get()
    if meters:
        usage = RoleUsage(**counts)  # type: ignore[arg-type]
        for meter in meters:
            meter.add(role or _ROLE.get(), usage)


def carry(fn: Callable[..., R]) -> Callable[..., R]:
    """``fn`` bound to the caller's meters and role, for a worker thread."""
    context = contextvars.copy_context()
    return lambda *args, **kwargs: context.copy().run(fn, *args, **kwargs)  # one context per run: threads may overlap
