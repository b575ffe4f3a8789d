"""``ripplemem serve --log-format json``: a real server process on 127.0.0.1 over a SQLite file,
one JSON line per request on its stderr (read here with its stdout)."""

from __future__ import annotations

import io
import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.request_log import LOGGER, install_json_handler, scope_hash
from ripplemem.interfaces.server import create_app
from ripplemem.providers.embed.base import Embedder
from ripplemem.providers.llm.openai import OpenAILLM
from ripplemem.types import Scope
from scripted_llm import ScriptedLLM
from serving_helpers import ADMIN_KEY, free_port, open_memory, running


def _serve(db: Path, port: int, log_format: str) -> subprocess.Popen[str]:
    env = {**os.environ, "RIPPLEMEM_ADMIN_KEY": ADMIN_KEY}
    cmd = [sys.executable, "-m", "ripplemem.interfaces.cli", "--db", str(db), "serve", "--port", str(port),
           "--log-format", log_format]
    return subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _wait(url: str, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()[0][-2000:]
        try:
            if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.2)
    raise AssertionError("the server did not start")


def _stop(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    return out


def test_one_json_line_per_request(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _serve(tmp_path / "memory.db", port, "json")
    try:
        _wait(url, proc)
        admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
        with httpx.Client(base_url=url, timeout=60) as client:
            added = client.post("/v1/memories", headers=admin, json={
                "user_id": "alice", "agent_id": "coach", "messages": [{"role": "user", "content": "I run every morning."}]})
            assert added.status_code == 201
            assert client.post("/v1/recall", headers=admin, json={"user_id": "alice", "query": "When do I run?"}
                               ).status_code == 200
            assert client.get("/v1/memories/nope", headers=admin, params={"user_id": "alice"}).status_code == 404
            assert client.post("/v1/search", json={"query": "x"}).status_code == 401
            assert client.post("/v1/search", headers=admin, json={"user_id": "alice", "query": ""}).status_code == 400
    finally:
        err = _stop(proc)
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    asked = [(r["method"], r["path"], r["status"]) for r in lines if r["path"] != "/health" or r["status"] == 200]
    assert asked[-5:] == [("POST", "/v1/memories", 201), ("POST", "/v1/recall", 200), ("GET", "/v1/memories/nope", 404),
                          ("POST", "/v1/search", 401), ("POST", "/v1/search", 400)]
    add, recall, missing, unauthorised, bad = lines[-5:]
    assert add["scope"] == scope_hash(Scope("alice", "coach", None)) and recall["scope"] == scope_hash(Scope("alice"))
    assert add["scope"] != recall["scope"] and missing["scope"] == recall["scope"]
    assert "scope" not in unauthorised
    assert all(isinstance(r["ms"], float) and r["ms"] >= 0 for r in lines)
    assert all("llm" not in r for r in lines)  # the default configuration has no LLM
    assert "alice" not in err and "coach" not in err  # the ids themselves are never logged
    assert '"GET /health' not in err  # uvicorn's own access lines are off


def test_text_format_keeps_the_access_log(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _serve(tmp_path / "memory.db", port, "text")
    try:
        _wait(url, proc)
    finally:
        err = _stop(proc)
    assert "GET /health" in err and not any(line.startswith("{") for line in err.splitlines())


def test_llm_tokens_and_fallbacks_are_logged(tmp_path: Path, embedder: Embedder, scripted_llm: ScriptedLLM) -> None:
    db = tmp_path / "memory.db"
    memory = open_memory(db, embedder)
    memory.add([{"speaker": "Ana", "text": "My flat in Lisbon costs 1,850 euros a month."}], user_id="ana")
    memory.llm = OpenAILLM(base_url=scripted_llm.url, model="m", timeout=5.0, retries=0)
    keys = KeyStore(str(db), admin_key=ADMIN_KEY)
    stream = io.StringIO()
    handler = install_json_handler(stream)
    try:
        with running(create_app(memory, keys, request_log=True)) as url:
            admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
            scripted_llm.reply_json({"proceed": False, "stop_reason": "enough evidence"})
            ask = {"user_id": "ana", "query": "How much is Ana's rent?"}
            assert httpx.post(f"{url}/v1/recall", headers=admin, json=ask, timeout=60).status_code == 200
            scripted_llm.fail(503)
            assert httpx.post(f"{url}/v1/recall", headers=admin, json=ask, timeout=60).status_code == 200
    finally:
        logging.getLogger(LOGGER).removeHandler(handler)
        keys.close()
        memory.close()
    planned, failed = [json.loads(line) for line in stream.getvalue().splitlines()]
    sent = scripted_llm.chat_requests[0]
    assert planned["llm"]["plan"]["calls"] == 1 and planned["llm"]["plan"]["failures"] == 0
    assert planned["llm_tokens"] == planned["llm"]["plan"]["prompt_tokens"] + planned["llm"]["plan"]["completion_tokens"]
    assert planned["llm_tokens"] > 0 and planned["fallbacks"] == 0 and sent
    assert failed["llm"]["plan"]["failures"] == 1 and failed["fallbacks"] == 1 and failed["status"] == 200
