"""Memory as tools in the OpenAI function-calling format (JSON schema), for any client that
takes JSON-schema tools: the OpenAI chat completions API, the OpenAI Agents SDK, and others.

No extra dependency::

    from ripplemem import Memory
    from ripplemem.adapters.openai_tools import call_tool, tool_specs

    memory = Memory.open("memory.db")
    tools = tool_specs(user_id="alice")          # pass as ``tools=`` to the client
    ...
    for call in message.tool_calls:               # the model asked for a tool
        result = call_tool(memory, call.function.name, call.function.arguments, user_id="alice")

Four tools, in the project's vocabulary: ``remember`` (``text`` or ``messages``, ``metadata``,
``infer``), ``recall`` (``query``, ``filters``, ``budget_tokens``), ``update`` (``memory_id``,
``text``, ``metadata``) and ``forget`` (``memory_id``); each takes ``agent_id`` and ``run_id``,
and ``user_id`` unless the application binds the user (``tool_specs(user_id=...)``: then the
model cannot name another user). :func:`call_tool` checks the arguments against the tool's
schema before it calls :class:`~ripplemem.Memory`; a bad call returns ``{"ok": false,
"error": {"type", "message"}}`` and stores nothing. Every result is JSON-serialisable.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import InputError, RippleMemError
from ..memory import Memory
from ..types import LAYERS, MemoryUnit

#: The largest argument string :func:`call_tool` parses (a model's tool call, as JSON text).
MAX_ARGUMENTS_CHARS = 200_000

_ID = {"type": "string", "minLength": 1}
_SCOPE = {
    "user_id": {**_ID, "description": "The user the memory belongs to."},
    "agent_id": {**_ID, "description": "The agent within the user (optional; narrows the scope)."},
    "run_id": {**_ID, "description": "The run within the agent (optional; narrows the scope)."},
}
_METADATA = {"type": "object", "description": "A JSON object kept on the memory; recall filters on it."}
_FILTERS = {
    "type": "object",
    "description": "What recall keeps, besides the scope; every part optional.",
    "properties": {
        "metadata": {"type": "object", "description": "key: value (equality) or key: {\"in\": [values]}."},
        "since": {"type": "string", "description": "ISO 8601 time; memories about or said from then on."},
        "until": {"type": "string", "description": "ISO 8601 time; memories about or said before then."},
        "layer": {"type": "string", "enum": list(LAYERS)},
        "current_only": {"type": "boolean", "description": "Leave out superseded memories."},
    },
    "additionalProperties": False,
}
_MESSAGE = {
    "type": "object",
    "properties": {"role": {"type": "string", "minLength": 1}, "content": {"type": "string", "minLength": 1}},
    "required": ["role", "content"],
    "additionalProperties": False,
}

_TOOLS: dict[str, tuple[str, dict[str, Any], list[str]]] = {
    "remember": (
        "Remember what is worth keeping: one fact the user stated (`text`) or conversation turns "
        "(`messages`). Returns what happened to each memory, with its id.",
        {"text": {"type": "string", "minLength": 1, "description": "One fact, as the user stated it."},
         "messages": {"type": "array", "items": _MESSAGE, "minItems": 1,
                      "description": "Conversation turns, oldest first."},
         "metadata": _METADATA,
         "infer": {"type": "boolean", "description": "false: store each turn as written, nothing extracted."}},
        [],
    ),
    "recall": (
        "Recall what the memory holds about a query, before answering from memory. Returns the "
        "memories (ids, text, sources) and `context`, the evidence in time order.",
        {"query": {"type": "string", "minLength": 1, "description": "What to recall, as a question."},
         "filters": _FILTERS,
         "budget_tokens": {"type": "integer", "minimum": 1, "description": "At most this many tokens of evidence."}},
        ["query"],
    ),
    "update": (
        "Correct one memory (by the id recall or remember gave): its text becomes `text` and/or its "
        "metadata is replaced by `metadata`.",
        {"memory_id": {**_ID, "description": "The memory's id."}, "text": {"type": "string", "minLength": 1},
         "metadata": _METADATA},
        ["memory_id"],
    ),
    "forget": (
        "Delete one memory (by the id recall or remember gave).",
        {"memory_id": {**_ID, "description": "The memory's id."}},
        ["memory_id"],
    ),
}
TOOL_NAMES = tuple(_TOOLS)


def parameters(name: str, *, user_id: str | None = None) -> dict[str, Any]:
    """The JSON schema of one tool's arguments (without ``user_id`` when the user is bound)."""
    if name not in _TOOLS:
        raise InputError(f"unknown tool {name!r}; known: {', '.join(TOOL_NAMES)}")
    _, props, required = _TOOLS[name]
    scope = {k: v for k, v in _SCOPE.items() if not (k == "user_id" and user_id is not None)}
    need = required + ([] if user_id is not None else ["user_id"])
    return {"type": "object", "properties": {**props, **scope}, "required": need, "additionalProperties": False}


def tool_specs(*, user_id: str | None = None) -> list[dict[str, Any]]:
    """The four tools in the OpenAI function-calling format (``{"type": "function", "function":
    {name, description, parameters}}``). With ``user_id`` the tools act for that user only."""
    return [{"type": "function", "function": {"name": n, "description": d, "parameters": parameters(n, user_id=user_id)}}
            for n, (d, _, _) in _TOOLS.items()]


def call_tool(memory: Memory, name: str, arguments: str | dict[str, Any] | None, *,
              user_id: str | None = None) -> dict[str, Any]:
    """Run one tool call: ``arguments`` as the model gave them (JSON text or a dict), checked
    against the tool's schema. Returns ``{"ok": true, ...}`` or ``{"ok": false, "error": ...}``
    (bad arguments, an unknown memory id: nothing is stored)."""
    try:
        args = _arguments(arguments)
        validate(args, parameters(name, user_id=user_id), "arguments")
        where = {"user_id": user_id if user_id is not None else args.pop("user_id"),
                 "agent_id": args.pop("agent_id", None), "run_id": args.pop("run_id", None)}
        return {"ok": True, **_run(memory, name, args, where)}
    except RippleMemError as exc:
        return {"ok": False, "error": {"type": type(exc).__name__, "message": str(exc)}}


def _arguments(arguments: str | dict[str, Any] | None) -> dict[str, Any]:
    if arguments is None or arguments == "":
        return {}
    if isinstance(arguments, str):
        if len(arguments) > MAX_ARGUMENTS_CHARS:
            raise InputError(f"arguments: longer than {MAX_ARGUMENTS_CHARS} characters")
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError as exc:
            raise InputError(f"arguments: not JSON ({exc.msg} at character {exc.pos})") from exc
    if not isinstance(arguments, dict):
        raise InputError(f"arguments: expected a JSON object, got {type(arguments).__name__}")
    return dict(arguments)


def _run(memory: Memory, name: str, args: dict[str, Any], where: dict[str, Any]) -> dict[str, Any]:
    if name == "remember":
        if ("text" in args) == ("messages" in args):
            raise InputError("remember: give either text or messages")
        messages = args.get("messages") or [{"role": "user", "content": args["text"]}]
        result = memory.add(messages, metadata=args.get("metadata"), infer=args.get("infer", True), **where)
        return {"events": [{"id": e.id, "event": e.event, "memory": e.memory, "previous": e.previous}
                           for e in result.events], "turns_added": result.turns_added}
    if name == "recall":
        ev = memory.recall(args["query"], filters=args.get("filters"), budget_tokens=args.get("budget_tokens"), **where)
        return {"query": ev.query, "context": ev.render(), "tokens": ev.tokens,
                "memories": [{**_memory_json(i.unit), "score": round(i.score, 4)} for i in ev.items]}
    if name == "update":
        if "text" not in args and "metadata" not in args:
            raise InputError("update: give text, metadata or both")
        return {"memory": _memory_json(memory.update(args["memory_id"], args.get("text"),
                                                     metadata=args.get("metadata"), **where))}
    memory.delete(args["memory_id"], **where)
    return {"deleted": args["memory_id"]}


def _memory_json(u: MemoryUnit) -> dict[str, Any]:
    return {"id": u.id, "text": u.restatement, "layer": u.layer, "sources": list(u.sources),
            "metadata": dict(u.metadata), "scope": {"user_id": u.scope.user_id, "agent_id": u.scope.agent_id,
                                                    "run_id": u.scope.run_id}}


# -- the JSON-schema subset the specs use -----------------------------------------------------

_TYPES: dict[str, Any] = {"object": dict, "array": list, "string": str, "boolean": bool}


def validate(value: Any, schema: dict[str, Any], where: str) -> None:
    """Check ``value`` against ``schema`` (type, properties, required, additionalProperties,
    items, enum, minLength, minItems, minimum), or raise :class:`InputError` naming the path."""
    kind = schema.get("type")
    if kind == "integer":
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = kind is None or isinstance(value, _TYPES[kind])
    if not ok:
        raise InputError(f"{where}: expected {kind}, got {_json_type(value)}")
    if "enum" in schema and value not in schema["enum"]:
        raise InputError(f"{where}: expected one of {', '.join(map(str, schema['enum']))}, got {value!r}")
    if isinstance(value, str) and len(value) < schema.get("minLength", 0):
        raise InputError(f"{where}: must not be empty")
    if "minimum" in schema and value < schema["minimum"]:
        raise InputError(f"{where}: must be at least {schema['minimum']}, got {value}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            raise InputError(f"{where}: must not be empty")
        for i, item in enumerate(value):
            validate(item, schema.get("items", {}), f"{where}[{i}]")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        missing = [k for k in schema.get("required", []) if k not in value]
        if missing:
            raise InputError(f"{where}: missing {', '.join(missing)}")
        extra = sorted(set(value) - set(props)) if schema.get("additionalProperties") is False else []
        if extra:
            raise InputError(f"{where}: unknown {', '.join(extra)}; known: {', '.join(props)}")
        for key, sub in props.items():
            if key in value:
                validate(value[key], sub, f"{where}.{key}")


def _json_type(value: Any) -> str:
    names = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object"}
    return "null" if value is None else names.get(type(value), type(value).__name__)
