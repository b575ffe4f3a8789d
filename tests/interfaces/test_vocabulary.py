"""One vocabulary on the four surfaces: the Python API's signatures, the REST server's OpenAPI
document, the MCP tools' input schemas and the click commands' parameters name the same
things the same way (``query``, ``memory_id``, ``user_id``, ``agent_id``, ``run_id``,
``metadata``, ``filters``). A renamed or missing parameter on any surface fails here."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from ripplemem import Memory
from ripplemem.interfaces.cli import cli
from ripplemem.interfaces.keys import KeyStore
from ripplemem.interfaces.mcp_server import build_mcp
from ripplemem.interfaces.server import create_app
from ripplemem.providers.embed.base import Embedder
from serving_helpers import ADMIN_KEY, open_memory

VOCABULARY = {"query", "memory_id", "user_id", "agent_id", "run_id", "metadata", "filters"}
#: Other names for the same things, which no surface may use (MCP recall's ``question`` is
#: the one deprecated alias, accepted beside ``query``).
SYNONYMS = {"question", "q", "id", "mid", "memory", "user", "agent", "run", "uid", "filter", "where", "meta",
            "tags", "session_metadata"}
DEPRECATED = {("mcp", "recall"): {"question"}}

#: operation -> the words it takes, and its name on each surface:
#: (Memory method, REST (method, path), MCP tool, CLI command); None where a surface has none.
OPERATIONS: dict[str, tuple[set[str], str, tuple[str, str] | None, str | None, str | None]] = {
    "add": ({"user_id", "agent_id", "run_id", "metadata"}, "add", ("post", "/v1/memories"), "remember", "add"),
    "recall": ({"query", "user_id", "agent_id", "run_id", "filters"}, "recall", ("post", "/v1/recall"), "recall",
               "recall"),
    "search": ({"query", "user_id", "agent_id", "run_id", "filters"}, "search", ("post", "/v1/search"), "search",
               "search"),
    "list": ({"user_id", "agent_id", "run_id", "filters"}, "list", ("get", "/v1/memories"), None, "list"),
    "get": ({"memory_id", "user_id", "agent_id", "run_id"}, "get", ("get", "/v1/memories/{memory_id}"), None, None),
    "update": ({"memory_id", "user_id", "agent_id", "run_id", "metadata"}, "update",
               ("patch", "/v1/memories/{memory_id}"), "update", "update"),
    "delete": ({"memory_id", "user_id", "agent_id", "run_id"}, "delete", ("delete", "/v1/memories/{memory_id}"),
               "forget", "delete"),
    "history": ({"memory_id", "user_id", "agent_id", "run_id"}, "history",
                ("get", "/v1/memories/{memory_id}/history"), None, "history"),
    "scopes": ({"user_id"}, "list_scopes", ("get", "/v1/scopes"), "scopes", "scopes"),
}
#: The MCP server acts for the one user it was started for: its tools take no user_id.
SERVER_USER = {"user_id"}


def python_names(method: str) -> set[str]:
    return {p for p in inspect.signature(getattr(Memory, method)).parameters if p != "self"}


def rest_names(doc: dict[str, Any], method: str, path: str) -> set[str]:
    op = doc["paths"][path][method]
    names = {p["name"] for p in op.get("parameters", [])}
    body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    if body is not None:
        ref = body.get("$ref") or next(a["$ref"] for a in body.get("anyOf", []) if "$ref" in a)
        names |= set(doc["components"]["schemas"][ref.rsplit("/", 1)[1]]["properties"])
    return names


def mcp_names(memory: Memory) -> dict[str, set[str]]:
    async def tools() -> dict[str, set[str]]:
        async with Client(build_mcp(memory, "alice")) as client:
            listed = (await client.list_tools()).tools
        return {t.name: set(t.input_schema.get("properties", {})) for t in listed}

    return anyio.run(tools)


def cli_names(command: str) -> set[str]:
    found = cli.commands[command]
    return {p.name for p in found.params if p.name}


@pytest.fixture(scope="module")
def surfaces(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder) -> dict[str, Any]:
    db: Path = tmp_path_factory.mktemp("vocabulary") / "memory.db"
    memory = open_memory(db, embedder)
    keys = KeyStore(str(db), admin_key=ADMIN_KEY)
    try:
        return {"openapi": create_app(memory, keys).openapi(), "mcp": mcp_names(memory)}
    finally:
        keys.close()
        memory.close()


@pytest.mark.parametrize("operation", sorted(OPERATIONS))
def test_every_surface_names_the_operation_the_same_way(operation: str, surfaces: dict[str, Any]) -> None:
    words, method, rest, tool, command = OPERATIONS[operation]
    seen: dict[str, set[str]] = {"python": python_names(method)}
    if rest is not None:
        seen["rest"] = rest_names(surfaces["openapi"], *rest)
    if tool is not None:
        seen["mcp"] = surfaces["mcp"][tool]
    if command is not None:
        seen["cli"] = cli_names(command)
    for surface, names in seen.items():
        wanted = words - SERVER_USER if surface == "mcp" else words
        assert wanted <= names, (operation, surface, sorted(wanted - names))
        wrong = (names & SYNONYMS) - DEPRECATED.get((surface, tool or ""), set())
        assert not wrong, (operation, surface, sorted(wrong))


def test_the_vocabulary_is_all_used(surfaces: dict[str, Any]) -> None:
    """Every word of the vocabulary is taken somewhere on each surface (the table is not stale)."""
    everywhere = {w for words, *_ in OPERATIONS.values() for w in words}
    assert everywhere == VOCABULARY
    assert {"query", "question"} <= surfaces["mcp"]["recall"]  # the deprecated alias is still accepted
