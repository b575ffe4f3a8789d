"""One maintenance run over one scope: re-score and forget, then consolidate.

The work is bounded: the newest ``max_units`` memories are read and re-scored, at most
``max_groups`` consolidated memories are written or refreshed (each packing at most
``max_members`` statements, their earlier members read through their ``consolidates``
edges). State changes are written with ``Store.set_states`` (only maintenance's columns, so a
concurrent ``add`` loses nothing), in transactions of :data:`STATE_CHUNK` memories; the
consolidated memories in one ``apply``. The report says what was done and what it cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from time import perf_counter

from ..config import MaintainSettings
from ..ground.lists import consolidated_id
from ..providers.embed.base import Embedder
from ..providers.llm.base import LLM
from ..store.base import Store, UnitState, WriteBatch
from ..types import Edge, HistoryEntry, MemoryUnit, Scope, utcnow
from .consolidate import Group, gatherable, groups, pack, spread, topic_terms
from .heat import last_mentions, mentioned_again, rescore
from .summarise import summarise

STATE_CHUNK = 200  # memories whose state one transaction writes


@dataclass
class MaintainReport:
    """What one ``maintain`` run did in one scope, and what it cost."""

    scope: str
    as_of: datetime
    units_read: int = 0
    limit_reached: bool = False  # the scope holds more memories than one run reads
    promoted: int = 0  # short-term memories moved to the long tier
    cooled: int = 0  # memories that left the hot indexes
    warmed: int = 0  # cold memories back in them
    rescored: int = 0  # memories whose state was written
    consolidated_added: int = 0
    consolidated_refreshed: int = 0
    consolidated_members: int = 0  # statements packed by the memories written this run
    summarised: int = 0  # of which an LLM's verified summary (the others are packings)
    embedded: int = 0  # texts embedded
    hot_before: int = 0  # memories in the vector index before the run
    hot_after: int = 0
    seconds: float = 0.0
    timings_ms: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        out = {k: v for k, v in self.__dict__.items() if k != "as_of"}
        out["as_of"] = self.as_of.isoformat()
        return out


def maintain_scope(
    store: Store, embedder: Embedder, scope: Scope, as_of: datetime, ms: MaintainSettings, llm: LLM | None = None
) -> MaintainReport:
    """Re-score, forget and consolidate the scope's newest memories (see the module docstring).
    With ``llm`` (and ``ms.llm_summary``) a consolidated memory may be a verified summary."""
    start = perf_counter()
    report = MaintainReport(scope=scope.key, as_of=as_of, hot_before=store.hot_count(scope))
    units = store.list_units(scope, limit=ms.max_units + 1)
    report.limit_reached = len(units) > ms.max_units
    units = units[: ms.max_units]
    report.units_read = len(units)
    _rescore(store, scope, units, as_of, ms, report)
    report.timings_ms["rescore"] = _ms(start)
    if ms.consolidate:
        clock = perf_counter()
        _consolidate(store, embedder, scope, units, ms, report, llm if ms.llm_summary else None)
        report.timings_ms["consolidate"] = _ms(clock)
    report.hot_after = store.hot_count(scope)
    report.seconds = round(perf_counter() - start, 4)
    return report


def _rescore(
    store: Store, scope: Scope, units: Sequence[MemoryUnit], as_of: datetime, ms: MaintainSettings, report: MaintainReport
) -> None:
    latest = last_mentions(units)
    states: list[UnitState] = []
    for u in units:
        again = mentioned_again(u, latest)
        state = rescore(u, as_of, ms, again)
        if state is None:
            continue
        states.append(state)
        report.promoted += state.tier == "long" and u.tier == "short"
        report.cooled += state.cold and not u.cold
        report.warmed += u.cold and not state.cold
    for i in range(0, len(states), STATE_CHUNK):
        store.set_states(scope, states[i : i + STATE_CHUNK])
    report.rescored = len(states)


def _members(store: Store, scope: Scope, group: Group, existing: MemoryUnit | None, ms: MaintainSettings) -> list[MemoryUnit]:
    """The group's members with the earlier ones the consolidated memory already holds, spread
    over sessions (:func:`~.consolidate.spread`)."""
    members = {u.id: u for u in group.members}
    if existing is not None:
        prior = [e.dst for e in store.edges(scope, [existing.id]) if e.kind == "consolidates" and e.dst not in members]
        members.update((u.id, u) for u in store.get_units(scope, prior) if gatherable(u))
    return spread(members.values(), ms.max_members)


def _consolidate(
    store: Store, embedder: Embedder, scope: Scope, units: Sequence[MemoryUnit], ms: MaintainSettings,
    report: MaintainReport, llm: LLM | None,
) -> None:
    speakers = {who for sid in sorted({u.session_id for u in units}) for who in store.session_speakers(scope, sid)}
    chosen = groups(units, ms.min_members, ms.min_sessions, frozenset(speakers))[: ms.max_groups]
    if not chosen:
        return
    ids = [consolidated_id(g.subject, g.topic) for g in chosen]
    stored = {u.id: u for u in store.get_units(scope, ids)}
    now = utcnow()
    batch = WriteBatch()
    texts: list[str] = []
    drafts: list[tuple[MemoryUnit, bool]] = []
    for group, sid in zip(chosen, ids, strict=True):
        existing = stored.get(sid)
        members = _members(store, scope, group, existing, ms)
        text, kept = pack(group.subject, group.topic, members, ms.max_chars, ms.statement_chars, group.terms)
        if len(kept) < ms.min_members or (existing is not None and _unchanged(existing, text, kept)):
            continue
        if llm is not None:
            summary = summarise(llm, group.subject, group.topic, kept, ms.max_chars)
            report.summarised += summary is not None
            text = summary or text
        unit = _consolidated(scope, sid, group, text, kept, existing, now)
        texts.append(text)
        drafts.append((unit, existing is None))
        kept_ids = {m.id for m in kept}
        batch.edges.extend(Edge(sid, m.id, "consolidates", 1.0) for m in kept)
        if existing is not None:
            batch.drop_edges.extend((sid, e.dst, "consolidates") for e in store.edges(scope, [sid])
                                    if e.kind == "consolidates" and e.dst not in kept_ids)
        batch.history.append(HistoryEntry(sid, "ADD" if existing is None else "UPDATE", now,
                                          None if existing is None else existing.restatement, text,
                                          f"consolidated {len(kept)} memories: {group.subject}, {group.topic}"))
        report.consolidated_members += len(kept)
    if not drafts:
        return
    vectors = embedder.embed(texts)
    report.embedded += len(texts)
    for (unit, new), vector in zip(drafts, vectors, strict=True):
        (batch.add if new else batch.update).append(unit.with_(vector=vector))
        report.consolidated_added += new
        report.consolidated_refreshed += not new
    # the members' rows are not written: edges first reference them, so add the units first
    store.apply(scope, batch)


def _unchanged(existing: MemoryUnit, text: str, kept: list[MemoryUnit]) -> bool:
    """The same packing, or (a summary) the same members' sources: nothing to refresh."""
    sources = tuple(dict.fromkeys(s for m in kept for s in m.sources))
    return existing.restatement == text or existing.sources == sources


def _consolidated(
    scope: Scope, sid: str, group: Group, text: str, kept: list[MemoryUnit], existing: MemoryUnit | None, now: datetime
) -> MemoryUnit:
    mentioned = [m.mentioned_at for m in kept if m.mentioned_at is not None]
    return MemoryUnit(
        id=sid,
        scope=scope,
        restatement=text,
        sources=tuple(dict.fromkeys(s for m in kept for s in m.sources)),
        session_id=kept[-1].session_id,
        participants=frozenset({group.subject}),
        layer="semantic",
        tier="long",
        importance=max(float(m.importance) for m in kept),
        facts=tuple(dict.fromkeys(f for m in kept for f in m.facts)),
        valid_from=min(mentioned) if mentioned else now,
        mentioned_at=max(mentioned) if mentioned else None,
        created_at=existing.created_at if existing is not None else now,
        updated_at=now,
        access_count=existing.access_count if existing is not None else 0,
        last_access=existing.last_access if existing is not None else None,
        pinned=existing.pinned if existing is not None else False,
        concepts=topic_terms(group, kept),
        cold=True,  # in the full-text index only (see maintain.heat.rescore)
    )


def _ms(start: float) -> float:
    return round((perf_counter() - start) * 1000, 3)
