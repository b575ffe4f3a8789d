"""The ``ripple`` method: ripplemem itself, through its public API only.

Each conversation (LoCoMo) or haystack (LongMemEval) goes into a fresh store through the
bulk import (``add_sessions``: the same memories as one ``add`` per session, ``--workers``
processes extracting ahead): a SQLite file in a temporary folder, or (``--store``) a fresh schema of a
PostgreSQL database, so both backends answer the same questions from the same turns. A question is recalled once with a budget
large enough to hold all ``k`` assembled items (``RANK_BUDGET``); the harness then applies
the one budget rule itself, exactly as it does for the baselines.
"""

from __future__ import annotations

import dataclasses
import tempfile
from contextlib import ExitStack
from datetime import datetime
from pathlib import Path
from typing import Any

from ripplemem.bench.metrics import RankedItem
from ripplemem.config import RecallSettings, Settings, load_settings
from ripplemem.formats import Conversation, Question, session_messages

RANK_BUDGET = 100_000


def ripple_settings(
    *, k: int = RecallSettings().k, diffusion: bool = True, structural: bool = True, planner: bool = True, base: Settings | None = None
) -> Settings:
    """Settings for one run: the defaults (or ``base``) with the chosen ablations."""
    settings = base or load_settings()
    recall = settings.recall.replace(k=k, diffusion=diffusion, structural=structural, planner=planner)
    graph = settings.graph if structural else dataclasses.replace(settings.graph, structural=False)
    return settings.replace(recall=recall, graph=graph)


class RippleMethod:
    """ripplemem's ``Memory``: a fresh store per conversation, ranked evidence per question."""

    name = "ripple"

    def __init__(
        self, settings: Settings, k: int = RecallSettings().k, backend: Any = None, maintain: bool = False, workers: int = 1
    ) -> None:
        """``backend``: where each store goes (``bench.scale_stores``: its ``target(name)``
        yields a fresh SQLite path or PostgreSQL schema URL); default a temporary SQLite file.
        ``maintain``: one maintenance run after each ingest, as of the last session's time.
        ``workers``: the bulk import's worker processes (``Memory.add_sessions``)."""
        self.settings = settings
        self.maintain = maintain
        self.maintenance: list[dict[str, Any]] = []  # each run's report
        self.k = k
        self.workers = workers
        self.backend = backend
        self._stack: ExitStack | None = None
        self._memory: Any = None
        self._scope = ""
        self._opened = 0

    def _open(self) -> Any:
        import ripplemem

        self._stack = ExitStack()
        self._opened += 1
        if self.backend is None:
            folder = self._stack.enter_context(tempfile.TemporaryDirectory(prefix="ripplemem-bench-"))
            url = str(Path(folder) / "memory.db")
        else:
            url = self._stack.enter_context(self.backend.target(f"bench{self._opened}"))
        return ripplemem.Memory.open(url, settings=self.settings.replace(db=url))  # type: ignore[attr-defined]

    def warm(self) -> None:
        """Load the models on a throwaway store so ingest times exclude loading."""
        memory = self._open()
        try:
            memory.add_sessions([{"messages": [{"speaker": "A", "text": "Warming up the models.", "id": "w:1"}],
                                  "session_id": "w"}], user_id="warm", workers=self.workers)
            memory.recall("warm up", user_id="warm", budget_tokens=RANK_BUDGET, k=self.k)
        finally:
            self._release(memory)

    def ingest(self, conversation: Conversation) -> None:
        self.close()
        self._memory = self._open()
        self._scope = conversation.id
        sessions = (
            {"messages": session_messages(s), "session_id": s.session_id, "session_time": s.time}
            for s in conversation.sessions
        )
        self._memory.add_sessions(sessions, user_id=self._scope, workers=self.workers)
        if self.maintain:
            last = max((s.time for s in conversation.sessions if s.time is not None), default=None)
            self.maintenance.append(self._memory.maintain(user_id=self._scope, as_of=last).as_dict())

    def maintenance_totals(self) -> dict[str, Any]:
        """The maintenance runs summed: hot index sizes before and after, what was done, the time."""
        keys = ("units_read", "promoted", "cooled", "warmed", "consolidated_added", "consolidated_members",
                "hot_before", "hot_after", "seconds")
        totals: dict[str, Any] = {k: sum(r[k] for r in self.maintenance) for k in keys}
        totals["runs"] = len(self.maintenance)
        totals["seconds"] = round(totals["seconds"], 2)
        return totals

    def rank(self, question: Question) -> list[RankedItem]:
        evidence = self._memory.recall(
            question.question, user_id=self._scope, budget_tokens=RANK_BUDGET, as_of=question.as_of, k=self.k
        )
        return [RankedItem(text=item.render(), sources=tuple(item.sources), time=_item_time(item)) for item in evidence.items]

    def _release(self, memory: Any) -> None:
        close = getattr(memory, "close", None)
        if callable(close):
            close()
        if self._stack is not None:
            self._stack.close()
            self._stack = None

    def close(self) -> None:
        if self._memory is not None:
            self._release(self._memory)
            self._memory = None


def _item_time(item: Any) -> datetime | None:
    unit = item.unit
    if unit.time is not None:
        return unit.time.start  # type: ignore[no-any-return]
    return unit.mentioned_at  # type: ignore[no-any-return]
