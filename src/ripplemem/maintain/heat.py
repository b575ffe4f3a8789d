"""Re-scoring and forgetting, as pure functions over one memory and the time of the run.

``heat = importance * 0.5 ** (idle_days / half_life) * (1 + use_boost * ln(1 + uses))``

``idle_days`` runs from the memory's last mention or use (whichever is later) to ``as_of``;
``uses`` is its access count (the recalls that returned it). A memory whose heat falls under
``cold_below`` goes cold: it leaves the hot indexes (vector index, cue views) and stays in
the full-text index, the graph and the log; one that is recalled, or whose heat rises again,
is warm again. Core and pinned memories never decay.

Two kinds of memory leave the hot indexes whatever their heat. A short-term memory still
short-term ``short_cold_days`` after it was said (never asked about, its topic never back):
its chance to matter has passed, and it stays findable by its words. And a consolidated list
(``maintain.consolidate``), from the start: its members are in the hot indexes one by one
with the same facts, and the list is found by its words (the full-text view) and put first
when a question asks for its topic (``read.consolidated.asked_lists``). In the vector index
its blended vector resembled every question about its subject, and it made the hot index
grow by the lists (LoCoMo: 1,818 memories hot before maintenance, 2,014 after); out of it,
recall is the same and the hot index shrinks (1,673; docs/benchmarks.md).
Nothing here deletes anything.

The short-term tier is re-scored: a short-term memory that was asked about (recalled at
least once) moves to the long tier with at least ``promote_to`` importance; so does one
mentioned again (a memory of a later session says two of its concepts), unless it is there
for its kind, not its importance: a question nobody answered, or a chat user's request with
the assistant's answer (``ground.text.asked_only``, ``request_exchange``). That the topic came
back says the later memory is worth keeping, not that the request is the user's fact (promoted,
such a request outranked the user's own statement on LongMemEval).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import datetime

from ..config import MaintainSettings
from ..ground.text import asked_only, request_exchange
from ..store.base import UnitState
from ..types import MemoryUnit


def never_decays(unit: MemoryUnit) -> bool:
    return unit.pinned or unit.layer in ("core", "semantic")


def heat(unit: MemoryUnit, as_of: datetime, ms: MaintainSettings) -> float:
    """How hot a memory is at ``as_of`` (its importance when it never decays)."""
    if never_decays(unit):
        return float(unit.importance)
    said = unit.mentioned_at or unit.created_at  # when it was said; stored (created) only when unknown
    marks = [t for t in (said, unit.last_access) if t is not None]
    last = max(marks) if marks else as_of
    idle_days = max(0.0, (as_of - last).total_seconds() / 86400.0)
    decay = 0.5 ** (idle_days / ms.half_life_days) if ms.half_life_days > 0 else 1.0
    return float(unit.importance) * decay * (1.0 + ms.use_boost * math.log1p(max(unit.access_count, 0)))


Mentions = dict[str, list[tuple[datetime, str, str]]]  # concept -> (when, memory id, session) of each mention


def last_mentions(units: Iterable[MemoryUnit]) -> Mentions:
    """Each concept's mentions among these (episodic and core) memories: when, by which
    memory, in which session."""
    said: Mentions = {}
    for u in units:
        if u.mentioned_at is None or u.consolidated:
            continue
        for c in u.concepts:
            said.setdefault(c, []).append((u.mentioned_at, u.id, u.session_id))
    return said


def mentioned_again(unit: MemoryUnit, mentions: Mentions) -> bool:
    """Whether one memory of a later session says two of this memory's concepts (``mentions``:
    see :func:`last_mentions`): its topic came up again. Two concepts each said somewhere later
    do not make one: in a long chat history common words come back in unrelated conversations
    ("step" and "space", from a dog's training and a desk's layout). Nor does the rest of the
    same session: a conversation about datasets says "dataset" again in every turn, and a
    request in it promoted for that outranked the user's own statements."""
    if unit.mentioned_at is None:
        return False
    when = unit.mentioned_at
    later: dict[str, int] = {}
    for c in unit.concepts:
        for t, uid, session in mentions.get(c, ()):
            if t > when and uid != unit.id and session != unit.session_id:
                later[uid] = later.get(uid, 0) + 1
                if later[uid] >= 2:
                    return True
    return False


def _faded(unit: MemoryUnit, tier: str, as_of: datetime, ms: MaintainSettings) -> bool:
    """A short-term memory still short-term (never asked about, nothing of it said again)
    ``short_cold_days`` after it was said: its chance to matter has passed."""
    said = unit.mentioned_at or unit.created_at
    return (
        tier == "short" and ms.short_cold_days > 0 and said is not None
        and (as_of - said).total_seconds() > ms.short_cold_days * 86400.0
    )


def rescore(
    unit: MemoryUnit, as_of: datetime, ms: MaintainSettings, again: bool
) -> UnitState | None:
    """The unit's new state, or ``None`` when nothing changes."""
    tier, importance = unit.tier, float(unit.importance)
    again = again and not (asked_only(unit.restatement) or request_exchange(unit.restatement))
    if ms.promote and tier == "short" and (unit.access_count > 0 or again):
        tier, importance = "long", max(importance, ms.promote_to)
    cold = unit.cold
    if unit.consolidated:
        cold = True  # a list is found by its words, never by the hot indexes
    elif ms.forget:
        cold = not never_decays(unit) and (
            heat(unit.with_(importance=importance), as_of, ms) < ms.cold_below or _faded(unit, tier, as_of, ms)
        )
    if (tier, importance, cold) == (unit.tier, float(unit.importance), unit.cold):
        return None
    return UnitState(unit.id, tier, importance, unit.pinned, cold)
