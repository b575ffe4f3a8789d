"""``bench chains``: the generated files load as LoCoMo, and a run reports every family."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ripplemem.bench import chaingen
from ripplemem.bench.chains import run_set, summarise
from ripplemem.formats import load_locomo
from ripplemem.interfaces.cli import cli


def test_chains_writes_loadable_files(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["bench", "chains", "--out-dir", str(tmp_path / "set"), "--conversations", "2"])
    assert result.exit_code == 0, result.output
    paths = sorted((tmp_path / "set").glob("*.json"))
    assert [p.name for p in paths] == ["chains-01.json", "chains-02.json"]
    conversations = load_locomo(paths)
    assert len(conversations) == 2 and all(len(c.questions) == 10 for c in conversations)
    times = [s.time for s in conversations[0].sessions]
    assert times == sorted(times)
    assert all(set(q.gold) <= c.turn_ids and q.gold for c in conversations for q in c.questions)


def test_chains_run_reports_each_family(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    args = ["bench", "chains", "--out-dir", str(tmp_path / "set"), "--conversations", "1", "--run",
            "--method", "bm25", "--method", "full", "--out", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["budgets"] == [400, 1500] and set(report["methods"]) == {"bm25", "full"}
    summary = report["methods"]["bm25"]["summary"]
    assert set(summary) == {*chaingen.FAMILIES, "multi-evidence", "all"}
    assert summary["all"]["questions"] == 10
    for values in summary.values():
        assert values["recall@400"] <= values["recall@1500"] and values["complete@400"] <= values["complete@1500"]
        assert values["complete@1500"] <= values["recall@1500"]
    assert "| constraint |" in result.output and "| multi-evidence |" in result.output
    row = report["methods"]["full"]["per_question"][0]
    assert {"id", "family", "gold", "recall@400", "complete@1500", "retrieved_sources"} <= set(row)


def test_out_needs_run(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["bench", "chains", "--out-dir", str(tmp_path), "--out", str(tmp_path / "r.json")])
    assert result.exit_code != 0 and "--run" in result.output


def test_summary_groups_multi_evidence() -> None:
    rows = [
        {"family": "number", "gold": ["D1:1"], "recall@400": 1.0, "recall@1500": 1.0, "complete@400": 1.0,
         "complete@1500": 1.0},
        {"family": "bridge", "gold": ["D1:2", "D3:4"], "recall@400": 0.5, "recall@1500": 1.0, "complete@400": 0.0,
         "complete@1500": 1.0},
    ]
    summary = summarise(rows)
    assert summary["multi-evidence"] == {"questions": 1, "recall@400": 0.5, "recall@1500": 1.0,
                                         "complete@400": 0.0, "complete@1500": 1.0}
    assert summary["all"]["recall@400"] == 0.75 and "list" not in summary


def test_ripple_runs_on_a_small_chain_conversation(tmp_path: Path) -> None:
    record = chaingen.conversation(0, seed=3, sessions=(8, 8))
    path = tmp_path / "small.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    report = run_set([path], ["ripple"], seed=3, ablations={"planner": False})
    (label,) = report["methods"]
    assert label == "ripple no-planner" and report["ablations"]["diffusion"] is True
    result = report["methods"][label]
    (conversation,) = load_locomo([path])
    assert len(result["per_question"]) == 10
    for row in result["per_question"]:
        assert set(row["retrieved_sources"]) <= conversation.turn_ids
        assert 0.0 <= row["recall@400"] <= row["recall@1500"] <= 1.0
    assert result["summary"]["all"]["recall@1500"] > 0.0
