"""Run one method over a dataset and collect per-question scores.

A method is any object with ``warm()``, ``ingest(conversation)``, ``rank(question) ->
list[RankedItem]`` and ``close()``. Every conversation (LoCoMo) or haystack (LongMemEval)
is ingested into a fresh scope after ``warm()`` has loaded the models, so
``ingest_seconds`` measures ingestion only. Each question is ranked once; every metric
(the budget, the k cut-offs, the budget curve, LongMemEval's rank metrics) is computed from
that one ranked list with the same rule for every method.

Every LLM request of the run is metered per role (``llm_usage``), and each conversation's
ingestion on its own (``ingest_usage``: the build-token figure of the LLM extractor and
update decider).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ripplemem.bench import metrics
from ripplemem.bench.metrics import RankedItem
from ripplemem.formats import Conversation, Question
from ripplemem.providers.llm import usage
from ripplemem.types import LLMUsage

K_CUTS = (5, 10, 20, 30)
CURVE_BUDGETS = (250, 500, 1000, 1500, 3000)
SESSION_KS = (5, 10)
TURN_KS = (5, 10, 50)


class Method(Protocol):
    name: str

    def warm(self) -> None: ...

    def ingest(self, conversation: Conversation) -> None: ...

    def rank(self, question: Question) -> list[RankedItem]: ...

    def close(self) -> None: ...


Assess = Callable[[Question, list[RankedItem]], dict[str, Any]]


@dataclass(slots=True)
class RunResult:
    """Everything the report is built from."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    ingest_seconds: float = 0.0
    query_ms: list[float] = field(default_factory=list)
    sources_per_item: list[int] = field(default_factory=list)
    questions: int = 0
    skipped_no_evidence: int = 0
    llm_usage: LLMUsage = field(default_factory=dict)  # the whole run, per role
    ingest_usage: list[LLMUsage] = field(default_factory=list)  # one per conversation, per role


def score_question(question: Question, ranked: Sequence[RankedItem], budget_tokens: int) -> dict[str, Any]:
    """Budget recall, completeness, recall at k and the budget curve of one question."""
    inside = metrics.within_budget(ranked, budget_tokens)
    retrieved = metrics.cited(inside)
    gold = list(question.gold)
    return {
        "id": question.id,
        "category": question.category,
        "gold": gold,
        "retrieved_sources": retrieved,
        "recall": round(metrics.evidence_recall(gold, retrieved), 4),
        "complete": metrics.is_complete(gold, retrieved),
        "scored": question.scored and bool(gold),
        "items": len(inside),
        "context_tokens": sum(i.cost for i in inside),
        "recall_at_k": {str(k): round(metrics.evidence_recall(gold, metrics.cited(ranked[:k])), 4) for k in K_CUTS},
        "curve": {
            str(b): round(metrics.evidence_recall(gold, metrics.cited(metrics.within_budget(ranked, b))), 4)
            for b in CURVE_BUDGETS
        },
    }


def score_longmemeval(question: Question, ranked: Sequence[RankedItem], session_of: dict[str, str]) -> dict[str, Any]:
    """Official session- and turn-level rank metrics over the whole ranked list.

    The turn ranking is the cited turn ids in item order, each once; the session ranking
    maps those turns to their haystack session ids, each once, in rank order.
    """
    turns = metrics.cited(ranked)
    sessions = metrics.dedupe(session_of[t] for t in turns if t in session_of)
    gold_sessions = list(question.gold_sessions)
    result: dict[str, Any] = {
        "session": {
            **{f"recall_all@{k}": metrics.recall_all_at_k(sessions, gold_sessions, k) for k in SESSION_KS},
            **{f"ndcg_any@{k}": round(metrics.ndcg_any_at_k(sessions, gold_sessions, k), 4) for k in SESSION_KS},
        }
    }
    if question.gold:
        result["turn"] = {f"recall_all@{k}": metrics.recall_all_at_k(turns, question.gold, k) for k in TURN_KS}
    return result


def _progress(console: Console | None, total: int) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console or Console(stderr=True),
        transient=True,
        disable=console is None,
    )


def run(
    conversations: Sequence[Conversation],
    method: Method,
    *,
    budget_tokens: int,
    dataset: str,
    assess: Assess | None = None,
    console: Console | None = None,
) -> RunResult:
    """Ingest each conversation into a fresh scope, rank each of its questions, score them."""
    result = RunResult()
    method.warm()
    total = sum(len(c.questions) for c in conversations)
    with _progress(console, total) as bar, usage.metering() as whole:
        task = bar.add_task(method.name, total=total)
        for conversation in conversations:
            started = time.perf_counter()
            with usage.metering() as ingesting:
                method.ingest(conversation)
            result.ingest_seconds += time.perf_counter() - started
            result.ingest_usage.append(ingesting.snapshot())
            session_of = conversation.session_of()
            try:
                for question in conversation.questions:
                    started = time.perf_counter()
                    ranked = method.rank(question)
                    ms = (time.perf_counter() - started) * 1000.0
                    row = score_question(question, ranked, budget_tokens)
                    row["query_ms"] = round(ms, 3)
                    if dataset == "longmemeval":
                        row["scored_sessions"] = question.scored
                        row.update(score_longmemeval(question, ranked, session_of))
                    inside = metrics.within_budget(ranked, budget_tokens)
                    if assess is not None:
                        row["qa"] = assess(question, inside)
                    result.sources_per_item.extend(len(i.sources) for i in inside)
                    result.query_ms.append(ms)
                    result.rows.append(row)
                    bar.advance(task)
            finally:
                method.close()
            result.questions += len(conversation.questions)
            result.skipped_no_evidence += conversation.skipped_no_evidence
            result.llm_usage = whole.snapshot()
    return result
