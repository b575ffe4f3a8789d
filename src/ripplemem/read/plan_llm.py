"""The LLM recall planner: same signature as the rule planner, which it falls back to."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import ProviderError
from ..prompts import plan as prompt
from ..providers.llm.base import LLM
from ..types import Cues, Plan
from .assemble import Found
from .plan import rule_plan

SHOWN = 15  # how many of the best memories the planner sees


class LLMPlanner:
    """Asks the LLM for ``(proceed, anchors, target, target cues, stop reason)``.

    Invalid or failed replies fall back to the rule planner for that question, and are
    counted in ``failures``.
    """

    def __init__(self, llm: LLM) -> None:
        self.llm = llm
        self.failures = 0

    def __call__(self, query: str, cues: Cues, ranked: Sequence[Found], n_anchors: int = 3) -> Plan:
        shown = list(ranked[:SHOWN])
        if not shown:
            return rule_plan(query, cues, ranked, n_anchors)
        try:
            out = prompt.render(query, cues, [f.unit for f in shown]).ask(self.llm)
        except ProviderError:
            self.failures += 1
            return rule_plan(query, cues, ranked, n_anchors)
        plan = prompt.to_plan(out, {f.unit.id for f in shown}, n_anchors)
        if plan.proceed:
            target_cues = Cues(
                participants=plan.target_cues.participants or cues.participants,
                locations=plan.target_cues.locations or cues.locations,
                time=cues.time,
                keywords=cues.keywords,
            )
            return Plan(True, plan.anchors, plan.target, target_cues, plan.stop_reason)
        return plan
