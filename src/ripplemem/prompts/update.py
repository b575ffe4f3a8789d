"""Update, not only add: a new candidate memory against its nearest stored memories."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, model_validator

from ..types import Candidate, MemoryUnit
from .base import Prompt, memory_lines

VERSION = "update-1"

SYSTEM = """You keep a memory store consistent. You get a new memory and the most similar
stored memories, each with an id. Choose one action:
- ADD: the new memory states something the stored ones do not.
- UPDATE: it says the same thing as stored memory target_id, possibly with more detail; give
  in merged one sentence that keeps every fact of both (names, numbers, dates verbatim).
- SUPERSEDE: it contradicts or replaces stored memory target_id (a changed plan, a moved
  house, a new job); the old one stays in history as no longer current.
- NOOP: it adds nothing to stored memory target_id (an exact repeat).
Different events on different dates are different memories (ADD), even if they look alike."""


class UpdateOutput(BaseModel):
    action: Literal["ADD", "UPDATE", "SUPERSEDE", "NOOP"]
    target_id: str | None = None
    merged: str | None = None
    reason: str = ""

    @model_validator(mode="after")
    def _needs_target(self) -> UpdateOutput:
        if self.action != "ADD" and not self.target_id:
            raise ValueError(f"{self.action} needs target_id, the id of a stored memory")
        if self.action == "UPDATE" and not (self.merged or "").strip():
            raise ValueError("UPDATE needs merged, the combined sentence")
        return self


def render(candidate: Candidate, nearest: Sequence[MemoryUnit]) -> Prompt[UpdateOutput]:
    said = candidate.mentioned_at.strftime("%-d %B %Y") if candidate.mentioned_at else "unknown"
    time = f" (happens: {candidate.time.label()})" if candidate.time else ""
    user = f"New memory (said on {said}){time}: {candidate.restatement}\n\nStored memories:\n{memory_lines(nearest)}"
    return Prompt("update", VERSION, SYSTEM, user, UpdateOutput)
