"""A fault-injecting OpenAI-compatible chat server on 127.0.0.1, for the reliability tests.

Each request to ``POST /v1/chat/completions`` gets the next kind of :data:`SCHEDULE` (or the
kinds given), a good answer or one of the failures real servers produce: a reply slower than
the client's timeout, 429, 500 and 503 (with ``retry-after-ms: 1``, so the SDK's retries are
quick), a dropped connection, an HTML page, a body cut in the middle, a JSON list, a chat
reply whose content is cut JSON, JSON of the wrong shape, a number, a refusal (``content``
null, ``refusal`` set), no choices at all.

A good answer fits the schema named in ``response_format`` (or the system prompt): for
extraction, one unit per new (numbered) turn of the window restating it (``"<speaker> said: ..."``),
citing it; for the others the smallest valid answer. Every request's kind is recorded, so a
test can check which faults it survived.
"""

from __future__ import annotations

import itertools
import json
import re
import threading
from collections import Counter
from collections.abc import Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

GOOD = "good"
FAULTS = (
    "timeout", "429", "500", "503", "dropped", "html", "cut_body", "short_body", "json_list",
    "cut_json", "wrong_schema", "number", "refusal", "no_choices",
)
#: good answers mixed with every fault kind
SCHEDULE = tuple(itertools.chain.from_iterable((GOOD, f) for f in FAULTS))
SAID = " said: "

_NEW_TURN = re.compile(r"^(?P<number>\d+)\. (?P<speaker>[^:]+): (?P<text>.*)$", re.MULTILINE)


def good_content(body: dict[str, Any]) -> dict[str, Any]:
    """A valid answer to the request's schema."""
    messages = body.get("messages", [])
    fmt = body.get("response_format") or {}
    name = str((fmt.get("json_schema") or {}).get("name", ""))
    system = str(messages[0].get("content", "")) if messages else ""
    user = str(messages[1].get("content", "")) if len(messages) > 1 else ""
    if name == "ExtractOutput" or (not name and "memory units" in system):
        units = [
            {"restatement": f"{m['speaker']}{SAID}{m['text']}"[:200], "participants": [m["speaker"][:40]],
             "locations": [], "time_start": None, "time_end": None, "facts": [], "importance": 0.6,
             "core": False, "sources": [int(m["number"])]}
            for m in _NEW_TURN.finditer(user.partition("New turns:\n")[2])
        ]
        return {"units": units[:5]}
    if name == "UpdateOutput":
        return {"action": "ADD", "target": 1, "merged": None, "slot": None, "new_value": None, "reason": "new"}
    if name == "PlanOutput":
        return {"proceed": False, "anchors": [], "target": "", "target_participants": [], "target_locations": [],
                "stop_reason": "enough"}
    if name == "AnswerOutput":
        return {"answer": "From the memories.", "supported": True, "cited": []}
    if name == "ReconstructOutput":
        return {"description": "What the memories say.", "cited": [], "uncertain": []}
    return {}


def completion(body: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "chatcmpl-fault", "object": "chat.completion", "created": 0, "model": body.get("model", ""),
        "choices": [{"index": 0, "message": {"role": "assistant", **message}, "finish_reason": "stop", "logprobs": None}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
    }


class FaultyLLM:
    """The server. ``kinds`` cycles (default :data:`SCHEDULE`); ``timeout_delay`` is how
    long a ``timeout`` answer sleeps (make it longer than the client's timeout)."""

    def __init__(self, kinds: Iterable[str] = SCHEDULE, *, timeout_delay: float = 1.5) -> None:
        self.kinds = tuple(kinds)
        self.timeout_delay = timeout_delay
        self.served: Counter[str] = Counter()
        self._next = itertools.cycle(self.kinds)
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def __enter__(self) -> FaultyLLM:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopping.set()
        assert self._server is not None
        self._server.shutdown()
        self._server.server_close()

    def take(self) -> str:
        with self._lock:
            kind = next(self._next)
            self.served[kind] += 1
            return kind

    def answer(self, kind: str, body: dict[str, Any]) -> tuple[int, dict[str, str], bytes | None]:
        """(status, headers, body) for one request; ``None`` body: drop the connection."""
        as_json = {"Content-Type": "application/json"}
        retry = {**as_json, "retry-after-ms": "1"}
        good = json.dumps(good_content(body))
        if kind == GOOD:
            return 200, as_json, json.dumps(completion(body, {"content": good})).encode()
        if kind == "timeout":
            self._stopping.wait(self.timeout_delay)
            return 200, as_json, json.dumps(completion(body, {"content": good})).encode()
        if kind in ("429", "500", "503"):
            error = {"error": {"message": f"injected {kind}", "type": "server_error", "param": None, "code": None}}
            return int(kind), retry, json.dumps(error).encode()
        if kind == "dropped":
            return 200, as_json, None
        if kind == "html":
            return 200, as_json, b"<html><body>502 Bad Gateway</body></html>"
        if kind == "cut_body":
            whole = json.dumps(completion(body, {"content": good})).encode()
            return 200, as_json, whole[: len(whole) // 2]
        if kind == "short_body":  # announces the whole length, sends half, closes
            whole = json.dumps(completion(body, {"content": good})).encode()
            return 200, {**as_json, "Content-Length": str(len(whole))}, whole[: len(whole) // 2]
        if kind == "json_list":
            return 200, as_json, b"[1, 2, 3]"
        if kind == "cut_json":
            return 200, as_json, json.dumps(completion(body, {"content": good[: len(good) // 2]})).encode()
        if kind == "wrong_schema":
            return 200, as_json, json.dumps(completion(body, {"content": '{"items": [1, 2], "ok": "yes"}'})).encode()
        if kind == "number":
            return 200, as_json, json.dumps(completion(body, {"content": 42})).encode()
        if kind == "refusal":
            return 200, as_json, json.dumps(completion(body, {"content": None, "refusal": "I can't help with that."})).encode()
        if kind == "no_choices":
            return 200, as_json, json.dumps({**completion(body, {"content": good}), "choices": []}).encode()
        raise ValueError(f"unknown fault kind {kind!r}")


def _handler_for(server: FaultyLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {}
            status, headers, data = server.answer(server.take(), body)
            if data is None:
                self.close_connection = True
                self.connection.close()
                return
            try:
                self.send_response(status)
                for name, value in {"Content-Length": str(len(data)), **headers}.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
                if int(headers.get("Content-Length", len(data))) != len(data):
                    self.wfile.flush()
                    self.close_connection = True
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler

