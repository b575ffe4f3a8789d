"""``Memory``: the public, synchronous API over one store."""

from __future__ import annotations

import builtins
import dataclasses
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from typing import Any, cast

from .config import RecallSettings, Settings, load_settings
from .errors import EmbedderMismatchError, InputError, NotFoundError
from .maintain import MaintainReport, maintain_scope
from .providers.embed.base import Embedder
from .providers.llm import usage
from .providers.llm.base import LLM
from .read.engine import ReadContext
from .read.engine import recall as run_recall
from .read.engine import search as run_search
from .store.base import DeleteReport, Store, UnitState
from .store.keys import drop_user_keys
from .store.view import NarrowedView
from .types import (
    LAYERS,
    AddResult,
    Edge,
    Evidence,
    EvidenceItem,
    Filters,
    HistoryEntry,
    MemoryUnit,
    Scope,
    Turn,
    utcnow,
)
from .verify.answer import Answer, answer
from .verify.reconstruct import Reconstruction, reconstruct
from .write.bulk import ingest_sessions
from .write.pipeline import Extractor, InFlight, WriteContext, heal, ingest, manual_update
from .write.turns import check_metadata, parse_time, to_turns

# Every argument is checked here, before anything is stored or searched: a bad one is an
# InputError naming it, never a driver's or the calendar's exception.

#: Times the grounding can work from: relative phrases reach 999 units ("999 years ago"),
#: so an anchor keeps 1000 years from the ends of the calendar (years 1 to 9999).
EARLIEST, LATEST = datetime(1000, 1, 1, tzinfo=UTC), datetime(9000, 1, 1, tzinfo=UTC)
#: The largest count (limit, offset, k, budget) a store's 64-bit integers hold.
MAX_COUNT = 2**63 - 1


def _text(value: Any, what: str, *, required: bool = True) -> str:
    """A string, not blank unless ``required`` is off, that is valid UTF-8 (no lone surrogate)."""
    if not isinstance(value, str) or (required and not value.strip()):
        got = "a blank one" if isinstance(value, str) else type(value).__name__
        raise InputError(f"{what}: expected a non-empty string, got {got}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InputError(f"{what}: not valid UTF-8 text (a lone surrogate at {exc.start})") from exc
    return value


def _scope(user_id: Any, agent_id: Any, run_id: Any) -> Scope:
    user = _text(user_id, "user_id")
    for name, value in (("agent_id", agent_id), ("run_id", run_id)):
        if value is not None:
            _text(value, name)
    return Scope(user, agent_id, run_id)


def _count(value: Any, what: str, *, least: int = 1) -> int:
    """An integer from ``least`` to :data:`MAX_COUNT` (a bool is not a count)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{what}: expected an integer, got {type(value).__name__}")
    if not least <= value <= MAX_COUNT:
        raise InputError(f"{what}: must be from {least} to {MAX_COUNT}, got {value}")
    return value


def _in_calendar(when: datetime, what: str) -> datetime:
    if not EARLIEST <= when < LATEST:
        raise InputError(f"{what}: {when.isoformat()} is outside the years {EARLIEST.year} to {LATEST.year - 1}")
    return when


def _time(value: Any, what: str) -> datetime | None:
    """:func:`parse_time`, then kept inside :data:`EARLIEST` .. :data:`LATEST`."""
    try:
        when = parse_time(value, what)
    except InputError:
        raise
    except (OverflowError, ValueError) as exc:  # e.g. 0001-01-01T00:00+05:00 is before year 1 in UTC
        raise InputError(f"{what}: {value!r} is outside the calendar ({exc})") from exc
    return None if when is None else _in_calendar(when, what)


def _turns(
    messages: Any, session_id: str, session_time: datetime, metadata: dict[str, Any] | None = None
) -> builtins.list[Turn]:
    """:func:`to_turns`, with each turn's id, role and time checked as the arguments are."""
    try:
        turns = to_turns(messages, session_id, session_time, metadata)
    except InputError:
        raise
    except (OverflowError, ValueError) as exc:  # a time before year 1 in UTC, an id of 5000 digits
        raise InputError(f"messages: {exc}") from exc
    for i, t in enumerate(turns):
        _text(t.turn_id, f"messages[{i}].id")
        if t.role is not None:
            _text(t.role, f"messages[{i}].role", required=False)
        if t.time is not None:
            _in_calendar(t.time, f"messages[{i}].time")
    return turns


SESSION_KEYS = ("messages", "session_id", "session_time", "metadata")


def _session_turns(
    sessions: Any, max_turn_chars: int, note: Callable[[datetime | None], None]
) -> Iterator[builtins.list[Turn]]:
    """The turns of each session of :meth:`Memory.add_sessions`, checked one at a time as
    :meth:`Memory.add` checks its arguments; ``note`` is given each session's time."""
    if isinstance(sessions, (str, bytes, Mapping)) or not isinstance(sessions, Iterable):
        raise InputError(f"sessions: expected a list of sessions, got {type(sessions).__name__}")
    for i, session in enumerate(sessions):
        if not isinstance(session, Mapping):
            raise InputError(f"sessions[{i}]: expected a mapping, got {type(session).__name__}")
        unknown = set(session) - set(SESSION_KEYS)
        if unknown or "messages" not in session:
            raise InputError(f"sessions[{i}]: needs 'messages' (and optional 'session_id', 'session_time', "
                             f"'metadata'), got {sorted(map(str, session))}")
        sid = session.get("session_id")
        sid = _text(sid if sid is not None else "default", f"sessions[{i}].session_id")
        when = _time(session.get("session_time"), f"sessions[{i}].session_time")
        meta = session.get("metadata")
        meta = check_metadata(meta, f"sessions[{i}].metadata") if meta is not None else None
        turns = _turns(session["messages"], sid, when or utcnow(), meta)
        _check_sizes(turns, max_turn_chars)
        note(when)
        yield turns


FILTER_KEYS = ("metadata", "since", "until", "layer", "current_only")


def _filters(value: Any) -> Filters:
    """``filters`` as given to search, recall or list: a dict with any of :data:`FILTER_KEYS`
    (or a :class:`Filters`)."""
    if value is None:
        return Filters()
    if isinstance(value, Filters):
        return value
    if not isinstance(value, dict):
        raise InputError(f"filters: expected an object, got {type(value).__name__}")
    unknown = sorted(set(value) - set(FILTER_KEYS))
    if unknown:
        raise InputError(f"filters: unknown key(s) {', '.join(map(repr, unknown))}; known: {', '.join(FILTER_KEYS)}")
    meta = check_metadata(value.get("metadata") or {}, "filters.metadata")
    pairs = tuple((key, _filter_values(key, v)) for key, v in sorted(meta.items()))
    layers = value.get("layer") or ()
    layers = (layers,) if isinstance(layers, str) else layers
    if not isinstance(layers, list | tuple) or any(x not in LAYERS for x in layers):
        raise InputError(f"filters.layer: expected one of {', '.join(LAYERS)} (or a list of them), got {layers!r}")
    current = value.get("current_only", False)
    if not isinstance(current, bool):
        raise InputError(f"filters.current_only: expected a bool, got {type(current).__name__}")
    since, until = _time(value.get("since"), "filters.since"), _time(value.get("until"), "filters.until")
    if since is not None and until is not None and until <= since:
        raise InputError("filters: until must be after since")
    return Filters(pairs, since, until, tuple(dict.fromkeys(layers)), current)


def _filter_values(key: str, value: Any) -> tuple[Any, ...]:
    """One value (equality) or ``{"in": [...]}``; values are strings, numbers, booleans or null."""
    if isinstance(value, dict):
        if set(value) != {"in"} or not isinstance(value["in"], list) or not value["in"]:
            raise InputError(f"filters.metadata.{key}: expected a value or {{'in': [values]}}, got {value!r}")
        values = tuple(value["in"])
    else:
        values = (value,)
    for v in values:
        if isinstance(v, list | dict):
            raise InputError(f"filters.metadata.{key}: compare with strings, numbers, booleans or null, got {v!r}")
    return values


def _check_sizes(turns: builtins.list[Turn], limit: int) -> None:
    """Each turn (text and image caption) within ``write.max_turn_chars``: one add's work is bounded."""
    for i, t in enumerate(turns):
        size = len(t.text) + len(t.image_caption or "")
        if 0 < limit < size:
            raise InputError(
                f"messages[{i}]: {size} characters, more than write.max_turn_chars ({limit}); split it into several turns"
            )


class ScopeLocks:
    """One re-entrant lock per scope: writes to a scope are serialised, other scopes' run on."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, threading.RLock] = {}

    def of(self, scope: Scope) -> threading.RLock:
        with self._guard:
            return self._locks.setdefault(scope.key, threading.RLock())

    @contextmanager
    def user(self, user_id: str) -> Iterator[None]:
        """Every lock of this user's scopes (in key order, so two callers cannot deadlock)."""
        prefix = f"{len(user_id)}:{user_id}|"  # Scope.key's first part
        with self._guard:
            mine = [lock for key, lock in sorted(self._locks.items()) if key.startswith(prefix)]
        with ExitStack() as stack:
            for lock in mine:
                stack.enter_context(lock)
            yield


def _make_extractor(settings: Settings, llm: LLM | None) -> Extractor:
    from .write.extract_rule import RuleExtractor

    rule = RuleExtractor(max_chars=settings.write.max_unit_chars, answer_ner_chars=settings.write.answer_ner_chars,
                         answer_parse_chars=settings.write.answer_parse_chars,
                         dictation_chars=settings.write.dictation_chars, aside_chars=settings.write.compose_aside_chars)
    if llm is None or settings.extractor == "rule":
        return rule
    from .write.extract_llm import LLMExtractor

    return LLMExtractor(llm, fallback=rule.extract, concurrency=settings.llm_concurrency)


class Memory:
    """Long-term memory over one store (a SQLite file, or later a PostgreSQL URL).

    >>> mem = Memory.open("memory.db")
    >>> mem.add([{"speaker": "Ana", "text": "I moved to Lisbon last week."}], user_id="u1",
    ...         session_time="2024-03-10T09:00:00")
    >>> mem.recall("Where does Ana live?", user_id="u1").render()
    """

    def __init__(self, store: Store, embedder: Embedder, settings: Settings, llm: LLM | None = None) -> None:
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self.llm = llm
        self._extractor: Extractor | None = None
        self._planner: Any = None
        self._decider: Any = None
        self._locks = ScopeLocks()  # writes to one scope are serialised; other scopes' are not held up
        self._in_flight = InFlight()
        self._lock = threading.RLock()  # whole-store work: import, maintenance
        self._recalled_lock = threading.Lock()
        self._recalled: dict[Scope, dict[str, MemoryUnit]] = {}  # buffered accesses: the units recalled
        self._recall_counts: dict[Scope, dict[str, int]] = {}
        self._adds: dict[Scope, int] = {}  # adds since the scope's last maintenance (every_adds)
        self._check_embedder()

    # -- construction -----------------------------------------------------------------
    @classmethod
    def open(
        cls,
        db: str | None = None,
        *,
        settings: Settings | None = None,
        embedder: Embedder | None = None,
        llm: LLM | None = None,
        **overrides: Any,
    ) -> Memory:
        """Open (or create) a store. ``overrides`` are setting names (``llm_model=...``)."""
        from .providers.embed import make_embedder
        from .providers.llm import make_llm
        from .store import open_store

        if settings is None:
            settings = load_settings({"db": db, **overrides})
        elif db is not None or overrides:
            settings = settings.replace(**({"db": db} if db else {}), **overrides)
        embedder = embedder or make_embedder(settings)
        llm = llm if llm is not None else make_llm(settings)
        return cls(open_store(settings.db, settings), embedder, settings, llm)

    def _check_embedder(self) -> None:
        name, dim = self.store.get_meta("embedder"), self.store.get_meta("embedding_dim")
        if name is None:
            self.store.set_meta("embedder", self.embedder.name)
            self.store.set_meta("embedding_dim", str(self.embedder.dim))
            return
        if name == self.embedder.name and dim == str(self.embedder.dim):
            return
        if not self.settings.reembed:
            raise EmbedderMismatchError(
                f"this store was built with embedder {name!r} (dim {dim}); opened with "
                f"{self.embedder.name!r} (dim {self.embedder.dim}). Open it with reembed=True to rebuild."
            )
        self.store.set_meta("embedder", self.embedder.name)
        self.store.set_meta("embedding_dim", str(self.embedder.dim))
        self.reindex(rebuild=True)

    def close(self) -> None:
        try:
            self.flush_access()
        finally:
            self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def extractor(self) -> Extractor:
        if self._extractor is None:
            self._extractor = _make_extractor(self.settings, self.llm)
        return self._extractor

    def _write(self, scope: Scope) -> WriteContext:
        if self.llm is not None and self._decider is None:
            from .write.update_llm import LLMDecider

            self._decider = LLMDecider(self.llm, self.settings.write)
        return WriteContext(self.store, self.embedder, self.extractor, self.settings, self._decider,
                            lock=self._locks.of(scope), in_flight=self._in_flight)

    def _read(self, store: Store | None = None) -> ReadContext:
        ctx = ReadContext(store or self.store, self.embedder, graph=self.settings.graph, touch=self._note_recalled)
        if self.llm is not None:
            if self._planner is None:
                from .read.plan_llm import LLMPlanner

                self._planner = LLMPlanner(self.llm)
            ctx.planner = self._planner
        return ctx

    # -- scopes ---------------------------------------------------------------------------
    def _covered(self, scope: Scope) -> builtins.list[Scope]:
        """The stored scopes a query in ``scope`` sees (narrowing): the scope itself first."""
        found = [s for s in self.store.scopes(scope.user_id) if scope.covers(s)]
        return sorted(found, key=lambda s: s != scope)

    def _view(self, scope: Scope, filters: Filters) -> Store:
        """The store the read path searches for ``scope`` and ``filters``."""
        covered = self._covered(scope)
        if filters.empty and covered in ([scope], []):
            return self.store
        view = NarrowedView(self.store, covered, filters, overfetch=self.settings.recall.filter_overfetch)
        return cast(Store, view)  # it answers every method the read path calls

    def _locate(self, memory_id: str, scope: Scope) -> MemoryUnit:
        """The memory of this id in the scopes ``scope`` covers, or :class:`NotFoundError`."""
        for s in self._covered(scope):
            units = self.store.get_units(s, [memory_id])
            if units:
                return units[0]
        raise NotFoundError(f"no memory {memory_id!r} in this scope")

    def list_scopes(self, *, user_id: str | None = None) -> builtins.list[Scope]:
        """The scopes the store holds (one user's, when given), in key order."""
        return self.store.scopes(None if user_id is None else _scope(user_id, None, None).user_id)

    # -- write --------------------------------------------------------------------------
    def add(
        self,
        messages: Any,
        *,
        user_id: str,
        agent_id: str | None = None,
        run_id: str | None = None,
        session_id: str | None = None,
        session_time: str | datetime | None = None,
        infer: bool = True,
        metadata: dict[str, Any] | None = None,
    ) -> AddResult:
        """Remember turns. Re-adding a turn id already stored is a no-op.

        ``metadata`` (a JSON object) goes on every memory the call's turns produce, updated
        with a message's own ``metadata`` key; ``search``, ``recall`` and ``list`` filter on it.

        Turns of the scope an earlier call left pending (a crash) or failed are extracted
        first, at most ``write.heal_batch`` of them (``AddResult.healed``). With ``infer``
        off each turn is stored as written (one memory per turn, nothing extracted), still
        embedded, linked and checked for duplicates."""
        scope = _scope(user_id, agent_id, run_id)
        sid = _text(session_id if session_id is not None else "default", "session_id")
        when = _time(session_time, "session_time")
        if not isinstance(infer, bool):
            raise InputError(f"infer: expected a bool, got {type(infer).__name__}")
        meta = check_metadata(metadata, "metadata") if metadata is not None else None
        turns = _turns(messages, sid, when or utcnow(), meta)
        _check_sizes(turns, self.settings.write.max_turn_chars)
        ctx = self._write(scope)
        if not infer:
            from .write.verbatim import VerbatimExtractor

            ctx = dataclasses.replace(ctx, extractor=VerbatimExtractor(), compose=False)
        with usage.metering() as meter:
            result = ingest(ctx, scope, turns)  # takes the scope's lock only to decide and apply
        self._scheduled(scope, when)
        return dataclasses.replace(result, llm_usage=meter.snapshot())

    def add_sessions(
        self,
        sessions: Iterable[Mapping[str, Any]],
        *,
        user_id: str,
        agent_id: str | None = None,
        run_id: str | None = None,
        workers: int = 1,
    ) -> AddResult:
        """Bulk import of many sessions of one scope, in order: the same memories and edges
        as one :meth:`add` per session. Each session is a mapping with ``messages`` (as for
        :meth:`add`), ``session_id``, ``session_time`` and ``metadata`` (optional). With
        ``workers`` above 1 extraction and embedding run ahead in that many worker processes
        (``write.bulk``). A list is checked whole before anything is stored; a stream is
        read lazily (at most ``write.bulk_ahead`` sessions in flight), each session checked
        before it is stored. Writes take the scope's lock as :meth:`add` does, one session
        at a time, and maintenance is scheduled after each session as after each add."""
        scope = _scope(user_id, agent_id, run_id)
        workers = _count(workers, "workers")
        whens: builtins.list[datetime | None] = []
        batches: Iterable[builtins.list[Turn]] = _session_turns(sessions, self.settings.write.max_turn_chars, whens.append)
        if isinstance(sessions, Sequence):
            batches = builtins.list(batches)
        with usage.metering() as meter:
            result = ingest_sessions(self._write(scope), scope, batches, workers,
                                     written=lambda i: self._scheduled(scope, whens[i]))
        return dataclasses.replace(result, llm_usage=meter.snapshot())

    def update(
        self,
        memory_id: str,
        text: str | None = None,
        *,
        metadata: dict[str, Any] | None = None,
        user_id: str,
        agent_id: str | None = None,
        run_id: str | None = None,
    ) -> MemoryUnit:
        """Correct a memory by hand: its restatement becomes ``text`` (re-embedded, sources
        kept, semantic edges re-linked) and/or its ``metadata`` is replaced; an ``UPDATE``
        history entry. Returns the memory."""
        scope = _scope(user_id, agent_id, run_id)
        _text(memory_id, "memory_id")
        if text is None and metadata is None:
            raise InputError("update: give text, metadata or both")
        new_text = None if text is None else _text(text, "text")
        meta = None if metadata is None else check_metadata(metadata, "metadata")
        old = self._locate(memory_id, scope)
        with self._locks.of(old.scope):
            return manual_update(self._write(old.scope), old.scope, old, new_text, meta)

    def reindex(self, *, rebuild: bool = False) -> dict[str, int]:
        """Extract pending or failed turns again; with ``rebuild``, every unit from the raw log."""
        if not isinstance(rebuild, bool):
            raise InputError(f"rebuild: expected a bool, got {type(rebuild).__name__}")
        done = turns = 0
        for scope in self.store.scopes() if rebuild else self.store.pending_scopes():
            with self._locks.of(scope):
                if rebuild:
                    self.store.reset_units(scope)
                ctx = self._write(scope)
                turns += heal(ctx, scope, skip=self._in_flight.of(scope))[0]
                done += 1
        return {"scopes": done, "turns": turns}

    # -- maintenance ----------------------------------------------------------------------
    def maintain(
        self,
        *,
        user_id: str,
        agent_id: str | None = None,
        run_id: str | None = None,
        as_of: str | datetime | None = None,
    ) -> MaintainReport:
        """Re-score, forget and consolidate the scope's newest memories (bounded by the
        ``maintain`` settings), after writing the buffered access counts. Nothing is deleted:
        cold memories leave the hot indexes and are still found by the lexical view."""
        scope = _scope(user_id, agent_id, run_id)
        when = _time(as_of, "as_of") or utcnow()
        self.flush_access()
        with self._locks.of(scope):  # serialised with the scope's adds, as they are with each other
            self._adds.pop(scope, None)
            with usage.metering():
                return maintain_scope(self.store, self.embedder, scope, when, self.settings.maintain, self.llm)

    def _scheduled(self, scope: Scope, when: datetime | None) -> None:
        """After every ``maintain.every_adds`` adds of a scope, a maintenance run (0: never)."""
        every = self.settings.maintain.every_adds
        if every <= 0:
            return
        self._adds[scope] = self._adds.get(scope, 0) + 1
        if self._adds[scope] >= every:
            self.maintain(user_id=scope.user_id, agent_id=scope.agent_id, run_id=scope.run_id, as_of=when)

    def pin(self, memory_id: str, *, user_id: str, agent_id: str | None = None, run_id: str | None = None) -> MemoryUnit:
        """Pin a memory: it never decays, and a cold one is back in the hot indexes. Returns it."""
        return self._set_pin(memory_id, True, _scope(user_id, agent_id, run_id))

    def unpin(self, memory_id: str, *, user_id: str, agent_id: str | None = None, run_id: str | None = None) -> MemoryUnit:
        """Unpin a memory: it decays again like any other (from the next maintenance run)."""
        return self._set_pin(memory_id, False, _scope(user_id, agent_id, run_id))

    def _set_pin(self, memory_id: str, pinned: bool, scope: Scope) -> MemoryUnit:
        _text(memory_id, "memory_id")
        with self._locks.of(scope):
            unit = self.get(memory_id, user_id=scope.user_id, agent_id=scope.agent_id, run_id=scope.run_id)
            cold = unit.cold and not pinned
            self.store.set_states(scope, [UnitState(unit.id, unit.tier, unit.importance, pinned, cold)])
            return unit.with_(pinned=pinned, cold=cold)

    def _note_recalled(self, scope: Scope, items: builtins.list[EvidenceItem]) -> None:
        """Buffer a recall's accesses; written every ``maintain.touch_batch`` memories."""
        with self._recalled_lock:
            for item in items:  # by the scope holding each memory (a narrowed recall reads several)
                held = item.unit.scope
                self._recalled.setdefault(held, {})[item.id] = item.unit
                counts = self._recall_counts.setdefault(held, {})
                counts[item.id] = counts.get(item.id, 0) + 1
            buffered = sum(len(c) for c in self._recall_counts.values())
        if buffered >= self.settings.maintain.touch_batch:
            self.flush_access()

    def flush_access(self) -> None:
        """Write the buffered access counts (one transaction per scope and count), and bring the
        cold memories that were recalled back into the hot indexes (not a consolidated list:
        it is never in them)."""
        with self._recalled_lock:
            recalled, counts = self._recalled, self._recall_counts
            self._recalled, self._recall_counts = {}, {}
        for scope, per_unit in counts.items():
            by_times: dict[int, builtins.list[str]] = {}
            for uid, n in per_unit.items():
                by_times.setdefault(n, []).append(uid)
            for n, ids in sorted(by_times.items()):
                self.store.touch(scope, ids, times=n)
            warm = [  # a list stays in the full-text index only (maintain.heat)
                UnitState(u.id, u.tier, u.importance, u.pinned, False)
                for u in recalled[scope].values() if u.cold and not u.consolidated
            ]
            if warm:
                with self._locks.of(scope):
                    self.store.set_states(scope, warm)

    # -- read ---------------------------------------------------------------------------
    def recall(
        self,
        query: str,
        *,
        user_id: str,
        agent_id: str | None = None,
        run_id: str | None = None,
        budget_tokens: int | None = None,
        k: int | None = None,
        as_of: str | datetime | None = None,
        settings: RecallSettings | None = None,
        filters: dict[str, Any] | Filters | None = None,
    ) -> Evidence:
        """The evidence set for ``query``: ranked memories within ``budget_tokens``, from
        every scope the query covers (narrowing), those ``filters`` keep."""
        scope = _scope(user_id, agent_id, run_id)
        _text(query, "query")
        kept = _filters(filters)
        if settings is not None and not isinstance(settings, RecallSettings):
            raise InputError(f"settings: expected RecallSettings, got {type(settings).__name__}")
        rs = settings or self.settings.recall
        budget = _count(rs.budget_tokens if budget_tokens is None else budget_tokens, "budget_tokens")
        k = rs.k if k is None else _count(k, "k")
        when = _time(as_of, "as_of") or utcnow()
        with usage.metering() as meter:
            ev = run_recall(self._read(self._view(scope, kept)), scope, query, when, rs, budget, k)
        ev.trace.llm_usage = meter.snapshot()
        return ev

    def reconstruct(self, question: str, evidence: Evidence) -> Reconstruction:
        """A short description of the evidence fitted to the question, its facts checked
        against the evidence (LLM); without an LLM, the evidence itself in time order."""
        with usage.metering() as meter:
            rec = reconstruct(self.llm, question, evidence)
        return dataclasses.replace(rec, llm_usage=meter.snapshot())

    def answer(
        self,
        question: str,
        *,
        user_id: str,
        agent_id: str | None = None,
        run_id: str | None = None,
        budget_tokens: int | None = None,
        as_of: str | datetime | None = None,
    ) -> Answer:
        """Recall, then answer from the evidence (LLM), or say the memory does not support it.

        Without an LLM, or when it fails (``degraded``), the answer says so and carries the
        evidence. ``llm_usage`` counts the planner's calls and the answer's.
        """
        with usage.metering() as meter:
            ev = self.recall(question, user_id=user_id, agent_id=agent_id, run_id=run_id,
                             budget_tokens=budget_tokens, as_of=as_of)
            ans = answer(self.llm, question, ev, _time(as_of, "as_of"))
        return dataclasses.replace(ans, llm_usage=meter.snapshot())

    def search(
        self,
        query: str,
        *,
        user_id: str,
        agent_id: str | None = None,
        run_id: str | None = None,
        limit: int = 10,
        as_of: str | datetime | None = None,
        filters: dict[str, Any] | Filters | None = None,
    ) -> list[EvidenceItem]:
        """Ranked memories for ``query`` (three views fused), without planning or a budget,
        from every scope the query covers, those ``filters`` keep."""
        scope = _scope(user_id, agent_id, run_id)
        _text(query, "query")
        limit = _count(limit, "limit")
        when = _time(as_of, "as_of") or utcnow()
        kept = _filters(filters)
        found = run_search(self._read(self._view(scope, kept)), scope, query, when, self.settings.recall, limit)
        return [EvidenceItem(f.unit, f.score, tuple(dict.fromkeys(h.route for h in f.routes))) for f in found]

    def get(self, memory_id: str, *, user_id: str, agent_id: str | None = None, run_id: str | None = None) -> MemoryUnit:
        """One memory, from any scope the query covers."""
        return self._locate(_text(memory_id, "memory_id"), _scope(user_id, agent_id, run_id))

    def get_many(
        self, memory_ids: Iterable[str], *, user_id: str, agent_id: str | None = None, run_id: str | None = None
    ) -> builtins.list[MemoryUnit]:
        """The memories of these ids that the scope holds, in the order asked (others are left out)."""
        scope = _scope(user_id, agent_id, run_id)
        if isinstance(memory_ids, str) or not isinstance(memory_ids, Iterable):
            raise InputError(f"memory_ids: expected a list of memory ids, got {type(memory_ids).__name__}")
        wanted = [_text(m, "memory_ids[]") for m in dict.fromkeys(memory_ids)]
        units: dict[str, MemoryUnit] = {}
        for s in self._covered(scope) if wanted else []:
            units.update((u.id, u) for u in self.store.get_units(s, [m for m in wanted if m not in units]))
        return [units[m] for m in wanted if m in units]

    def neighbours(
        self, memory_id: str, *, user_id: str, agent_id: str | None = None, run_id: str | None = None
    ) -> builtins.list[tuple[Edge, MemoryUnit]]:
        """The graph around one memory: each edge leaving it (strongest first) with the memory it reaches."""
        scope = self._locate(_text(memory_id, "memory_id"), _scope(user_id, agent_id, run_id)).scope
        edges = self.store.edges(scope, [memory_id])
        units = {u.id: u for u in self.store.get_units(scope, sorted({e.dst for e in edges}))}
        return [(e, units[e.dst]) for e in edges if e.dst in units]

    def list(
        self,
        *,
        user_id: str,
        agent_id: str | None = None,
        run_id: str | None = None,
        limit: int = 100,
        offset: int = 0,
        filters: dict[str, Any] | Filters | None = None,
    ) -> list[MemoryUnit]:
        """The newest memories of every scope the query covers, those ``filters`` keep."""
        scope = _scope(user_id, agent_id, run_id)
        limit, offset = _count(limit, "limit"), _count(offset, "offset", least=0)
        kept = _filters(filters)
        covered = self._covered(scope)
        if len(covered) <= 1:
            return self.store.list_units(covered[0] if covered else scope, limit=limit, offset=offset, filters=kept)
        window = min(MAX_COUNT, limit + offset)
        units = [u for s in covered for u in self.store.list_units(s, limit=window, filters=kept)]
        far = datetime.min.replace(tzinfo=UTC)
        units.sort(key=lambda u: (u.created_at or far, u.id), reverse=True)
        return units[offset : offset + limit]

    def history(
        self, memory_id: str, *, user_id: str, agent_id: str | None = None, run_id: str | None = None
    ) -> builtins.list[HistoryEntry]:
        unit = self._locate(_text(memory_id, "memory_id"), _scope(user_id, agent_id, run_id))
        return self.store.history(unit.scope, memory_id)

    def delete(self, memory_id: str, *, user_id: str, agent_id: str | None = None, run_id: str | None = None) -> None:
        scope = _scope(user_id, agent_id, run_id)
        _text(memory_id, "memory_id")
        unit = self._locate(memory_id, scope)
        with self._locks.of(unit.scope):
            if not self.store.delete_unit(unit.scope, memory_id):
                raise NotFoundError(f"no memory {memory_id!r} in this scope")

    def delete_user(self, user_id: str) -> DeleteReport:
        """Delete everything of a user. Their API keys go first (from the key table beside
        the store, when there is one), so none of them authenticates again."""
        _scope(user_id, None, None)
        with self._locks.user(user_id):
            drop_user_keys(self.store, self.settings.db, user_id)
            return self.store.delete_user(user_id)

    def source_turns(
        self, turn_ids: Iterable[str], *, user_id: str, agent_id: str | None = None, run_id: str | None = None
    ) -> dict[str, Turn]:
        """The raw turns behind some sources (as the caller gave their ids)."""
        scope = _scope(user_id, agent_id, run_id)
        if isinstance(turn_ids, str) or not isinstance(turn_ids, Iterable):
            raise InputError(f"turn_ids: expected a list of turn ids, got {type(turn_ids).__name__}")
        wanted = [_text(t, "turn_ids[]") for t in turn_ids]
        found: dict[str, Turn] = {}
        for s in self._covered(scope) if wanted else []:  # the query's own scope first
            for t in self.store.turns_by_id(s, [w for w in wanted if w not in found]):
                found.setdefault(t.turn_id, t)
        return found

    # -- portability --------------------------------------------------------------------
    def stats(self, *, user_id: str | None = None) -> dict[str, Any]:
        return self.store.stats(None if user_id is None else _scope(user_id, None, None))

    def export(self, *, user_id: str | None = None) -> Iterator[dict[str, Any]]:
        return self.store.export(None if user_id is None else _scope(user_id, None, None))

    def import_records(self, records: Iterable[dict[str, Any]]) -> dict[str, int]:
        with self._lock:
            return self.store.import_records(records)
