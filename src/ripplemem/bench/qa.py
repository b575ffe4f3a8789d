"""LLM-judged question answering over the evidence inside the budget (``--llm openai``).

For each question the LLM answers from the rendered evidence (ordered in time), a judge
LLM labels the answer CORRECT or WRONG against the gold answer (the LoCoMo "J" protocol),
and token F1 and BLEU-1 are computed against the gold answer. Questions whose right answer
is to decline (LoCoMo category 5, LongMemEval ``_abs``) count as correct when the answer
declines, and get no F1/BLEU-1 (their "gold" text is a trap or an explanation).

The prompts live here until ``ripplemem.prompts.answer`` / ``judge`` are the shared ones.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel

from ripplemem.bench.datasets import Question
from ripplemem.bench.metrics import RankedItem, bleu1, token_f1
from ripplemem.bench.runner import Assess
from ripplemem.providers.llm.base import LLM

DECLINE = "Not mentioned in the memories."
_DECLINES = re.compile(
    r"not mentioned|no (relevant )?information|not (enough|sufficient) information|"
    r"(do not|don't|cannot|can't) (remember|recall|know|tell|determine|answer)|"
    r"(does|do) not (say|mention|specify|contain|support)|not (specified|stated|supported)|unknown|"
    r"no mention|unanswerable",
    re.IGNORECASE,
)

ANSWER_SYSTEM = (
    "You answer a question about a person's long conversation history using only the memories "
    "given. Each memory starts with its date in brackets. Answer with a short phrase (a few "
    "words), not a sentence. Resolve relative times ('last week', 'yesterday') against the "
    "memory's date and answer with absolute dates. If the memories do not support an answer, "
    f"reply exactly: {DECLINE}"
)

JUDGE_SYSTEM = (
    "Label a generated answer to a question as CORRECT or WRONG. You are given the question, "
    "a gold (ground truth) answer and the generated answer. Be generous: if the generated answer "
    "refers to the same thing, person, place, date or time period as the gold answer it is "
    "CORRECT, even if it is longer or phrased differently. It is WRONG if it states something "
    "else or does not answer. Reply with JSON: {\"label\": \"CORRECT\" or \"WRONG\"}."
)


class Judgement(BaseModel):
    label: Literal["CORRECT", "WRONG"]


def declines(answer: str) -> bool:
    """Whether an answer declines (says the memory does not support an answer)."""
    return bool(_DECLINES.search(answer))


def render_context(items: Sequence[RankedItem]) -> str:
    """The evidence as the answering LLM reads it: items ordered in time."""
    far = datetime.max.replace(tzinfo=UTC)
    return "\n".join(i.text for i in sorted(items, key=lambda i: i.time or far))


def answer_prompt(question: Question, items: Sequence[RankedItem]) -> str:
    today = question.as_of.strftime("%-d %B %Y") if question.as_of else "unknown"
    context = render_context(items) or "(no memories)"
    return f"Memories:\n{context}\n\nToday is {today}.\nQuestion: {question.question}\nAnswer:"


def judge_prompt(question: Question, answer: str) -> str:
    return f"Question: {question.question}\nGold answer: {question.answer}\nGenerated answer: {answer}"


def assess_answer(answerer: LLM, judge: LLM, question: Question, items: Sequence[RankedItem]) -> dict[str, Any]:
    """Answer, judge and score one question."""
    answer = answerer.text(ANSWER_SYSTEM, answer_prompt(question, items)).strip()
    declined = declines(answer)
    if question.abstention:
        return {"answer": answer, "declined": declined, "j": float(declined), "f1": None, "bleu1": None}
    verdict = judge.complete(JUDGE_SYSTEM, judge_prompt(question, answer), Judgement)
    return {
        "answer": answer,
        "declined": declined,
        "j": 1.0 if verdict.label == "CORRECT" else 0.0,
        "f1": round(token_f1(answer, question.answer), 4),
        "bleu1": round(bleu1(answer, question.answer), 4),
    }


def make_assess(llm: LLM, judge: LLM | None = None) -> Assess:
    """An ``assess`` callback for :func:`ripplemem.bench.runner.run`."""

    def assess(question: Question, items: list[RankedItem]) -> dict[str, Any]:
        return assess_answer(llm, judge or llm, question, items)

    return assess
