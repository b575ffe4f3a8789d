"""The recall planner: ``(d, A, g, s) = Plan(q, cues, C)`` (DESIGN.md, read path step 3)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pydantic import BaseModel, Field, field_validator

from ..types import Cues, MemoryUnit, Plan
from .base import Id, Name, Prompt, bounded, memory_lines, names

VERSION = "plan-2"
MAX_ANCHORS = 3

SYSTEM = """You plan the next step of a memory search. You get a question, the cues found in it,
and the memories retrieved so far, each with an id.

Decide:
- proceed: false when the memories already answer the question completely, or when nothing
  else could plausibly help; true when a needed piece of support is still missing.
- anchors: up to 3 ids of retrieved memories that are relevant AND lead towards what is
  missing (they mention the person, place, object or time the missing memory would share).
- target: the missing memory, written as a statement of fact in the style of a stored memory
  ("Maya is allergic to seafood."), never as a question or a search command. Use the names
  from the question and the memories.
- target_participants, target_locations: the people and places that missing memory would
  mention (may be empty).
- stop_reason: when proceed is false, "enough evidence" or "no new support"; else empty."""


class PlanOutput(BaseModel):
    proceed: bool
    anchors: list[Id] = bounded(MAX_ANCHORS)
    target: str = Field(default="", max_length=240)
    target_participants: list[Name] = bounded(4)
    target_locations: list[Name] = bounded(3)
    stop_reason: str = Field(default="", max_length=60)

    @field_validator("target")
    @classmethod
    def _statement(cls, value: str) -> str:
        if value.strip().endswith("?"):
            raise ValueError("target must be a statement written like a memory, not a question")
        return value.strip()


def render(question: str, cues: Cues, evidence: Sequence[MemoryUnit]) -> Prompt[PlanOutput]:
    time = cues.time.label() if cues.time else "none"
    user = (
        f"Question: {question}\n"
        f"Cues: participants: {names(cues.participants)}; places: {names(cues.locations)}; "
        f"time: {time}; keywords: {', '.join(cues.keywords) or 'none'}\n\n"
        f"Retrieved memories:\n{memory_lines(evidence)}"
    )
    return Prompt("plan", VERSION, SYSTEM, user, PlanOutput)


def to_plan(out: PlanOutput, known_ids: Collection[str], max_anchors: int = MAX_ANCHORS) -> Plan:
    """The planner's reply as a :class:`Plan`: anchors limited to known ids, at most ``max_anchors``."""
    anchors = tuple(dict.fromkeys(a for a in out.anchors if a in known_ids))[:max_anchors]
    proceed = out.proceed and bool(anchors) and bool(out.target)
    stop = "" if proceed else (out.stop_reason or "no new support")
    cues = Cues(participants=frozenset(out.target_participants), locations=frozenset(out.target_locations))
    return Plan(proceed=proceed, anchors=anchors, target=out.target, target_cues=cues, stop_reason=stop)
