"""Pure metric functions: one budget rule, evidence recall, LongMemEval ranks, answer overlap.

The budget rule is the same for every method: ranked items are rendered, each costs
``ceil(len(text) / 4)`` tokens, and they are taken in rank order until the next one does
not fit (the first item that does not fit ends the context; nothing after it is tried).
"""

from __future__ import annotations

import math
import re
import string
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from ripplemem.types import token_cost

H = TypeVar("H", bound=Hashable)


@dataclass(frozen=True, slots=True)
class RankedItem:
    """One ranked item of a method: what an LLM would read, and the turn ids it cites."""

    text: str
    sources: tuple[str, ...]
    time: datetime | None = None  # for ordering the rendered context in time

    @property
    def cost(self) -> int:
        return token_cost(self.text)


def within_budget(items: Sequence[RankedItem], budget_tokens: int) -> list[RankedItem]:
    """The items taken in rank order until the next one does not fit."""
    taken: list[RankedItem] = []
    used = 0
    for item in items:
        if used + item.cost > budget_tokens:
            break
        taken.append(item)
        used += item.cost
    return taken


def dedupe(values: Iterable[H]) -> list[H]:
    """Unique values, first occurrence order."""
    return list(dict.fromkeys(values))


def cited(items: Iterable[RankedItem]) -> list[str]:
    """The turn ids cited by ``items``, in rank order, each once."""
    return dedupe(s for item in items for s in item.sources)


def evidence_recall(gold: Sequence[str], retrieved: Iterable[str]) -> float:
    """Share of the gold ids among ``retrieved``; 0.0 for an empty gold set."""
    if not gold:
        return 0.0
    found = set(retrieved)
    return sum(1 for g in set(gold) if g in found) / len(set(gold))


def is_complete(gold: Sequence[str], retrieved: Iterable[str]) -> bool:
    return bool(gold) and set(gold) <= set(retrieved)


def recall_all_at_k(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    """LongMemEval ``recall_all@k``: 1.0 when every gold id is in the first k of ``ranked``."""
    top = set(ranked[:k])
    return float(all(g in top for g in gold))


def _dcg(relevances: Sequence[float]) -> float:
    # The official LongMemEval dcg: rel[0] + sum(rel[i] / log2(i + 1)) for i >= 1.
    if not relevances:
        return 0.0
    return relevances[0] + sum(r / math.log2(i + 1) for i, r in enumerate(relevances) if i >= 1)


def ndcg_any_at_k(ranked: Sequence[str], gold: Iterable[str], k: int) -> float:
    """LongMemEval ``ndcg_any@k`` with binary relevance (gold ids are in the corpus)."""
    wanted = set(gold)
    actual = _dcg([1.0 if r in wanted else 0.0 for r in ranked[:k]])
    ideal = _dcg([1.0] * min(len(wanted), k))
    return actual / ideal if ideal else 0.0


# ---------------------------------------------------------------- answers

_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCT = str.maketrans("", "", string.punctuation)


def normalize_answer(text: str) -> str:
    """Lowercase, strip punctuation and articles, collapse whitespace (SQuAD style)."""
    lowered = str(text).lower().translate(_PUNCT)
    return " ".join(_ARTICLES.sub(" ", lowered).split())


def token_f1(prediction: str, gold: str) -> float:
    pred, ref = normalize_answer(prediction).split(), normalize_answer(gold).split()
    common = Counter(pred) & Counter(ref)
    overlap = sum(common.values())
    if not pred or not ref or overlap == 0:
        return 0.0
    precision, recall = overlap / len(pred), overlap / len(ref)
    return 2 * precision * recall / (precision + recall)


def bleu1(prediction: str, gold: str) -> float:
    """Clipped unigram precision times the brevity penalty ``exp(1 - r/c)`` when c < r."""
    pred, ref = normalize_answer(prediction).split(), normalize_answer(gold).split()
    if not pred or not ref:
        return 0.0
    clipped = sum((Counter(pred) & Counter(ref)).values())
    precision = clipped / len(pred)
    penalty = 1.0 if len(pred) >= len(ref) else math.exp(1 - len(ref) / len(pred))
    return precision * penalty


# ---------------------------------------------------------------- aggregation


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile (numpy's default), 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    lo, hi = math.floor(pos), math.ceil(pos)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def by_category(rows: Iterable[tuple[str, float]], overall: Iterable[str] | None = None) -> dict[str, float]:
    """Mean per category plus ``"overall"`` over the categories in ``overall`` (all if None)."""
    groups: dict[str, list[float]] = {}
    for category, value in rows:
        groups.setdefault(category, []).append(value)
    keep = set(overall) if overall is not None else set(groups)
    pooled = [v for c, vs in groups.items() if c in keep for v in vs]
    result = {"overall": round(mean(pooled), 4)}
    for category in sorted(groups):
        result[category] = round(mean(groups[category]), 4)
    return result
