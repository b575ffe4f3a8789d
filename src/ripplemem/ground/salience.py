"""Which names discriminate: a name on a large share of a scope's memories (the conversation's
own speakers) links and matches everything, so it is not used as a structural cue.

Measured, not guessed: a name is common when more than ``share`` of the scope's memories
carry it (only once the scope holds at least ``min_units`` memories). The counts come from a
function (the store's name index: one lookup per name whatever the store's size). Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

Counts = Callable[[Iterable[str]], Mapping[str, int]]


def common_names(
    names: Iterable[str], counts: Counts, total: int, *, share: float, min_units: int
) -> frozenset[str]:
    """The names (lowercased) carried by more than ``share`` of ``total`` memories."""
    if total < min_units:
        return frozenset()
    return frozenset(n.lower() for n, c in counts(names).items() if c > share * total)


def salient(names: Iterable[str], counts: Counts, total: int, *, share: float, min_units: int) -> frozenset[str]:
    """The names that are not common (original case kept)."""
    names = frozenset(names)
    common = common_names(names, counts, total, share=share, min_units=min_units)
    return frozenset(n for n in names if n.lower() not in common)
