"""``bench same-memories``: the bulk import against one add per session, and against a
fingerprint saved earlier; a difference is reported and fails the command."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ripplemem.bench.cli import bench


def test_same_memories_passes_and_catches_a_changed_fingerprint(locomo_file: Path, tmp_path: Path) -> None:
    saved = tmp_path / "fingerprint.json"
    result = CliRunner().invoke(bench, ["same-memories", str(locomo_file), "--workers", "2", "--save", str(saved)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "bulk import: same memories, same edges" in result.output
    before = json.loads(saved.read_text(encoding="utf-8"))
    assert before["memories"] and before["edges"]
    changed = dict(before, edges=before["edges"][1:])  # one edge fewer
    other = tmp_path / "changed.json"
    other.write_text(json.dumps(changed), encoding="utf-8")
    result = CliRunner().invoke(bench, ["same-memories", str(locomo_file), "--workers", "2", "--against", str(other)])
    assert result.exit_code == 1
    assert "saved changed.json: DIFFERENT" in result.output and "1 only after" in result.output
