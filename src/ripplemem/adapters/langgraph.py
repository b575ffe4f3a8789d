"""A LangGraph long-term store (``langgraph.store.base.BaseStore``) over a ripplemem memory.

``pip install 'ripplemem[adapters]'``::

    from ripplemem import Memory
    from ripplemem.adapters.langgraph import RippleMemStore

    store = RippleMemStore(Memory.open("memory.db"), user_id="my-app")
    graph = builder.compile(store=store)

Each item is one memory, stored as written (``infer=False``): its text is the value's
``text`` (or ``content``, ``memory``, ``data``) when that is a string, else the value as JSON.
A namespace is one scope of the user (``agent_id`` is the namespace as JSON text), the key
and the value ride in the memory's metadata (``langgraph_key``, ``langgraph_value``), and
the value's top-level fields also as ``value.<field>`` (so equality filters run in the
store). Near-duplicate merging is off for these writes: two keys never become one memory.
The namespace's parts ride as ``namespace.<i>``: ``search`` is one ripplemem search over
every namespace of the user (narrowing), filtered to the prefix in the store, ranked by its
three views fused; without a query, the newest first. Filters take equality or ``$eq``, ``$ne``, ``$gt``, ``$gte``, ``$lt``,
``$lte`` on the value's fields. A value is at most 10,000 characters as JSON.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from langgraph.store.base import (
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from ..memory import Memory
from ..types import MemoryUnit, Scope, utcnow

KEY, VALUE = "langgraph_key", "langgraph_value"
TEXT_FIELDS = ("text", "content", "memory", "data")
#: Items a search without a query reads per namespace before its filter (newest first).
LIST_WINDOW = 10_000  # a search with a query asks for 1% of it more than it returns
_OPERATORS = {"$eq": lambda a, b: a == b, "$ne": lambda a, b: a != b, "$gt": lambda a, b: a > b,
              "$gte": lambda a, b: a >= b, "$lt": lambda a, b: a < b, "$lte": lambda a, b: a <= b}


class RippleMemStore(BaseStore):
    """LangGraph's long-term store on ripplemem: every item a memory of ``user_id``.

    The memory is shared, not owned: close it yourself. Writes never merge near-duplicates
    (the store's own ``Memory`` runs with ``write.duplicate_cosine`` above 1).
    """

    def __init__(self, memory: Memory, *, user_id: str = "langgraph") -> None:
        write = dataclasses.replace(memory.settings.write, duplicate_cosine=2.0, heal_batch=0)
        settings = memory.settings.replace(write=write)
        self.memory = Memory(memory.store, memory.embedder, settings, llm=None)
        self.user_id = user_id

    # -- BaseStore --------------------------------------------------------------------------

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        results: list[Result] = []
        for op in ops:
            if isinstance(op, GetOp):
                results.append(self._get(op.namespace, op.key))
            elif isinstance(op, PutOp):
                self._put(op.namespace, op.key, op.value)
                results.append(None)
            elif isinstance(op, SearchOp):
                results.append(self._search(op.namespace_prefix, op.query, op.filter, op.limit, op.offset))
            elif isinstance(op, ListNamespacesOp):
                results.append(self._namespaces(op.match_conditions, op.max_depth, op.limit, op.offset))
            else:
                raise TypeError(f"unknown store operation {type(op).__name__}")
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return await asyncio.to_thread(self.batch, list(ops))

    # -- operations -------------------------------------------------------------------------

    def _scope(self, namespace: tuple[str, ...]) -> dict[str, Any]:
        return {"user_id": self.user_id, "agent_id": json.dumps(list(namespace), ensure_ascii=False), "run_id": None}

    def _find(self, namespace: tuple[str, ...], key: str) -> list[MemoryUnit]:
        where = self._scope(namespace)
        units = self.memory.list(limit=100, filters={"metadata": {KEY: key}}, **where)
        return [u for u in units if u.scope == Scope(**where)]  # the namespace itself, not one under it

    def _get(self, namespace: tuple[str, ...], key: str) -> Item | None:
        found = self._find(namespace, key)
        return _item(found[0], namespace) if found else None

    def _put(self, namespace: tuple[str, ...], key: str, value: Mapping[str, Any] | None) -> None:
        where = self._scope(namespace)
        existing = self._find(namespace, key)
        if value is None:
            for unit in existing:
                self.memory.delete(unit.id, **where)
            return
        text = _text(value)
        metadata = {KEY: key, VALUE: value, **{f"value.{k}": v for k, v in value.items() if _scalar(v)},
                    **{f"namespace.{i}": part for i, part in enumerate(namespace)}}
        if existing:
            unit = existing[0]
            self.memory.update(unit.id, None if text == unit.restatement else text, metadata=metadata, **where)
            return
        turn = {"id": f"{key}#{uuid.uuid4().hex}", "speaker": "langgraph", "text": text}
        self.memory.add([turn], infer=False, metadata=metadata, session_id="langgraph", **where)

    def _namespaces_stored(self) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]] = []
        for scope in self.memory.list_scopes(user_id=self.user_id):
            if scope.agent_id is not None and scope.run_id is None and scope.agent_id.startswith("["):
                out.append(tuple(json.loads(scope.agent_id)))
        return out

    def _search(
        self, prefix: tuple[str, ...], query: str | None, filter: dict[str, Any] | None, limit: int, offset: int
    ) -> list[SearchItem]:
        """One search over every namespace of the user (narrowing), the prefix and the
        filter's equalities as metadata filters, its operators checked here."""
        pushed = {f"value.{k}": v for k, v in (filter or {}).items() if _scalar(v)}
        pushed.update((f"namespace.{i}", part) for i, part in enumerate(prefix))
        filters = {"metadata": pushed} if pushed else None
        wanted = offset + limit
        if query:
            hits = self.memory.search(query, limit=wanted + LIST_WINDOW // 100, filters=filters, user_id=self.user_id)
            found = [(h.unit, h.score) for h in hits]
        else:
            found = [(u, 0.0) for u in self.memory.list(limit=LIST_WINDOW, filters=filters, user_id=self.user_id)]
        kept: list[SearchItem] = []
        for unit, score in found:
            ns = _namespace(unit)
            if ns is None or ns[: len(prefix)] != prefix or not _matches(unit.metadata.get(VALUE, {}), filter or {}):
                continue
            kept.append(_item(unit, ns, score if query else None))
        if not query:
            kept.sort(key=lambda i: (-i.updated_at.timestamp(), i.key))
        return kept[offset:wanted]

    def _namespaces(
        self, conditions: tuple[MatchCondition, ...] | None, max_depth: int | None, limit: int, offset: int
    ) -> list[tuple[str, ...]]:
        spaces = [ns for ns in self._namespaces_stored() if all(_match(c, ns) for c in conditions or ())]
        if max_depth is not None:
            spaces = [ns[:max_depth] for ns in spaces]
        return sorted(set(spaces))[offset : offset + limit]


# -- helpers ---------------------------------------------------------------------------------


def _namespace(unit: MemoryUnit) -> tuple[str, ...] | None:
    """The namespace an item's memory lives in (None for a memory not written by the store)."""
    agent = unit.scope.agent_id
    if KEY not in unit.metadata or agent is None or unit.scope.run_id is not None or not agent.startswith("["):
        return None
    return tuple(json.loads(agent))


def _text(value: Mapping[str, Any]) -> str:
    for field in TEXT_FIELDS:
        if isinstance(value.get(field), str) and value[field].strip():
            return str(value[field])
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _item(unit: MemoryUnit, namespace: tuple[str, ...], score: float | None = None) -> SearchItem:
    created = unit.created_at or utcnow()
    return SearchItem(namespace=namespace, key=str(unit.metadata.get(KEY, unit.id)),
                      value=dict(unit.metadata.get(VALUE, {})), created_at=created,
                      updated_at=unit.updated_at or created, score=score)


def _matches(value: dict[str, Any], filter: dict[str, Any]) -> bool:
    for field, wanted in filter.items():
        have = value.get(field)
        if isinstance(wanted, dict) and wanted and all(k in _OPERATORS for k in wanted):
            try:
                if not all(_OPERATORS[op](have, arg) for op, arg in wanted.items()):
                    return False
            except TypeError:  # comparing a missing or differently typed field
                return False
        elif have != wanted:
            return False
    return True


def _match(condition: MatchCondition, namespace: tuple[str, ...]) -> bool:
    path = tuple(condition.path)
    if len(path) > len(namespace):
        return False
    part = namespace[: len(path)] if condition.match_type == "prefix" else namespace[len(namespace) - len(path) :]
    return all(p == "*" or p == n for p, n in zip(path, part, strict=True))
