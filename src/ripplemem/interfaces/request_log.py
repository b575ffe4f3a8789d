"""Structured request logs for the REST server (``ripplemem serve --log-format json``).

One JSON line per HTTP request, written when its response is sent: ``method``, ``path``,
``status``, ``ms`` (wall time), ``scope`` (a hash of the user, agent and run the request
acted for; never the ids themselves) and, when the request called an LLM, ``llm`` (per
role: calls, failures, prompt and completion tokens) and ``llm_tokens`` (their sum) with
``fallbacks`` (LLM calls that failed and the rules answered for).

The endpoints :func:`note` what they know while the request runs; the middleware holds one
record per request in a context variable, so concurrent requests never mix.
"""

from __future__ import annotations

import contextvars
import hashlib
import json
import logging
import sys
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from ..types import LLMUsage, Scope

LOGGER = "ripplemem.requests"
log = logging.getLogger(LOGGER)

_record: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar("ripplemem_request", default=None)

Scope_ = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


def scope_hash(scope: Scope) -> str:
    """A stable, short, one-way name for a scope: the same scope always logs the same hash."""
    key = "\x1f".join(part or "" for part in (scope.user_id, scope.agent_id, scope.run_id))
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def note_scope(scope: Scope) -> None:
    """Record the scope the current request acts for (no-op outside a logged request)."""
    record = _record.get()
    if record is not None:
        record["scope"] = scope_hash(scope)


def note_usage(usage: LLMUsage, fallbacks: int = 0) -> None:
    """Add an API call's LLM usage (and fallbacks) to the current request's record."""
    record = _record.get()
    if record is None or not (usage or fallbacks):
        return
    roles: dict[str, dict[str, int]] = record.setdefault("llm", {})
    for role, u in usage.items():
        have = roles.setdefault(role, {"calls": 0, "failures": 0, "prompt_tokens": 0, "completion_tokens": 0})
        for key in have:
            have[key] += int(getattr(u, key))
    record["llm_tokens"] = sum(r["prompt_tokens"] + r["completion_tokens"] for r in roles.values())
    record["fallbacks"] = record.get("fallbacks", 0) + fallbacks


class RequestLog:
    """ASGI middleware: one JSON line per HTTP request on the ``ripplemem.requests`` logger."""

    def __init__(self, app: Callable[[Scope_, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope_, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        record: dict[str, Any] = {"method": scope.get("method"), "path": scope.get("path"), "status": None}
        token = _record.set(record)
        started = time.perf_counter()

        async def watched(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                record["status"] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, watched)
        finally:
            _record.reset(token)
            record["ms"] = round((time.perf_counter() - started) * 1000, 1)
            log.info(json.dumps(record, sort_keys=True))


def install_json_handler(stream: Any = None) -> logging.Handler:
    """Write the request lines, as they are, to ``stream`` (stderr by default)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    return handler
