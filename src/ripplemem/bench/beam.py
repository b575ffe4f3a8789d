"""``ripplemem bench beam``: BEAM's probing questions, one chat at a time.

Each chat is read (its sessions streamed from the file), ingested into a fresh scope, asked
its questions and dropped before the next chat is read, so one chat is held at a time. The
per-question scores are the runner's (evidence recall and completeness at the budget,
recall at k, the budget curve) against the chat's ``source_chat_ids``; on top of them the
report has, per question type and overall:

- ``turn_recall_all``: LongMemEval's turn-level ``recall_all@k`` (every gold message among
  the first k cited messages of the whole ranked list), for k in ``TURN_KS``;
- ``ingest``: seconds, turns and turns per second over all chats;
- ``store``: for ``ripple``, the bytes its store holds on disk after each chat (SQLite: the
  file, WAL and ANN cache after close; PostgreSQL: the schema's size). The baselines keep
  their index in memory and have none.

With ``--llm openai`` the judge's reference is BEAM's rubric (its statements, one a line)
instead of the reference answer; F1 and BLEU-1 are then measured against the rubric too.
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console

from ripplemem.bench import metrics
from ripplemem.bench.metrics import RankedItem
from ripplemem.bench.runner import TURN_KS, Assess, Method, RunResult, run
from ripplemem.formats import BeamChat, Conversation, Question


class _Targets(Protocol):
    def target(self, name: str) -> AbstractContextManager[str]: ...

    def db_bytes(self, url: str) -> int: ...


class MeasuredStores:
    """Where ripple puts each store (a fresh SQLite file, or ``inner``'s location), and the
    bytes each one held once closed."""

    kind = "measured"

    def __init__(self, inner: _Targets | None = None) -> None:
        self.inner = inner
        self.sizes: list[int] = []

    @contextmanager
    def target(self, name: str) -> Iterator[str]:
        if self.inner is not None:
            with self.inner.target(name) as url:
                yield url
                self.sizes.append(self.inner.db_bytes(url))
            return
        from ripplemem.bench.scale_stores import SQLiteBackend

        with tempfile.TemporaryDirectory(prefix="ripplemem-beam-") as folder:
            backend = SQLiteBackend(Path(folder))
            with backend.target(name) as url:
                yield url  # ripple closes the store (checkpointing the WAL) before this returns
                self.sizes.append(backend.db_bytes(url))


class _Observed:
    """A method that warms once and keeps each question's ranked list for the rank metrics."""

    def __init__(self, method: Method) -> None:
        self.method = method
        self.name = method.name
        self.warmed = False
        self.ranked: dict[str, list[RankedItem]] = {}

    def warm(self) -> None:
        if not self.warmed:
            self.method.warm()
            self.warmed = True

    def ingest(self, conversation: Conversation) -> None:
        self.method.ingest(conversation)

    def rank(self, question: Question) -> list[RankedItem]:
        ranked = self.method.rank(question)
        self.ranked[question.id] = ranked
        return ranked

    def close(self) -> None:
        self.method.close()


def turn_ranks(gold: Sequence[str], ranked: Sequence[RankedItem]) -> dict[str, float]:
    """``recall_all@k`` over the cited messages of the whole ranked list, each once."""
    turns = metrics.cited(ranked)
    return {f"recall_all@{k}": metrics.recall_all_at_k(turns, gold, k) for k in TURN_KS}


def judged_by_rubric(assess: Assess, rubrics: dict[str, str]) -> Assess:
    """``assess`` with each question's rubric as the judge's reference answer."""

    def judged(question: Question, items: list[RankedItem]) -> dict[str, Any]:
        rubric = rubrics.get(question.id) or question.answer
        return assess(dataclasses.replace(question, answer=rubric), items)

    return judged


def _merge(total: RunResult, part: RunResult) -> None:
    total.rows.extend(part.rows)
    total.ingest_seconds += part.ingest_seconds
    total.query_ms.extend(part.query_ms)
    total.sources_per_item.extend(part.sources_per_item)
    total.questions += part.questions
    total.skipped_no_evidence += part.skipped_no_evidence


@dataclass
class BeamRun:
    """A runner for the bench CLI's ``execute``: BEAM chats one at a time; then
    :meth:`extend` adds the BEAM blocks to the report and returns their Markdown."""

    limit: int | None = None
    chats: list[dict[str, Any]] = field(default_factory=list)
    store_kind: str | None = None
    ingest_seconds: float = 0.0  # the chats' ingest, summed before rounding

    def __call__(
        self,
        chats: Sequence[BeamChat],
        method: Method,
        *,
        budget_tokens: int,
        dataset: str,
        assess: Assess | None = None,
        console: Console | None = None,
    ) -> RunResult:
        observed = _Observed(method)
        observed.warm()  # on the method's own throwaway store, before stores are measured
        stores = self._measure(method)
        total = RunResult()
        for chat in chats:
            conversation = chat.conversation(self.limit)
            judged = judged_by_rubric(assess, chat.rubrics()) if assess is not None else None
            part = run([conversation], observed, budget_tokens=budget_tokens, dataset=dataset, assess=judged,
                       console=console)
            for row in part.rows:
                ranked = observed.ranked.pop(row["id"])
                if row["gold"]:
                    row["turn"] = turn_ranks(row["gold"], ranked)
            observed.ranked.clear()
            self.chats.append(self._facts(chat, conversation, part, stores))
            self.ingest_seconds += part.ingest_seconds  # unrounded: a small chat's ingest rounds to 0.000
            _merge(total, part)
        return total

    def _measure(self, method: Method) -> MeasuredStores | None:
        """Route ripple's stores through :class:`MeasuredStores` (baselines have none)."""
        from ripplemem.bench.ripple import RippleMethod

        if not isinstance(method, RippleMethod):
            return None
        self.store_kind = "sqlite" if method.backend is None else str(getattr(method.backend, "kind", "other"))
        stores = MeasuredStores(method.backend)
        method.backend = stores
        return stores

    def _facts(self, chat: BeamChat, conversation: Conversation, part: RunResult,
               stores: MeasuredStores | None) -> dict[str, Any]:
        turns = sum(len(s.turns) for s in conversation.sessions)
        return {
            "chat": chat.id,
            "file": chat.chat_file.name,
            "sessions": len(conversation.sessions),
            "turns": turns,
            "characters": sum(len(t.text) for s in conversation.sessions for t in s.turns),
            "questions": part.questions,
            "skipped_no_evidence": part.skipped_no_evidence,
            "ingest_seconds": round(part.ingest_seconds, 3),
            "turns_per_second": round(turns / part.ingest_seconds, 2) if part.ingest_seconds else None,
            "store_bytes": stores.sizes[-1] if stores is not None and stores.sizes else None,
            "repeated_ids": list(chat.repeated_ids),
            "unknown_source_ids": list(chat.unknown_source_ids),
        }

    def extend(self, report: dict[str, Any]) -> str:
        """Add ``turn_recall_all``, ``ingest``, ``store`` and ``chats`` to ``report``; their Markdown."""
        rows = report.pop("per_question")
        scored = [r for r in rows if r["scored"] and "turn" in r]
        report["turn_recall_all"] = {
            str(k): metrics.by_category((r["category"], r["turn"][f"recall_all@{k}"]) for r in scored) for k in TURN_KS
        }
        seconds = self.ingest_seconds
        turns = sum(c["turns"] for c in self.chats)
        report["ingest"] = {
            "seconds": round(seconds, 2),
            "turns": turns,
            "turns_per_second": round(turns / seconds, 2) if seconds else None,
        }
        sizes = [c["store_bytes"] for c in self.chats if c["store_bytes"] is not None]
        report["store"] = {
            "kind": self.store_kind,
            "bytes_total": sum(sizes) if sizes else None,
            "bytes_per_chat_max": max(sizes) if sizes else None,
            "note": "on disk after each chat's store is closed" if sizes else "in memory (a baseline): no store on disk",
        }
        report["chats"] = self.chats
        report["per_question"] = rows
        return markdown(report)


def _table(name: str, block: dict[str, dict[str, float]], columns: list[str]) -> list[str]:
    lines = [f"| {name} | " + " | ".join(columns) + " |", "|---|" + "---|" * len(columns)]
    for key, values in block.items():
        lines.append(f"| recall_all@{key} | " + " | ".join(f"{values[c]:.3f}" if c in values else "" for c in columns) + " |")
    return lines


def markdown(report: dict[str, Any]) -> str:
    """The BEAM lines printed after the common summary."""
    ingest, store = report["ingest"], report["store"]
    categories = sorted(c for c in report["recall_at_budget"] if c != "overall")
    rate = f"{ingest['turns_per_second']:.1f}" if ingest["turns_per_second"] else "-"
    size = (f"{store['bytes_total'] / 1e6:.1f} MB on disk ({store['kind']}, all chats; largest "
            f"{store['bytes_per_chat_max'] / 1e6:.1f} MB)" if store["bytes_total"] is not None else store["note"])
    lines = [
        "",
        f"chats {len(report['chats'])} · ingest {ingest['seconds']:.1f} s for {ingest['turns']} turns ({rate} turns/s)"
        f" · store {size}",
        "",
        *_table("turn", report["turn_recall_all"], ["overall", *categories]),
    ]
    return "\n".join(lines) + "\n"
