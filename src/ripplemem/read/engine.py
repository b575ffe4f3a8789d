"""The read path, end to end: cues -> C0 -> plan -> diffuse -> assemble, with its trace."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from ..config import GraphSettings, RecallSettings
from ..providers.embed.base import Embedder
from ..store.base import Store
from ..types import Cues, CueWeights, Evidence, Hit, MemoryUnit, Plan, RecallTrace, Scope, Vector
from .assemble import Found, align, assemble, merge_hits, ranked, score
from .cues import query_cues
from .diffuse import diffuse
from .plan import rule_plan
from .recall import initial_recall, salient_names

Planner = Callable[[str, Cues, Sequence[Found], RecallSettings], Plan]


@dataclass
class ReadContext:
    store: Store
    embedder: Embedder
    planner: Planner = rule_plan
    graph: GraphSettings = field(default_factory=GraphSettings)


def _toward_query(found: Sequence[Found], n: int, query: str, cues: Cues, reason: str, planner: str) -> Plan:
    """Diffuse from the top ``n`` hits toward the question itself."""
    anchors = tuple(f.unit.id for f in found[:n])
    return Plan(bool(anchors), anchors, query, cues, reason, planner=planner)


def _blind_plan(query: str, cues: Cues, found: Sequence[Found], rs: RecallSettings) -> Plan:
    """The no-planner ablation: diffuse from the top hits toward the query itself."""
    return _toward_query(found, rs.anchors, query, cues, "no planner: top hits toward the query", "blind")


def _initial(
    ctx: ReadContext, scope: Scope, query: str, as_of: datetime, rs: RecallSettings
) -> tuple[Cues, Vector, dict[str, list[Hit]], dict[str, Found]]:
    """Cues, the query vector, the three views and the scored candidate set ``C0``."""
    people, places = ctx.store.known_names(scope)
    cues = query_cues(query, as_of, people, places)
    qvec = ctx.embedder.embed([query])[0]
    views = initial_recall(ctx.store, scope, query, qvec, cues, rs, ctx.graph)
    hits = [h for view in views.values() for h in view]
    units = {u.id: u for u in ctx.store.get_units(scope, sorted({h.unit_id for h in hits}))}
    found: dict[str, Found] = {}
    merge_hits(found, units, hits)
    align(found, qvec, views.get("lexical", []), rs.rrf_k)
    score(found, rs)
    return cues, qvec, views, found


def recall(
    ctx: ReadContext, scope: Scope, query: str, as_of: datetime, rs: RecallSettings, budget_tokens: int, k: int
) -> Evidence:
    store = ctx.store
    cues, qvec, views, found = _initial(ctx, scope, query, as_of, rs)
    trace = RecallTrace(cues=cues, initial=views)
    trace.stop_reason = "diffusion off" if not rs.diffusion else "round budget spent"
    reached: dict[str, MemoryUnit] = {}

    def fetch(ids: list[str]) -> list[MemoryUnit]:
        units = store.get_units(scope, ids)
        reached.update((u.id, u) for u in units)  # kept, so the hits need no second read
        return units

    planner: Planner = ctx.planner if rs.planner else _blind_plan
    for _ in range(rs.rounds if rs.diffusion else 0):
        order = ranked(found)
        # what the evidence already holds: the memories that would be assembled now
        assembled = {i.id for i in assemble(found, budget_tokens, k)}
        plan = planner(query, cues, order, rs)
        if rs.room_fill and not plan.proceed and order and len(assembled) == len(found) < k:
            # covered, but every candidate is in and there is room: fill it near the top hits
            reason = f"{plan.stop_reason}; room left: filling toward the query"
            plan = _toward_query(order, rs.anchors, query, cues, reason, "room left")
        trace.plans.append(plan)
        if not plan.proceed or not plan.anchors:
            trace.stop_reason = plan.stop_reason or "planner stopped"
            break
        for uid in plan.anchors:
            if uid in found:
                found[uid].anchor = True
        tvec = qvec if plan.target == query else ctx.embedder.embed([plan.target])[0]
        selected = assembled | set(plan.anchors)
        total = store.count_units(scope)
        target_cues = Cues(
            participants=salient_names(store, scope, "participant", plan.target_cues.participants, total, ctx.graph),
            locations=salient_names(store, scope, "location", plan.target_cues.locations, total, ctx.graph),
            time=plan.target_cues.time,
            keywords=plan.target_cues.keywords,
        )
        weights = CueWeights(ctx.graph.weight_participants, ctx.graph.weight_locations, ctx.graph.weight_time)
        new_hits = diffuse(
            plan.anchors, tvec, target_cues, selected, lambda ids: store.edges(scope, ids), fetch,
            hops=rs.hops, per_channel=rs.per_channel, structural=rs.structural, weights=weights,
            tau_days=ctx.graph.tau_days, max_frontier=rs.max_frontier,
        )
        trace.diffusion.extend(new_hits)
        merge_hits(found, reached, new_hits)
        added = {h.unit_id for h in new_hits}
        align(found, qvec, views.get("lexical", []), rs.rrf_k)
        score(found, rs)
        if not added:
            trace.stop_reason = "no new support"
            break
    items = assemble(found, budget_tokens, k)
    trace.scores = {f.unit.id: f.score for f in ranked(found)}
    store.touch(scope, [i.id for i in items])
    return Evidence(query, items, budget_tokens, trace)


def search(
    ctx: ReadContext, scope: Scope, query: str, as_of: datetime, rs: RecallSettings, limit: int
) -> list[Found]:
    """Plain ranked search: initial recall and ranking, no planner, no budget."""
    return ranked(_initial(ctx, scope, query, as_of, rs)[3])[:limit]
