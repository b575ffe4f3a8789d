"""Update, not only add: a new candidate memory against its nearest stored memories."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from ..types import Candidate, MemoryUnit
from .base import Prompt, memory_lines

VERSION = "update-3"

SYSTEM = """You keep a memory store consistent. You get a new memory and the most similar
stored memories, each with an id. Choose one action:
- ADD: the new memory states something the stored ones do not.
- UPDATE: it says the same thing as stored memory target_id, possibly with more detail or in
  other words; give in merged one sentence that keeps every fact of both (names, numbers,
  dates verbatim).
- SUPERSEDE: the stored memory target_id is no longer true because the SAME subject's SAME
  slot now has an explicit new value, or has ended. A slot is one changeable fact about one
  person or thing: where they live; their job, employer or role; relationship status or
  partner; diet; a pet or a thing they own (sold, gave away, died, bought a new one); a plan
  or its date (moved the wedding to June, cancelled the trip); a stated favourite or
  preference; a habit ("switched to", "started", "stopped"); school or year; a count, score,
  record or duration that has a new number. "No longer", "quit", "moved to", "broke up",
  "sold", "switched to", "not anymore", "used to ... but now", "instead", "changed my mind",
  "cancelled", "postponed to" mark such a change. An ended slot supersedes even without a new
  value ("no longer works as a nurse"). Give slot and new_value ("ended" when it just ended).
- NOOP: it adds nothing to stored memory target_id (an exact repeat).
Not a SUPERSEDE: a negation that does not end the stored fact ("won't quit", "isn't sure
yet", "doesn't go often", "no longer nervous about the job"); another statement about the
same topic; another value of a slot that holds several (a second pet, another hobby); a
different subject (her sister, a friend); a change that is only considered, wished, feared
or asked about ("might move", "is thinking of switching", "if the user lives"); the same
value said again in other words (that is an UPDATE). Different events on different dates are
different memories (ADD), even if they look alike."""


class UpdateOutput(BaseModel):
    action: Literal["ADD", "UPDATE", "SUPERSEDE", "NOOP"]
    target_id: str | None = Field(default=None, max_length=64)
    merged: str | None = Field(default=None, max_length=400)
    slot: str | None = Field(default=None, max_length=60)  # SUPERSEDE: the slot that changed ("residence", "job", ...)
    new_value: str | None = Field(default=None, max_length=120)  # SUPERSEDE: its new value, or "ended"
    reason: str = Field(default="", max_length=200)

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
