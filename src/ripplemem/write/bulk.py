"""Bulk import: many sessions of one scope, extracted ahead in worker processes.

The result is the one of an ``add`` per session, in order: the same memories, the same
edges. What makes it so:

- extraction (windows -> candidates, composed into exchanges) reads only the session log,
  never the memories, so sessions can be extracted ahead, in any process, as soon as their
  turns are logged;
- a window's candidates do not depend on the windows beside it, so a long session is
  extracted in consecutive parts (``write.bulk_part_chars`` characters or more each, one
  worker each: a chat of a few long sessions keeps every worker busy), and its parts'
  candidates are composed into exchanges here, in order, as one ``add`` composes them;
- the embedder's rows do not depend on the batch they were computed in, so the
  candidates' vectors can be computed in the same worker (those a composed exchange states
  anew are computed here);
- selection, update decisions, linking and the write run in the calling process, one
  session after the other, each against everything the sessions before it stored, in one
  transaction per session holding the scope's lock (``pipeline.commit``, with the turns'
  metadata and the conversation's speakers), exactly as ``add`` runs them.

At most ``write.bulk_ahead`` sessions are in flight, so a stream of any length is imported
without holding it in memory. ``workers <= 1``, or an extractor or embedder that cannot be
sent to another process (an LLM client), runs everything in the calling process.

A failure to write marks the failing session's turns failed and leaves the sessions logged
ahead of it pending: the next ``add`` to the scope (or ``reindex``) extracts them, as after
a crash; while the import runs, the turns it logged are in flight, so healing elsewhere
leaves them alone. A session whose turns another writer marked done first
(:class:`TurnsDoneError`) stores nothing of them, as in ``add``. A stream that raises (a
session of bad input) has the sessions it gave before written first.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from ..config import WriteSettings
from ..types import AddResult, Candidate, MemoryEvent, Scope, Turn, Vector, Window
from . import fallbacks
from .dense import Vectors, dense_texts, embed_candidates
from .pipeline import (
    Extractor,
    WriteContext,
    _heal_backlog,
    _windows,
    commit,
    composed,
    extract_candidates,
    extract_windows,
    settling,
    window_speakers,
)

log = logging.getLogger(__name__)

Extracted = tuple[list[Candidate], "Vectors | None"]  # candidates and their vectors (None: not embedded)


@dataclass
class _Job:
    index: int  # the session's place in the stream
    turns: list[Turn]  # those this import logged (none: the session was stored before)
    positions: dict[tuple[str, str], int] = field(default_factory=dict)
    speakers: frozenset[str] = frozenset()
    result: Callable[[], Extracted] | None = None


def ingest_sessions(
    ctx: WriteContext, scope: Scope, sessions: Iterable[Sequence[Turn]], workers: int = 1,
    written: Callable[[int], None] | None = None,
) -> AddResult:
    """Log, extract and write ``sessions`` (each a list of turns) in order; see the module.
    ``written`` is called with each session's place in the stream once it is written (as
    after one ``add``: maintenance scheduling), in order, stored turns or not."""
    submit = _submitter(ctx, workers)
    ahead = max(1, ctx.settings.write.bulk_ahead)
    queue: deque[_Job] = deque()
    added = skipped = 0
    events: list[MemoryEvent] = []
    with ExitStack() as holding:  # healing (here or in a concurrent add) leaves the logged turns to this call
        fell_back = holding.enter_context(fallbacks.counting())
        healed, healed_events = _heal_backlog(ctx, scope)
        events += healed_events

        def finish() -> None:
            _finish(ctx, scope, queue.popleft(), events, written)

        stream = enumerate(sessions)
        try:
            while True:
                try:
                    item = next(stream, None)
                except BaseException:  # the caller's stream failed (bad input): what it gave before goes in
                    while queue:
                        finish()
                    raise
                if item is None:
                    break
                index, turns = item
                stored = holding.enter_context(ctx.in_flight.logged(ctx.store, scope, turns))
                added, skipped = added + len(stored), skipped + len(turns) - len(stored)
                job = _Job(index, stored)
                if stored:
                    with settling(ctx, scope, stored):  # a failure marks them failed, as in add
                        windows, positions = _windows(ctx, scope, stored)
                        job.positions, job.speakers = positions, window_speakers(windows)
                        job.result = submit(windows, positions)
                queue.append(job)
                while len(queue) > ahead:
                    finish()
            while queue:
                finish()
        finally:
            for waiting in queue:  # after a failed write: logged, left pending for the next add
                if waiting.turns:
                    log.warning("scope %s: %d turns logged by a bulk import stay pending", scope.key, len(waiting.turns))
    return AddResult(tuple(events), added, skipped, fell_back.extraction, fell_back.decision, healed)


def _finish(
    ctx: WriteContext, scope: Scope, job: _Job, events: list[MemoryEvent], written: Callable[[int], None] | None
) -> None:
    if job.result is not None:
        with settling(ctx, scope, job.turns):
            candidates, vectors = job.result()
            events += commit(ctx, scope, job.turns, job.positions, job.speakers, candidates, vectors)
    if written is not None:
        written(job.index)


# ---------------------------------------------------------------- where extraction runs


def _submitter(
    ctx: WriteContext, workers: int
) -> Callable[[list[Window], dict[tuple[str, str], int]], Callable[[], Extracted]]:
    ws, compose_on = ctx.settings.write, ctx.compose
    pool = _pool(ctx.extractor, ctx.embedder, workers) if workers > 1 else None
    if pool is None:
        extractor = ctx.extractor

        def inline(windows: list[Window], positions: dict[tuple[str, str], int]) -> Callable[[], Extracted]:
            def run() -> Extracted:  # its fallbacks count in the caller's tally directly
                found = extract_candidates(extractor, windows, positions, ws, compose_on=compose_on)
                vectors = embed_candidates(ctx.embedder, found, ws)
                return found, vectors

            return run  # run when written: nothing is held ahead in this process

        return inline

    def remote(windows: list[Window], positions: dict[tuple[str, str], int]) -> Callable[[], Extracted]:
        futures: list[Future[_Part]] = [
            pool.submit(_extract_in_worker, part, positions, ws, compose_on) for part in parts(windows, workers, ws.bulk_part_chars)]

        def result() -> Extracted:
            found: list[Candidate] = []
            known: dict[str, Vector] = {}
            for future in futures:
                part, texts, rows, fell_back = future.result()
                fallbacks.count("extraction", fell_back)  # counted in the worker's tally: into the caller's
                found += part
                known.update(zip(texts, rows if texts else (), strict=True))
            found = composed(found, positions, ws, compose_on=compose_on)
            return found, _vectors(ctx.embedder, found, known, ws)

        return result

    return remote


def parts(windows: list[Window], workers: int, least: int) -> list[list[Window]]:
    """A session's windows in consecutive parts of about equal text, one per worker, so that a
    chat of a few long sessions (BEAM's) keeps every worker busy; each part holds at least
    ``least`` characters of new turns (``write.bulk_part_chars``): a short session goes whole
    to one worker, and the sessions in flight share the workers."""
    sizes = [sum(len(t.text) for t in w.turns if t.turn_id in w.new) for w in windows]
    total = sum(sizes)
    n = max(1, min(workers, len(windows), total // max(1, least)))
    out: list[list[Window]] = [[] for _ in range(n)]
    done = 0
    for window, size in zip(windows, sizes, strict=True):
        out[min(n - 1, done * n // max(1, total))].append(window)
        done += size
    return [p for p in out if p]


def _vectors(embedder: Any, found: list[Candidate], known: dict[str, Vector], ws: WriteSettings) -> Vectors | None:
    """The composed candidates' vectors: those the workers computed for their parts' texts,
    the rest (a composed exchange's new text, a memory embedded only once composed) here."""
    if not found:
        return None
    texts = dense_texts(found, ws)
    missing = list(dict.fromkeys(t for t in texts if t is not None and t not in known))
    if missing:
        known = {**known, **dict(zip(missing, embedder.embed(missing), strict=True))}
    return [None if t is None else known[t] for t in texts]


_pools: dict[tuple[int, bytes], ProcessPoolExecutor] = {}
_pools_lock = threading.Lock()


def _pool(extractor: Extractor, embedder: Any, workers: int) -> ProcessPoolExecutor | None:
    """A process pool whose workers hold copies of ``extractor`` and ``embedder``, kept for
    the process's lifetime (a worker loads its models once); ``None`` when they cannot be
    sent to another process."""
    try:
        payload = pickle.dumps((extractor, embedder))
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        log.info("bulk import runs in this process: %s", exc)
        return None
    key = (workers, payload)
    with _pools_lock:
        if key not in _pools:
            context = multiprocessing.get_context("spawn")  # no fork of a process with model threads
            _pools[key] = ProcessPoolExecutor(
                workers, mp_context=context, initializer=_start_worker, initargs=(payload, workers)
            )
        return _pools[key]


@atexit.register
def _close_pools() -> None:
    with _pools_lock:
        for pool in _pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        _pools.clear()


# ---------------------------------------------------------------- inside a worker

_worker: dict[str, Any] = {}


def _start_worker(payload: bytes, workers: int) -> None:
    parent = os.getppid()
    threading.Thread(target=_exit_with, args=(parent,), daemon=True, name="ripplemem-bulk-parent").start()
    extractor, embedder = pickle.loads(payload)
    threads = getattr(embedder, "threads", None)
    if isinstance(threads, int):  # the workers share the cores: one model thread each
        embedder.threads = max(1, threads // workers)
    _worker.update(extractor=extractor, embedder=embedder)


def _exit_with(parent: int, every: float = 1.0) -> None:
    """End this worker when the process that started it is gone (killed: no atexit ran)."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(0)


_Part = tuple[list[Candidate], list[str], Any, int]  # candidates, embedded texts, their rows, fallbacks


def _extract_in_worker(
    windows: list[Window], positions: dict[tuple[str, str], int], ws: WriteSettings, compose_on: bool
) -> _Part:
    """Part of a session: its windows' candidates (not composed: the calling process composes
    the whole session), the vectors of what the part composed alone embeds (the whole
    session's composition differs at most where the parts meet), and how many windows fell
    back to the rules."""
    extractor, embedder = _worker["extractor"], _worker["embedder"]
    with fallbacks.counting() as fell_back:
        found = extract_windows(extractor, windows, ws)
    alone = composed(found, positions, ws, compose_on=compose_on)
    texts = list(dict.fromkeys(t for t in dense_texts(alone, ws) if t is not None))
    return found, texts, embedder.embed(texts) if texts else None, fell_back.extraction
