"""The public surface is what docs/api.md promises, checked both ways (as httpx does)."""

from __future__ import annotations

import re
import types
from pathlib import Path

import ripplemem

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def _documented() -> set[str]:
    block = re.search(r"```names\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None
    return set(block.group(1).split())


def test_every_documented_name_is_exported() -> None:
    assert set(ripplemem.__all__) == _documented()
    for name in ripplemem.__all__:
        assert hasattr(ripplemem, name), name


def test_nothing_else_public_is_exported() -> None:
    public = {
        name for name in dir(ripplemem)
        if not name.startswith("_") and not isinstance(getattr(ripplemem, name), types.ModuleType)
    }
    assert public == set(ripplemem.__all__) - {"__version__"}
