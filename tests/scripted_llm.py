"""A real OpenAI-compatible HTTP server on 127.0.0.1 with scripted replies, for tests.

It speaks ``POST /v1/chat/completions`` and ``POST /v1/embeddings`` over a real socket
(stdlib ``http.server`` in a thread), so the code under test runs its real SDK and
transport. Chat replies come from a queue the test fills: good JSON, bad JSON, an HTTP
error, a slow reply (for timeouts); or from a function of the request (:meth:`ScriptedLLM.answer_with`). Embeddings are computed (hashed character trigrams,
deterministic) unless an error is queued for them. Every request is recorded.

Structured-output modes can be refused as real servers refuse them, without consuming the
queue: :meth:`ScriptedLLM.refuse` answers a ``response_format`` mode with an error, and
:meth:`ScriptedLLM.like_llama_cpp_python` refuses ``json_schema`` with the HTTP 500 that
llama-cpp-python's server gives (its request model knows only ``text`` and ``json_object``).
Usage counts are a quarter of the characters in and out, so token accounting is checkable.

    def test_x(scripted_llm):
        scripted_llm.reply_json({"answer": "yes"})
        llm = OpenAILLM(base_url=scripted_llm.url, model="m")
        ...
        assert scripted_llm.chat_requests[0]["model"] == "m"
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class ScriptedReply:
    """One queued answer: ``status`` 200 with chat ``content``, or an error status."""

    status: int = 200
    content: str | None = None  # the chat message, or the error message for a status >= 400
    delay: float = 0.0  # seconds to wait before answering


@dataclass(frozen=True)
class RecordedRequest:
    path: str
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)  # names lower-cased


def trigram_vector(text: str, dim: int) -> list[float]:
    """A deterministic, similarity-preserving stand-in embedding (not normalised on purpose)."""
    vec = [0.0] * dim
    padded = f"  {text.lower()}  "
    for i in range(len(padded) - 2):
        bucket = int.from_bytes(hashlib.blake2b(padded[i : i + 3].encode(), digest_size=4).digest(), "big") % dim
        vec[bucket] += 1.0
    if not any(vec):
        vec[0] = 1.0
    return [3.0 * v for v in vec]


class ScriptedLLM:
    """The server and its script. Use as a context manager, or :meth:`start` / :meth:`stop`."""

    def __init__(self, embed_dim: int = 16) -> None:
        self.embed_dim = embed_dim
        self.refused: dict[str, tuple[int, str]] = {}  # response_format mode -> (status, message)
        self.requests: list[RecordedRequest] = []
        self._chat: deque[ScriptedReply] = deque()
        self._respond: Callable[[dict[str, Any]], ScriptedReply | None] | None = None
        self._embed: deque[ScriptedReply] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- the script ---------------------------------------------------------------------
    def reply(self, content: str, *, delay: float = 0.0) -> ScriptedLLM:
        """Queue a chat reply with this exact message content."""
        self._chat.append(ScriptedReply(content=content, delay=delay))
        return self

    def reply_json(self, obj: Any, *, fence: bool = False, delay: float = 0.0) -> ScriptedLLM:
        """Queue a chat reply whose content is ``obj`` as JSON (optionally in a code fence)."""
        text = json.dumps(obj)
        return self.reply(f"```json\n{text}\n```" if fence else text, delay=delay)

    def answer_with(self, respond: Callable[[dict[str, Any]], ScriptedReply | None]) -> ScriptedLLM:
        """Answer each chat request with ``respond(body)``, the queue only where it gives
        ``None``: for replies that depend on the request (the ids it lists, who asks). It
        runs in the server's request threads, so requests in flight together are answered
        together."""
        self._respond = respond
        return self

    def fail(self, status: int = 500, *, times: int = 1, message: str | None = None) -> ScriptedLLM:
        """Queue ``times`` chat replies with HTTP ``status`` (and an error ``message``)."""
        self._chat.extend(ScriptedReply(status=status, content=message) for _ in range(times))
        return self

    def refuse(self, *modes: str, status: int = 400, message: str = "") -> ScriptedLLM:
        """Answer every request in these ``response_format`` modes (``json_schema``,
        ``json_object_schema``, ``json_object``) with ``status``."""
        for mode in modes:
            self.refused[mode] = (status, message or f"response_format {mode} is not supported by this server")
        return self

    def like_llama_cpp_python(self) -> ScriptedLLM:
        """Refuse ``json_schema`` as llama-cpp-python 0.3's server does (accepting ``json_object`` with a schema)."""
        return self.refuse("json_schema", status=500, message=LLAMA_CPP_PYTHON_REFUSAL)

    def embed_fail(self, status: int = 500, *, times: int = 1) -> ScriptedLLM:
        """Queue ``times`` embeddings replies with HTTP ``status``."""
        self._embed.extend(ScriptedReply(status=status) for _ in range(times))
        return self

    @property
    def pending(self) -> int:
        """Chat replies still queued."""
        return len(self._chat)

    @property
    def chat_requests(self) -> list[dict[str, Any]]:
        return [r.body for r in self.requests if r.path.endswith("/chat/completions")]

    @property
    def embed_requests(self) -> list[dict[str, Any]]:
        return [r.body for r in self.requests if r.path.endswith("/embeddings")]

    # -- the server ---------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The base URL to give an OpenAI client (ends in ``/v1``)."""
        if self._server is None:
            raise RuntimeError("scripted LLM server is not running")
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def start(self) -> ScriptedLLM:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        server.daemon_threads = True
        server.block_on_close = False
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> ScriptedLLM:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- answering ------------------------------------------------------------------------
    def _answer(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any], float]:
        if path.endswith("/chat/completions"):
            refusal = self.refused.get(format_mode(body.get("response_format")))
            if refusal is not None:
                return refusal[0], _error(refusal[1]), 0.0
            item = self._respond(body) if self._respond is not None else None
            if item is None:
                with self._lock:
                    item = self._chat.popleft() if self._chat else None
            if item is None:
                return 500, _error("scripted_llm: no chat reply queued"), 0.0
            if item.status != 200:
                return item.status, _error(item.content or f"scripted failure {item.status}"), item.delay
            return 200, _completion(body, item.content or ""), item.delay
        if path.endswith("/embeddings"):
            with self._lock:
                item = self._embed.popleft() if self._embed else None
            if item is not None and item.status != 200:
                return item.status, _error(f"scripted failure {item.status}"), item.delay
            return 200, self._embeddings(body), item.delay if item else 0.0
        return 404, _error(f"scripted_llm: no route {path}"), 0.0

    def _embeddings(self, body: dict[str, Any]) -> dict[str, Any]:
        inputs = body.get("input", [])
        texts = [inputs] if isinstance(inputs, str) else list(inputs)
        data = [
            {"object": "embedding", "index": i, "embedding": trigram_vector(str(t), self.embed_dim)}
            for i, t in enumerate(texts)
        ]
        tokens = sum(math.ceil(len(str(t)) / 4) for t in texts)
        return {
            "object": "list",
            "data": data,
            "model": body.get("model", ""),
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }


LLAMA_CPP_PYTHON_REFUSAL = (
    "1 validation error for CreateChatCompletionRequest\nresponse_format.type\n  Input should be 'text' or "
    "'json_object' [type=literal_error, input_value='json_schema', input_type=str]"
)


def format_mode(response_format: Any) -> str:
    """The structured-output mode a request asks for (``none`` without ``response_format``)."""
    if not isinstance(response_format, dict):
        return "none"
    kind = response_format.get("type")
    if kind == "json_object" and "schema" in response_format:
        return "json_object_schema"
    return str(kind)


def _error(message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": "server_error", "param": None, "code": None}}


def _completion(body: dict[str, Any], content: str) -> dict[str, Any]:
    prompt = math.ceil(sum(len(str(m.get("content", ""))) for m in body.get("messages", [])) / 4)
    completion = max(1, math.ceil(len(content) / 4))
    return {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "created": 0,
        "model": body.get("model", ""),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
                "logprobs": None,
            }
        ],
        "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
    }


def _handler_for(script: ScriptedLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {"_unparsed": raw.decode("utf-8", "replace")}
            with script._lock:
                script.requests.append(
                    RecordedRequest(self.path, body, {k.lower(): v for k, v in self.headers.items()})
                )
            status, payload, delay = script._answer(self.path, body)
            if delay and script._stopping.wait(delay):
                return
            data = json.dumps(payload).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test); nothing to answer

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler
