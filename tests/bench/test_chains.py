"""The chain conversation with distractors keeps every gold turn and orders sessions in time."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from ripplemem.bench.chains import build
from ripplemem.formats import load_locomo
from ripplemem.interfaces.cli import cli


def test_chains_file_keeps_gold_and_time_order(tmp_path: Path) -> None:
    out = tmp_path / "chains.json"
    result = CliRunner().invoke(cli, ["bench", "chains", "--out", str(out), "--distractors", "6"])
    assert result.exit_code == 0, result.output
    (conv,) = load_locomo([out])
    assert len(conv.sessions) == 5 + 6
    times = [s.time for s in conv.sessions]
    assert times == sorted(times)
    ids = {t.turn_id for s in conv.sessions for t in s.turns}
    assert len(conv.questions) == 8 and all(set(q.gold) <= ids and q.gold for q in conv.questions)
    assert build(6)["qa"] == build(6, seed=8)["qa"] and build(6) != build(6, seed=8)
