"""Answering from the evidence, or saying the memory does not support an answer.

When the answering LLM fails (the endpoint is down, the reply never validates) the answer
degrades to the evidence itself: ``degraded`` is true, ``error`` says why, and the text says
that no answer was generated. The failure is counted in the open usage meters.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime

from ..errors import ProviderError
from ..prompts import answer as prompt
from ..providers.llm.base import LLM
from ..types import Evidence, LLMUsage

log = logging.getLogger(__name__)

NO_ANSWERER = "No answering LLM is configured; the evidence is below."
LLM_FAILED = "The answering LLM failed, so no answer was generated; the evidence is below."


@dataclass(frozen=True)
class Answer:
    text: str
    supported: bool
    evidence: Evidence
    cited: tuple[str, ...] = ()
    answered_by: str = "none"  # "llm", or "none" (no LLM, or it failed: see degraded)
    degraded: bool = False  # the LLM was asked and failed; the text says so and the evidence stands in
    error: str = ""  # why it failed, when degraded
    llm_usage: LLMUsage = field(default_factory=dict)  # per role (set by Memory.answer)


def answer(llm: LLM | None, question: str, evidence: Evidence, today: datetime | None = None) -> Answer:
    """The LLM's answer from the evidence; without an LLM, or when it fails, the evidence and a note saying so."""
    if llm is None:
        return Answer(NO_ANSWERER, False, evidence)
    if not evidence.items:
        return Answer(prompt.DECLINE, False, evidence, (), "llm")
    units = [i.unit for i in evidence.in_time_order()]
    try:
        out = prompt.render(question, units, today).ask(llm)
    except ProviderError as exc:
        log.warning("answering failed (%s); returning the evidence", exc)
        return Answer(LLM_FAILED, False, evidence, degraded=True, error=f"{type(exc).__name__}: {exc}")
    known = {u.id for u in units}
    cited = tuple(c for c in out.cited if c in known)
    supported = out.supported and out.answer.strip() != prompt.DECLINE
    return Answer(out.answer.strip(), supported, evidence, cited, "llm")
