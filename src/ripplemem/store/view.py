"""The read path over several scopes and a filter: what ``search`` and ``recall`` see when a
query names a user without an agent or run (narrowing, as Mem0 does), or asks for filters.

A :class:`NarrowedView` answers the read methods of :class:`~ripplemem.store.base.Store`
(the ones the read path calls) over the concrete scopes the query covers, merged by score
(every backend's scores are comparable across scopes: cosine, BM25 with each scope's own
statistics, counts of shared names, time compatibility), and keeps only the memories the
:class:`~ripplemem.types.Filters` keep. A filtered view asks each scope for ``overfetch``
times the hits wanted, so a filter that keeps few of the scope's memories can return fewer
than asked. Backend-neutral: it calls the store's own methods, never SQL.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..types import Edge, Filters, MemoryUnit, Scope, TimeSpan, Vector


class NarrowedView:
    """The read methods of ``store`` over ``scopes``, keeping what ``filters`` keep."""

    def __init__(self, store: Any, scopes: Sequence[Scope], filters: Filters, *, overfetch: int = 4) -> None:
        self.store, self.scopes, self.filters = store, list(scopes), filters
        self.url = store.url
        self.overfetch = 1 if filters.empty else max(1, overfetch)
        self._units: dict[str, MemoryUnit] = {}  # fetched this call (with vectors)
        self._scope_of: dict[str, Scope] = {}

    # -- what the read path asks -----------------------------------------------------------

    def known_names(self, scope: Scope, first_words: Iterable[str] | None = None) -> tuple[set[str], set[str]]:
        people: set[str] = set()
        places: set[str] = set()
        words = None if first_words is None else list(first_words)
        for s in self.scopes:
            p, l_ = self.store.known_names(s, words)
            people |= p
            places |= l_
        return people, places

    def count_units(self, scope: Scope) -> int:
        return sum(int(self.store.count_units(s)) for s in self.scopes)

    def name_counts(self, scope: Scope, kind: str, names: Iterable[str]) -> dict[str, int]:
        wanted = list(names)
        total: dict[str, int] = {}
        for s in self.scopes:
            for name, n in self.store.name_counts(s, kind, wanted).items():
                total[name] = total.get(name, 0) + n
        return total

    def dense_search(self, scope: Scope, vector: Vector, k: int) -> list[tuple[str, float]]:
        return self._merged(k, lambda s, n: self.store.dense_search(s, vector, n))

    def lexical_search(self, scope: Scope, text: str, k: int) -> list[tuple[str, float]]:
        return self._merged(k, lambda s, n: self.store.lexical_search(s, text, n))

    def lexical_all(self, scope: Scope, text: str, k: int) -> list[str]:
        return [uid for uid, _ in self._merged(k, lambda s, n: [(u, 1.0) for u in self.store.lexical_all(s, text, n)])]

    def by_participants(self, scope: Scope, names: Iterable[str], k: int) -> list[tuple[str, float]]:
        wanted = list(names)
        return self._merged(k, lambda s, n: self.store.by_participants(s, wanted, n))

    def by_locations(self, scope: Scope, names: Iterable[str], k: int) -> list[tuple[str, float]]:
        wanted = list(names)
        return self._merged(k, lambda s, n: self.store.by_locations(s, wanted, n))

    def by_time(self, scope: Scope, span: TimeSpan, k: int) -> list[tuple[str, float]]:
        return self._merged(k, lambda s, n: self.store.by_time(s, span, n))

    def get_units(self, scope: Scope, ids: Sequence[str]) -> list[MemoryUnit]:
        """The units of these ids in the covered scopes that the filters keep, in order."""
        missing = [i for i in dict.fromkeys(ids) if i not in self._units]
        for s in self.scopes:
            if not missing:
                break
            for unit in self.store.get_units(s, missing):
                self._units[unit.id] = unit
                self._scope_of[unit.id] = s
            missing = [i for i in missing if i not in self._units]
        return [self._units[i] for i in ids if i in self._units and self.filters.matches(self._units[i])]

    def edges(self, scope: Scope, unit_ids: Sequence[str]) -> list[Edge]:
        by_scope = self._grouped(unit_ids)
        return [e for s, ids in by_scope.items() for e in self.store.edges(s, ids)]

    def touch(self, scope: Scope, unit_ids: Sequence[str]) -> None:
        for s, ids in self._grouped(unit_ids).items():
            self.store.touch(s, ids)

    # -- helpers -------------------------------------------------------------------------

    def _grouped(self, unit_ids: Sequence[str]) -> dict[Scope, list[str]]:
        """The ids by the scope holding them (looked up when not seen yet)."""
        unknown = [u for u in unit_ids if u not in self._scope_of]
        if unknown:
            self.get_units(self.scopes[0] if self.scopes else Scope(""), unknown)
        out: dict[Scope, list[str]] = {}
        for uid in dict.fromkeys(unit_ids):
            if uid in self._scope_of:
                out.setdefault(self._scope_of[uid], []).append(uid)
        return out

    def _merged(self, k: int, search: Any) -> list[tuple[str, float]]:
        """Each scope's best ``k * overfetch``, merged best first, filtered, the top ``k``."""
        if k <= 0 or not self.scopes:  # a query over a user with nothing stored yet
            return []
        pairs: list[tuple[str, float]] = []
        for s in self.scopes:
            for uid, score in search(s, k * self.overfetch):
                self._scope_of.setdefault(uid, s)
                pairs.append((uid, score))
        best = sorted(pairs, key=lambda p: (-p[1], p[0]))
        if not self.filters.empty:
            kept = {u.id for u in self.get_units(self.scopes[0], [uid for uid, _ in best])}
            best = [p for p in best if p[0] in kept]
        return best[:k]
