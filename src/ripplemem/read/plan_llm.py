"""The LLM recall planner: same signature as the rule planner, which it falls back to."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..config import RecallSettings
from ..errors import ProviderError
from ..prompts import plan as prompt
from ..providers.llm.base import LLM
from ..types import Cues, Plan
from .assemble import Found
from .plan import rule_plan

DEFAULTS = RecallSettings()


class LLMPlanner:
    """Asks the LLM for ``(proceed, anchors, target, target cues, stop reason)``.

    Invalid or failed replies fall back to the rule planner for that question, and are
    counted in ``failures``.
    """

    def __init__(self, llm: LLM) -> None:
        self.llm = llm
        self.failures = 0

    def __call__(self, query: str, cues: Cues, ranked: Sequence[Found], rs: RecallSettings = DEFAULTS) -> Plan:
        shown = list(ranked[: rs.planner_shown])
        if not shown:
            return rule_plan(query, cues, ranked, rs)
        try:
            out = prompt.render(query, cues, [f.unit for f in shown]).ask(self.llm)
        except ProviderError as exc:
            self.failures += 1
            plan = rule_plan(query, cues, ranked, rs)
            return replace(plan, planner=f"rule (llm failed: {type(exc).__name__})", fallback=True)
        plan = replace(prompt.to_plan(out, {f.unit.id for f in shown}, rs.anchors), planner="llm")
        if plan.proceed:
            target_cues = Cues(
                participants=plan.target_cues.participants or cues.participants,
                locations=plan.target_cues.locations or cues.locations,
                time=cues.time,
                keywords=cues.keywords,
            )
            return Plan(True, plan.anchors, plan.target, target_cues, plan.stop_reason, planner="llm")
        return plan
