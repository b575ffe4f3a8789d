"""``bench plot``: evidence recall against the token budget, one line per report.

Reads each report's ``recall_curve`` (recall at 250, 500, 1000, 1500 and 3000 tokens under
the one budget rule, categories 1-4 for LoCoMo) and draws the ``overall`` line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ripplemem.bench.report import method_label
from ripplemem.errors import InputError


def load_report(path: str | Path) -> dict[str, Any]:
    try:
        report: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise InputError(f"cannot read report {path}: {exc}") from exc
    if "recall_curve" not in report:
        raise InputError(f"{path} has no recall_curve (written by an older bench?)")
    return report


def plot_curves(paths: Sequence[str | Path], out: str | Path, category: str = "overall") -> Path:
    """Draw recall against budget for each report into ``out`` (PNG, SVG... by suffix)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise InputError("bench plot needs matplotlib: pip install 'ripplemem[bench]'") from exc
    figure, axes = plt.subplots(figsize=(6.4, 4.2))
    datasets = set()
    for path in paths:
        report = load_report(path)
        datasets.add(report["dataset"])
        curve = report["recall_curve"]
        budgets = sorted(int(b) for b in curve)
        axes.plot(budgets, [curve[str(b)].get(category, 0.0) for b in budgets], marker="o", label=method_label(report))
    axes.set_xlabel("context budget (tokens, ceil(chars / 4))")
    axes.set_ylabel(f"evidence recall ({category})")
    axes.set_title(f"{', '.join(sorted(datasets))}: recall against budget")
    axes.set_ylim(0, 1)
    axes.grid(alpha=0.3)
    axes.legend()
    figure.tight_layout()
    target = Path(out)
    figure.savefig(target, dpi=120)
    plt.close(figure)
    return target
