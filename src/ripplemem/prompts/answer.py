"""Answering from evidence, or saying that the memory does not support an answer."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel, Field

from ..types import MemoryUnit
from .base import Id, Prompt, bounded, memory_lines, when

VERSION = "answer-2"
DECLINE = "Not mentioned in the memories."

SYSTEM = f"""You answer a question about a person's past conversations using only the memories
given. Each memory starts with its date in brackets.

Answer with a short phrase (a few words), not a full sentence. Resolve relative times
("last week", "yesterday") against the memory's date and answer with absolute dates. Combine
several memories when the question needs it. If the memories do not support an answer, or
only something similar is remembered, do not guess: set supported to false and answer exactly
"{DECLINE}". A wrong memory is worse than "I don't remember".

List in cited the ids of the memories the answer rests on."""


class AnswerOutput(BaseModel):
    answer: str = Field(max_length=240)
    supported: bool = True
    cited: list[Id] = bounded(10)


def render(question: str, evidence: Sequence[MemoryUnit], today: datetime | None = None) -> Prompt[AnswerOutput]:
    user = f"Memories:\n{memory_lines(evidence)}\n\nToday is {when(today)}.\nQuestion: {question}"
    return Prompt("answer", VERSION, SYSTEM, user, AnswerOutput)
