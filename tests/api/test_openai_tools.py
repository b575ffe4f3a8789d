"""The OpenAI function-calling tools (ripplemem.adapters.openai_tools) on a real store (SQLite
and PostgreSQL) with the real embedder: the specs are valid JSON schema, a round trip through
``call_tool``, and bad calls that return an error and store nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ripplemem import Memory
from ripplemem.adapters.openai_tools import TOOL_NAMES, call_tool, parameters, tool_specs, validate
from ripplemem.errors import InputError


def test_every_spec_is_valid_json_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    for bound in (None, "alice"):
        specs = tool_specs(user_id=bound)
        assert [s["function"]["name"] for s in specs] == list(TOOL_NAMES) == ["remember", "recall", "update", "forget"]
        for spec in specs:
            assert spec["type"] == "function" and spec["function"]["description"]
            schema = spec["function"]["parameters"]
            jsonschema.Draft202012Validator.check_schema(schema)
            assert ("user_id" in schema["properties"]) == (bound is None)
            assert ("user_id" in schema["required"]) == (bound is None)
        json.dumps(specs)  # plain JSON, as a client sends it


GOOD_AND_BAD: list[tuple[str, dict[str, Any], bool]] = [
    ("remember", {"user_id": "u", "text": "I like tea."}, True),
    ("remember", {"user_id": "u", "messages": [{"role": "user", "content": "hi"}], "infer": False}, True),
    ("remember", {"text": "no user"}, False),
    ("remember", {"user_id": "u", "text": ""}, False),
    ("remember", {"user_id": "u", "messages": [{"role": "user"}]}, False),
    ("remember", {"user_id": "u", "text": "x", "metadata": "not an object"}, False),
    ("remember", {"user_id": "u", "text": "x", "infer": "yes"}, False),
    ("recall", {"user_id": "u", "query": "tea?", "budget_tokens": 0}, False),
    ("recall", {"user_id": "u", "query": "tea?", "budget_tokens": True}, False),
    ("recall", {"user_id": "u", "query": "tea?", "filters": {"layer": "nope"}}, False),
    ("recall", {"user_id": "u", "query": "tea?", "filters": {"colour": "red"}}, False),
    ("recall", {"user_id": "u", "query": "tea?", "filters": {"current_only": True, "layer": "core"}}, True),
    ("update", {"user_id": "u", "memory_id": "m1", "text": "new"}, True),
    ("forget", {"user_id": "u"}, False),
    ("forget", {"user_id": "u", "memory_id": "m1", "extra": 1}, False),
]


@pytest.mark.parametrize(("name", "args", "good"), GOOD_AND_BAD)
def test_validator_agrees_with_jsonschema(name: str, args: dict[str, Any], good: bool) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = parameters(name)
    assert jsonschema.Draft202012Validator(schema).is_valid(args) is good
    if good:
        validate(args, schema, "arguments")
    else:
        with pytest.raises(InputError):
            validate(args, schema, "arguments")


def test_round_trip_remember_recall_update_forget(memory: Memory) -> None:
    where = {"user_id": "alice", "agent_id": "helper"}
    added = call_tool(memory, "remember", json.dumps({"text": "I am allergic to peanuts.", "metadata": {"kind": "health"},
                                                      **where}))
    assert added["ok"] is True and added["turns_added"] == 1
    ids = [e["id"] for e in added["events"] if e["event"] == "ADD"]
    assert ids
    call_tool(memory, "remember", {"messages": [{"role": "user", "content": "I play the cello in an orchestra."}],
                                   **where})
    found = call_tool(memory, "recall", {"query": "What is Alice allergic to?", **where})
    assert found["ok"] is True and "peanut" in found["context"].lower()
    hit = next(m for m in found["memories"] if m["id"] in ids)
    assert hit["metadata"] == {"kind": "health"} and hit["scope"]["agent_id"] == "helper"
    kept = call_tool(memory, "recall", {"query": "What does Alice play?", "filters": {"metadata": {"kind": "health"}},
                                        **where})
    assert kept["ok"] and all(m["metadata"].get("kind") == "health" for m in kept["memories"])
    json.dumps([added, found, kept])

    changed = call_tool(memory, "update", {"memory_id": hit["id"], "text": "Alice is allergic to shellfish.", **where})
    assert changed["ok"] and changed["memory"]["text"] == "Alice is allergic to shellfish."
    assert memory.get(hit["id"], **where).restatement == "Alice is allergic to shellfish."
    assert [h.event for h in memory.history(hit["id"], **where)][-1] == "UPDATE"

    gone = call_tool(memory, "forget", {"memory_id": hit["id"], **where})
    assert gone == {"ok": True, "deleted": hit["id"]}
    again = call_tool(memory, "forget", {"memory_id": hit["id"], **where})
    assert again["ok"] is False and again["error"]["type"] == "NotFoundError"


def test_a_bound_user_cannot_be_overridden(memory: Memory) -> None:
    ok = call_tool(memory, "remember", {"text": "I live in Porto."}, user_id="bob")
    assert ok["ok"] and memory.list(user_id="bob")
    bad = call_tool(memory, "remember", {"text": "I live in Lisbon.", "user_id": "mallory"}, user_id="bob")
    assert bad["ok"] is False and "user_id" in bad["error"]["message"]
    assert memory.list_scopes() == memory.list_scopes(user_id="bob") and len(memory.list(user_id="bob")) == 1


@pytest.mark.parametrize(
    ("name", "arguments", "says"),
    [
        ("remember", "{not json", "not JSON"),
        ("remember", "[1, 2]", "expected a JSON object"),
        ("remember", {"user_id": "u"}, "either text or messages"),
        ("remember", {"user_id": "u", "text": "a", "messages": [{"role": "user", "content": "b"}]}, "either"),
        ("remember", {"user_id": "u", "text": "I like tea.", "metadata": {"deep": {"x": {}}}, "colour": 1}, "unknown"),
        ("remember", {"user_id": "u", "text": "x" * 100_000}, "characters"),
        ("recall", {"user_id": "u"}, "missing query"),
        ("recall", {"user_id": "u", "query": "tea?", "filters": {"since": "not a time"}}, "since"),
        ("update", {"user_id": "u", "memory_id": "m"}, "give text, metadata or both"),
        ("update", {"user_id": "u", "memory_id": "nope", "text": "new"}, "no memory"),
        ("shout", {"user_id": "u"}, "unknown tool"),
    ],
)
def test_bad_calls_give_an_error_and_store_nothing(memory: Memory, name: str, arguments: Any, says: str) -> None:
    result = call_tool(memory, name, arguments)
    assert result["ok"] is False and says in result["error"]["message"], result
    assert result["error"]["type"] in {"InputError", "NotFoundError"}
    json.dumps(result)
    assert memory.list_scopes() == []


def test_recall_with_filters_before_anything_is_stored(memory: Memory) -> None:
    found = call_tool(memory, "recall", {"user_id": "new", "query": "tea?", "filters": {"metadata": {"kind": "x"}}})
    assert found["ok"] is True and found["memories"] == []
    assert memory.search("tea?", user_id="new", filters={"current_only": True}) == []
