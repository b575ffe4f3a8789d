"""The LLM update decider: same signature as the rule decider, which it falls back to."""

from __future__ import annotations

import threading

from ..config import WriteSettings
from ..errors import ProviderError
from ..prompts import update as prompt
from ..providers.llm import usage
from ..providers.llm.base import LLM
from ..types import Candidate, MemoryUnit
from . import fallbacks
from .update import Decision, decide, may_close


class LLMDecider:
    """Asks the LLM whether a candidate adds, updates, supersedes or repeats a stored memory.

    Only called when a stored memory is close enough to matter (cosine >= ``ask_above``);
    otherwise, and when the reply is invalid or names an unknown id, the rule decides. A
    SUPERSEDE of a memory said after the candidate is not taken (the rule decides): a
    candidate only closes what came before it.
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
        known = {u.id: u for u, _ in near}
        if out.action == "ADD":
            return Decision("ADD", None, f"llm: {out.reason}".strip())
        target = known.get(out.target_id or "")
        if target is None:
            self._fell_back()
            usage.record("update", failures=1)  # a valid reply that names no stored memory
            return self._rule(candidate, neighbours)
        if out.action == "SUPERSEDE":
            if not may_close(candidate, target):
                return self._rule(candidate, neighbours)
            change = f"{out.slot} -> {out.new_value}" if out.slot else ""
            return Decision("SUPERSEDE", target.id, f"llm: {change} {out.reason}".strip())
        merged = (out.merged or "").strip() or None if out.action == "UPDATE" else None
        return Decision(out.action, target.id, f"llm: {out.reason}".strip(), merged)
