"""One write call's update decisions, made with no lock held and checked under the scope's lock.

An LLM decider takes seconds per candidate; asked under the scope's lock it would hold up
every other add to the scope. So ``pipeline.commit`` builds the call's units twice: first
with no lock held, asking the decider (:meth:`Decisions.decide`), then under the lock,
against what the scope holds then, taking each decision from :class:`Decisions` only when
the decider would be shown exactly what it was shown before (:meth:`Decisions.replaying`):
the same nearest memories, by id, state and similarity. When another write changed them
in between (an add of the same fact, an update, a delete), :class:`StaleDecision` is
raised; the lock is let go, the changed candidates are decided again (the others keep
their answer) and the check runs again. After ``write.decide_retries`` such rounds the
decider is asked holding the lock, as the rule decider always is.

So every decision that is written was made against the memories the write stores next to:
two adds of one fact to one scope never both add it. The new units' ids and the call's
time are fixed across rounds, so this call's own earlier units look the same to later
candidates each time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

import numpy as np

from ..config import WriteSettings
from ..types import Candidate, MemoryUnit, utcnow
from .update import Decision, decide

SIMILARITY_DIGITS = 6  # the same vectors give the same cosine up to float noise


class Decider(Protocol):
    def __call__(self, candidate: Candidate, neighbours: list[tuple[MemoryUnit, float]]) -> Decision: ...


class StaleDecision(Exception):  # noqa: N818 - control flow inside the write path, never raised to a caller
    """Under the lock, a candidate's nearest memories are not those it was decided against."""


def shown(neighbours: list[tuple[MemoryUnit, float]]) -> tuple[Hashable, ...]:
    """What a decision depends on: each nearest memory's id, the state a decider reads and
    its similarity."""
    return tuple(
        (u.id, u.restatement, u.sources, u.facts, u.time, u.valid_from, u.valid_to, u.mentioned_at, u.updated_at,
         round(float(s), SIMILARITY_DIGITS))
        for u, s in neighbours
    )


@dataclass
class Decisions:
    """The decisions of one call, by candidate and what it was shown; the ids of its new
    units by candidate; its time; the vectors of merged texts."""

    decider: Decider | None
    settings: WriteSettings
    now: datetime = field(default_factory=utcnow)
    _made: dict[tuple[int, tuple[Hashable, ...]], Decision] = field(default_factory=dict)
    _ids: dict[int, str] = field(default_factory=dict)
    _vectors: dict[str, np.ndarray] = field(default_factory=dict)
    _replaying: bool = False

    @property
    def asks_llm(self) -> bool:
        """Whether deciding may be slow (a decider other than the rule): decided outside the lock."""
        return self.decider is not None

    def decide(self, index: int, candidate: Candidate, neighbours: list[tuple[MemoryUnit, float]]) -> Decision:
        """The decision for candidate ``index`` shown ``neighbours``: made before for exactly
        these, else asked now (while replaying: :class:`StaleDecision`)."""
        if self.decider is None:
            ws = self.settings
            return decide(candidate, neighbours, duplicate_cosine=ws.duplicate_cosine, supersede_cosine=ws.supersede_cosine)
        key = (index, shown(neighbours))
        made = self._made.get(key)
        if made is None:
            if self._replaying:
                raise StaleDecision(f"candidate {index}'s nearest memories changed since it was decided")
            made = self._made[key] = self.decider(candidate, neighbours)
        return made

    def unit_id(self, index: int, make: Callable[[], str]) -> str:
        """The id of the new unit candidate ``index`` makes, the same in every round."""
        if index not in self._ids:
            self._ids[index] = make()
        return self._ids[index]

    def vector(self, text: str, embed: Callable[[list[str]], np.ndarray]) -> np.ndarray:
        """The embedding of a merged text, computed once per call."""
        if text not in self._vectors:
            self._vectors[text] = embed([text])[0]
        return self._vectors[text]

    @contextmanager
    def replaying(self) -> Iterator[None]:
        """Inside the block no decision is asked: one not made before raises :class:`StaleDecision`."""
        self._replaying = True
        try:
            yield
        finally:
            self._replaying = False
