"""The runnable examples in docs/examples, each run as a subprocess on a SQLite file in the
test's folder (offline: no LLM, the local embedder), their output checked."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def _run(name: str, db: Path) -> list[str]:
    done = subprocess.run([sys.executable, "-W", "error", str(EXAMPLES / name), str(db)], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def test_mem0_quickstart(tmp_path: Path) -> None:
    db = tmp_path / "mem0.db"
    lines = _run("mem0_quickstart.py", db)
    adds = [line for line in lines if line.startswith("add: ADD ")]
    assert len(adds) == 4
    searched = [line for line in lines if line.startswith("search: ")]
    assert len(searched) == 3 and "sci-fi" in searched[0]
    assert sum(line.startswith("get_all: {'category': 'movies'}") for line in lines) == 4
    assert "get: Alice loves sci-fi movies, especially space operas." in lines
    history = [line.split()[1] for line in lines if line.startswith("history: ")]
    assert history == ["ADD", "UPDATE"]
    assert lines[-1] == "after delete: 3 memories left"
    with sqlite3.connect(db) as con:  # the file the example wrote holds what it printed
        assert con.execute("select count(*) from units").fetchone()[0] == 3


def test_langgraph_memory(tmp_path: Path) -> None:
    pytest.importorskip("langgraph")
    lines = _run("langgraph_memory.py", tmp_path / "langgraph.db")
    assert lines[0].startswith("thread 1, user 1: [User info: nothing yet]")
    assert "allergic to peanuts" in lines[1]
    assert lines[2].startswith("thread 2, user 1: [User info:") and "peanuts" in lines[2] and "Porto" in lines[2]
    assert lines[3].startswith("thread 3, user 2: [User info: nothing yet]")
    assert lines[4].startswith("stored: ") and lines[4].count("('memories', '1')") == 2
