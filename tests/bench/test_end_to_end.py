"""Small end-to-end runs through the bench CLI: report shape, baselines, gzip input, plot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ripplemem.bench.baselines import BM25Method, HybridMethod, rrf, turn_items
from ripplemem.bench.cli import bench
from ripplemem.formats import load_locomo

REPORT_KEYS = {
    "dataset", "method", "settings", "questions", "skipped_no_evidence", "ingest_seconds", "query_ms",
    "context_tokens", "sources_per_memory", "recall_at_budget", "complete_evidence_rate", "recall_at_k",
    "per_question",
}


def run_cli(*args: str) -> dict:
    result = CliRunner().invoke(bench, list(args))
    assert result.exit_code == 0, result.output
    out = Path(args[args.index("--out") + 1])
    return json.loads(out.read_text())


def test_rrf_fuses_ranks() -> None:
    assert rrf([[0, 1, 2], [1]]) == [1, 0, 2]


def test_baseline_items_render_and_cite_one_turn(locomo_file: Path) -> None:
    (conv,) = load_locomo([locomo_file])
    items = turn_items(conv)
    assert items[2].text == "[8 May 2023] Bob: I went hiking on Mount Tamalpais yesterday. [image: a photo of a trail with redwood trees]"
    assert all(len(i.sources) == 1 for i in items)
    bm25 = BM25Method()
    bm25.ingest(conv)
    assert bm25.rank(conv.questions[5])[0].sources == ("D1:3",)  # "Where did Bob hike?": stemmed match
    bm25.close()


@pytest.mark.parametrize("method", ["bm25", "hybrid"])
def test_locomo_run(method: str, locomo_file: Path, tmp_path: Path) -> None:
    report = run_cli("locomo", str(locomo_file), "--method", method, "--out", str(tmp_path / "r.json"))
    assert REPORT_KEYS <= set(report)
    assert report["dataset"] == "locomo" and report["method"] == method
    assert report["questions"] == 6 and report["skipped_no_evidence"] == 1
    assert report["settings"]["budget_tokens"] == 1500
    # the whole conversation fits in 1500 tokens, so every gold turn is inside
    assert report["recall_at_budget"]["overall"] == 1.0 and report["recall_at_budget"]["5"] == 1.0
    assert report["complete_evidence_rate"]["overall"] == 1.0
    assert set(report["recall_at_k"]) == {"5", "10", "20", "30"}
    assert report["sources_per_memory"] == {"mean": 1.0, "max": 1}
    assert set(report["query_ms"]) == {"p50", "p95"}
    first = report["per_question"][0]
    assert {"id", "category", "gold", "retrieved_sources", "recall"} <= set(first)
    assert first["id"] == "conv-a:0" and first["category"] == "4" and first["gold"] == ["D1:1"]


def test_budget_cuts_the_context(locomo_file: Path, tmp_path: Path) -> None:
    report = run_cli("locomo", str(locomo_file), "--method", "full", "--budget-tokens", "40", "--out", str(tmp_path / "f.json"))
    # the newest turns: D2:3 (16 tokens) and D2:2 (16); D2:1 (17) no longer fits
    assert report["per_question"][0]["retrieved_sources"] == ["D2:3", "D2:2"]
    assert report["context_tokens"]["mean"] == 32.0
    assert report["recall_at_budget"]["5"] == 1.0 and report["recall_at_budget"]["4"] == 0.0


def test_hybrid_ranks_all_turns(locomo_file: Path) -> None:
    (conv,) = load_locomo([locomo_file])
    hybrid = HybridMethod()
    hybrid.warm()
    hybrid.ingest(conv)
    ranked = hybrid.rank(conv.questions[0])
    assert sorted(s for i in ranked for s in i.sources) == sorted(conv.turn_ids)
    hybrid.close()


def test_longmemeval_gzip_run_and_plot(longmemeval_gz: Path, tmp_path: Path) -> None:
    report = run_cli("longmemeval", str(longmemeval_gz), "--method", "bm25", "--out", str(tmp_path / "l.json"))
    assert report["questions"] == 2 and report["session_questions"] == 1
    assert report["session"]["recall_all@5"] == 1.0 and report["session"]["ndcg_any@5"] == 1.0
    assert report["turn"]["recall_all@5"] == 1.0
    assert "single-session-user" in report["recall_at_budget"]
    other = run_cli("longmemeval", str(longmemeval_gz), "--method", "full", "--out", str(tmp_path / "f.json"))
    assert other["method"] == "full"
    png = tmp_path / "curve.png"
    result = CliRunner().invoke(bench, ["plot", str(tmp_path / "l.json"), str(tmp_path / "f.json"), "--out", str(png)])
    assert result.exit_code == 0, result.output
    assert png.stat().st_size > 1000


def test_every_command_has_help() -> None:
    for name, command in bench.commands.items():
        assert command.help, name
        for param in command.params:
            if param.param_type_name == "option":
                assert getattr(param, "help", None), f"{name} {param.name}"


def test_ripple_run_through_the_public_api(locomo_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("RIPPLEMEM_LLM_BASE_URL", "RIPPLEMEM_LLM_MODEL", "RIPPLEMEM_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    report = run_cli("locomo", str(locomo_file), "--method", "ripple", "--no-planner", "--out", str(tmp_path / "p.json"))
    assert report["method"] == "ripple" and report["settings"]["planner"] is False
    assert report["settings"]["diffusion"] is True and report["settings"]["structural"] is True
    known = {"D1:1", "D1:2", "D1:3", "D2:1", "D2:2", "D2:3"}
    for row in report["per_question"]:
        assert set(row["retrieved_sources"]) <= known
    assert report["recall_at_budget"]["4"] == 1.0  # a six-turn conversation fits in 1500 tokens
    assert report["sources_per_memory"]["max"] >= 1


def test_longmemeval_ids_pick_questions_and_refuse_unknown_ones(longmemeval_gz: Path, tmp_path: Path) -> None:
    report = run_cli("longmemeval", str(longmemeval_gz), "--method", "bm25", "--ids", "q2_abs", "--out", str(tmp_path / "a.json"))
    assert [q["id"] for q in report["per_question"]] == ["q2_abs"]
    result = CliRunner().invoke(bench, ["longmemeval", str(longmemeval_gz), "--ids", "q1,q9", "--out", str(tmp_path / "b.json")])
    assert result.exit_code != 0 and "q9" in result.output and not (tmp_path / "b.json").exists()
