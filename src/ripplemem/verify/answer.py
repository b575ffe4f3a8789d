"""Answering from the evidence, or saying the memory does not support an answer."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..prompts import answer as prompt
from ..providers.llm.base import LLM
from ..types import Evidence

NO_ANSWERER = "No answering LLM is configured; the evidence is below."


@dataclass(frozen=True)
class Answer:
    text: str
    supported: bool
    evidence: Evidence
    cited: tuple[str, ...] = ()
    answered_by: str = "none"  # "llm" or "none"


def answer(llm: LLM | None, question: str, evidence: Evidence, today: datetime | None = None) -> Answer:
    """The LLM's answer from the evidence; without an LLM, the evidence and a note saying so."""
    if llm is None:
        return Answer(NO_ANSWERER, False, evidence)
    if not evidence.items:
        return Answer(prompt.DECLINE, False, evidence, (), "llm")
    units = [i.unit for i in evidence.in_time_order()]
    out = prompt.render(question, units, today).ask(llm)
    known = {u.id for u in units}
    cited = tuple(c for c in out.cited if c in known)
    supported = out.supported and out.answer.strip() != prompt.DECLINE
    return Answer(out.answer.strip(), supported, evidence, cited, "llm")
