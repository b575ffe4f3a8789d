"""Update, not only add: a new candidate memory against its nearest stored memories.

The stored memories are numbered 1..n in the prompt and the reply names its target by
number: a small model copies "2" where it cannot copy a 32-character memory id. The schema
for n memories (:func:`output_schema`) requires one of the numbers 1..n, whatever the
action (ADD names the closest one and the decider ignores it), so a grammar-constrained
reply cannot leave the target of an UPDATE, SUPERSEDE or NOOP out.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, Field, create_model, model_validator

from ..types import Candidate, MemoryUnit
from .base import Prompt

VERSION = "update-4"

SYSTEM = """You keep a memory store consistent. You get a new memory and the most similar
stored memories, numbered from 1. Choose one action, and give in target the number of the
stored memory it concerns (for ADD, the closest one):
- ADD: the new memory states something the stored ones do not.
- UPDATE: it says the same thing as stored memory target, possibly with more detail or in
  other words; give in merged one sentence that keeps every fact of both (names, numbers,
  dates verbatim).
- SUPERSEDE: the stored memory target is no longer true because the SAME subject's SAME
  slot now has an explicit new value, or has ended. A slot is one changeable fact about one
  person or thing: where they live; their job, employer or role; relationship status or
  partner; diet; a pet or a thing they own (sold, gave away, died, bought a new one); a plan
  or its date (moved the wedding to June, cancelled the trip); a stated favourite or
  preference; a habit ("switched to", "started", "stopped"); school or year; a count, score,
  record or duration that has a new number. "No longer", "quit", "moved to", "broke up",
  "sold", "switched to", "not anymore", "used to ... but now", "instead", "changed my mind",
  "cancelled", "postponed to" mark such a change. An ended slot supersedes even without a new
  value ("no longer works as a nurse"). Give slot and new_value ("ended" when it just ended).
- NOOP: it adds nothing to stored memory target (an exact repeat).
Not a SUPERSEDE: a negation that does not end the stored fact ("won't quit", "isn't sure
yet", "doesn't go often", "no longer nervous about the job"); another statement about the
same topic; another value of a slot that holds several (a second pet, another hobby); a
different subject (her sister, a friend); a change that is only considered, wished, feared
or asked about ("might move", "is thinking of switching", "if the user lives"); the same
value said again in other words (that is an UPDATE). Different events on different dates are
different memories (ADD), even if they look alike."""


class UpdateOutput(BaseModel):
    action: Literal["ADD", "UPDATE", "SUPERSEDE", "NOOP"]
    target: int = Field(ge=1)  # the stored memory's number, 1..n
    merged: str | None = Field(default=None, max_length=400)
    slot: str | None = Field(default=None, max_length=60)  # SUPERSEDE: the slot that changed ("residence", "job", ...)
    new_value: str | None = Field(default=None, max_length=120)  # SUPERSEDE: its new value, or "ended"
    reason: str = Field(default="", max_length=200)

    @model_validator(mode="after")
    def _update_needs_merged(self) -> UpdateOutput:
        if self.action == "UPDATE" and not (self.merged or "").strip():
            raise ValueError("UPDATE needs merged, the combined sentence")
        return self


@cache
def output_schema(stored: int) -> type[UpdateOutput]:
    """The reply schema for ``stored`` numbered memories: ``target`` one of 1..stored."""
    number: Any = Literal.__getitem__(tuple(range(1, max(stored, 1) + 1)))
    return create_model("UpdateOutput", __base__=UpdateOutput, target=(number, ...))


def stored_lines(units: Sequence[MemoryUnit]) -> str:
    """The stored memories as the decider reads them: ``n. [date] restatement``."""
    return "\n".join(f"{n}. {u.render()}" for n, u in enumerate(units, start=1)) or "(none)"


def render(candidate: Candidate, nearest: Sequence[MemoryUnit]) -> Prompt[UpdateOutput]:
    """The prompt; a reply's ``target`` n names ``nearest[n - 1]``."""
    said = candidate.mentioned_at.strftime("%-d %B %Y") if candidate.mentioned_at else "unknown"
    time = f" (happens: {candidate.time.label()})" if candidate.time else ""
    user = f"New memory (said on {said}){time}: {candidate.restatement}\n\nStored memories:\n{stored_lines(nearest)}"
    return Prompt("update", VERSION, SYSTEM, user, output_schema(len(nearest)))
