"""Copy a store to another, of either backend, and prove the copy equal.

Only the :class:`~ripplemem.store.base.Store` protocol is used: the source's ``export`` feeds
the destination's ``import_records``, one call (so one transaction) per scope. A scope is
therefore copied whole or not at all; a failure stops the migration with the scopes already
copied named, and a re-run with ``append`` resumes it.

The copy is verified by a :class:`Digest` computed the same way on both sides from their
exports: per record kind (meta, turn, unit, edge, history), the number of records and a
SHA-256 over the sorted SHA-256s of each record's canonical JSON (sorted keys, no spaces).
Unit vectors travel as base64 of little-endian float32, so they are compared bit for bit;
turns carry their status and log position.

Destinations:

- by default the destination must hold no scope (metadata alone is allowed when it agrees:
  the same embedder and dimension);
- ``append=True`` lets it hold other scopes. A source scope it already holds is skipped when
  its digest equals the source's (a finished scope of an interrupted run) and refused
  otherwise: scopes are never merged or overwritten. To replace a scope, delete its user in
  the destination first.

API keys live beside a store, not in it, and are not copied.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..errors import StoreError
from ..types import Scope
from .base import Store

KINDS = ("meta", "turn", "unit", "edge", "history")
#: How the reports name each kind's records: an edge record is one direction of a link.
_NOUNS = {"meta": "meta entries", "turn": "turns", "unit": "memories", "edge": "edge records (each link both ways)",
          "history": "history entries"}


def scope_label(scope: Scope) -> str:
    """A scope as people read it: ``user 26``, ``user alice, agent coach, run r1``."""
    parts = [f"user {scope.user_id}"]
    parts += [f"agent {scope.agent_id}"] if scope.agent_id is not None else []
    parts += [f"run {scope.run_id}"] if scope.run_id is not None else []
    return ", ".join(parts)


@dataclass(frozen=True)
class Digest:
    """Records per kind and a checksum per kind, independent of record order."""

    counts: dict[str, int]
    sha256: dict[str, str]

    def differences(self, other: Digest) -> list[str]:
        """What differs from ``other``, one line per kind; empty when equal."""
        lines = []
        for kind in KINDS:
            if self.counts[kind] != other.counts[kind]:
                lines.append(f"{kind}: {self.counts[kind]} records here, {other.counts[kind]} there")
            elif self.sha256[kind] != other.sha256[kind]:
                lines.append(f"{kind}: the same count ({self.counts[kind]}) but different contents")
        return lines


def canonical(record: dict[str, Any]) -> bytes:
    """A record's canonical serialisation: JSON with sorted keys, no spaces, UTF-8."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def digest_records(records: Iterable[dict[str, Any]]) -> Digest:
    """The :class:`Digest` of exported records (any order)."""
    hashes: dict[str, list[bytes]] = {kind: [] for kind in KINDS}
    for record in records:
        kind = record.get("kind")
        if kind not in hashes:
            raise StoreError(f"the export holds a record of unknown kind {kind!r}")
        hashes[str(kind)].append(hashlib.sha256(canonical(record)).digest())
    sha = {}
    for kind, items in hashes.items():
        h = hashlib.sha256()
        for item in sorted(items):
            h.update(item)
        sha[kind] = h.hexdigest()
    return Digest({kind: len(items) for kind, items in hashes.items()}, sha)


def _meta(store: Store) -> list[dict[str, Any]]:
    """The store's meta records (every export starts with them; the rest is not read)."""
    records = []
    stream = store.export()
    try:
        for record in stream:
            if record["kind"] != "meta":
                break
            records.append(record)
    finally:
        close = getattr(stream, "close", None)  # a generator: end its read transaction now
        if callable(close):
            close()
    return records


def _scope_records(store: Store, scope: Scope) -> Iterator[dict[str, Any]]:
    return (r for r in store.export(scope) if r["kind"] != "meta")


def digest(store: Store, scopes: Iterable[Scope], meta_keys: Iterable[str] | None = None) -> Digest:
    """The digest of these scopes' records and of the meta records (only ``meta_keys`` when given)."""
    keys = None if meta_keys is None else set(meta_keys)
    meta = [r for r in _meta(store) if keys is None or r["key"] in keys]

    def records() -> Iterator[dict[str, Any]]:
        yield from meta
        for scope in scopes:
            yield from _scope_records(store, scope)

    return digest_records(records())


@dataclass
class MigrationReport:
    """What a migration did: scopes copied or skipped, and the digest both sides agree on."""

    copied: list[Scope] = field(default_factory=list)
    skipped: list[Scope] = field(default_factory=list)  # already in the destination, identical
    loaded: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    digest: Digest | None = None

    def summary(self) -> str:
        assert self.digest is not None
        counts = ", ".join(f"{self.digest.counts[k]} {_NOUNS[k]}" for k in KINDS)
        skipped = f", {len(self.skipped)} already there and identical" if self.skipped else ""
        return f"{len(self.copied)} scope(s) copied{skipped}; verified equal: {counts}"


def migrate(
    source: Store, destination: Store, *, append: bool = False, progress: Callable[[str], None] = lambda _: None
) -> MigrationReport:
    """Copy every scope of ``source`` into ``destination``, one transaction per scope, then verify.

    Raises :class:`StoreError` before writing anything when the destination is refused (see
    the module docstring), when a scope fails (the scopes already copied are named; re-run
    with ``append=True``), or when the verification finds a difference.
    """
    if source is destination or (source.url == destination.url and ":memory:" not in source.url):
        raise StoreError(f"source and destination are the same store ({source.url})")
    scopes = source.scopes()
    skipped = _check_destination(source, destination, scopes, append)
    report = MigrationReport(skipped=skipped)
    meta = _meta(source)
    _load(destination, meta, report, "metadata")
    todo = [s for s in scopes if s not in skipped]
    for n, scope in enumerate(todo, 1):
        try:
            counts = _load(destination, _scope_records(source, scope), report, f"scope ({scope_label(scope)})")
        except StoreError as exc:
            done = "; ".join(scope_label(s) for s in report.copied) or "none"
            raise StoreError(
                f"{exc}. Scope ({scope_label(scope)}) was rolled back; scopes copied before it: {done}. "
                "Fix the cause and re-run with --append to copy the rest."
            ) from exc
        report.copied.append(scope)
        copied = ", ".join(f"{counts.get(k, 0)} {_NOUNS[k]}" for k in KINDS if k != "meta")
        progress(f"scope {n}/{len(todo)} ({scope_label(scope)}): {copied}")
    progress("verifying counts and checksums")
    report.digest = _verify(source, destination, scopes, [r["key"] for r in meta])
    return report


def _load(
    destination: Store, records: Iterable[dict[str, Any]], report: MigrationReport, what: str
) -> dict[str, int]:
    try:
        counts = destination.import_records(records)
    except StoreError as exc:
        raise StoreError(f"copying {what} failed: {exc}") from exc
    for kind, n in counts.items():
        report.loaded[kind] = report.loaded.get(kind, 0) + n
    return counts


def _check_destination(source: Store, destination: Store, scopes: list[Scope], append: bool) -> list[Scope]:
    """Refuse a destination that holds data (unless ``append``); the identical scopes to skip."""
    present = set(destination.scopes())
    if present and not append:
        raise StoreError(
            f"the destination {destination.url} is not empty ({len(present)} scope(s)); "
            "use --append to add the source's scopes beside them"
        )
    skipped: list[Scope] = []
    clashing: list[Scope] = []
    for scope in scopes:
        if scope in present:
            same = not digest(source, [scope], meta_keys=()).differences(digest(destination, [scope], meta_keys=()))
            (skipped if same else clashing).append(scope)
    if clashing:
        names = ", ".join(s.key for s in clashing)
        raise StoreError(f"the destination already holds different data for scope(s) {names}; nothing was copied")
    return skipped


def _verify(source: Store, destination: Store, scopes: list[Scope], meta_keys: list[str]) -> Digest:
    here = digest(source, scopes, meta_keys)
    there = digest(destination, scopes, meta_keys)
    problems = here.differences(there)
    if problems:
        raise StoreError(
            "the copy differs from the source (was the source written to during the migration?): "
            + "; ".join(problems)
        )
    return here
