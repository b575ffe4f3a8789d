"""The write path: turns -> windows -> candidates -> selected, deduplicated units -> graph.

1. the raw turns are committed to the log first (``Store.log_turns``), pending;
2. windows, extraction and the candidates' embedding run with no lock held; so does an
   LLM update decider, against the scope's memories as they are then (``decisions``);
3. holding the scope's lock (``WriteContext.lock``, so two adds to one scope do not both
   add the same fact), the update decisions are checked against the memories stored now
   (made again, outside the lock, when another write changed what they were made against;
   the rule decider decides here), the links made and the units, edges and history
   written in one short transaction (``Store.apply``), the turns marked done.
If anything between 1 and 3 fails, the turns stay in the log (marked failed; a crash
leaves them pending) and the next ``add`` to the scope extracts them again before its own
turns (at most ``write.heal_batch`` per call), as ``reindex`` does for every scope; nothing
already stored changes. Two writers of the same turns (a ``reindex`` or a healing ``add`` in
another process) cannot both store memories of them: ``Store.apply`` refuses, inside its
transaction, a batch whose turns are already done (:class:`TurnsDoneError`), and the call
that lost leaves them as the winner stored them. Each call counts its own fallbacks to the
rules (``fallbacks``).
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

import numpy as np

from ..config import Settings, WriteSettings
from ..errors import RippleMemError, TurnsDoneError
from ..ground.salience import common_names
from ..providers.embed.base import Embedder
from ..store.base import Store, WriteBatch
from ..types import (
    AddResult,
    Candidate,
    Edge,
    HistoryEntry,
    MemoryEvent,
    MemoryUnit,
    Scope,
    Turn,
    Window,
    utcnow,
)
from . import fallbacks
from .compose import compose
from .decisions import Decider, Decisions, StaleDecision
from .dense import Vectors, embed_candidates, embed_text
from .fidelity import checked
from .link import enforce_caps, link_unit, window_edges
from .select import select
from .update import merge
from .window import make_windows

log = logging.getLogger(__name__)

class Extractor(Protocol):
    @property
    def failures(self) -> int: ...

    def extract_many(self, windows: Sequence[Window]) -> list[list[Candidate]]: ...


class InFlight:
    """The turns this process's calls are processing now (``(session_id, turn_id)`` per scope
    key): healing leaves them to the call that logged them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._turns: Counter[tuple[str, str, str]] = Counter()  # a count: two calls may send the same turn

    @contextmanager
    def logged(self, store: Store, scope: Scope, turns: Sequence[Turn]) -> Iterator[list[Turn]]:
        """Log ``turns`` (``Store.log_turns``) and hold those stored until the block ends. They
        are held from before they are logged, so an add healing the scope meanwhile never
        takes them; turns an earlier call logged are let go at once (this call heals them)."""
        held = Counter((scope.key, t.session_id, t.turn_id) for t in turns)
        self._move(held, +1)
        try:
            stored = store.log_turns(scope, turns)
            kept = Counter((scope.key, t.session_id, t.turn_id) for t in stored)
            self._move(held - kept, -1)
            held = kept
            yield stored
        finally:
            self._move(held, -1)

    def _move(self, keys: Counter[tuple[str, str, str]], sign: int) -> None:
        with self._lock:
            if sign > 0:
                self._turns.update(keys)
            else:
                self._turns.subtract(keys)
                self._turns = +self._turns  # drop the keys no call holds

    def of(self, scope: Scope) -> set[tuple[str, str]]:
        with self._lock:
            return {(sid, tid) for key, sid, tid in self._turns if key == scope.key}


@dataclass
class WriteContext:
    store: Store
    embedder: Embedder
    extractor: Extractor
    settings: Settings
    decider: Decider | None = None
    compose: bool = True  # off for verbatim memories (one per turn)
    lock: AbstractContextManager[object] = field(default_factory=nullcontext)  # the scope's: held to decide and apply
    in_flight: InFlight = field(default_factory=InFlight)


@dataclass
class _Pending:
    """Units of one call being assembled before the transaction."""

    new: dict[str, MemoryUnit] = field(default_factory=dict)
    changed: dict[str, MemoryUnit] = field(default_factory=dict)
    history: list[HistoryEntry] = field(default_factory=list)
    events: list[MemoryEvent] = field(default_factory=list)
    supersedes: list[Edge] = field(default_factory=list)
    dense: dict[str, list[tuple[str, float]]] = field(default_factory=dict)  # new unit -> its vector-index pool
    stored: dict[str, MemoryUnit] = field(default_factory=dict)  # stored units read so far (``_stored``)


def content_unit_id(scope: Scope, cand: Candidate) -> str:
    """A new memory's id, from what it is: its scope, session, source turns and text. Edges are
    capped per memory and ties broken by id, so random ids made two ingests of the same turns
    keep different, equally strong edges (and rank ties differently); an id read from the
    content makes every ingest of the same turns, one by one or in bulk, the same store."""
    digest = hashlib.blake2b(digest_size=16)
    for part in (scope.key, cand.session_id, *cand.sources, cand.restatement):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\x1f")
    return digest.hexdigest()


def _unit_id(made: str, taken: Collection[str], pending: _Pending, stored: Callable[[str], bool]) -> str:
    """``made`` (:func:`content_unit_id`), or, when a memory holds it already (``taken``:
    stored; or made earlier in this call: the same text of the same turns written twice, or
    kept after an update), the first of its derived ids (:func:`derived_unit_id`, 1, 2, ...)
    that none holds (``stored``: whether the store holds an id). Derived in order, not drawn
    at random: two ingests of the same turns give the same ids to repeated texts too."""
    uid, n = made, 0
    while uid in pending.new or uid in pending.changed or uid in taken or (n > 0 and stored(uid)):
        n += 1
        uid = derived_unit_id(made, n)
    return uid


def derived_unit_id(made: str, n: int) -> str:
    """The ``n``-th id derived from the content id ``made``, for the ``n``-th memory after
    the first that has the same content."""
    return hashlib.blake2b(f"{made}#{n}".encode(), digest_size=16).hexdigest()


def ingest(ctx: WriteContext, scope: Scope, turns: Sequence[Turn]) -> AddResult:
    """Log the turns durably, extract what earlier calls left pending or failed (oldest
    first, their events first), then extract, select, update and link the new turns."""
    with fallbacks.counting() as fell_back, ctx.in_flight.logged(ctx.store, scope, turns) as stored:
        skipped = len(turns) - len(stored)
        healed, events = _heal_backlog(ctx, scope)
        if stored:
            events = events + process(ctx, scope, stored)
    return AddResult(tuple(events), len(stored), skipped, fell_back.extraction, fell_back.decision, healed)


def heal(
    ctx: WriteContext, scope: Scope, limit: int | None = None, *, skip: Collection[tuple[str, str]] = ()
) -> tuple[int, list[MemoryEvent]]:
    """Extract the scope's pending or failed turns (log order, at most ``limit``, none of
    the ``(session_id, turn_id)`` in ``skip``): how many, and their events. Raises as
    :func:`process` does, those turns marked failed."""
    todo = [t for t in ctx.store.open_turns(scope, limit) if (t.session_id, t.turn_id) not in skip]
    if not todo:
        return 0, []
    return len(todo), process(ctx, scope, todo)


def _heal_backlog(ctx: WriteContext, scope: Scope) -> tuple[int, list[MemoryEvent]]:
    """:func:`heal` before an add's own turns (those of every call in flight left out). A
    backlog that fails again stays failed and is logged, not raised: the caller's turns
    still go in (and the next add retries it)."""
    if ctx.settings.write.heal_batch <= 0:
        return 0, []
    try:
        return heal(ctx, scope, ctx.settings.write.heal_batch, skip=ctx.in_flight.of(scope))
    except RippleMemError as exc:
        log.warning("scope %s: earlier pending or failed turns failed again and stay failed: %s", scope.key, exc)
        return 0, []


def process(ctx: WriteContext, scope: Scope, turns: Sequence[Turn]) -> list[MemoryEvent]:
    """Turn logged (pending) turns into units; on failure mark them failed and re-raise."""
    events: list[MemoryEvent] = []
    with settling(ctx, scope, turns):
        windows, positions = _windows(ctx, scope, turns)
        candidates = extract_candidates(ctx.extractor, windows, positions, ctx.settings.write, compose_on=ctx.compose)
        vectors = embed_candidates(ctx.embedder, candidates, ctx.settings.write)
        events = commit(ctx, scope, turns, positions, window_speakers(windows), candidates, vectors)
    return events


@contextmanager
def settling(ctx: WriteContext, scope: Scope, turns: Sequence[Turn]) -> Iterator[None]:
    """Around the work on logged turns: when another writer (a reindex, another process)
    made them first (:class:`TurnsDoneError`) the call stores nothing of them and goes on;
    any other failure marks them failed and is re-raised."""
    try:
        yield
    except TurnsDoneError as exc:
        log.info("scope %s: %s; this call's memories of them were not stored", scope.key, exc)
    except BaseException:
        ctx.store.mark_turns(scope, [(t.session_id, t.turn_id) for t in turns], "failed")
        raise


def extract_candidates(
    extractor: Extractor, windows: Sequence[Window], positions: Mapping[tuple[str, str], int], ws: WriteSettings,
    *, compose_on: bool = True,
) -> list[Candidate]:
    """The candidates of some windows, composed into exchanges and checked against their
    turns (``write.fidelity``): reads no store, so it can run ahead of the writes, in another
    process (``write.bulk``)."""
    return composed(extract_windows(extractor, windows, ws), positions, ws, compose_on=compose_on)


def extract_windows(extractor: Extractor, windows: Sequence[Window], ws: WriteSettings) -> list[Candidate]:
    """The candidates of some windows, in order, each window's checked against its turns
    (``write.fidelity``), not yet composed: a window's candidates do not depend on the
    windows beside it, so a session's windows can be extracted in parts (``write.bulk``)."""
    per_window = extractor.extract_many(windows)
    if ws.fidelity:
        fixed = 0
        for i, (window, found) in enumerate(zip(windows, per_window, strict=True)):
            per_window[i], n = checked(found, [window])
            fixed += n
        if fixed:
            log.info("%d memories stated a number or name their turns do not: kept as said", fixed)
    return [c for found in per_window for c in found]


def composed(
    found: list[Candidate], positions: Mapping[tuple[str, str], int], ws: WriteSettings, *, compose_on: bool = True
) -> list[Candidate]:
    """A session's extracted candidates (:func:`extract_windows`, all its windows in order)
    composed into exchanges."""
    if not compose_on:
        return [c for c in found if not c.aside]  # asides are stated only with what they come before
    order = {tid: i for (_, tid), i in positions.items()}
    # over the windows' edges too: a question that ends one window is answered in the next
    return compose(found, order, ws)


def window_speakers(windows: Sequence[Window]) -> frozenset[str]:
    """The conversation's own speakers (lower-cased): never a structural cue when linking."""
    return frozenset(s.lower() for w in windows for s in w.speakers)


def commit(
    ctx: WriteContext, scope: Scope, turns: Sequence[Turn], positions: dict[tuple[str, str], int],
    speakers: frozenset[str], candidates: list[Candidate], vectors: Vectors | None,
) -> list[MemoryEvent]:
    """Decide, deduplicate and link ``candidates`` (``vectors`` their embeddings, ``None``
    for one kept out of the vector index: ``write.dense``) against
    what is stored, write them in one transaction and mark ``turns`` done. An LLM decider is
    asked with no lock held, its decisions checked under the scope's lock (``decisions``);
    the rest runs holding it. Raises :class:`TurnsDoneError` when another writer marked the
    turns first."""
    of_turns = {(t.session_id, t.turn_id): t.metadata for t in turns}
    plan = Decisions(ctx.decider, ctx.settings.write)
    rounds = ctx.settings.write.decide_retries + 1 if plan.asks_llm and candidates else 0
    for n in range(rounds):
        _build_units(ctx, scope, candidates, vectors, plan, of_turns)  # no lock held: the decider is asked
        with ctx.lock:
            try:
                with plan.replaying():
                    pending = _build_units(ctx, scope, candidates, vectors, plan, of_turns)
            except StaleDecision as exc:
                log.info("scope %s: %s; deciding again (round %d)", scope.key, exc, n + 1)
                continue
            return _write(ctx, scope, turns, pending, positions, speakers)
    with ctx.lock:  # the rule decider, or the scope kept changing: decide holding the lock
        pending = _build_units(ctx, scope, candidates, vectors, plan, of_turns)
        return _write(ctx, scope, turns, pending, positions, speakers)


def _write(
    ctx: WriteContext, scope: Scope, turns: Sequence[Turn], pending: _Pending, positions: dict[tuple[str, str], int],
    speakers: frozenset[str],
) -> list[MemoryEvent]:
    """Holding the scope's lock: link the decided units and write them, ``turns`` done."""
    batch = _link(ctx, scope, pending, positions, speakers)
    batch.done_turns = [(t.session_id, t.turn_id) for t in turns]
    ctx.store.apply(scope, batch)
    return pending.events


def manual_update(
    ctx: WriteContext, scope: Scope, old: MemoryUnit, text: str | None, metadata: Mapping[str, Any] | None = None
) -> MemoryUnit:
    """Restate ``old`` as ``text`` by hand and/or replace its ``metadata``: a new text is
    re-embedded and its semantic edges re-linked from a fresh vector pool; sources kept; an
    ``UPDATE`` history entry; one transaction."""
    now = utcnow()
    changed = "text" if metadata is None else "metadata" if text is None or text == old.restatement else "text, metadata"
    unit = old.with_(updated_at=now, **({} if metadata is None else {"metadata": dict(metadata)}))
    batch = WriteBatch(update=[unit])
    if text is not None and text != old.restatement:
        unit, batch = _restated(ctx, scope, unit, text)
    new_text = unit.restatement
    batch.history = [HistoryEntry(unit.id, "UPDATE", now, old.restatement, new_text, "manual update" + ("" if changed == "text" else f": {changed}"))]
    ctx.store.apply(scope, batch)
    return unit


def _restated(ctx: WriteContext, scope: Scope, unit: MemoryUnit, text: str) -> tuple[MemoryUnit, WriteBatch]:
    """``unit`` with a new text and vector, and the batch re-linking its semantic edges."""
    vec = ctx.embedder.embed([embed_text(text, ctx.settings.write)])[0].astype(np.float32)
    unit = unit.with_(restatement=text, vector=vec)
    gs = ctx.settings.graph
    stale = [e for e in ctx.store.edges(scope, [unit.id]) if e.kind == "semantic"]
    pool = ctx.store.get_units(scope, [uid for uid, _ in ctx.store.dense_search(scope, vec, gs.pool + 1)])
    proposed = [e for e in link_unit(unit, pool, gs) if e.kind == "semantic"]
    involved = sorted({e.dst for e in proposed})
    stale_keys = {(min(e.src, e.dst), max(e.src, e.dst)) for e in stale}
    existing = [e for e in ctx.store.edges(scope, involved) if (min(e.src, e.dst), max(e.src, e.dst)) not in stale_keys
                or e.kind != "semantic"] if involved else []
    edges, drop = enforce_caps(proposed, existing, {"semantic": gs.semantic_max})
    drop += [(e.src, e.dst, e.kind) for e in stale]
    return unit, WriteBatch(update=[unit], edges=edges, drop_edges=drop)


def _windows(
    ctx: WriteContext, scope: Scope, turns: Sequence[Turn]
) -> tuple[list[Window], dict[tuple[str, str], int]]:
    """Windows over the new turns, each session with its preceding overlap as context.

    Only the session's tail is read: from the first new turn on, after as many turns before
    it as the window overlap and the window links reach. Positions count from the tail's start."""
    ws = ctx.settings.write
    new_ids: dict[str, set[str]] = defaultdict(set)
    first_seq: dict[str, int] = {}
    for t in turns:
        new_ids[t.session_id].add(t.turn_id)
        first_seq[t.session_id] = min(t.seq, first_seq.get(t.session_id, t.seq))
    reach = max(ws.window_overlap, ctx.settings.graph.window_gap)
    windows: list[Window] = []
    positions: dict[tuple[str, str], int] = {}
    for session_id, fresh in new_ids.items():
        history = ctx.store.session_tail(scope, session_id, first_seq[session_id], reach)
        for i, t in enumerate(history):
            positions[(session_id, t.turn_id)] = i
        speakers = ctx.store.session_speakers(scope, session_id)
        first = min(i for i, t in enumerate(history) if t.turn_id in fresh)
        span = history[max(0, first - ws.window_overlap) :]
        session_time = next((t.time for t in span if t.turn_id in fresh and t.time), None)
        for w in make_windows(span, session_time, ws.window_size, ws.window_overlap, speakers):
            mine = frozenset(w.new & fresh)
            if mine:
                windows.append(Window(w.session_id, w.session_time, w.turns, mine, w.speakers))
    return windows, positions


def _neighbours(
    ctx: WriteContext, scope: Scope, vec: np.ndarray, found: list[tuple[str, float]], pending: _Pending, k: int = 5
) -> list[tuple[MemoryUnit, float]]:
    """The ``k`` nearest current memories, stored (from ``found``) or added earlier in this call."""
    found = found[:k]
    units = {u.id: u for u in _stored(ctx, scope, pending, [uid for uid, _ in found])}
    scored = [(pending.changed.get(uid, units[uid]), s) for uid, s in found if uid in units]
    fresh = [u for u in pending.new.values() if u.vector is not None]
    if fresh:
        sims = np.stack([u.vector for u in fresh]) @ vec  # type: ignore[misc]
        for i in np.argsort(-sims)[:k]:
            scored.append((fresh[i], float(sims[i])))
    scored.sort(key=lambda p: -p[1])
    return scored[:k]


def _stored(ctx: WriteContext, scope: Scope, pending: _Pending, ids: list[str]) -> list[MemoryUnit]:
    """``store.get_units``, each unit read once per call: the store does not change before
    the call's batch is applied (a long session's units share most of their neighbours)."""
    missing = [i for i in ids if i not in pending.stored]
    if missing:
        pending.stored.update((u.id, u) for u in ctx.store.get_units(scope, missing))
    return [pending.stored[i] for i in ids if i in pending.stored]


def _metadata(cand: Candidate, of_turns: Mapping[tuple[str, str], Mapping[str, Any]]) -> dict[str, Any]:
    """The caller's metadata of a candidate: its source turns', merged in source order."""
    merged: dict[str, Any] = {}
    for source in cand.sources:
        merged.update(of_turns.get((cand.session_id, source), {}))
    return merged


def _build_units(
    ctx: WriteContext, scope: Scope, candidates: list[Candidate], vectors: Vectors | None, plan: Decisions,
    of_turns: Mapping[tuple[str, str], Mapping[str, Any]],
) -> _Pending:
    """The call's units against what the scope stores now, each candidate decided by ``plan``.
    A candidate with no vector has no nearest memories (it is added) and is as new as the
    memory of its turn embedded before it."""
    pending = _Pending()
    if not candidates or vectors is None:
        return pending
    ws = ctx.settings.write
    speakers = frozenset(p for c in candidates for p in c.participants)
    now = plan.now
    made = [content_unit_id(scope, c) for c in candidates]
    taken = {u.id for u in ctx.store.get_units(scope, made)}  # one read for the call's ids, not one per memory

    def stored(uid: str) -> bool:  # a derived id (rare: a repeated text) is looked up on its own
        return bool(ctx.store.get_units(scope, [uid]))

    novelty_of: dict[tuple[str, tuple[str, ...]], float] = {}  # a turn's last embedded memory's
    for index, (cand, vec) in enumerate(zip(candidates, vectors, strict=True)):
        if vec is None:
            found: list[tuple[str, float]] = []
            near: list[tuple[MemoryUnit, float]] = []
            novelty = novelty_of.get((cand.session_id, cand.sources), 1.0)
        else:
            # one vector search serves both the update decision and, later, the link pool
            found = ctx.store.dense_search(scope, vec, max(ctx.settings.graph.pool, 5))
            near = _neighbours(ctx, scope, vec, found, pending, ws.nearest)
            novelty = novelty_of[(cand.session_id, cand.sources)] = 1.0 - (near[0][1] if near else 0.0)
        sel = select(cand, novelty, speakers, ws)
        decision = plan.decide(index, cand, near)
        target = next((u for u, _ in near if u.id == decision.target), None)
        if decision.action == "NOOP" and target is not None:
            pending.events.append(MemoryEvent(target.id, "NOOP", target.restatement, None, cand.sources))
            continue
        meta = _metadata(cand, of_turns)
        if decision.action == "UPDATE" and target is not None:
            merged = merge(target, cand, sel.importance).with_(updated_at=now)
            if meta:
                merged = merged.with_(metadata={**merged.metadata, **meta})
            if decision.merged and decision.merged != target.restatement:
                merged = merged.with_(restatement=decision.merged, vector=plan.vector(decision.merged, ctx.embedder.embed))
            _stage(pending, merged)
            pending.history.append(
                HistoryEntry(target.id, "UPDATE", now, target.restatement, merged.restatement,
                             f"{decision.reason}; sources +{','.join(cand.sources)}")
            )
            pending.events.append(MemoryEvent(target.id, "UPDATE", merged.restatement, target.restatement, merged.sources))
            continue
        unit = MemoryUnit(
            id=plan.unit_id(index, partial(_unit_id, made[index], taken, pending, stored)), scope=scope, restatement=cand.restatement, sources=cand.sources,
            session_id=cand.session_id, vector=None if vec is None else vec.astype(np.float32), participants=cand.participants,
            locations=cand.locations, concepts=cand.concepts, role=cand.role, time=cand.time, layer=sel.layer, tier=sel.tier,
            importance=sel.importance, facts=cand.facts, valid_from=cand.mentioned_at or now,
            mentioned_at=cand.mentioned_at, created_at=now, updated_at=now, metadata=meta,
        )
        pending.new[unit.id] = unit
        pending.dense[unit.id] = found
        pending.history.append(HistoryEntry(unit.id, "ADD", now, None, unit.restatement, decision.reason))
        if decision.action == "SUPERSEDE" and target is not None:
            closed = target.with_(valid_to=unit.valid_from, updated_at=now)
            _stage(pending, closed)
            pending.history.append(
                HistoryEntry(target.id, "SUPERSEDE", now, target.restatement, unit.restatement, decision.reason)
            )
            pending.supersedes.append(Edge(unit.id, target.id, "supersedes", 1.0))
            pending.events.append(MemoryEvent(unit.id, "SUPERSEDE", unit.restatement, target.restatement, unit.sources))
        else:
            pending.events.append(MemoryEvent(unit.id, "ADD", unit.restatement, None, unit.sources))
    return pending


def _stage(pending: _Pending, unit: MemoryUnit) -> None:
    if unit.id in pending.new:
        pending.new[unit.id] = unit
    else:
        pending.changed[unit.id] = unit


def _pool(ctx: WriteContext, scope: Scope, unit: MemoryUnit, dense: list[tuple[str, float]]) -> list[str]:
    """Bounded candidates for linking: the vector-index pool and ``pool`` from each cue index."""
    gs = ctx.settings.graph
    ids: dict[str, None] = {uid: None for uid, _ in dense[: gs.pool]}
    if gs.structural:
        if unit.participants:
            ids.update((uid, None) for uid, _ in ctx.store.by_participants(scope, unit.participants, gs.pool))
        if unit.locations:
            ids.update((uid, None) for uid, _ in ctx.store.by_locations(scope, unit.locations, gs.pool))
        if unit.time is not None:
            ids.update((uid, None) for uid, _ in ctx.store.by_time(scope, unit.time, gs.pool))
    return list(ids)


def _link(
    ctx: WriteContext,
    scope: Scope,
    pending: _Pending,
    positions: dict[tuple[str, str], int],
    speakers: frozenset[str] = frozenset(),
) -> WriteBatch:
    """Edges of the new units. The conversation's own speakers are never a structural cue
    (two memories of a dialogue between Ann and Ben both naming Ben are not one story), also
    before their share of the scope makes them common (``ground.salience``)."""
    gs = ctx.settings.graph
    fresh = list(pending.new.values())
    proposed: list[Edge] = list(pending.supersedes)
    if fresh:
        names = {p for u in fresh for p in u.participants}
        common = common_names(
            names, lambda ns: ctx.store.name_counts(scope, "participant", ns), ctx.store.count_units(scope) + len(fresh),
            share=gs.name_share, min_units=gs.name_min_units,
        ) | speakers
        dense = [u for u in fresh if u.vector is not None]
        matrix = np.stack([u.vector for u in dense]) if dense else None  # type: ignore[misc]
        for i, unit in enumerate(fresh):
            stored = _stored(ctx, scope, pending, _pool(ctx, scope, unit, pending.dense[unit.id]))
            if unit.vector is not None and matrix is not None:
                sims = matrix @ unit.vector
                batch_pool = [dense[j] for j in np.argsort(-sims)[: gs.pool + 1] if dense[j].id != unit.id]
            else:  # no vector: the call's memories said beside it
                batch_pool = [u for u in fresh[max(0, i - gs.pool // 2) : i + gs.pool // 2 + 1] if u.id != unit.id]
            proposed += link_unit(unit, [pending.changed.get(u.id, u) for u in stored] + batch_pool, gs, common)
        if gs.window_links:
            proposed += _window_links(ctx, scope, fresh, positions)
    caps = {"semantic": gs.semantic_max, "structural": gs.structural_max}
    involved = sorted({e.dst for e in proposed} - set(pending.new))
    existing = ctx.store.edges(scope, involved) if involved else []
    edges, drop = enforce_caps(_dedupe(proposed), existing, caps)
    return WriteBatch(
        add=fresh, update=list(pending.changed.values()), edges=edges, drop_edges=drop, history=pending.history
    )


def _window_links(
    ctx: WriteContext, scope: Scope, fresh: list[MemoryUnit], positions: dict[tuple[str, str], int]
) -> list[Edge]:
    def where(unit: MemoryUnit) -> list[tuple[str, int]]:
        return [(unit.session_id, positions[(unit.session_id, s)]) for s in unit.sources if (unit.session_id, s) in positions]

    gap = ctx.settings.graph.window_gap
    new = {u.id: where(u) for u in fresh}
    near_ids: set[str] = set()
    by_index = {(sess, i): tid for (sess, tid), i in positions.items()}
    for spots in new.values():
        for sess, i in spots:
            near_ids.update(by_index[(sess, j)] for j in range(i - gap, i + gap + 1) if (sess, j) in by_index)
    known_units = [u for u in ctx.store.units_by_source(scope, sorted(near_ids)) if u.id not in new]
    known = {u.id: where(u) for u in known_units}
    return window_edges(new, known, gap)


def _dedupe(edges: list[Edge]) -> list[Edge]:
    best: dict[tuple[str, str, str], Edge] = {}
    for e in edges:
        key = (min(e.src, e.dst), max(e.src, e.dst), e.kind)
        if key not in best or e.weight > best[key].weight:
            best[key] = e
    return list(best.values())
