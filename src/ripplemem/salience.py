"""Which names discriminate: a name on a large share of a scope's memories (the conversation's
own speakers) links and matches everything, so it is not used as a structural cue.

Measured, not guessed: a name is common when more than ``share`` of the scope's memories
carry it (only once the scope holds at least ``min_units`` memories).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .types import Scope

Lookup = Callable[[Scope, list[str], int], list[tuple[str, float]]]

SHARE = 0.2
MIN_UNITS = 10


def common_names(lookup: Lookup, scope: Scope, names: Iterable[str], total: int, share: float = SHARE) -> frozenset[str]:
    """The names (lowercased) carried by more than ``share`` of ``total`` memories."""
    if total < MIN_UNITS:
        return frozenset()
    limit = int(share * total) + 1
    return frozenset(n.lower() for n in set(names) if len(lookup(scope, [n], limit)) >= limit)


def salient(lookup: Lookup, scope: Scope, names: Iterable[str], total: int, share: float = SHARE) -> frozenset[str]:
    """The names that are not common (original case kept)."""
    names = frozenset(names)
    common = common_names(lookup, scope, names, total, share)
    return frozenset(n for n in names if n.lower() not in common)
