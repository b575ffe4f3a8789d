"""The LLM update decider: same signature as the rule decider, which it falls back to."""

from __future__ import annotations

import logging
import re
import threading

from ..config import WriteSettings
from ..errors import ProviderError
from ..ground.facts import unsupported
from ..ground.timeparse import span_label
from ..prompts import update as prompt
from ..providers.llm import usage
from ..providers.llm.base import LLM
from ..types import Candidate, MemoryUnit, TimeSpan
from . import fallbacks
from .update import Decision, decide, may_close

log = logging.getLogger(__name__)

_SPACES = re.compile(r"\s+")


class LLMDecider:
    """Asks the LLM whether a candidate adds, updates, supersedes or repeats a stored memory.

    Only called when a stored memory is close enough to matter (cosine >= ``ask_above``);
    otherwise, and when the reply is invalid (a target number outside the stored memories
    shown is invalid too) or not grounded in the two memories (:func:`ungrounded`), the rule
    decides, and ``failures`` counts it. A SUPERSEDE of a memory said after the candidate is
    not taken either (the rule decides): a candidate only closes what came before it.
    """

    def __init__(self, llm: LLM, settings: WriteSettings, ask_above: float | None = None) -> None:
        self.llm = llm
        self.settings = settings
        self.ask_above = settings.llm_decide_above if ask_above is None else ask_above
        self.failures = 0  # the process's total; each write call counts its own (``fallbacks``)
        self._lock = threading.Lock()  # asked from several calls at once (outside the scopes' locks)

    def _fell_back(self) -> None:
        """Count a fallback to the rule: in the calling write's tally and the process's total."""
        with self._lock:
            self.failures += 1
        fallbacks.count("decision")

    def _rule(self, candidate: Candidate, neighbours: list[tuple[MemoryUnit, float]]) -> Decision:
        return decide(candidate, neighbours, duplicate_cosine=self.settings.duplicate_cosine,
                      supersede_cosine=self.settings.supersede_cosine)

    def __call__(self, candidate: Candidate, neighbours: list[tuple[MemoryUnit, float]]) -> Decision:
        near = [(u, s) for u, s in neighbours if u.current][: self.settings.nearest]
        if not near or near[0][1] < self.ask_above:
            return self._rule(candidate, neighbours)
        try:
            out = prompt.render(candidate, [u for u, _ in near]).ask(self.llm)
        except ProviderError:
            self._fell_back()
            return self._rule(candidate, neighbours)
        if out.action == "ADD":
            return Decision("ADD", None, f"llm: {out.reason}".strip())
        if out.target > len(near):  # only a reply that skipped the schema
            self._fell_back()
            usage.record("update", failures=1)
            return self._rule(candidate, neighbours)
        target = near[out.target - 1][0]
        why = ungrounded(out, candidate, target)
        if why:
            self._fell_back()
            usage.record("update", failures=1)
            log.info("LLM %s not taken (%s); the rule decides", out.action, why)
            return self._rule(candidate, neighbours)
        if out.action == "SUPERSEDE":
            if not may_close(candidate, target):
                return self._rule(candidate, neighbours)
            change = f"{out.slot} -> {out.new_value}" if out.slot else ""
            return Decision("SUPERSEDE", target.id, f"llm: {change} {out.reason}".strip())
        merged = (out.merged or "").strip() or None if out.action == "UPDATE" else None
        return Decision(out.action, target.id, f"llm: {out.reason}".strip(), merged)


def _plain(text: str) -> str:
    return _SPACES.sub(" ", text).strip().strip(".!?").lower()


def ungrounded(out: prompt.UpdateOutput, candidate: Candidate, target: MemoryUnit) -> str:
    """Why a decision is not grounded in the two memories ("" when it is): a SUPERSEDE must
    name the slot and the new value as the new memory words it (a value, not the whole
    memory), or "ended"; an UPDATE's merged sentence may state no number or name that
    neither memory states, their dates included (``ground.facts.unsupported``)."""
    if out.action == "SUPERSEDE":
        value, said = _plain(out.new_value or ""), _plain(candidate.restatement)
        if not (out.slot or "").strip():
            return "it names no slot"
        if value != "ended" and not (value and value in said and value != said):
            return f"the new memory does not state its new value {out.new_value!r}"
    if out.action == "UPDATE":
        days = [TimeSpan.day(candidate.mentioned_at)] if candidate.mentioned_at else []
        dates = [span_label(span) for span in (*days, *([candidate.time] if candidate.time else []))]
        missing = unsupported(out.merged or "", [target.render(), candidate.restatement, *dates])
        if missing:
            return f"its merged sentence states {', '.join(missing)}, which neither memory does"
    return ""
