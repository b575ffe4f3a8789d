"""Which names discriminate: a name on a large share of a scope's memories (the conversation's
own speakers) links and matches everything, so it is not used as a structural cue.

Measured, not guessed: a name is common when more than ``share`` of the scope's memories
carry it (only once the scope holds at least ``min_units`` memories). The counts come from
the store's name index, one lookup per name whatever the store's size.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from .store.base import Store
from .types import Scope

SHARE = 0.2
MIN_UNITS = 10
Kind = Literal["participant", "location"]


def common_names(
    store: Store, scope: Scope, kind: Kind, names: Iterable[str], total: int, share: float = SHARE
) -> frozenset[str]:
    """The names (lowercased) carried by more than ``share`` of ``total`` memories."""
    if total < MIN_UNITS:
        return frozenset()
    counts = store.name_counts(scope, kind, names)
    return frozenset(n.lower() for n, c in counts.items() if c > share * total)


def salient(
    store: Store, scope: Scope, kind: Kind, names: Iterable[str], total: int, share: float = SHARE
) -> frozenset[str]:
    """The names that are not common (original case kept)."""
    names = frozenset(names)
    common = common_names(store, scope, kind, names, total, share)
    return frozenset(n for n in names if n.lower() not in common)
