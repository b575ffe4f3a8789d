"""Structured output: the ``response_format`` modes, tried in order, and what each endpoint supports.

============================  ==============================================================
mode                          request
============================  ==============================================================
``json_schema``               ``{"type": "json_schema", "json_schema": {..., "strict": true}}``
                              (OpenAI, vLLM, Ollama, LM Studio, llama.cpp's own server)
``json_object_schema``        ``{"type": "json_object", "schema": S}`` (llama-cpp-python)
``json_object``               ``{"type": "json_object"}``: any JSON, the schema in the prompt
``prompt``                    no ``response_format``: the schema in the prompt, then repair
============================  ==============================================================

A server that answers a mode with a 4xx or 5xx naming ``response_format`` (or the mode's
words) is asked again in the next mode, and the mode that worked is remembered for that
endpoint (base URL), so detection happens once per process. Every mode keeps the schema in
the system prompt too: a small model reads it to know what the fields mean.

The schema sent is :func:`strict_schema` of the prompt's pydantic model: references inlined,
every property required, no extra properties, no defaults: the shape OpenAI's strict mode
demands and llama.cpp's grammar compiler reads. The bounds (``maxItems``, ``maxLength``) the
prompt modules put on their fields travel with it, so constrained output fits ``max_tokens``.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from pydantic import BaseModel

from ...errors import ConfigError

MODES = ("json_schema", "json_object_schema", "json_object", "prompt")
AUTO = "auto"
_NAMES = ("response_format", "json_schema", "json_object")

_lock = threading.Lock()
_remembered: dict[str, str] = {}  # endpoint -> the mode that worked there


def check_mode(mode: str) -> str:
    """``mode`` if it is ``auto`` or one of :data:`MODES`; else a :class:`ConfigError`."""
    if mode != AUTO and mode not in MODES:
        raise ConfigError(f"llm_structured: unknown mode {mode!r} (known: {AUTO}, {', '.join(MODES)})")
    return mode


def remembered(endpoint: str) -> str | None:
    with _lock:
        return _remembered.get(endpoint)


def remember(endpoint: str, mode: str) -> None:
    with _lock:
        _remembered[endpoint] = mode


def forget(endpoint: str | None = None) -> None:
    """Forget what an endpoint (or every endpoint) supports: the next request detects it again."""
    with _lock:
        if endpoint is None:
            _remembered.clear()
        else:
            _remembered.pop(endpoint, None)


def next_mode(mode: str) -> str | None:
    """The mode to try after ``mode`` was refused; ``None`` after ``prompt`` (it cannot be refused)."""
    i = MODES.index(mode)
    return MODES[i + 1] if i + 1 < len(MODES) else None


def names_response_format(message: str) -> bool:
    """Whether a server's error message is about the requested output format."""
    low = message.lower()
    return any(name in low for name in _NAMES)


def response_format(mode: str, name: str, schema: dict[str, Any]) -> dict[str, Any] | None:
    """The ``response_format`` field for ``mode`` (``None``: send none)."""
    if mode == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": name, "schema": schema, "strict": True}}
    if mode == "json_object_schema":
        return {"type": "json_object", "schema": schema}
    if mode == "json_object":
        return {"type": "json_object"}
    return None


def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """``model``'s JSON schema inlined and closed (see the module docstring)."""
    full = model.model_json_schema()
    defs = full.pop("$defs", {})
    return _close(full, defs)


def _close(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_close(n, defs) for n in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        return _close(defs[ref.removeprefix("#/$defs/")], defs)
    out = {k: _close(v, defs) for k, v in node.items() if k not in ("title", "default", "description", "properties")}
    if isinstance(node.get("properties"), dict):  # property names are data, not keywords to drop
        out["properties"] = {name: _close(v, defs) for name, v in node["properties"].items()}
        out["required"] = list(out["properties"])
        out["additionalProperties"] = False
    return out


_SCALAR_CHARS = {"number": 24, "integer": 20, "boolean": 5, "null": 4}


def longest_reply(schema: dict[str, Any]) -> int | None:
    """The most characters a compact JSON reply valid against a closed ``schema`` can take
    (escapes aside); ``None`` when a string or list in it is unbounded."""
    if "enum" in schema:
        return max(len(json.dumps(v)) for v in schema["enum"])
    if "const" in schema:
        return len(json.dumps(schema["const"]))
    if "anyOf" in schema:
        options = [longest_reply(s) for s in schema["anyOf"]]
        return None if None in options else max(o for o in options if o is not None)
    kind = schema.get("type")
    if kind == "string":
        return schema["maxLength"] + 2 if "maxLength" in schema else None
    if kind == "array":
        item = longest_reply(schema.get("items", {}))
        if item is None or "maxItems" not in schema:
            return None
        return 2 + schema["maxItems"] * (item + 1)
    if kind == "object":
        total = 2
        for name, sub in schema.get("properties", {}).items():
            value = longest_reply(sub)
            if value is None:
                return None
            total += len(json.dumps(name)) + 2 + value
        return total
    return _SCALAR_CHARS.get(str(kind))
