"""A consolidated (semantic) memory and its members in one evidence set, without repeats.

A consolidated memory packs its members' statements (``maintain.consolidate``), so the same
facts would be paid for twice when both are assembled. In rank order: a consolidated memory
is kept only when it holds a member not already kept above it; once kept, its members ranked
below it are left out (the budget goes to other facts). The members map comes from the
``consolidates`` edges of the consolidated memories found.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..types import Edge
from .assemble import Found, ranked


def members_of(edges: Iterable[Edge]) -> dict[str, frozenset[str]]:
    """Consolidated memory -> its members, from the ``consolidates`` edges leaving it."""
    out: dict[str, set[str]] = {}
    for e in edges:
        if e.kind == "consolidates":
            out.setdefault(e.src, set()).add(e.dst)
    return {k: frozenset(v) for k, v in out.items()}


def without_repeats(found: dict[str, Found], members: Mapping[str, frozenset[str]]) -> dict[str, Found]:
    """``found`` without the memories whose facts a higher-ranked kept memory already states."""
    if not members:
        return found
    kept: set[str] = set()
    dropped: set[str] = set()
    for f in ranked(found):
        uid = f.unit.id
        if uid in dropped:
            continue
        if uid in members:
            if not members[uid] - kept:
                dropped.add(uid)
                continue
            dropped.update(members[uid] - kept)
        kept.add(uid)
    return {uid: f for uid, f in found.items() if uid not in dropped}
