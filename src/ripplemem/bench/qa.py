"""LLM-judged question answering over the evidence inside the budget (``--llm openai``).

For each question the LLM answers from the rendered evidence (ordered in time), a judge
LLM labels the answer CORRECT or WRONG against the gold answer (the LoCoMo "J" protocol),
and token F1 and BLEU-1 are computed against the gold answer. Questions whose right answer
is to decline (LoCoMo category 5, LongMemEval ``_abs``) count as correct when the answer
declines, and get no F1/BLEU-1 (their "gold" text is a trap or an explanation).

The prompts are the library's own (``ripplemem.prompts.answer`` and ``judge``); the
evidence lines are the method's rendered items, numbered, ordered in time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from ripplemem.bench.metrics import RankedItem, bleu1, token_f1
from ripplemem.bench.runner import Assess
from ripplemem.errors import ProviderError
from ripplemem.formats import Question
from ripplemem.prompts import answer as answer_prompt
from ripplemem.prompts import judge as judge_prompt
from ripplemem.prompts.base import Prompt, when
from ripplemem.providers.llm.base import LLM

DECLINE = answer_prompt.DECLINE

_DECLINES = re.compile(
    r"not mentioned|no (relevant )?information|not (enough|sufficient) information|"
    r"(do not|don't|cannot|can't) (remember|recall|know|tell|determine|answer)|"
    r"(does|do) not (say|mention|specify|contain|support)|not (specified|stated|supported)|unknown|"
    r"no mention|unanswerable",
    re.IGNORECASE,
)


def declines(answer: str) -> bool:
    """Whether an answer declines (says the memory does not support an answer)."""
    return bool(_DECLINES.search(answer))


def render_context(items: Sequence[RankedItem]) -> str:
    """The evidence as the answering LLM reads it: numbered items ordered in time."""
    far = datetime.max.replace(tzinfo=UTC)
    ordered = sorted(items, key=lambda i: i.time or far)
    return "\n".join(f"[{n}] {i.text}" for n, i in enumerate(ordered, start=1)) or "(none)"


def answer_user(question: Question, items: Sequence[RankedItem]) -> str:
    """The answer prompt's user message (``prompts.answer`` layout) over rendered items."""
    return f"Memories:\n{render_context(items)}\n\nToday is {when(question.as_of)}.\nQuestion: {question.question}"


def assess_answer(answerer: LLM, judge: LLM, question: Question, items: Sequence[RankedItem]) -> dict[str, Any]:
    """Answer, judge and score one question. An LLM failure scores the question wrong (J 0)
    and says so in ``error``; the run goes on."""
    try:
        return _assess(answerer, judge, question, items)
    except ProviderError as exc:
        return {"answer": "", "declined": False, "j": 0.0, "f1": None, "bleu1": None,
                "error": f"{type(exc).__name__}: {exc}"}


def _assess(answerer: LLM, judge: LLM, question: Question, items: Sequence[RankedItem]) -> dict[str, Any]:
    asked = Prompt("answer", answer_prompt.VERSION, answer_prompt.SYSTEM, answer_user(question, items),
                   answer_prompt.AnswerOutput)
    reply = asked.ask(answerer)
    answer = reply.answer.strip()
    declined = not reply.supported or declines(answer)
    if question.abstention:
        return {"answer": answer, "declined": declined, "j": float(declined), "f1": None, "bleu1": None}
    verdict = judge_prompt.render(question.question, question.answer, answer).ask(judge)
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
