"""The MCP server through the SDK's own client: stdio (a spawned ``ripplemem mcp``) and HTTP."""

from __future__ import annotations

import json
import sqlite3
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.mcp_server import RECENT_URI, build_mcp, mcp_http_app
from ripplemem.providers.embed.base import Embedder
from sample_dialogue import SESSION_1
from serving_helpers import ADMIN_KEY, open_memory, running

QUESTION = "When did Caroline go to the LGBTQ support group?"


def structured(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    data = result.structured_content
    if isinstance(data, dict) and set(data) == {"result"}:
        data = data["result"]
    assert isinstance(data, dict)
    return data


async def exercise(client: Client) -> None:
    """remember, recall, the resource, forget: what an agent does."""
    tools = {t.name for t in (await client.list_tools()).tools}
    assert {"remember", "recall", "search", "update", "forget", "scopes"} <= tools
    added = structured(await client.call_tool("remember", {"turns": SESSION_1, "session_time": "2023-05-08T13:56:00",
                                                           "metadata": {"topic": "support"}}))
    assert added["turns_added"] == 4 and added["events"] and added["healed"] == 0 and added["llm_usage"] == {}
    fact = structured(await client.call_tool("remember", {"fact": "Remember that my dog is called Biscuit.",
                                                          "agent_id": "pets", "infer": False}))
    assert fact["turns_added"] == 1 and fact["events"][0]["memory"] == "Remember that my dog is called Biscuit."
    ev = structured(await client.call_tool("recall", {"query": QUESTION, "as_of": "2023-07-01"}))
    old = structured(await client.call_tool("recall", {"question": QUESTION, "as_of": "2023-07-01"}))
    assert [i["id"] for i in old["items"]] == [i["id"] for i in ev["items"]]  # the deprecated name still works
    both = await client.call_tool("recall", {"query": QUESTION, "question": QUESTION})
    assert both.is_error
    dogs = structured(await client.call_tool("search", {"query": "dog", "filters": {"metadata": {"topic": "support"}}}))
    assert all(i["metadata"] == {"topic": "support"} for i in dogs["items"])
    dog = structured(await client.call_tool("search", {"query": "dog called Biscuit", "limit": 1}))["items"][0]
    assert dog["scope"]["agent_id"] == "pets"  # the user's query sees the agent's memory (narrowing)
    assert structured(await client.call_tool("scopes", {}))["scopes"] == [
        {"user_id": "alice", "agent_id": None, "run_id": None}, {"user_id": "alice", "agent_id": "pets", "run_id": None}]
    tagged = structured(await client.call_tool("update", {"memory_id": dog["id"], "metadata": {"pet": True}}))
    assert tagged["metadata"] == {"pet": True} and tagged["text"] == dog["text"]
    top = ev["items"][0]
    assert "D1:3" in top["sources"] and top["source_turns"]["D1:3"]["speaker"] == "Caroline" and ev["context"]
    resources = (await client.list_resources()).resources
    assert [str(r.uri) for r in resources] == [RECENT_URI]
    recent = json.loads((await client.read_resource(RECENT_URI)).contents[0].text)  # type: ignore[union-attr]
    assert len(recent) >= 2 and {m["id"] for m in recent} >= {top["id"]}
    pinned = structured(await client.call_tool("pin", {"memory_id": top["id"]}))
    assert pinned["pinned"] is True and pinned["id"] == top["id"]
    assert structured(await client.call_tool("pin", {"memory_id": top["id"], "pinned": False}))["pinned"] is False
    missing = await client.call_tool("pin", {"memory_id": "0" * 32})
    assert missing.is_error and "NotFoundError" in missing.content[0].text  # type: ignore[union-attr]
    fixed = structured(await client.call_tool("update", {"memory_id": top["id"], "text": "Caroline went to a choir."}))
    assert fixed["text"] == "Caroline went to a choir." and fixed["sources"] == top["sources"]
    blank = await client.call_tool("update", {"memory_id": top["id"], "text": " "})
    assert blank.is_error and "InputError" in blank.content[0].text  # type: ignore[union-attr]
    assert structured(await client.call_tool("forget", {"memory_id": top["id"]})) == {"deleted": top["id"]}
    again = await client.call_tool("forget", {"memory_id": top["id"]})
    assert again.is_error and "NotFoundError" in again.content[0].text  # type: ignore[union-attr]
    bad = await client.call_tool("remember", {"turns": []})
    assert bad.is_error and "InputError" in bad.content[0].text  # type: ignore[union-attr]
    neither = await client.call_tool("remember", {})
    assert neither.is_error


def test_stdio_server_spawned_by_the_cli(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "ripplemem.interfaces.cli", "--db", str(db), "mcp", "--user", "alice"],
        env={"RIPPLEMEM_DB": str(db)}, cwd=str(tmp_path),
    )

    async def main() -> None:
        with (tmp_path / "stderr.log").open("w") as errlog:
            async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=120) as client:
                await exercise(client)

    anyio.run(main)
    with closing(sqlite3.connect(db)) as memory_file:  # the server wrote to the file it was given
        assert memory_file.execute("SELECT count(*) FROM turns").fetchone()[0] == 5


def test_http_server_requires_a_key_of_its_user(tmp_path: Path, embedder: Embedder) -> None:
    memory = open_memory(tmp_path / "memory.db", embedder)
    keys = KeyStore(str(tmp_path / "memory.db"), admin_key=ADMIN_KEY)
    alice, bob = keys.create("alice")[1], keys.create("bob")[1]
    app = mcp_http_app(build_mcp(memory, "alice"), keys, "alice")

    async def connect(url: str, key: str | None, use: Any) -> None:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
            async with Client(streamable_http_client(url + "/mcp", http_client=http)) as client:
                await use(client)

    async def list_tools(client: Client) -> None:
        assert {t.name for t in (await client.list_tools()).tools} == {"remember", "recall", "search", "update", "forget",
                                                                      "scopes", "pin"}

    try:
        with running(app, lifespan="on") as url:
            anyio.run(connect, url, alice, exercise)
            anyio.run(connect, url, ADMIN_KEY, list_tools)
            for key, status in ((None, 401), ("rm_wrong", 401), (bob, 403)):
                response = httpx2.post(url + "/mcp", headers={"Authorization": f"Bearer {key}"} if key else {},
                                       json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
                assert response.status_code == status
                assert response.json()["error"]["code"] == ("forbidden" if status == 403 else "unauthorized")
                with pytest.raises(Exception):  # noqa: B017 - the SDK's client cannot connect
                    anyio.run(connect, url, key, list_tools)
    finally:
        keys.close()
        memory.close()
