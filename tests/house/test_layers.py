"""The import contract is enforced: a back-arrow makes `lint-imports` fail."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT = Path(sys.executable).parent / "lint-imports"


def _lint(src: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT), "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=src, env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=120,
    )


@pytest.fixture
def package_copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "src" / "ripplemem", tmp_path / "ripplemem", ignore=shutil.ignore_patterns("assets", "__pycache__"))
    return tmp_path


def test_the_tree_keeps_the_contract(package_copy: Path) -> None:
    result = _lint(package_copy)
    assert result.returncode == 0, result.stdout[-2000:]


@pytest.mark.parametrize(
    ("module", "back_arrow"),
    [
        ("write/compose.py", "from ..read import cues as _cues  # noqa: F401\n"),  # write -> read
        ("ground/text.py", "from .. import store as _store  # noqa: F401\n"),  # ground -> store
        ("store/base.py", "from ..bench import metrics as _metrics  # noqa: F401\n"),  # core -> bench
    ],
)
def test_a_back_arrow_fails(package_copy: Path, module: str, back_arrow: str) -> None:
    path = package_copy / "ripplemem" / module
    path.write_text(path.read_text(encoding="utf-8") + "\n" + back_arrow, encoding="utf-8")
    result = _lint(package_copy)
    assert result.returncode != 0
    assert "BROKEN" in result.stdout
