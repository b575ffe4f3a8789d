"""``Memory``: the public, synchronous API over one store."""

from __future__ import annotations

import builtins
import dataclasses
import threading
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from typing import Any

from .config import RecallSettings, Settings, load_settings
from .errors import EmbedderMismatchError, InputError, NotFoundError
from .providers.embed.base import Embedder
from .providers.llm import usage
from .providers.llm.base import LLM
from .read.engine import ReadContext
from .read.engine import recall as run_recall
from .read.engine import search as run_search
from .store.base import DeleteReport, Store
from .store.keys import drop_user_keys
from .types import AddResult, Edge, Evidence, EvidenceItem, HistoryEntry, MemoryUnit, Scope, Turn, utcnow
from .verify.answer import Answer, answer
from .verify.reconstruct import Reconstruction, reconstruct
from .write.pipeline import Extractor, InFlight, WriteContext, heal, ingest, manual_update
from .write.turns import parse_time, to_turns

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


def _turns(messages: Any, session_id: str, session_time: datetime) -> builtins.list[Turn]:
    """:func:`to_turns`, with each turn's id, role and time checked as the arguments are."""
    try:
        turns = to_turns(messages, session_id, session_time)
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

    rule = RuleExtractor(max_chars=settings.write.max_unit_chars)
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
        self._lock = threading.RLock()  # whole-store work: import
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

    def _read(self) -> ReadContext:
        ctx = ReadContext(self.store, self.embedder, graph=self.settings.graph)
        if self.llm is not None:
            if self._planner is None:
                from .read.plan_llm import LLMPlanner

                self._planner = LLMPlanner(self.llm)
            ctx.planner = self._planner
        return ctx

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
    ) -> AddResult:
        """Remember turns. Re-adding a turn id already stored is a no-op.

        Turns of the scope an earlier call left pending (a crash) or failed are extracted
        first, at most ``write.heal_batch`` of them (``AddResult.healed``). With ``infer``
        off each turn is stored as written (one memory per turn, nothing extracted), still
        embedded, linked and checked for duplicates."""
        scope = _scope(user_id, agent_id, run_id)
        sid = _text(session_id if session_id is not None else "default", "session_id")
        when = _time(session_time, "session_time")
        if not isinstance(infer, bool):
            raise InputError(f"infer: expected a bool, got {type(infer).__name__}")
        turns = _turns(messages, sid, when or utcnow())
        _check_sizes(turns, self.settings.write.max_turn_chars)
        ctx = self._write(scope)
        if not infer:
            from .write.verbatim import VerbatimExtractor

            ctx = dataclasses.replace(ctx, extractor=VerbatimExtractor(), compose=False)
        with usage.metering() as meter:
            result = ingest(ctx, scope, turns)  # takes the scope's lock only to decide and apply
        return dataclasses.replace(result, llm_usage=meter.snapshot())

    def update(
        self, memory_id: str, text: str, *, user_id: str, agent_id: str | None = None, run_id: str | None = None
    ) -> MemoryUnit:
        """Correct a memory by hand: its restatement becomes ``text`` (re-embedded, sources
        kept, semantic edges re-linked, an ``UPDATE`` history entry). Returns the memory."""
        scope = _scope(user_id, agent_id, run_id)
        _text(memory_id, "memory_id")
        new_text = _text(text, "text")
        with self._locks.of(scope):
            old = self.get(memory_id, user_id=scope.user_id, agent_id=agent_id, run_id=run_id)
            return manual_update(self._write(scope), scope, old, new_text)

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
    ) -> Evidence:
        """The evidence set for ``query``: ranked memories within ``budget_tokens``."""
        scope = _scope(user_id, agent_id, run_id)
        _text(query, "query")
        if settings is not None and not isinstance(settings, RecallSettings):
            raise InputError(f"settings: expected RecallSettings, got {type(settings).__name__}")
        rs = settings or self.settings.recall
        budget = _count(rs.budget_tokens if budget_tokens is None else budget_tokens, "budget_tokens")
        k = rs.k if k is None else _count(k, "k")
        when = _time(as_of, "as_of") or utcnow()
        with usage.metering() as meter:
            ev = run_recall(self._read(), scope, query, when, rs, budget, k)
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
    ) -> list[EvidenceItem]:
        """Ranked memories for ``query`` (three views fused), without planning or a budget."""
        scope = _scope(user_id, agent_id, run_id)
        _text(query, "query")
        limit = _count(limit, "limit")
        when = _time(as_of, "as_of") or utcnow()
        found = run_search(self._read(), scope, query, when, self.settings.recall, limit)
        return [EvidenceItem(f.unit, f.score, tuple(dict.fromkeys(h.route for h in f.routes))) for f in found]

    def get(self, memory_id: str, *, user_id: str, agent_id: str | None = None, run_id: str | None = None) -> MemoryUnit:
        scope = _scope(user_id, agent_id, run_id)
        units = self.store.get_units(scope, [_text(memory_id, "memory_id")])
        if not units:
            raise NotFoundError(f"no memory {memory_id!r} in this scope")
        return units[0]

    def get_many(
        self, memory_ids: Iterable[str], *, user_id: str, agent_id: str | None = None, run_id: str | None = None
    ) -> builtins.list[MemoryUnit]:
        """The memories of these ids that the scope holds, in the order asked (others are left out)."""
        scope = _scope(user_id, agent_id, run_id)
        if isinstance(memory_ids, str) or not isinstance(memory_ids, Iterable):
            raise InputError(f"memory_ids: expected a list of memory ids, got {type(memory_ids).__name__}")
        wanted = [_text(m, "memory_ids[]") for m in dict.fromkeys(memory_ids)]
        units = {u.id: u for u in self.store.get_units(scope, wanted)} if wanted else {}
        return [units[m] for m in wanted if m in units]

    def neighbours(
        self, memory_id: str, *, user_id: str, agent_id: str | None = None, run_id: str | None = None
    ) -> builtins.list[tuple[Edge, MemoryUnit]]:
        """The graph around one memory: each edge leaving it (strongest first) with the memory it reaches."""
        scope = _scope(user_id, agent_id, run_id)
        self.get(memory_id, user_id=scope.user_id, agent_id=agent_id, run_id=run_id)
        edges = self.store.edges(scope, [memory_id])
        units = {u.id: u for u in self.store.get_units(scope, sorted({e.dst for e in edges}))}
        return [(e, units[e.dst]) for e in edges if e.dst in units]

    def list(
        self, *, user_id: str, agent_id: str | None = None, run_id: str | None = None, limit: int = 100, offset: int = 0
    ) -> list[MemoryUnit]:
        scope = _scope(user_id, agent_id, run_id)
        return self.store.list_units(scope, limit=_count(limit, "limit"), offset=_count(offset, "offset", least=0))

    def history(
        self, memory_id: str, *, user_id: str, agent_id: str | None = None, run_id: str | None = None
    ) -> builtins.list[HistoryEntry]:
        scope = _scope(user_id, agent_id, run_id)
        self.get(memory_id, user_id=scope.user_id, agent_id=agent_id, run_id=run_id)
        return self.store.history(scope, memory_id)

    def delete(self, memory_id: str, *, user_id: str, agent_id: str | None = None, run_id: str | None = None) -> None:
        scope = _scope(user_id, agent_id, run_id)
        _text(memory_id, "memory_id")
        with self._locks.of(scope):
            if not self.store.delete_unit(scope, memory_id):
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
        return {t.turn_id: t for t in self.store.turns_by_id(scope, wanted)} if wanted else {}

    # -- portability --------------------------------------------------------------------
    def stats(self, *, user_id: str | None = None) -> dict[str, Any]:
        return self.store.stats(None if user_id is None else _scope(user_id, None, None))

    def export(self, *, user_id: str | None = None) -> Iterator[dict[str, Any]]:
        return self.store.export(None if user_id is None else _scope(user_id, None, None))

    def import_records(self, records: Iterable[dict[str, Any]]) -> dict[str, int]:
        with self._lock:
            return self.store.import_records(records)
