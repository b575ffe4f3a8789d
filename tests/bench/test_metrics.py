"""Metric functions on hand-made cases."""

from __future__ import annotations

import math

import pytest

from ripplemem.bench import metrics
from ripplemem.bench.metrics import RankedItem


def item(chars: int, *sources: str) -> RankedItem:
    return RankedItem(text="x" * chars, sources=sources)


def test_token_cost_is_ceil_chars_over_four() -> None:
    assert [item(n).cost for n in (0, 1, 4, 5, 8)] == [0, 1, 1, 2, 2]


def test_budget_stops_at_the_first_item_that_does_not_fit() -> None:
    ranked = [item(40, "a"), item(400, "b"), item(4, "c")]  # 10, 100, 1 tokens
    assert [i.sources for i in metrics.within_budget(ranked, 50)] == [("a",)]  # "c" would fit but is not tried
    assert len(metrics.within_budget(ranked, 111)) == 3
    assert len(metrics.within_budget(ranked, 110)) == 2
    assert metrics.within_budget(ranked, 9) == []


def test_a_memory_citing_many_turns() -> None:
    ranked = [item(40, "D1:1", "D1:2", "D3:4", "D9:9"), item(40, "D1:2", "D5:5")]
    retrieved = metrics.cited(metrics.within_budget(ranked, 10))
    assert retrieved == ["D1:1", "D1:2", "D3:4", "D9:9"]
    gold = ["D1:2", "D3:4", "D5:5"]
    assert metrics.evidence_recall(gold, retrieved) == pytest.approx(2 / 3)
    assert not metrics.is_complete(gold, retrieved)
    everything = metrics.cited(ranked)
    assert metrics.evidence_recall(gold, everything) == 1.0 and metrics.is_complete(gold, everything)
    assert metrics.evidence_recall([], everything) == 0.0 and not metrics.is_complete([], everything)


def test_longmemeval_rank_metrics() -> None:
    ranked = ["s3", "s1", "s2", "s9"]
    assert metrics.recall_all_at_k(ranked, ["s1", "s2"], 3) == 1.0
    assert metrics.recall_all_at_k(ranked, ["s1", "s2"], 2) == 0.0
    assert metrics.ndcg_any_at_k(["s1", "s2"], ["s1", "s2"], 5) == 1.0
    # one gold at rank 3 of one relevant: official dcg weight 1/log2(3)
    assert metrics.ndcg_any_at_k(ranked, ["s2"], 5) == pytest.approx(1 / math.log2(3))
    assert metrics.ndcg_any_at_k(ranked, ["s7"], 5) == 0.0
    assert metrics.dedupe(["s1", "s2", "s1", "s3"]) == ["s1", "s2", "s3"]


def test_answer_overlap() -> None:
    assert metrics.normalize_answer("The  Harbor Grill!") == "harbor grill"
    assert metrics.token_f1("the Harbor Grill", "Harbor Grill") == 1.0
    assert metrics.token_f1("Harbor", "Harbor Grill") == pytest.approx(2 * 1 * 0.5 / 1.5)
    assert metrics.token_f1("", "x") == 0.0
    assert metrics.bleu1("Harbor Grill", "Harbor Grill") == 1.0
    # one right word of one: precision 1, brevity penalty exp(1 - 2/1)
    assert metrics.bleu1("Harbor", "Harbor Grill") == pytest.approx(math.exp(-1))
    assert metrics.bleu1("grill grill grill", "grill") == pytest.approx(1 / 3)  # clipped counts


def test_aggregation() -> None:
    rows = [("1", 1.0), ("1", 0.0), ("2", 1.0), ("5", 0.0)]
    assert metrics.by_category(rows, ("1", "2", "3", "4")) == {"overall": 0.6667, "1": 0.5, "2": 1.0, "5": 0.0}
    assert metrics.percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert metrics.percentile([], 95) == 0.0
