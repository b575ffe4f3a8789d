"""Formatting of evidence and traces for the terminal and for JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from ..types import AddResult, Evidence, LLMUsage, MemoryUnit, Scope, Turn


def print_evidence(ev: Evidence, turns: dict[str, Turn]) -> None:
    click.echo(f"Q: {ev.query}")
    click.echo(f"{len(ev.items)} memories, {ev.tokens} tokens (budget {ev.budget_tokens})")
    for rank, item in enumerate(ev.items, 1):
        click.echo(f"{rank:>2}. {item.render()}")
        click.echo(f"    score {item.score:.3f}  via {', '.join(item.routes)}{'  [anchor]' if item.anchor else ''}")
        for sid in item.sources:
            turn = turns.get(sid)
            text = f"{turn.speaker}: {turn.content}" if turn else "(turn not in the log)"
            click.echo(f"    {sid:>8} | {text[:160]}")


def print_trace(ev: Evidence) -> None:
    t = ev.trace
    click.echo("--- trace")
    click.echo(f"cues: participants={sorted(t.cues.participants)} places={sorted(t.cues.locations)} "
               f"time={t.cues.time.label() if t.cues.time else None} keywords={list(t.cues.keywords)}")
    for view, hits in t.initial.items():
        click.echo(f"view {view}: {len(hits)} hits; top: {', '.join(h.unit_id[:8] for h in hits[:5])}")
    for n, plan in enumerate(t.plans, 1):
        fallback = " (fallback)" if plan.fallback else ""
        click.echo(f"round {n} [{plan.planner}{fallback}]: proceed={plan.proceed} anchors={[a[:8] for a in plan.anchors]} "
                   f"reason={plan.stop_reason!r}")
        if plan.proceed:
            click.echo(f"      target: {plan.target}")
        if plan.gateways:
            click.echo(f"      gateways: {', '.join(plan.gateways)}")
        if plan.many:
            click.echo("      asks for several things: siblings of the best memories searched")
        if n <= len(t.rounds):
            click.echo(f"      new: {', '.join(u[:8] for u in t.rounds[n - 1]) or '-'}")
    for hit in t.diffusion:
        path = ">".join(hit.edges)
        cue = f" '{hit.cue}'" if hit.cue else ""
        click.echo(f"diffusion: {hit.unit_id[:8]} via {hit.via[:8] if hit.via else '-'} {hit.route} [{path}]{cue} {hit.score:.3f}")
    if t.not_included:
        click.echo(f"not included (budget or k): {', '.join(u[:8] for u in t.not_included[:12])}"
                   f"{' ...' if len(t.not_included) > 12 else ''}")
    click.echo("timings ms: " + ", ".join(f"{k} {v:.1f}" for k, v in t.timings_ms.items()))
    click.echo(f"stop: {t.stop_reason}")


def scope_json(scope: Scope) -> dict[str, Any]:
    return {"user_id": scope.user_id, "agent_id": scope.agent_id, "run_id": scope.run_id}


def usage_json(usage: LLMUsage) -> dict[str, dict[str, float | int]]:
    """Per LLM role: calls, requests, failures, repairs, tokens, wall time (empty without an LLM)."""
    return {role: u.as_dict() for role, u in usage.items()}


def add_json(result: AddResult) -> dict[str, Any]:
    """What one add did, as the REST and MCP surfaces return it."""
    return {
        "events": [{"id": e.id, "event": e.event, "memory": e.memory, "previous": e.previous,
                    "sources": list(e.sources)} for e in result.events],
        "turns_added": result.turns_added, "turns_skipped": result.turns_skipped,
        "extraction_failures": result.extraction_failures, "healed": result.healed,
        "llm_usage": usage_json(result.llm_usage),
    }


def turn_json(turn: Turn) -> dict[str, Any]:
    return {"id": turn.turn_id, "session_id": turn.session_id, "speaker": turn.speaker, "text": turn.content,
            "time": turn.time.isoformat() if turn.time else None}


def trace_ids(ev: Evidence) -> list[str]:
    """The memories the trace names that the evidence does not hold: what a reader of the trace
    needs the text of (the views' hits, the anchors, what diffusion reached, what was cut)."""
    t, held = ev.trace, {i.id for i in ev.items}
    named = [h.unit_id for hits in t.initial.values() for h in hits]
    named += [a for p in t.plans for a in p.anchors] + [h.unit_id for h in t.diffusion]
    named += [h.via for h in t.diffusion if h.via] + t.not_included
    return [uid for uid in dict.fromkeys(named) if uid not in held]


def _unit_brief(u: MemoryUnit) -> dict[str, Any]:
    return {"text": u.restatement, "rendered": u.render(), "layer": u.layer, "participants": sorted(u.participants),
            "places": sorted(u.locations)}


def evidence_json(
    ev: Evidence, turns: dict[str, Turn], trace: bool, named: Mapping[str, MemoryUnit] | None = None
) -> dict[str, Any]:
    """The evidence as JSON; with ``trace``, the trace too, and ``named`` (the memories of
    :func:`trace_ids`, when the caller read them) as its ``memories``, with the evidence's own."""
    out: dict[str, Any] = {
        "query": ev.query,
        "budget_tokens": ev.budget_tokens,
        "tokens": ev.tokens,
        "context": ev.render(),
        "items": [
            {
                "id": i.id, "text": i.text, "rendered": i.render(), "score": i.score, "routes": list(i.routes),
                "anchor": i.anchor, "layer": i.unit.layer, "sources": list(i.sources),
                "time": [i.unit.time.start.isoformat(), i.unit.time.end.isoformat()] if i.unit.time else None,
                "participants": sorted(i.unit.participants), "places": sorted(i.unit.locations),
                "metadata": dict(i.unit.metadata), "scope": scope_json(i.unit.scope),
                "source_turns": {s: turn_json(turns[s]) for s in i.sources if s in turns},
            }
            for i in ev.items
        ],
    }
    if trace:
        t = ev.trace
        out["trace"] = {
            "cues": {"participants": sorted(t.cues.participants), "places": sorted(t.cues.locations),
                     "time": t.cues.time.label() if t.cues.time else None, "keywords": list(t.cues.keywords)},
            "initial": {v: [{"id": h.unit_id, "score": h.score} for h in hits] for v, hits in t.initial.items()},
            "plans": [{"proceed": p.proceed, "anchors": list(p.anchors), "target": p.target, "reason": p.stop_reason,
                       "planner": p.planner, "fallback": p.fallback, "gateways": list(p.gateways), "many": p.many}
                      for p in t.plans],
            "rounds": [list(r) for r in t.rounds],
            "diffusion": [{"id": h.unit_id, "route": h.route, "edges": list(h.edges), "via": h.via, "score": h.score,
                           "path": h.path, "cue": h.cue} for h in t.diffusion],
            "scores": t.scores, "score_parts": t.score_parts, "stop_reason": t.stop_reason,
            "not_included": t.not_included, "timings_ms": t.timings_ms,
            "memories": {u.id: _unit_brief(u) for u in [*(i.unit for i in ev.items), *(named or {}).values()]},
        }
    return out
