"""``AsyncMemory``: the public API for asyncio (or trio) code.

A thin shell over :class:`~ripplemem.memory.Memory`: every method runs the synchronous one
in a worker thread (``anyio.to_thread``), so the logic exists once and the event loop never
blocks on embedding, SQLite or an LLM call. Writes are serialised by ``Memory``'s lock and
the store's transactions, exactly as for threads calling ``Memory`` directly::

    async with await AsyncMemory.open("memory.db") as mem:
        await mem.add([{"speaker": "Ana", "text": "I moved to Lisbon."}], user_id="u1")
        evidence = await mem.recall("Where does Ana live?", user_id="u1")
"""

from __future__ import annotations

import builtins
import functools
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import anyio.to_thread
from anyio import CapacityLimiter

from .memory import Memory

P = ParamSpec("P")
R = TypeVar("R")


def _in_thread(method: Callable[Concatenate[Memory, P], R]) -> Callable[Concatenate[AsyncMemory, P], Awaitable[R]]:
    """``Memory.method`` as a coroutine method of ``AsyncMemory``, run in a worker thread."""

    @functools.wraps(method)
    async def run(self: AsyncMemory, /, *args: P.args, **kwargs: P.kwargs) -> R:
        call = functools.partial(method, self.sync, *args, **kwargs)
        return await anyio.to_thread.run_sync(call, limiter=self.limiter)

    return run


class AsyncMemory:
    """The same methods as :class:`Memory`, awaitable.

    ``limiter`` bounds how many calls run in worker threads at once (default: anyio's
    shared limiter, 40 threads).
    """

    def __init__(self, memory: Memory, *, limiter: CapacityLimiter | None = None) -> None:
        self.sync = memory
        self.limiter = limiter

    @classmethod
    async def open(cls, db: str | None = None, *, limiter: CapacityLimiter | None = None, **kwargs: Any) -> AsyncMemory:
        """Open (or create) a store; the arguments are those of :meth:`Memory.open`."""
        memory = await anyio.to_thread.run_sync(functools.partial(Memory.open, db, **kwargs))
        return cls(memory, limiter=limiter)

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def __repr__(self) -> str:
        return f"AsyncMemory({self.sync.store!r})"

    @property
    def settings(self) -> Any:
        return self.sync.settings

    close = _in_thread(Memory.close)
    add = _in_thread(Memory.add)
    add_sessions = _in_thread(Memory.add_sessions)
    reindex = _in_thread(Memory.reindex)
    recall = _in_thread(Memory.recall)
    reconstruct = _in_thread(Memory.reconstruct)
    answer = _in_thread(Memory.answer)
    search = _in_thread(Memory.search)
    get = _in_thread(Memory.get)
    get_many = _in_thread(Memory.get_many)
    neighbours = _in_thread(Memory.neighbours)
    list = _in_thread(Memory.list)
    history = _in_thread(Memory.history)
    update = _in_thread(Memory.update)
    delete = _in_thread(Memory.delete)
    delete_user = _in_thread(Memory.delete_user)
    source_turns = _in_thread(Memory.source_turns)
    list_scopes = _in_thread(Memory.list_scopes)
    stats = _in_thread(Memory.stats)
    maintain = _in_thread(Memory.maintain)
    pin = _in_thread(Memory.pin)
    unpin = _in_thread(Memory.unpin)
    flush_access = _in_thread(Memory.flush_access)
    import_records = _in_thread(Memory.import_records)

    async def export(self, *, user_id: str | None = None) -> builtins.list[dict[str, Any]]:
        """Every record (see :meth:`Memory.export`), read in a worker thread into a list."""
        return await anyio.to_thread.run_sync(lambda: [*self.sync.export(user_id=user_id)], limiter=self.limiter)
