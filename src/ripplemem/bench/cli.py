"""``ripplemem bench``: LoCoMo, LongMemEval and BEAM runs, and the budget curve.

Mounted by the main CLI as ``ripplemem bench``; also runnable on its own as
``python -m ripplemem.bench.cli``. The report goes to ``--out`` (JSON) and a Markdown
summary to stdout; progress goes to stderr.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from ripplemem.bench import report as report_mod
from ripplemem.bench.audit import audit_command
from ripplemem.bench.baselines import BASELINES, DENSE_MAX_CHARS, RRF_K
from ripplemem.bench.beam import BeamRun
from ripplemem.bench.chains import chains_command
from ripplemem.bench.qa import make_assess
from ripplemem.bench.runner import Method, RunResult, run
from ripplemem.bench.same import same_memories_command
from ripplemem.bench.scale import scale_command
from ripplemem.bench.selection import selection_command
from ripplemem.bench.speed import ingest_speed_command
from ripplemem.bench.supersede import supersede_command
from ripplemem.config import RecallSettings, Settings
from ripplemem.errors import RippleMemError
from ripplemem.formats import beam_chats, load_locomo, load_longmemeval
from ripplemem.providers.llm.base import LLM

METHODS = ("ripple", "bm25", "dense", "hybrid", "full")


def run_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options every dataset command shares (issue 5's stable interface)."""
    options = [
        click.option("--method", type=click.Choice(METHODS), default="ripple", show_default=True,
                     help="ripple, or a baseline over raw turns."),
        click.option("--budget-tokens", type=click.IntRange(min=1), default=1500, show_default=True,
                     help="Context budget; each item costs ceil(chars / 4) tokens."),
        click.option("--k", "k", type=click.IntRange(min=1), default=RecallSettings().k, show_default=True,
                     help="Items kept by ripple's assembly (baselines have no item cap)."),
        click.option("--no-diffusion", is_flag=True, help="Ablation: no planner rounds and no diffusion."),
        click.option("--no-structural", is_flag=True, help="Ablation: no structural view and no structural edges."),
        click.option("--no-planner", is_flag=True, help="Ablation: diffuse from the top-3 hits toward the query."),
        click.option("--maintain", is_flag=True,
                     help="ripple: run maintenance (consolidation, re-scoring, forgetting) after each ingest."),
        click.option("--llm", type=click.Choice(("none", "openai")), default="none", show_default=True,
                     help="openai: also answer and judge each question with the configured LLM."),
        click.option("--limit", type=click.IntRange(min=1), default=None,
                     help="LoCoMo: first N questions of each conversation; LongMemEval: first N questions."),
        click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
                     help="Write report.json here."),
        click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
                     help="ripple's ingest: extract and embed in this many worker processes (bulk import)."),
        click.option("--store", default="sqlite", show_default=True,
                     help="ripple's backend: sqlite, a postgresql:// URL (a fresh schema per conversation) "
                          "or postgres-embedded (a throwaway local server)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def make_method(
    name: str, settings: Settings, k: int, backend: Any = None, maintain: bool = False, workers: int = 1
) -> Method:
    if name == "ripple":
        from ripplemem.bench.ripple import RippleMethod

        return RippleMethod(settings, k=k, backend=backend, maintain=maintain, workers=workers)
    if name in ("dense", "hybrid"):
        return BASELINES[name](settings)  # type: ignore[call-arg,no-any-return]
    return BASELINES[name]()  # type: ignore[no-any-return]


def make_qa_llm(kind: str, settings: Settings) -> LLM | None:
    """The answering and judging LLM for ``--llm openai``; ``None`` for ``--llm none``."""
    if kind == "none":
        return None
    if not settings.llm_configured:
        raise click.UsageError("--llm openai needs RIPPLEMEM_LLM_BASE_URL and RIPPLEMEM_LLM_MODEL (or a config file)")
    from ripplemem.providers.llm import make_llm

    llm = make_llm(settings, kind=kind)
    if llm is None:
        raise click.UsageError("no LLM configured")
    return llm


def describe(method: str, settings: Settings, opts: dict[str, Any], ran: Any = None) -> dict[str, Any]:
    """The ``settings`` block of the report: what decides the numbers."""
    described: dict[str, Any] = {
        "budget_tokens": opts["budget_tokens"],
        "k": opts["k"],
        "limit": opts["limit"],
        "llm": opts["llm"],
        "token_rule": "ceil(chars/4), rank order, stop at the first item that does not fit",
    }
    if method == "ripple":
        described["store"] = "postgresql" if opts["store"] != "sqlite" else "sqlite"
        described["workers"] = opts.get("workers", 1)
    if method == "ripple":
        described.update(
            diffusion=settings.recall.diffusion,
            structural=settings.recall.structural,
            planner=settings.recall.planner,
            extractor=settings.extractor,
            embedder=settings.embedder,
            llm_model=settings.llm_model or None,
        )
        if opts.get("maintain"):
            described["maintenance"] = getattr(ran, "maintenance_totals", lambda: {})()
    if method in ("dense", "hybrid"):
        described.update(embedder=settings.embedder, dense_max_chars=DENSE_MAX_CHARS)
    if method == "hybrid":
        described["rrf_k"] = RRF_K
    if opts["llm"] != "none":
        described["qa_model"] = settings.llm_model
    return described


def execute(
    dataset: str,
    conversations: Sequence[Any],
    opts: dict[str, Any],
    *,
    runner: Callable[..., RunResult] = run,
    extend: Callable[[dict[str, Any]], str] | None = None,
) -> dict[str, Any]:
    """Run one method over loaded conversations, write the report, print the summary.

    ``runner`` takes ``run``'s arguments (BEAM's reads its chats one at a time); ``extend``
    adds a dataset's own blocks to the report and returns their Markdown."""
    from ripplemem.bench.ripple import ripple_settings

    settings = ripple_settings(
        k=opts["k"], diffusion=not opts["no_diffusion"], structural=not opts["no_structural"], planner=not opts["no_planner"]
    )
    llm = make_qa_llm(opts["llm"], settings)
    try:
        with ExitStack() as stack:
            backend = None
            if opts["store"] != "sqlite":
                from ripplemem.bench.scale_stores import open_backend

                folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ripplemem-bench-")))
                backend = stack.enter_context(open_backend(opts["store"], folder))
            method = make_method(opts["method"], settings, opts["k"], backend, maintain=bool(opts.get("maintain")),
                                 workers=opts.get("workers", 1))
            assess = make_assess(llm) if llm is not None else None
            result = runner(conversations, method, budget_tokens=opts["budget_tokens"], dataset=dataset, assess=assess,
                            console=Console(stderr=True))
    finally:
        close = getattr(llm, "close", None)
        if callable(close):
            close()
    report = report_mod.build_report(result, dataset=dataset, method=opts["method"],
                                     settings=describe(opts["method"], settings, opts, method))
    summary = report_mod.markdown(report) + (extend(report) if extend is not None else "")
    if opts["out"] is not None:
        opts["out"].parent.mkdir(parents=True, exist_ok=True)
        opts["out"].write_text(json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")
    click.echo(summary)
    return report


@click.group("bench")
def bench() -> None:
    """Benchmarks: evidence recall under a token budget, baselines, ablations, LLM-judged QA."""


@bench.command("locomo")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@run_options
def locomo(paths: tuple[Path, ...], **opts: Any) -> None:
    """Run on LoCoMo conversation files or folders (either layout)."""
    try:
        conversations = load_locomo(paths, limit=opts["limit"])
        execute("locomo", conversations, opts)
    except RippleMemError as exc:
        raise click.ClickException(str(exc)) from exc


@bench.command("longmemeval")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@run_options
@click.option("--ids", default=None, help="Only these question ids (comma-separated), in file order.")
def longmemeval(path: Path, ids: str | None, **opts: Any) -> None:
    """Run on a LongMemEval file (.json or .json.gz, official schema)."""
    try:
        conversations = load_longmemeval(path, limit=opts["limit"])
        if ids is not None:
            wanted = {i.strip() for i in ids.split(",") if i.strip()}
            missing = wanted - {c.id for c in conversations}
            if missing:
                raise click.ClickException(f"--ids: not in {path.name}: {', '.join(sorted(missing))}")
            conversations = [c for c in conversations if c.id in wanted]
        execute("longmemeval", conversations, opts)
    except RippleMemError as exc:
        raise click.ClickException(str(exc)) from exc


@bench.command("beam")
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@run_options
def beam(path: Path, **opts: Any) -> None:
    """Run on BEAM: a size folder (100K/ ...), one chat folder or a chat.json (--limit: first N questions per chat)."""
    try:
        beam_run = BeamRun(limit=opts["limit"])
        execute("beam", beam_chats(path), opts, runner=beam_run, extend=beam_run.extend)
    except RippleMemError as exc:
        raise click.ClickException(str(exc)) from exc


@bench.command("plot")
@click.argument("reports", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True, help="Image file to write.")
@click.option("--category", default="overall", show_default=True, help="Which category's curve to draw.")
def plot(reports: tuple[Path, ...], out: Path, category: str) -> None:
    """Draw recall against budget (250 to 3000 tokens) for each report's method."""
    from ripplemem.bench.plot import plot_curves

    try:
        target = plot_curves(reports, out, category=category)
    except RippleMemError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"wrote {target}")


bench.add_command(scale_command)
bench.add_command(chains_command)
bench.add_command(selection_command)
bench.add_command(audit_command)
bench.add_command(supersede_command)
bench.add_command(same_memories_command)
bench.add_command(ingest_speed_command)

main = bench

if __name__ == "__main__":
    bench()
