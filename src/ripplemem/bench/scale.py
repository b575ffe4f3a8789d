"""``ripplemem bench scale``: insert cost and recall latency as a scope grows.

For each size a fresh store is bulk-loaded with synthetic memories
(:mod:`ripplemem.bench.scale_data`) straight through the backend's fastest path
(:mod:`ripplemem.bench.scale_stores`: SQLite transactions of ``--batch`` units, or binary
``COPY`` into PostgreSQL and one HNSW build after). The store then records the real default
embedder, and ``Memory`` opens it like any other: the timed ``add()`` calls (a four-turn
dialogue session each) and ``recall()`` calls (no LLM) run the real write and read paths
(:mod:`ripplemem.bench.scale_timing`).

On SQLite, above ``ann_threshold`` units the dense view is an HNSW index built on a background
thread; it is built (and timed) before the timed calls start. On PostgreSQL the HNSW index is
built (and timed) right after the load.

``--locomo PATH`` also ingests one LoCoMo conversation through ``Memory.add`` and times
recalls of its questions. ``--session-turns 1000,100000`` also times add and recall on ONE
session of that many turns (:mod:`ripplemem.bench.scale_session`).
"""

from __future__ import annotations

import json
import os
import platform
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from ripplemem.bench.scale_data import SESSION_UNITS, Synth
from ripplemem.bench.scale_session import markdown_rows, run_session
from ripplemem.bench.scale_stores import EMBEDDED, Backend, open_backend
from ripplemem.bench.scale_timing import AS_OF, TimedEmbedder, loadavg, percentile, profiled, time_calls, workload
from ripplemem.config import Settings
from ripplemem.errors import RippleMemError
from ripplemem.providers.embed.base import Embedder
from ripplemem.store.base import Store
from ripplemem.types import Scope

__all__ = ["markdown", "percentile", "run_scale", "scale_command"]

# ---------------------------------------------------------------- one size


@dataclass(frozen=True)
class ScaleConfig:
    inserts: int = 200
    recalls: int = 200
    batch: int = 2000
    seed: int = 7
    ann_threshold: int = Settings().ann_threshold
    profile_dir: Path | None = None
    profile_calls: int = 20
    store: str = "sqlite"
    pg_maintenance_work_mem: str = "4GB"
    reuse: bool = False
    session_calls: int = 20


def run_size(
    size: int, backend: Backend, cfg: ScaleConfig, embedder: Embedder, progress: Callable[[str], None] = lambda _: None
) -> dict[str, Any]:
    """Bulk-load a fresh store to ``size`` units, then time ``add`` and ``recall`` on it.

    Each phase's timing also goes to ``progress`` as it ends (a run cut short keeps them)."""
    from ripplemem.memory import Memory

    scope = Scope(f"scale-{size}")
    with backend.target(f"scale-{size}") as url:
        load = backend.load(url, scope, Synth.create(embedder, cfg.seed + size), size, cfg.batch, embedder)
        progress(f"{backend.kind}, size {size}: loaded {json.dumps(load)}")
        timed = TimedEmbedder(embedder)
        memory = Memory.open(settings=Settings(db=url, ann_threshold=cfg.ann_threshold), embedder=timed)
        try:
            index = _warm_index(memory.store, scope, embedder)
            progress(f"{backend.kind}, size {size}: vector index ready {json.dumps(index)}")
            # on a reused store: new sessions and new content (not merges into the last run's)
            held = int(load.get("reused_units") or 0)
            run, seed = (f"on{held}-", cfg.seed + held) if held else ("", cfg.seed)
            inserts, recalls = workload(memory, timed, scope.user_id, cfg.inserts, cfg.recalls, seed, run=run)
            progress(f"{backend.kind}, size {size}: insert {json.dumps(inserts.summary())}")
            progress(f"{backend.kind}, size {size}: recall {json.dumps(recalls.summary())}")
            if cfg.profile_dir is not None:
                with profiled(cfg.profile_dir / f"insert-{backend.kind}-{size}.prof"):
                    workload(memory, timed, scope.user_id, cfg.profile_calls, 0, seed + 1, warm=0, run=run)
                with profiled(cfg.profile_dir / f"recall-{backend.kind}-{size}.prof"):
                    workload(memory, timed, scope.user_id, 0, cfg.profile_calls, seed + 2, warm=0, run=run)
            units_after = memory.store.count_units(scope)
        finally:
            memory.close()
        size_bytes = backend.db_bytes(url)
    index_build = load.get("index_build_s", index["ann_build_s"])
    return {
        "size": size, "backend": backend.kind, "units_after": units_after, **load, **index,
        "index_build_s": index_build, "db_bytes": size_bytes, "insert": inserts.summary(),
        "recall": recalls.summary(), "loadavg": loadavg(),
    }  # fmt: skip


def _warm_index(store: Store, scope: Scope, embedder: Embedder) -> dict[str, Any]:
    """Load the scope's vectors (first dense search) and wait for an ANN build, timing both."""
    probe = embedder.embed(["warming up the vector index"])[0]
    start = time.perf_counter()
    store.dense_search(scope, probe, 1)
    loaded = time.perf_counter()
    flush = getattr(store, "flush_indexes", None)
    if callable(flush):
        flush()
    built = time.perf_counter()
    state_of = getattr(store, "vector_index_state", None)
    state = state_of(scope) if callable(state_of) else {}
    mode = str(state.get("mode", "?"))
    return {
        "vector_load_s": round(loaded - start, 2),
        "ann_build_s": round(built - loaded, 2) if mode == "ann" else None,
        "index_mode": mode,
    }


# ---------------------------------------------------------------- one LoCoMo conversation


def run_locomo(path: Path, backend: Backend, cfg: ScaleConfig, embedder: Embedder) -> dict[str, Any]:
    """Ingest the first conversation of ``path`` session by session; time recalls of its questions."""
    from ripplemem.formats import load_locomo, session_messages
    from ripplemem.memory import Memory

    conversation = load_locomo([path])[0]
    user = conversation.id
    with backend.target("scale-locomo") as db:
        timed = TimedEmbedder(embedder)
        memory = Memory.open(settings=Settings(db=db, ann_threshold=cfg.ann_threshold), embedder=timed)
        try:
            ingest = time_calls(len(conversation.sessions), timed, lambda i: len(memory.add(
                session_messages(conversation.sessions[i]), user_id=user,
                session_id=conversation.sessions[i].session_id, session_time=conversation.sessions[i].time)))
            questions = conversation.questions[: cfg.recalls] if cfg.recalls else conversation.questions
            recalls = time_calls(len(questions), timed, lambda i: len(memory.recall(
                questions[i].question, user_id=user, as_of=questions[i].as_of).items))
            units = memory.store.count_units(Scope(user))
        finally:
            memory.close()
        size_bytes = backend.db_bytes(db)
    turns = sum(len(s.turns) for s in conversation.sessions)
    return {
        "conversation": conversation.id, "sessions": len(conversation.sessions), "turns": turns, "units": units,
        "ingest_s": round(sum(ingest.total), 2), "session_add": ingest.summary(), "recall": recalls.summary(),
        "db_bytes": size_bytes, "loadavg": loadavg(),
    }  # fmt: skip


# ---------------------------------------------------------------- the whole run


def run_scale(
    sizes: Sequence[int], cfg: ScaleConfig, *, workdir: Path | None = None, locomo: Path | None = None,
    session_turns: Sequence[int] = (), progress: Callable[[str], None] = lambda _: None, checkpoint: Callable[[dict[str, Any]], None] = lambda _: None,
) -> dict[str, Any]:
    """Every size (in order), then the LoCoMo conversation; the report as a JSON-able dict.

    ``checkpoint`` receives the report after each size (a long run keeps what it measured)."""
    from ripplemem.providers.embed import make_embedder

    embedder = make_embedder(Settings())
    embedder.embed(["load the model"])
    report: dict[str, Any] = {
        "benchmark": "scale",
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
                    "loadavg_start": loadavg()},
        "settings": {"inserts": cfg.inserts, "recalls": cfg.recalls, "batch": cfg.batch, "seed": cfg.seed,
                     "ann_threshold": cfg.ann_threshold, "embedder": embedder.name, "turns_per_add": 4,
                     "pool": Settings().graph.pool, "as_of": AS_OF.isoformat(), "store": _public(cfg.store),
                     "reuse": cfg.reuse},
        "sizes": [],
    }  # fmt: skip
    with _workdir(workdir) as where, open_backend(
        cfg.store, where, reuse=cfg.reuse, maintenance_work_mem=cfg.pg_maintenance_work_mem
    ) as backend:
        report["backend"] = backend.describe()
        for size in sizes:
            progress(f"{backend.kind}, size {size}: bulk load, index, {cfg.inserts} inserts, {cfg.recalls} recalls")
            report["sizes"].append(run_size(size, backend, cfg, embedder, progress))
            checkpoint(report)
        if locomo is not None:
            progress(f"LoCoMo: {locomo}")
            report["locomo"] = run_locomo(locomo, backend, cfg, embedder)
        for turns in session_turns:
            report.setdefault("sessions", []).append(
                run_session(turns, backend, cfg.session_calls, cfg.seed, embedder, progress))
            checkpoint(report)
    report["machine"]["loadavg_end"] = loadavg()
    return report


def _public(store: str) -> str:
    """``--store`` without a password."""
    if store in ("sqlite", EMBEDDED):
        return store
    from ripplemem.store.postgres.driver import public_url

    return str(public_url(store))


@contextmanager
def _workdir(path: Path | None) -> Iterator[Path]:
    if path is not None:
        path.mkdir(parents=True, exist_ok=True)
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="ripplemem-scale-") as tmp:
        yield Path(tmp)


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown tables (medians and nearest-rank p95, milliseconds)."""
    m = report["machine"]
    backend = report.get("backend", {}).get("kind", report["settings"].get("store", "sqlite"))
    lines = [
        f"Scale benchmark on {backend}: {report['settings']['inserts']} inserts (4-turn sessions), "
        f"{report['settings']['recalls']} recalls (no LLM) per size; {m['cpus']} CPUs; "
        f"load average at start {_load(m['loadavg_start'])}, at end {_load(m.get('loadavg_end', []))}.",
        "",
    ]
    if report["sizes"]:
        lines += [
            "| units in scope | insert p50 ms | insert p95 ms | of which embed p50 ms | units/insert "
            "| insert CPU p50 ms | recall p50 ms | recall p95 ms | of which embed p50 ms | recall CPU p50 ms "
            "| bulk load s | vectors load s | vector index build s | db MB | load avg |",
            "|" + "---|" * 15,
        ]
        for row in report["sizes"]:
            ins, rec = row["insert"], row["recall"]
            built = row.get("index_build_s", row["ann_build_s"])
            ann = "exact" if built is None else f"{built:.1f}"
            lines.append(
                f"| {row['size']:,} | {ins.get('p50_ms', '-')} | {ins.get('p95_ms', '-')} | {ins.get('embed_p50_ms', '-')} "
                f"| {ins.get('mean_count', '-')} | {ins.get('cpu_p50_ms', '-')} | {rec.get('p50_ms', '-')} "
                f"| {rec.get('p95_ms', '-')} | {rec.get('embed_p50_ms', '-')} | {rec.get('cpu_p50_ms', '-')} "
                f"| {_seconds(row['bulk_load_s'])} | {row['vector_load_s']:.2f} | {ann} "
                f"| {row['db_bytes'] / 1e6:.1f} | {_load(row['loadavg'])} |"
            )
    loc = report.get("locomo")
    if loc:
        add, rec = loc["session_add"], loc["recall"]
        lines += [
            "",
            "| LoCoMo conversation | sessions | turns | units | ingest s | add p50 ms (per session) "
            "| recall n | recall p50 ms | recall p95 ms | of which embed p50 ms |",
            "|" + "---|" * 10,
            f"| {loc['conversation']} | {loc['sessions']} | {loc['turns']} | {loc['units']} | {loc['ingest_s']} "
            f"| {add.get('p50_ms', '-')} | {rec['n']} | {rec.get('p50_ms', '-')} | {rec.get('p95_ms', '-')} "
            f"| {rec.get('embed_p50_ms', '-')} |",
        ]
    lines += markdown_rows(report.get("sessions", []))
    return "\n".join(lines)


def _seconds(value: float | None) -> str:
    return "reused" if value is None else f"{value:.1f}"


def _load(values: Sequence[float]) -> str:
    return "/".join(f"{v:.2f}" for v in values) if values else "n/a"


# ---------------------------------------------------------------- the command


def _sizes(_ctx: click.Context, _param: click.Parameter, value: str) -> list[int]:
    try:
        sizes = [int(part.replace("_", "")) for part in value.split(",") if part.strip()]
    except ValueError as exc:
        raise click.BadParameter(f"expected comma-separated unit counts, got {value!r}") from exc
    if any(n <= 0 for n in sizes):
        raise click.BadParameter("sizes must be positive")
    return sizes


@click.command("scale")
@click.option("--sizes", default="1000,10000,100000", show_default=True, callback=_sizes,
              help="Units bulk-loaded into the scope before timing, comma-separated ('' for none).")
@click.option("--inserts", type=click.IntRange(min=1), default=200, show_default=True,
              help="Timed add() calls per size (one 4-turn session each).")
@click.option("--recalls", type=click.IntRange(min=1), default=200, show_default=True,
              help="Timed recall() calls per size (and at most this many LoCoMo questions).")
@click.option("--batch", type=click.IntRange(min=SESSION_UNITS), default=2000, show_default=True,
              help="Units per bulk-load transaction.")
@click.option("--ann-threshold", type=click.IntRange(min=1), default=Settings().ann_threshold, show_default=True,
              help="Units in a scope before the ANN index replaces exact search.")
@click.option("--locomo", type=click.Path(exists=True, path_type=Path), default=None,
              help="Also ingest the first conversation of this LoCoMo file and time recalls of its questions.")
@click.option("--workdir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Keep the database files here (default: a temporary folder, removed afterwards).")
@click.option("--reuse", is_flag=True,
              help="sqlite with --workdir: time again the stores a previous run left there (no bulk load).")
@click.option("--profile", "profile_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Also write cProfile stats of 20 extra inserts and recalls per size to this folder.")
@click.option("--seed", type=int, default=7, show_default=True, help="Seed of the synthetic data and workload.")
@click.option("--store", default="sqlite", show_default=True,
              help=f"sqlite, a postgresql:// URL (a fresh schema per size, dropped after), or {EMBEDDED} "
                   "(a PostgreSQL + pgvector server started in a temporary folder for the run).")
@click.option("--pg-maintenance-work-mem", default="4GB", show_default=True,
              help="PostgreSQL: maintenance_work_mem for building the HNSW index after the load.")
@click.option("--session-turns", default="", callback=_sizes,
              help="Also time add and recall on ONE session of each of these turn counts, comma-separated.")
@click.option("--session-calls", type=click.IntRange(min=1), default=20, show_default=True,
              help="Timed add() and recall() calls per --session-turns size.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Write the JSON report here.")
def scale_command(sizes: list[int], out: Path | None, workdir: Path | None, locomo: Path | None,
                  session_turns: list[int], **opts: Any) -> None:
    """Insert cost and recall latency on scopes of growing size (synthetic bulk load)."""
    cfg = ScaleConfig(**opts)
    if not sizes and locomo is None and not session_turns:
        raise click.UsageError("nothing to run: give --sizes, --locomo or --session-turns")
    console = Console(stderr=True)

    def save(report: dict[str, Any]) -> None:
        if out is not None:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")

    try:
        report = run_scale(sizes, cfg, workdir=workdir, locomo=locomo, session_turns=session_turns,
                           progress=console.log, checkpoint=save)
    except RippleMemError as exc:
        raise click.ClickException(str(exc)) from exc
    save(report)
    click.echo(markdown(report))
