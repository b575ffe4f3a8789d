"""The LoCoMo "J" judge: a generated answer against the gold answer -> CORRECT or WRONG.

The wording follows the LLM-as-a-judge protocol used to report LoCoMo J scores (Mem0's
evaluation, reused by the RippleMem paper): generous on phrasing and date format, strict on
the referent.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .base import Prompt

VERSION = "judge-2"

SYSTEM = """Your task is to label an answer to a question as CORRECT or WRONG. You are given:
(1) a question (posed by one user to another user), (2) a gold (ground truth) answer, and
(3) a generated answer to score.

The question asks about something one user should know about the other from their past
conversations. The gold answer is usually short and names the referenced topic. The
generated answer may be longer; be generous: if it refers to the same topic, thing, person or
place as the gold answer, it is CORRECT. For time questions the gold answer is a specific date,
month or year; the generated answer may be longer, use another format ("May 7th" vs "7 May")
or a relative reference, and is CORRECT as long as it refers to the same date or period.
It is WRONG if it names something else, contradicts the gold answer, or does not answer.

Give a one-sentence reason, then the label."""


class JudgeOutput(BaseModel):
    reason: str = Field(default="", max_length=300)
    label: Literal["CORRECT", "WRONG"]


def render(question: str, gold: str, generated: str) -> Prompt[JudgeOutput]:
    user = f"Question: {question}\nGold answer: {gold}\nGenerated answer: {generated}"
    return Prompt("judge", VERSION, SYSTEM, user, JudgeOutput)
