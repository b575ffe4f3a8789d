"""Reconstruction (SelMem): evidence -> a short memory description fitted to the question."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

from pydantic import BaseModel, Field

from ..types import MemoryUnit
from .base import Id, Prompt, bounded, memory_lines

VERSION = "reconstruct-2"

SYSTEM = """You reconstruct what is remembered about a question from retrieved memories.

Write a short description (at most 5 sentences) of what the memories say that bears on the
question, in time order. Use only facts stated in the memories: copy names, numbers and dates
exactly as they appear, and do not add, infer or round anything. Give absolute dates, taken
from the memories' dates. Leave out memories that do not bear on the question. If the
memories disagree, or one is marked "no longer current", say so. If nothing bears on the
question, say that nothing relevant is remembered.

List in cited the ids of the memories the description uses, and in uncertain any statement
of the description that the memories only partly support."""


class ReconstructOutput(BaseModel):
    description: str = Field(max_length=900)
    cited: list[Id] = bounded(15)
    uncertain: list[Annotated[str, Field(max_length=200)]] = bounded(5)


def render(question: str, evidence: Sequence[MemoryUnit]) -> Prompt[ReconstructOutput]:
    user = f"Question: {question}\n\nMemories:\n{memory_lines(evidence)}"
    return Prompt("reconstruct", VERSION, SYSTEM, user, ReconstructOutput)
