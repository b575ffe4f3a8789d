"""A tiny scale run through the bench CLI: real SQLite files, the real embedder, the real paths."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ripplemem.bench.cli import bench
from ripplemem.bench.scale import percentile


def test_percentile_is_a_measured_value() -> None:
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0
    assert percentile([float(i) for i in range(1, 101)], 95) == 95.0
    assert percentile([5.0], 95) == 5.0


def test_scale_run_reports_positive_timings(tmp_path: Path, locomo_file: Path) -> None:
    out = tmp_path / "scale.json"
    args = ["scale", "--sizes", "200,1000", "--inserts", "3", "--recalls", "3", "--batch", "500",
            "--ann-threshold", "600", "--locomo", str(locomo_file), "--workdir", str(tmp_path / "work"),
            "--out", str(out)]  # fmt: skip
    result = CliRunner().invoke(bench, args)
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())

    assert report["benchmark"] == "scale"
    assert report["machine"]["loadavg_start"] and report["settings"]["inserts"] == 3
    assert [row["size"] for row in report["sizes"]] == [200, 1000]
    for row in report["sizes"]:
        assert row["units_after"] > row["size"]  # the timed inserts wrote units on top
        assert row["bulk_load_s"] > 0 and row["db_bytes"] > 0
        for part in ("insert", "recall"):
            stats = row[part]
            assert stats["n"] == 3
            assert 0 < stats["p50_ms"] <= stats["p95_ms"] <= stats["max_ms"]
            assert 0 < stats["embed_p50_ms"] < stats["p50_ms"]
            assert stats["cpu_p50_ms"] > 0
        assert row["insert"]["mean_count"] > 0 and row["recall"]["mean_count"] > 0
    small, large = report["sizes"]
    assert small["index_mode"] == "exact" and small["ann_build_s"] is None
    assert large["index_mode"] == "ann" and large["ann_build_s"] >= 0  # above --ann-threshold

    locomo = report["locomo"]
    assert locomo["sessions"] == 2 and locomo["turns"] == 6 and locomo["units"] > 0
    assert locomo["recall"]["n"] == 3 and locomo["recall"]["p50_ms"] > 0

    table = result.output
    assert "| units in scope | insert p50 ms" in table and "| 1,000 |" in table
    assert "LoCoMo conversation" in table and "load average" in table


def test_scale_run_reuses_a_sqlite_store_left_in_the_workdir(tmp_path: Path) -> None:
    work = tmp_path / "work"
    base = ["scale", "--sizes", "300", "--inserts", "2", "--recalls", "2", "--batch", "300", "--workdir", str(work)]

    def run(*extra: str) -> dict:  # type: ignore[type-arg]
        out = tmp_path / "scale.json"
        result = CliRunner().invoke(bench, [*base, *extra, "--out", str(out)])
        assert result.exit_code == 0, result.output
        return json.loads(out.read_text())["sizes"][0]  # type: ignore[no-any-return]

    first = run()
    again = run("--reuse")
    assert first["bulk_load_s"] > 0 and again["bulk_load_s"] is None
    assert again["reused_units"] == first["units_after"]  # the same file, timed inserts included
    assert again["units_after"] > first["units_after"]
    wrong = CliRunner().invoke(bench, [*base, "--reuse", "--store", "postgresql://u@127.0.0.1:1/x"])
    assert wrong.exit_code != 0 and "--store sqlite only" in wrong.output


def test_scale_run_on_postgres_bulk_loads_with_copy(tmp_path: Path, pg_database: str) -> None:
    """The same run on the session's PostgreSQL server: COPY load, one HNSW build, the real paths."""
    out = tmp_path / "scale-pg.json"
    args = ["scale", "--sizes", "300", "--inserts", "2", "--recalls", "2", "--batch", "100",
            "--ann-threshold", "200", "--store", pg_database, "--pg-maintenance-work-mem", "64MB",
            "--out", str(out)]  # fmt: skip
    result = CliRunner().invoke(bench, args)
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())

    assert report["backend"]["kind"] == "postgres" and report["backend"]["pgvector"]
    (row,) = report["sizes"]
    assert row["backend"] == "postgres" and row["units_after"] > 300
    assert row["index_existed"] is False and row["index_build_s"] >= 0 and row["index_bytes"] > 0
    assert row["index_mode"] == "ann"  # 300 units > --ann-threshold 200: the HNSW index serves recall
    assert row["insert"]["n"] == 2 and row["recall"]["p50_ms"] > 0
    assert "Scale benchmark on postgres" in result.output


def test_scale_run_times_add_and_recall_on_one_long_session(tmp_path: Path) -> None:
    out = tmp_path / "session.json"
    args = ["scale", "--sizes", "", "--session-turns", "30,600", "--session-calls", "2",
            "--workdir", str(tmp_path / "work"), "--out", str(out)]  # fmt: skip
    result = CliRunner().invoke(bench, args)
    assert result.exit_code == 0, result.output
    rows = json.loads(out.read_text())["sessions"]
    assert [row["session_turns"] for row in rows] == [30, 600]
    for row in rows:
        assert row["whole_session_turns"] == row["session_turns"]  # logged in one session, before the timed adds
        assert row["add"]["n"] == 2 and row["add"]["mean_count"] == 4  # every timed add was new turns
        assert 0 < row["add"]["p50_ms"] <= row["add"]["max_ms"]
        assert row["recall_with_sources"]["n"] == 2 and row["recall_with_sources"]["p50_ms"] > 0
    assert "| turns in the session |" in result.output and "| 600 | sqlite |" in result.output
