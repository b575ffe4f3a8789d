"""The dense view: cosine search over a scope's unit vectors.

Below ``ann_threshold`` units a scope is searched exactly: its L2-normalised vectors sit in
an in-memory matrix (one matrix product per query). From the threshold on, a ``usearch``
HNSW index (metric cos) replaces it; the index is persisted beside the database as
``<db>.ann/<scope tag>.usearch`` with a JSON sidecar, and treated as a cache: it is rebuilt
from the vectors in the database when missing, unreadable or stale.

Staleness is detected with the scope's ``vector_gen`` counter, which triggers bump on every
change to the scope's units. A cache remembers the generation it reflects; writes made by
this process are applied to it as deltas (so inserts stay cheap as the store grows), and a
change made elsewhere (another process, an import) makes it reload.

Building an HNSW index over tens of thousands of vectors takes seconds, so above
``SYNC_BUILD_BELOW`` vectors it is built on a background thread from a snapshot while the
exact matrix keeps serving; the deltas committed meanwhile are replayed on the new index
before it takes over.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...errors import EmbedderMismatchError, StoreError
from ...types import Vector
from ..ann import usearch_index

MAX_CACHED_SCOPES = 32
SYNC_BUILD_BELOW = 5000  # vectors; smaller ANN indexes are built inline (well under a second)
_SIDECAR_FORMAT = 1


@dataclass(slots=True)
class VectorDelta:
    """What one committed transaction did to one scope's vectors."""

    old_gen: int
    new_gen: int
    upserts: list[tuple[int, str, Vector]] = field(default_factory=list)  # (num, id, vector)
    removes: list[int] = field(default_factory=list)  # nums


def _room_for(matrix: npt.NDArray[np.float32], used: int, rows: int) -> npt.NDArray[np.float32]:
    """``matrix``, or a copy of its first ``used`` rows with room for ``rows`` (at least doubled)."""
    if rows <= matrix.shape[0]:
        return matrix
    grown = np.zeros((max(rows, 2 * matrix.shape[0], 16), matrix.shape[1]), dtype=np.float32)
    grown[:used] = matrix[:used]
    return grown


def _normalise(vectors: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    norms = np.linalg.norm(vectors, axis=-1, keepdims=True)
    norms[norms == 0] = 1.0
    return (vectors / norms).astype(np.float32, copy=False)


class _Exact:
    """An in-memory matrix with amortised appends and swap-removes."""

    mode = "exact"

    def __init__(
        self, gen: int, nums: list[int], ids: list[str], matrix: npt.NDArray[np.float32], *, normalised: bool = False
    ) -> None:
        """``matrix`` holds the vectors in its first ``len(nums)`` rows (more rows are room to
        grow); ``normalised`` says they are unit length already (taken as is, not copied)."""
        self.gen = gen
        self.dim = int(matrix.shape[1]) if matrix.ndim == 2 and matrix.shape[0] else 0
        self.size = len(nums)
        self.nums = list(nums)
        self.ids = list(ids)
        self.pos = {num: row for row, num in enumerate(nums)}
        if not self.size:
            self.matrix = np.zeros((0, 0), dtype=np.float32)
        else:
            self.matrix = matrix if normalised else _normalise(matrix)

    def upsert(self, num: int, unit_id: str, vector: Vector) -> None:
        vec = _normalise(np.asarray(vector, dtype=np.float32)[None, :])[0]
        if not self.dim:
            self.dim, self.matrix = vec.size, np.zeros((16, vec.size), dtype=np.float32)
        if vec.size != self.dim:
            raise EmbedderMismatchError(f"vector of dimension {vec.size} in a scope of dimension {self.dim}")
        row = self.pos.get(num)
        if row is None:
            self.matrix = _room_for(self.matrix, self.size, self.size + 1)
            row, self.size = self.size, self.size + 1
            self.nums.append(num)
            self.ids.append(unit_id)
            self.pos[num] = row
        self.matrix[row] = vec

    def remove(self, num: int) -> None:
        row = self.pos.pop(num, None)
        if row is None:
            return
        last = self.size - 1
        if row != last:
            self.matrix[row] = self.matrix[last]
            self.nums[row], self.ids[row] = self.nums[last], self.ids[last]
            self.pos[self.nums[row]] = row
        self.nums.pop()
        self.ids.pop()
        self.size = last

    def search(self, query: Vector, k: int) -> list[tuple[str, float]]:
        if not self.size or k <= 0:
            return []
        scores = self.matrix[: self.size] @ query
        if k >= self.size:
            order = np.argsort(-scores, kind="stable")
        else:
            top = np.argpartition(-scores, k)[:k]
            order = top[np.argsort(-scores[top], kind="stable")]
        return [(self.ids[i], float(scores[i])) for i in order]

    def to_ann(self) -> _Ann:
        keys = np.asarray(self.nums[: self.size], dtype=np.uint64)
        return _Ann.build(self.gen, keys, self.matrix[: self.size])

    def apply(self, delta: VectorDelta) -> None:
        for num in delta.removes:
            self.remove(num)
        for num, unit_id, vector in delta.upserts:
            self.upsert(num, unit_id, vector)
        self.gen = delta.new_gen


class _Ann:
    """A usearch HNSW index keyed by unit ``num``; ids are resolved in the database."""

    mode = "ann"

    def __init__(self, gen: int, index: Any, dirty: bool) -> None:
        self.gen = gen
        self.index = index
        self.dirty = dirty

    @classmethod
    def build(cls, gen: int, keys: npt.NDArray[np.uint64], matrix: npt.NDArray[np.float32]) -> _Ann:
        Index = usearch_index()  # noqa: N806

        index = Index(ndim=int(matrix.shape[1]), metric="cos", dtype="f32")
        if len(keys):
            index.add(keys, np.ascontiguousarray(matrix, dtype=np.float32))
        return cls(gen, index, dirty=True)

    @property
    def dim(self) -> int:
        return int(self.index.ndim)

    @property
    def size(self) -> int:
        return len(self.index)

    def upsert(self, num: int, unit_id: str, vector: Vector) -> None:
        vec = np.asarray(vector, dtype=np.float32)
        if vec.size != self.dim:
            raise EmbedderMismatchError(f"vector of dimension {vec.size} in a scope of dimension {self.dim}")
        if num in self.index:
            self.index.remove(num)
        self.index.add(num, vec)
        self.dirty = True

    def remove(self, num: int) -> None:
        if num in self.index:
            self.index.remove(num)
            self.dirty = True

    def apply(self, delta: VectorDelta) -> None:
        for num in delta.removes:
            self.remove(num)
        for num, _, vector in delta.upserts:
            self.upsert(num, "", vector)
        self.dirty = self.dirty or delta.new_gen != self.gen
        self.gen = delta.new_gen

    def search_keys(self, query: Vector, k: int) -> list[tuple[int, float]]:
        if not self.size or k <= 0:
            return []
        self.index.expansion_search = max(64, 2 * k)
        matches = self.index.search(query, min(k, self.size))
        return [(int(key), 1.0 - float(dist)) for key, dist in zip(matches.keys, matches.distances, strict=True)]


class _Build:
    """An ANN index built on a thread from a snapshot of an exact cache.

    ``deltas`` collects what was committed to the exact cache meanwhile; ``lock`` makes
    cancelling wait for a save in progress (so deleted files stay deleted).
    """

    def __init__(self, exact: _Exact, tag: str, save: Any) -> None:
        self.exact = exact
        self.deltas: list[VectorDelta] = []
        self.result: _Ann | None = None
        self.cancelled = False
        self.lock = threading.Lock()
        keys = np.asarray(exact.nums[: exact.size], dtype=np.uint64)
        matrix = exact.matrix[: exact.size].copy()
        self.thread = threading.Thread(target=self._run, args=(exact.gen, keys, matrix, tag, save), daemon=True)
        self.thread.start()

    def _run(
        self, gen: int, keys: npt.NDArray[np.uint64], matrix: npt.NDArray[np.float32], tag: str, save: Any
    ) -> None:
        try:
            ann = _Ann.build(gen, keys, matrix)
            with self.lock:
                if not self.cancelled:
                    save(tag, ann)
            self.result = ann
        except (RuntimeError, ValueError, MemoryError, StoreError):
            self.result = None  # the exact matrix keeps serving; the next crossing retries

    def cancel(self) -> None:
        with self.lock:
            self.cancelled = True


class VectorIndex:
    """Per-scope vector caches for one database (callers hold the store's lock)."""

    def __init__(self, ann_dir: Path | None, ann_threshold: int) -> None:
        self.ann_dir = ann_dir
        self.ann_threshold = ann_threshold
        self._caches: OrderedDict[str, _Exact | _Ann] = OrderedDict()
        self._builds: dict[str, _Build] = {}

    # -- search -------------------------------------------------------------------------

    def search(
        self, conn: sqlite3.Connection, scope_key: str, tag: str, query: Vector, k: int
    ) -> list[tuple[str, float]]:
        q = np.asarray(query, dtype=np.float32).ravel()
        cache = self._cache(conn, scope_key, tag)
        if cache is None or not cache.size:
            return []
        if q.size != cache.dim:
            raise EmbedderMismatchError(f"query vector has dimension {q.size}, the store holds dimension {cache.dim}")
        q = _normalise(q[None, :])[0]
        if isinstance(cache, _Exact):
            return cache.search(q, k)
        hits = cache.search_keys(q, k)
        ids = _ids_for(conn, scope_key, [num for num, _ in hits])
        return [(ids[num], score) for num, score in hits if num in ids]

    def state(self, conn: sqlite3.Connection, scope_key: str, tag: str) -> dict[str, Any]:
        cache = self._cache(conn, scope_key, tag)
        if cache is None:
            return {"mode": "none", "size": 0, "generation": None}
        return {"mode": cache.mode, "size": cache.size, "generation": cache.gen, "dim": cache.dim}

    # -- keeping caches current -----------------------------------------------------------

    def apply(self, scope_key: str, tag: str, delta: VectorDelta) -> None:
        """Apply a committed delta to a current cache; drop a cache that missed changes."""
        cache = self._caches.get(scope_key)
        if cache is None:
            return
        if cache.gen != delta.old_gen:
            self.forget(scope_key)
            return
        cache.apply(delta)
        build = self._builds.get(scope_key)
        if build is not None:
            build.deltas.append(delta)
        elif isinstance(cache, _Exact) and cache.size >= self.ann_threshold:
            ann = self._promote(scope_key, tag, cache)
            if ann is not None:
                self._caches[scope_key] = ann

    def forget(self, scope_key: str) -> None:
        self._caches.pop(scope_key, None)
        build = self._builds.pop(scope_key, None)
        if build is not None:
            build.cancel()

    def join(self) -> None:
        """Wait for background builds and let their indexes take over."""
        for key, build in list(self._builds.items()):
            build.thread.join()
            self._finish(key)

    def remove_files(self, tag: str) -> None:
        if self.ann_dir is None:
            return
        for suffix in (".usearch", ".json", ".usearch.tmp", ".json.tmp"):
            (self.ann_dir / f"{tag}{suffix}").unlink(missing_ok=True)

    def flush(self, tags: dict[str, str]) -> None:
        """Finish background builds and persist dirty ANN indexes (``tags``: scope key -> tag)."""
        self.join()
        for key, cache in self._caches.items():
            if isinstance(cache, _Ann) and cache.dirty and key in tags:
                self._save(tags[key], cache)

    # -- loading --------------------------------------------------------------------------

    def _cache(self, conn: sqlite3.Connection, scope_key: str, tag: str) -> _Exact | _Ann | None:
        row = conn.execute("SELECT vector_gen, units_n FROM scopes WHERE key = ?", (scope_key,)).fetchone()
        if row is None:
            self.forget(scope_key)
            return None
        gen, count = int(row[0]), int(row[1])
        self._finish(scope_key)
        cache = self._caches.get(scope_key)
        if cache is not None and cache.gen == gen:
            self._caches.move_to_end(scope_key)
            return cache
        self.forget(scope_key)
        cache = self._load(conn, scope_key, tag, gen, count)
        self._caches[scope_key] = cache
        while len(self._caches) > MAX_CACHED_SCOPES:
            old_key, old = next(iter(self._caches.items()))
            if isinstance(old, _Ann) and old.dirty:
                old_tag = conn.execute("SELECT tag FROM scopes WHERE key = ?", (old_key,)).fetchone()
                if old_tag is not None:
                    self._save(old_tag[0], old)
            self.forget(old_key)
        return cache

    def _promote(self, scope_key: str, tag: str, exact: _Exact) -> _Ann | None:
        """An ANN index for an exact cache that reached the threshold: built inline when
        small, else on a thread (``None``; :meth:`_finish` swaps it in when done)."""
        if exact.size < SYNC_BUILD_BELOW:
            return exact.to_ann()
        self._builds[scope_key] = _Build(exact, tag, self._save)
        return None

    def _finish(self, scope_key: str) -> None:
        build = self._builds.get(scope_key)
        if build is None or build.thread.is_alive():
            return
        del self._builds[scope_key]
        ann, current = build.result, self._caches.get(scope_key)
        if ann is None or current is not build.exact:
            return
        for delta in build.deltas:
            ann.apply(delta)
        ann.gen = current.gen
        ann.dirty = ann.dirty or bool(build.deltas)
        self._caches[scope_key] = ann

    def _load(self, conn: sqlite3.Connection, scope_key: str, tag: str, gen: int, count: int) -> _Exact | _Ann:
        if count >= self.ann_threshold:
            restored = self._restore(tag, gen)
            if restored is not None:
                return restored
        nums, ids, matrix = _read_vectors(conn, scope_key, count)
        exact = _Exact(gen, nums, ids, matrix, normalised=True)
        ann = self._promote(scope_key, tag, exact) if exact.size >= self.ann_threshold else None
        if ann is not None:  # built inline: persist it now, the next open restores it
            self._save(tag, ann)
            return ann
        return exact  # serves until a background build (if any) takes over

    def _paths(self, tag: str) -> tuple[Path, Path] | None:
        if self.ann_dir is None:
            return None
        return self.ann_dir / f"{tag}.usearch", self.ann_dir / f"{tag}.json"

    def _restore(self, tag: str, gen: int) -> _Ann | None:
        paths = self._paths(tag)
        if paths is None or not paths[0].exists() or not paths[1].exists():
            return None
        try:
            sidecar = json.loads(paths[1].read_text(encoding="utf-8"))
            if sidecar.get("format") != _SIDECAR_FORMAT or sidecar.get("generation") != gen:
                return None
            Index = usearch_index()  # noqa: N806

            index = Index.restore(str(paths[0]))
        except (OSError, ValueError, RuntimeError):
            return None  # unreadable: a cache, rebuilt from the database
        if index is None or len(index) != sidecar.get("count"):
            return None
        return _Ann(gen, index, dirty=False)

    def _save(self, tag: str, cache: _Ann) -> None:
        paths = self._paths(tag)
        if paths is None:
            return
        index_path, sidecar_path = paths
        try:
            index_path.parent.mkdir(parents=True, exist_ok=True)
            sidecar_path.unlink(missing_ok=True)  # never a current sidecar beside an old index
            tmp = index_path.with_suffix(".usearch.tmp")
            cache.index.save(str(tmp))
            os.replace(tmp, index_path)
            sidecar = {"format": _SIDECAR_FORMAT, "generation": cache.gen, "count": cache.size, "dim": cache.dim}
            tmp_sidecar = sidecar_path.with_suffix(".json.tmp")
            tmp_sidecar.write_text(json.dumps(sidecar), encoding="utf-8")
            os.replace(tmp_sidecar, sidecar_path)
        except OSError as exc:
            raise StoreError(f"cannot write the ANN index {index_path}: {exc}") from exc
        cache.dirty = False


READ_CHUNK = 8192  # rows fetched at a time while loading a scope's vectors


def _read_vectors(
    conn: sqlite3.Connection, scope_key: str, expected: int
) -> tuple[list[int], list[str], npt.NDArray[np.float32]]:
    """The scope's vectors, L2-normalised, in one matrix filled chunk by chunk.

    Rows are streamed into a matrix sized for ``expected`` vectors (the scope's unit count;
    it grows if more arrive), so loading a million 384-d vectors holds that matrix and one
    chunk, not the whole result set, its joined bytes and two more copies."""
    cur = conn.execute(
        "SELECT num, id, vector FROM units WHERE scope = ? AND vector IS NOT NULL ORDER BY num", (scope_key,)
    )
    nums: list[int] = []
    ids: list[str] = []
    matrix = np.zeros((0, 0), dtype=np.float32)
    width = 0  # bytes per vector
    while rows := cur.fetchmany(READ_CHUNK):
        if not width:
            width = len(rows[0][2])
            matrix = np.zeros((max(expected, len(rows)), width // 4), dtype=np.float32)
        if any(len(r[2]) != width for r in rows):
            dims = {width} | {len(r[2]) for r in rows}
            raise StoreError(f"scope holds vectors of several dimensions: {sorted(d // 4 for d in dims)}")
        start, end = len(nums), len(nums) + len(rows)
        matrix = _room_for(matrix, start, end)
        chunk = np.frombuffer(b"".join(r[2] for r in rows), dtype="<f4").reshape(len(rows), -1)
        matrix[start:end] = _normalise(chunk)
        nums.extend(r[0] for r in rows)
        ids.extend(r[1] for r in rows)
    return nums, ids, matrix


def _ids_for(conn: sqlite3.Connection, scope_key: str, nums: list[int]) -> dict[int, str]:
    if not nums:
        return {}
    marks = ",".join("?" * len(nums))
    # "+scope": look rows up by primary key, not by scanning the scope index
    rows = conn.execute(f"SELECT num, id FROM units WHERE +scope = ? AND num IN ({marks})", (scope_key, *nums))
    return {int(num): uid for num, uid in rows}
