"""Baselines over raw turns: one turn is one item that cites exactly its own turn id.

- ``bm25``: Okapi BM25 (k1=1.2, b=0.75) with the Porter stemmer, via SQLite FTS5's
  ``porter`` tokenizer and ``bm25()`` ranking in an in-memory database;
- ``dense``: the default embedder, cosine similarity; long turns are cut to their first
  ``DENSE_MAX_CHARS`` characters before embedding (the model reads ~256 wordpieces);
  Turns that share no term with the question (score 0) follow in conversation order;
- ``hybrid``: reciprocal-rank fusion (k=60) of the dense ranking of all turns and the BM25
  ranking of the turns that share a term with the question (score 0 has no rank);
- ``full``: the most recent turns first, so the budget keeps the latest that fit.

Items render as ``"[date] Speaker: text [image: caption]"``; the same text is what BM25
indexes and (cut) what the embedder reads.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ripplemem.bench.metrics import RankedItem
from ripplemem.formats import Conversation, DialogueTurn, Question, Session

if TYPE_CHECKING:
    from ripplemem.config import Settings
    from ripplemem.providers.embed.base import Embedder

DENSE_MAX_CHARS = 1000
RRF_K = 60
_WORD = re.compile(r"\w+", re.UNICODE)


def render_turn(session: Session, turn: DialogueTurn) -> str:
    date = session.time.strftime("%-d %B %Y") if session.time else "undated"
    text = f"[{date}] {turn.speaker}: {turn.text}"
    if turn.image_caption:
        text += f" [image: {turn.image_caption}]"
    return text


def turn_items(conversation: Conversation) -> list[RankedItem]:
    """One item per turn, in conversation order."""
    return [
        RankedItem(text=render_turn(s, t), sources=(t.turn_id,), time=s.time)
        for s in conversation.sessions
        for t in s.turns
    ]


def rrf(rankings: Sequence[Sequence[int]], k: int = RRF_K) -> list[int]:
    """Reciprocal-rank fusion: ``sum 1 / (k + rank)`` with ranks from 1; ties keep first-seen order."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, index in enumerate(ranking, start=1):
            scores[index] = scores.get(index, 0.0) + 1.0 / (k + rank)
    return sorted(scores, key=lambda i: -scores[i])


class RawTurnMethod:
    """Shared shape of the baselines: ``ingest`` keeps the turns, ``rank`` orders them."""

    name = "raw"

    def __init__(self) -> None:
        self.items: list[RankedItem] = []

    def warm(self) -> None:
        """Load models before anything is timed."""

    def ingest(self, conversation: Conversation) -> None:
        self.items = turn_items(conversation)
        self._index()

    def _index(self) -> None:
        """Build the method's index over ``self.items``."""

    def order(self, question: Question) -> list[int]:
        raise NotImplementedError

    def rank(self, question: Question) -> list[RankedItem]:
        return [self.items[i] for i in self.order(question)]

    def close(self) -> None:
        self.items = []


class FullMethod(RawTurnMethod):
    """The most recent turns that fit the budget."""

    name = "full"

    def order(self, question: Question) -> list[int]:
        return list(range(len(self.items) - 1, -1, -1))


class BM25Method(RawTurnMethod):
    """Stemmed Okapi BM25 over the rendered turns (SQLite FTS5, ``porter`` tokenizer)."""

    name = "bm25"

    def __init__(self) -> None:
        super().__init__()
        self._db: sqlite3.Connection | None = None

    def _index(self) -> None:
        self.close_db()
        self._db = sqlite3.connect(":memory:")
        self._db.execute("CREATE VIRTUAL TABLE turns USING fts5(body, tokenize='porter unicode61')")
        self._db.executemany("INSERT INTO turns(rowid, body) VALUES (?, ?)", enumerate(i.text for i in self.items))

    def order(self, question: Question) -> list[int]:
        words = dict.fromkeys(w.lower() for w in _WORD.findall(question.question))
        if not words or self._db is None:
            return []
        query = " OR ".join('"' + w.replace('"', '""') + '"' for w in words)
        rows = self._db.execute("SELECT rowid FROM turns WHERE turns MATCH ? ORDER BY bm25(turns), rowid", (query,))
        return [int(r[0]) for r in rows]

    def rank(self, question: Question) -> list[RankedItem]:
        """Matching turns by BM25, then the turns that share no term (score 0) in conversation order."""
        matched = self.order(question)
        seen = set(matched)
        rest = [i for i in range(len(self.items)) if i not in seen]
        return [self.items[i] for i in matched + rest]

    def close_db(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def close(self) -> None:
        self.close_db()
        super().close()


class DenseMethod(RawTurnMethod):
    """Cosine similarity under the default embedder (first ``DENSE_MAX_CHARS`` of each turn)."""

    name = "dense"

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self._settings = settings
        self._embedder: Embedder | None = None
        self._vectors = np.zeros((0, 0), dtype=np.float32)

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            from ripplemem.config import load_settings
            from ripplemem.providers.embed import make_embedder

            self._embedder = make_embedder(self._settings or load_settings())
        return self._embedder

    def warm(self) -> None:
        self.embedder.embed(["warm up"])

    def _index(self) -> None:
        self._vectors = self.embedder.embed([i.text[:DENSE_MAX_CHARS] for i in self.items])

    def order(self, question: Question) -> list[int]:
        if not self.items:
            return []
        query = self.embedder.embed([question.question[:DENSE_MAX_CHARS]])[0]
        scores = self._vectors @ query
        return [int(i) for i in np.argsort(-scores, kind="stable")]


class HybridMethod(RawTurnMethod):
    """Reciprocal-rank fusion (k=60) of BM25 and dense over all turns."""

    name = "hybrid"

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.bm25 = BM25Method()
        self.dense = DenseMethod(settings)

    def warm(self) -> None:
        self.dense.warm()

    def ingest(self, conversation: Conversation) -> None:
        self.bm25.ingest(conversation)
        self.dense.ingest(conversation)
        self.items = self.bm25.items

    def order(self, question: Question) -> list[int]:
        return rrf([self.bm25.order(question), self.dense.order(question)])

    def close(self) -> None:
        self.bm25.close()
        self.dense.close()
        super().close()


BASELINES = {"bm25": BM25Method, "dense": DenseMethod, "hybrid": HybridMethod, "full": FullMethod}
