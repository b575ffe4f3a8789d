"""The MCP server (official ``mcp`` SDK): one user's memory as tools and a resource.

Tools: ``remember`` (turns, or one fact), ``recall`` (evidence with its source turns),
``search``, ``update`` and ``forget`` (one memory id), ``scopes``. Resource: ``memory://recent``, the newest memories. The server
acts for the one user it was started for; over HTTP (streamable HTTP at ``/mcp``) every
request needs ``Authorization: Bearer <key>`` with a key of that user or the admin key.
"""

from __future__ import annotations

import json
from typing import Any

from ..aio import AsyncMemory
from ..errors import RippleMemError
from ..memory import Memory
from ..types import MemoryUnit
from .keys import KeyStore
from .render import add_json, evidence_json, scope_json
from .server import Receive, Scope_, Send, error_response

RECENT_URI = "memory://recent"


def _fail(exc: RippleMemError) -> Exception:
    from mcp.server.mcpserver.exceptions import ToolError

    return ToolError(f"{type(exc).__name__}: {exc}")


def _memory_json(u: MemoryUnit) -> dict[str, Any]:
    return {"id": u.id, "text": u.restatement, "rendered": u.render(), "layer": u.layer, "sources": list(u.sources),
            "metadata": dict(u.metadata), "scope": scope_json(u.scope)}


def build_mcp(memory: Memory | AsyncMemory, user_id: str, *, recent: int = 20) -> Any:
    """An ``MCPServer`` whose tools act on ``user_id``'s memory (any agent_id / run_id under it)."""
    from mcp.server.mcpserver import MCPServer

    from .. import __version__

    mem = memory if isinstance(memory, AsyncMemory) else AsyncMemory(memory)
    server = MCPServer(
        "ripplemem", version=__version__, log_level="WARNING",
        instructions="Long-term memory. Call `remember` with what the user said that is worth keeping; "
                     "call `recall` with a question before answering from memory; cite the sources.",
    )

    @server.tool()
    async def remember(
        turns: list[dict[str, Any]] | None = None, fact: str | None = None, session_id: str | None = None,
        session_time: str | None = None, agent_id: str | None = None, run_id: str | None = None,
        metadata: dict[str, Any] | None = None, infer: bool = True,
    ) -> dict[str, Any]:
        """Remember conversation turns ({speaker, text} or {role, content}, optional id, time and metadata), or
        one fact stated by the user. `metadata` (a JSON object) goes on every memory they produce; `infer` false
        stores each turn as written. Returns what happened to each memory."""
        if (turns is None) == (fact is None):
            raise _fail(RippleMemError("give either turns or fact"))
        messages: Any = turns if turns is not None else [{"role": "user", "content": fact}]
        try:
            result = await mem.add(messages, user_id=user_id, agent_id=agent_id, run_id=run_id,
                                   session_id=session_id, session_time=session_time, metadata=metadata, infer=infer)
        except RippleMemError as exc:
            raise _fail(exc) from exc
        return add_json(result)

    @server.tool()
    async def recall(
        query: str | None = None, budget_tokens: int | None = None, as_of: str | None = None,
        agent_id: str | None = None, run_id: str | None = None, filters: dict[str, Any] | None = None,
        question: str | None = None,
    ) -> dict[str, Any]:
        """The evidence for a query: the memories that together answer it, each with the turns it came
        from. `context` is the evidence in time order, ready to answer from. `filters`: {metadata: {key:
        value | {in: [values]}}, since, until, layer, current_only}. (`question` is the old name of `query`.)"""
        where: dict[str, Any] = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
        asked = query if query is not None else question
        if asked is None or (query is not None and question is not None):
            raise _fail(RippleMemError("give query (or the deprecated question), not both"))
        try:
            ev = await mem.recall(asked, budget_tokens=budget_tokens, as_of=as_of, filters=filters,
                                  **where)
            turns = await mem.source_turns(ev.sources, **where)
        except RippleMemError as exc:
            raise _fail(exc) from exc
        return evidence_json(ev, turns, trace=False)

    @server.tool()
    async def search(
        query: str, limit: int = 10, agent_id: str | None = None, run_id: str | None = None,
        filters: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Ranked memories for a query (no planner, no budget), those `filters` keep."""
        try:
            items = await mem.search(query, limit=limit, filters=filters, user_id=user_id, agent_id=agent_id,
                                     run_id=run_id)
        except RippleMemError as exc:
            raise _fail(exc) from exc
        return {"items": [{**_memory_json(i.unit), "score": i.score, "routes": list(i.routes)} for i in items]}

    @server.tool()
    async def update(
        memory_id: str, text: str | None = None, metadata: dict[str, Any] | None = None,
        agent_id: str | None = None, run_id: str | None = None,
    ) -> dict[str, Any]:
        """Correct one memory (by the id `recall` or `remember` gave): its text becomes `text` and/or its
        metadata is replaced by `metadata`."""
        try:
            unit = await mem.update(memory_id, text, metadata=metadata, user_id=user_id, agent_id=agent_id,
                                    run_id=run_id)
        except RippleMemError as exc:
            raise _fail(exc) from exc
        return _memory_json(unit)

    @server.tool()
    async def forget(memory_id: str, agent_id: str | None = None, run_id: str | None = None) -> dict[str, Any]:
        """Delete one memory (by the id `recall` or `remember` gave) everywhere."""
        try:
            await mem.delete(memory_id, user_id=user_id, agent_id=agent_id, run_id=run_id)
        except RippleMemError as exc:
            raise _fail(exc) from exc
        return {"deleted": memory_id}

    @server.tool()
    async def pin(memory_id: str, pinned: bool = True, agent_id: str | None = None,
                  run_id: str | None = None) -> dict[str, Any]:
        """Pin one memory (by the id `recall` or `remember` gave) so it never decays; `pinned=false` unpins it."""
        try:
            where: dict[str, Any] = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
            unit = await (mem.pin(memory_id, **where) if pinned else mem.unpin(memory_id, **where))
        except RippleMemError as exc:
            raise _fail(exc) from exc
        return {"id": unit.id, "pinned": unit.pinned, "cold": unit.cold, "rendered": unit.render()}

    @server.tool()
    async def scopes() -> dict[str, Any]:
        """The scopes (agent and run) this user's memories are kept in."""
        return {"scopes": [scope_json(sc) for sc in await mem.list_scopes(user_id=user_id)]}

    @server.resource(RECENT_URI, name="recent memories", mime_type="application/json",
                     description=f"The {recent} newest memories of this user.")
    async def recent_memories() -> str:
        units = await mem.list(user_id=user_id, limit=recent)
        return json.dumps([{"id": u.id, "text": u.restatement, "rendered": u.render(), "layer": u.layer,
                            "sources": list(u.sources)} for u in units], ensure_ascii=False)

    return server


class RequireKey:
    """ASGI wrapper: HTTP requests need a bearer key of ``user_id`` (or the admin key)."""

    def __init__(self, app: Any, keys: KeyStore, user_id: str) -> None:
        self.app, self.keys, self.user_id = app, keys, user_id

    async def __call__(self, scope: Scope_, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            header = dict(scope.get("headers") or []).get(b"authorization", b"").decode("latin-1")
            scheme, _, key = header.partition(" ")
            who = self.keys.verify(key.strip()) if scheme.lower() == "bearer" and key.strip() else None
            if who is None:
                await error_response(401, "unauthorized", "a valid API key is required")(scope, receive, send)
                return
            if not who.admin and who.user_id != self.user_id:
                await error_response(403, "forbidden", "this API key is not for this server's user")(
                    scope, receive, send)
                return
        await self.app(scope, receive, send)


def mcp_http_app(server: Any, keys: KeyStore, user_id: str, host: str = "127.0.0.1") -> RequireKey:
    """The streamable-HTTP ASGI app (path ``/mcp``), behind the key check."""
    return RequireKey(server.streamable_http_app(host=host), keys, user_id)


def run_mcp(memory: Memory, user_id: str, *, transport: str = "stdio", keys: KeyStore | None = None,
            host: str = "127.0.0.1", port: int = 8766) -> None:
    """Serve until the client disconnects (stdio) or the process is interrupted (http)."""
    server = build_mcp(memory, user_id)
    if transport == "stdio":
        server.run("stdio")
        return
    if keys is None:
        raise RippleMemError("the HTTP transport needs the key table")
    import uvicorn

    from .server import uvicorn_config

    app = mcp_http_app(server, keys, user_id, host)
    uvicorn.Server(uvicorn_config(app, host, port, lifespan="on", log_level="warning")).run()
