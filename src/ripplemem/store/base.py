"""The storage protocol every backend implements (SQLite now, PostgreSQL next).

All SQL stays behind this protocol. Every method takes the caller's :class:`Scope` and
never returns another scope's data. Search methods return ``(unit_id, score)`` pairs, best
first; scores are backend-native but higher is always better.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..types import Edge, Filters, HistoryEntry, MemoryUnit, Scope, Tier, TimeSpan, Turn, Vector

TurnKey = tuple[str, str]  # (session_id, turn_id): a turn id names a turn within its session


@dataclass(slots=True)
class WriteBatch:
    """What one ``add()`` changes, applied in one short transaction.

    ``add`` and ``update`` carry whole units (an update replaces the stored row);
    ``edges`` are stored in both directions; ``drop_edges`` are ``(src, dst, kind)``
    triples removed in both directions (per-node caps); ``done_turns`` are the turns, as
    ``(session_id, turn_id)``, marked done when the batch commits (a turn id names a turn
    within its session: another session's turn of the same id is another turn).
    """

    add: list[MemoryUnit] = field(default_factory=list)
    update: list[MemoryUnit] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    drop_edges: list[tuple[str, str, str]] = field(default_factory=list)
    history: list[HistoryEntry] = field(default_factory=list)
    done_turns: list[TurnKey] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.add or self.update or self.edges or self.drop_edges or self.history or self.done_turns)


@dataclass(frozen=True, slots=True)
class UnitState:
    """What maintenance changes in a unit's row, and nothing else (``set_states``): its tier and
    importance (re-scoring), pin, and whether it is cold (its vector out of the hot indexes)."""

    id: str
    tier: Tier
    importance: float
    pinned: bool
    cold: bool


@dataclass(frozen=True, slots=True)
class DeleteReport:
    units: int = 0
    turns: int = 0
    edges: int = 0
    history: int = 0


class Store(Protocol):
    """A memory store. Implementations: :mod:`ripplemem.store.sqlite`."""

    url: str

    # -- lifecycle and metadata -------------------------------------------------------
    def close(self) -> None: ...

    def get_meta(self, key: str) -> str | None: ...

    def set_meta(self, key: str, value: str) -> None: ...

    # -- the raw turn log (committed before anything that can fail) -------------------
    def log_turns(self, scope: Scope, turns: Sequence[Turn]) -> list[Turn]:
        """Commit the turns not already stored (same scope, session and turn id);
        return the newly stored ones, status ``pending``, with ``seq`` assigned."""
        ...

    def turns(
        self, scope: Scope, *, session_id: str | None = None, status: str | None = None
    ) -> list[Turn]:
        """The scope's turns in log order, optionally one session's or one status's."""
        ...

    def session_tail(self, scope: Scope, session_id: str, from_seq: int, before: int) -> list[Turn]:
        """One session's turns from ``seq`` ``from_seq`` on, after the ``before`` turns that
        precede it, in log order (what an add's windows read: cost in the tail, not the session)."""
        ...

    def session_speakers(self, scope: Scope, session_id: str) -> list[str]:
        """The session's distinct speakers in the order of their first turn."""
        ...

    def turns_by_id(self, scope: Scope, turn_ids: Sequence[str]) -> list[Turn]:
        """The scope's turns with these ids (in any session), in log order."""
        ...

    def pending_scopes(self) -> list[Scope]:
        """Scopes that hold pending or failed turns (for ``reindex``)."""
        ...

    def open_turns(self, scope: Scope, limit: int | None = None) -> list[Turn]:
        """The scope's pending or failed turns in log order, at most ``limit`` (for healing
        and ``reindex``)."""
        ...

    def mark_turns(self, scope: Scope, turns: Sequence[TurnKey], status: str) -> None:
        """Set the status of these turns (``(session_id, turn_id)``); ``failed`` leaves a
        done turn as it is."""
        ...

    # -- units, edges, history ----------------------------------------------------------
    def apply(self, scope: Scope, batch: WriteBatch) -> None:
        """Apply ``batch`` atomically: all of it or none of it. A batch with ``done_turns`` is
        refused with :class:`~ripplemem.errors.TurnsDoneError` (nothing changed) unless each of
        those turns is still pending or failed, checked inside the transaction."""
        ...

    def get_units(self, scope: Scope, ids: Sequence[str]) -> list[MemoryUnit]:
        """Units with their vectors, in the order of ``ids``; unknown ids are skipped."""
        ...

    def list_units(
        self, scope: Scope, *, limit: int = 100, offset: int = 0, current_only: bool = False,
        filters: Filters | None = None,
    ) -> list[MemoryUnit]:
        """Units newest first (without vectors), those ``filters`` keep (the rule of
        :meth:`Filters.matches`, in SQL: metadata through an index)."""
        ...

    def count_units(self, scope: Scope) -> int: ...

    def units_by_source(self, scope: Scope, turn_ids: Sequence[str]) -> list[MemoryUnit]:
        """Units citing any of these turn ids."""
        ...

    def history(self, scope: Scope, unit_id: str) -> list[HistoryEntry]: ...

    def edges(self, scope: Scope, unit_ids: Sequence[str]) -> list[Edge]:
        """Edges leaving these units (edges are stored in both directions)."""
        ...

    def touch(self, scope: Scope, unit_ids: Sequence[str], times: int = 1) -> None:
        """Record ``times`` accesses (count, and now as the last access) for these units."""
        ...

    def set_states(self, scope: Scope, states: Sequence[UnitState]) -> int:
        """Set these units' tier, importance, pin and cold flag in one transaction, leaving the
        rest of each row as it is (a concurrent ``add`` may have changed it); a cold unit's
        vector leaves the vector index and its cue views, and comes back when it warms.
        Returns how many units were found."""
        ...

    def hot_count(self, scope: Scope) -> int:
        """How many of the scope's units are in the hot indexes (they have a vector, and are not cold)."""
        ...

    def delete_unit(self, scope: Scope, unit_id: str) -> bool:
        """Remove a unit everywhere (row, vector, edges, history, index entries)."""
        ...

    def delete_user(self, user_id: str) -> DeleteReport:
        """Remove every scope of this user: units, vectors, edges, log, history, ANN."""
        ...

    def reset_units(self, scope: Scope) -> None:
        """Drop the scope's units, edges and history and mark its turns pending
        (``reindex`` rebuilds them from the raw log)."""
        ...

    def scopes(self, user_id: str | None = None) -> list[Scope]:
        """Every scope holding turns or memories (one user's, when given), in key order."""
        ...

    # -- the search views and the candidate pools ---------------------------------------
    def dense_search(self, scope: Scope, vector: Vector, k: int) -> list[tuple[str, float]]:
        """Cosine similarity over the unit vectors."""
        ...

    def lexical_search(self, scope: Scope, text: str, k: int) -> list[tuple[str, float]]:
        """Stemmed full-text (BM25) over restatements; positive scores."""
        ...

    def lexical_all(self, scope: Scope, text: str, k: int) -> list[str]:
        """At most ``k`` units whose restatement holds every content word of ``text``
        (stemmed as :meth:`lexical_search`), unranked (the newest, when more hold them): a
        bounded probe whose cost follows ``k``, not how common the words are."""
        ...

    def by_participants(self, scope: Scope, names: Iterable[str], k: int) -> list[tuple[str, float]]:
        """Units naming any of these participants; score = number matched."""
        ...

    def by_locations(self, scope: Scope, names: Iterable[str], k: int) -> list[tuple[str, float]]: ...

    def by_time(self, scope: Scope, span: TimeSpan, k: int) -> list[tuple[str, float]]:
        """Units whose grounded time is nearest to ``span``; overlapping first."""
        ...

    def name_counts(self, scope: Scope, kind: str, names: Iterable[str]) -> dict[str, int]:
        """How many of the scope's units carry each name; ``kind`` is ``participant`` or ``location``."""
        ...

    def known_names(self, scope: Scope, first_words: Iterable[str] | None = None) -> tuple[set[str], set[str]]:
        """All participant and location names stored in the scope; with ``first_words``
        (lowercased words), only the names whose first word (of the name lowercased and split
        on whitespace) is one of them: the names a text could mention, read from the index
        instead of the whole registry."""
        ...

    # -- statistics and portability -----------------------------------------------------
    def stats(self, scope: Scope | None = None) -> dict[str, Any]: ...

    def export(self, scope: Scope | None = None) -> Iterator[dict[str, Any]]:
        """Every record (meta, turns, units with vectors, edges, history) as JSON-able dicts."""
        ...

    def import_records(self, records: Iterable[dict[str, Any]]) -> dict[str, int]:
        """Load what ``export`` produced, in one transaction; returns counts by kind."""
        ...
