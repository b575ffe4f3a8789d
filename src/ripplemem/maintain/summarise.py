"""With an LLM, a consolidated memory may be a summary of its members instead of their packed
statements, but only when every fact of it is verified against them (the verify package's
reconstruction: names and numbers must appear in the members, one regeneration on a
mismatch). A summary that is not fully verified, that does not fit ``max_chars``, or that the
LLM failed to give, is not used: the packing is (it is never cut, and never trusted in part)."""

from __future__ import annotations

from collections.abc import Sequence

from ..providers.llm.base import LLM
from ..types import Evidence, EvidenceItem, MemoryUnit
from ..verify.reconstruct import reconstruct
from .consolidate import header


def summarise(llm: LLM, subject: str, topic: str, members: Sequence[MemoryUnit], max_chars: int) -> str | None:
    """The verified summary with its header, or ``None`` (use the packing)."""
    question = f"What do the memories say about {subject}'s {topic}?"
    evidence = Evidence(question, [EvidenceItem(m, 1.0, ("consolidated",)) for m in members], 10**9)
    rec = reconstruct(llm, question, evidence)
    if rec.source != "llm" or not rec.verified or not rec.description.strip():
        return None
    text = header(subject, topic) + " ".join(rec.description.split())
    return text if len(text) <= max_chars else None
