"""The labelled pleasantry set is well-formed, and the rule meets its bar on the shared data."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

from ripplemem.bench.selection import (
    EVIDENCE_KEPT_MIN,
    HALVES,
    LABEL_VALUES,
    LABELS,
    LABELS_DEV2,
    LONGMEMEVAL_FILE,
    Score,
    draw_sample,
    evidence_check,
    read_labels,
    resolve,
    score,
    selection_command,
)

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason="the shared data folder is absent")
LOCOMO_KEYS = {"source", "turn", "label", "note"}
LONGMEMEVAL_KEYS = {"source", "question_id", "session_id", "session_index", "turn_index", "label", "note"}


def _entries(name: str = LABELS) -> list[dict[str, object]]:
    raw = resources.files("ripplemem.bench").joinpath("labels", name).read_text(encoding="utf-8")
    entries = json.loads(raw)["entries"]
    assert isinstance(entries, list)
    return entries


def test_the_labels_are_ids_only_and_well_formed() -> None:
    entries = _entries()
    assert len(entries) >= 300
    for e in entries:
        allowed = LOCOMO_KEYS if "turn" in e else LONGMEMEVAL_KEYS
        assert set(e) <= allowed and set(e) >= allowed - {"note"}, e  # ids and a label: never the text
        assert e["label"] in LABEL_VALUES
        assert str(e["source"]).startswith(("locomo/", "longmemeval/"))
    labels = read_labels()
    assert len({(lb.source, lb.key) for lb in labels}) == len(labels)  # no turn twice
    for half in HALVES:
        counts = Counter(lb.label for lb in labels if lb.half == half)
        assert sum(counts.values()) >= 150
        assert min(counts.values()) >= 0.2 * sum(counts.values())  # both classes well represented
    assert {lb.source for lb in labels} >= {LONGMEMEVAL_FILE}
    assert len({lb.source for lb in labels if lb.source.startswith("locomo/")}) >= 3  # across conversations


@needs_data
def test_the_sample_is_reproducible() -> None:
    data = json.loads(resources.files("ripplemem.bench").joinpath("labels", LABELS).read_text(encoding="utf-8"))
    drawn = draw_sample(DATA, data["seed"])
    assert drawn == [{k: v for k, v in e.items() if k not in ("label", "note")} for e in data["entries"]]


def test_the_second_development_set_is_new_turns_all_dev2() -> None:
    entries = _entries(LABELS_DEV2)
    assert len(entries) >= 300
    for e in entries:
        allowed = LOCOMO_KEYS if "turn" in e else LONGMEMEVAL_KEYS
        assert set(e) <= allowed and set(e) >= allowed - {"note"}, e
        assert e["label"] in LABEL_VALUES
    labels = read_labels(LABELS_DEV2)
    assert {lb.half for lb in labels} == {"dev2"}
    first = {(lb.source, lb.key) for lb in read_labels()}
    assert not first & {(lb.source, lb.key) for lb in labels}  # none of the first set's turns
    counts = Counter(lb.label for lb in labels)
    assert min(counts.values()) >= 0.2 * len(labels)


@needs_data
def test_the_second_sample_is_reproducible() -> None:
    data = json.loads(resources.files("ripplemem.bench").joinpath("labels", LABELS_DEV2).read_text(encoding="utf-8"))
    drawn = draw_sample(DATA, data["seed"], tuple(data["sizes"]), exclude=_entries())
    assert drawn == [{k: v for k, v in e.items() if k not in ("label", "note")} for e in data["entries"]]


@pytest.fixture(scope="module")
def check_half() -> Score:
    labels = read_labels()
    return score(labels, resolve(labels, DATA))["check"]


@needs_data
def test_precision_on_the_check_half(check_half: Score) -> None:
    """Of the turns classified pleasantry, at least 90% are (a dropped fact costs most)."""
    assert check_half.precision >= 0.9, [(lb.key, lb.label) for lb, _ in check_half.wrong]


@needs_data
def test_recall_on_the_check_half(check_half: Score) -> None:
    """At least 78% of the labelled pleasantries are classified as such (measured 0.800, the
    target 0.8: docs/benchmarks.md, the first section, item 2)."""
    assert check_half.recall >= 0.78, [(lb.key, lb.label) for lb, _ in check_half.wrong]


@needs_data
def test_gold_evidence_is_never_a_pleasantry() -> None:
    check = evidence_check(DATA)
    assert check.total > 800
    assert check.kept >= EVIDENCE_KEPT_MIN, check.misses


@needs_data
def test_the_command_prints_both_halves_and_the_evidence_share() -> None:
    result = CliRunner().invoke(selection_command, ["--data", str(DATA), "--half", "dev"])
    assert result.exit_code == 0, result.output
    assert "| dev | 200 |" in result.output and "| check | 200 |" in result.output
    assert "| dev2 | 300 |" in result.output
    assert "misclassified (dev)" in result.output and "misclassified (check)" not in result.output
    assert "misclassified (dev2)" not in result.output
    assert "gold evidence turns kept" in result.output
