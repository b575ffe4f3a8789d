"""``ripplemem bench chains``: the generated chain conversations, and a run per question family.

``--out-dir DIR`` writes ``bench.chaingen``'s conversations there, one LoCoMo file each
(``chains-01.json`` ...), which ``bench locomo DIR`` also reads. With ``--run`` the
methods (``ripple`` and ``hybrid`` unless ``--method`` says otherwise) go through the
harness (``runner.run``: a fresh scope per conversation, each question ranked once). The
harness' one budget rule (each item costs ceil(chars / 4) tokens, taken in rank order until
the next does not fit) scores that one ranking at each of ``BUDGETS``. The table gives
evidence recall and the complete-evidence rate per family, for questions with two or more
evidence turns ("multi-evidence") and for all; ``--out`` writes the same as JSON, with
every question's row.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from ripplemem.bench import chaingen, metrics
from ripplemem.bench.metrics import RankedItem
from ripplemem.bench.runner import Method, run, score_question
from ripplemem.config import RecallSettings
from ripplemem.errors import RippleMemError
from ripplemem.formats import Conversation, Question, load_locomo

BUDGETS = (400, 1500)
DEFAULT_METHODS = ("ripple", "hybrid")
MULTI = "multi-evidence"
ALL = "all"
METRICS = tuple(f"{m}@{b}" for m in ("recall", "complete") for b in BUDGETS)


def write_set(out_dir: Path, conversations: int, seed: int) -> list[Path]:
    """Write the generated conversations, one LoCoMo file each; return the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for record in chaingen.build(conversations, seed):
        path = out_dir / f"{record['sample_id']}.json"
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


class Recording:
    """A method that also keeps, per question, the head of its ranking that the largest budget holds."""

    def __init__(self, method: Method, budget: int) -> None:
        self.method = method
        self.name = method.name
        self.budget = budget
        self.ranked: dict[str, list[RankedItem]] = {}

    def warm(self) -> None:
        self.method.warm()

    def ingest(self, conversation: Conversation) -> None:
        self.method.ingest(conversation)

    def rank(self, question: Question) -> list[RankedItem]:
        ranked = self.method.rank(question)
        self.ranked[question.id] = metrics.within_budget(ranked, self.budget)
        return ranked

    def close(self) -> None:
        self.method.close()


def question_rows(conversations: Sequence[Conversation], ranked: dict[str, list[RankedItem]]) -> list[dict[str, Any]]:
    """One row per scored question: its family and its recall and completeness at each budget."""
    rows = []
    for conversation in conversations:
        for question in conversation.questions:
            if not question.scored:
                continue
            row: dict[str, Any] = {"id": question.id, "family": question.category, "gold": list(question.gold)}
            for budget in BUDGETS:
                scored = score_question(question, ranked.get(question.id, []), budget)
                row[f"recall@{budget}"] = scored["recall"]
                row[f"complete@{budget}"] = float(scored["complete"])
            row["retrieved_sources"] = metrics.cited(ranked.get(question.id, []))
            rows.append(row)
    return rows


def summarise(rows: Sequence[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Means per family, over the multi-evidence questions, and over all."""
    groups: dict[str, list[dict[str, Any]]] = {f: [] for f in chaingen.FAMILIES}
    for row in rows:
        groups.setdefault(row["family"], []).append(row)
    groups[MULTI] = [r for r in rows if len(r["gold"]) >= 2]
    groups[ALL] = list(rows)
    summary: dict[str, dict[str, float]] = {}
    for name, members in groups.items():
        if members:
            summary[name] = {"questions": len(members)}
            summary[name].update({m: round(metrics.mean([r[m] for r in members]), 4) for m in METRICS})
    return summary


def markdown(report: dict[str, Any]) -> str:
    """One table: a row per family and method, the four numbers side by side."""
    generator = report["generator"]
    lines = [
        f"### chains · {generator['conversations']} conversations (seed {generator['seed']}) · "
        f"{generator['questions']} questions · budgets in tokens",
        "",
        "| family | n | method | " + " | ".join(METRICS) + " |",
        "|---|---|---|" + "---|" * len(METRICS),
    ]
    methods = report["methods"]
    named = [f for m in methods.values() for f in m["summary"]]  # another generator's families too
    order = [*chaingen.FAMILIES, *dict.fromkeys(f for f in named if f not in chaingen.FAMILIES and f not in (MULTI, ALL)), MULTI, ALL]
    families = [f for f in order if any(f in m["summary"] for m in methods.values())]
    for family in families:
        for name, result in methods.items():
            values = result["summary"].get(family)
            if values is None:
                continue
            cells = " | ".join(f"{values[m]:.3f}" for m in METRICS)
            lines.append(f"| {family} | {values['questions']} | {name} | {cells} |")
    lines.append("")
    for name, result in methods.items():
        lines.append(f"{name}: ingest {result['ingest_seconds']:.1f} s, query p50 {result['query_ms']['p50']:.1f} ms, "
                     f"run {result['run_seconds']:.1f} s")
    return "\n".join(lines) + "\n"


def run_method(name: str, conversations: Sequence[Conversation], k: int, console: Console | None,
               ablations: dict[str, bool]) -> dict[str, Any]:
    """One method over the set: the harness run, then the per-family scores."""
    from ripplemem.bench.cli import make_method  # the CLI module mounts this command
    from ripplemem.bench.ripple import ripple_settings

    started = time.perf_counter()
    settings = ripple_settings(k=k, diffusion=ablations["diffusion"], structural=ablations["structural"],
                               planner=ablations["planner"])
    recording = Recording(make_method(name, settings, k), max(BUDGETS))
    result = run(conversations, recording, budget_tokens=max(BUDGETS), dataset="chains", console=console)
    rows = question_rows(conversations, recording.ranked)
    return {
        "ingest_seconds": round(result.ingest_seconds, 2),
        "run_seconds": round(time.perf_counter() - started, 2),
        "query_ms": {"p50": round(metrics.percentile(result.query_ms, 50), 2),
                     "p95": round(metrics.percentile(result.query_ms, 95), 2)},
        "summary": summarise(rows),
        "per_question": rows,
    }


def method_label(name: str, ablations: dict[str, bool]) -> str:
    off = [part for part, on in ablations.items() if not on] if name == "ripple" else []
    return name + "".join(f" no-{part}" for part in off)


def run_set(paths: Sequence[Path], methods: Sequence[str], *, seed: int, k: int = RecallSettings().k,
            ablations: dict[str, bool] | None = None, console: Console | None = None) -> dict[str, Any]:
    """Run each method over the written files; the report ``--out`` writes.

    ``ablations``: ripple's ``diffusion``, ``structural`` and ``planner`` switches (all on by default).
    """
    switches = {"diffusion": True, "structural": True, "planner": True, **(ablations or {})}
    conversations = load_locomo(paths)
    families: dict[str, int] = {}
    for question in (q for c in conversations for q in c.questions):
        families[question.category] = families.get(question.category, 0) + 1
    return {
        "dataset": "chains",
        "generator": {"conversations": len(conversations), "seed": seed, "questions": sum(families.values()),
                      "families": families, "files": [p.name for p in paths]},
        "budgets": list(BUDGETS),
        "token_rule": "ceil(chars/4), rank order, stop at the first item that does not fit",
        "k": k,
        "ablations": switches,
        "methods": {method_label(name, switches): run_method(name, conversations, k, console, switches)
                    for name in methods},
    }


@click.command("chains")
@click.option("--out-dir", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="Folder for the generated conversations (one LoCoMo file each).")
@click.option("--conversations", type=click.IntRange(1), default=chaingen.DEFAULT_CONVERSATIONS, show_default=True,
              help="How many conversations to generate (about ten questions each).")
@click.option("--seed", type=int, default=7, show_default=True, help="Seed of the generator.")
@click.option("--run", "run_methods", is_flag=True, help="Also run the methods on them and print the per-family table.")
@click.option("--method", "methods", multiple=True, default=DEFAULT_METHODS, show_default=True,
              type=click.Choice(("ripple", "bm25", "dense", "hybrid", "full")), help="With --run: a method (repeatable).")
@click.option("--k", "k", type=click.IntRange(min=1), default=RecallSettings().k, show_default=True,
              help="With --run: items kept by ripple's assembly.")
@click.option("--no-diffusion", is_flag=True, help="With --run: ripple without planner rounds and diffusion.")
@click.option("--no-structural", is_flag=True, help="With --run: ripple without the structural view and edges.")
@click.option("--no-planner", is_flag=True, help="With --run: ripple diffuses from its top-3 hits toward the query.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="With --run: write the JSON report here.")
def chains_command(out_dir: Path, conversations: int, seed: int, run_methods: bool, methods: tuple[str, ...], k: int,
                   no_diffusion: bool, no_structural: bool, no_planner: bool, out: Path | None) -> None:
    """Generate chain-question conversations (seven families); with --run, score methods per family."""
    if out is not None and not run_methods:
        raise click.UsageError("--out is the report of a run: add --run")
    ablations = {"diffusion": not no_diffusion, "structural": not no_structural, "planner": not no_planner}
    paths = write_set(out_dir, conversations, seed)
    click.echo(f"wrote {len(paths)} conversations to {out_dir}", err=run_methods)
    if not run_methods:
        return
    try:
        report = run_set(paths, list(dict.fromkeys(methods)), seed=seed, k=k, ablations=ablations,
                         console=Console(stderr=True))
    except RippleMemError as exc:
        raise click.ClickException(str(exc)) from exc
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    click.echo(markdown(report))
