"""``ripplemem bench ingest-speed``: ripple's ingest against the raw hybrid's, in one run.

On a shared machine a figure from one run cannot be compared with a figure from another:
the load moves by a factor of two within minutes. So the methods take turns on each
conversation (the hybrid, then ripple one session at a time, then ripple's bulk import
over ``--workers`` processes, when asked) and the report gives each one's seconds and
their ratios over the same conversations, in wall seconds and in CPU seconds of the
process (its model threads included; worker processes are not counted, so the CPU ratio
is given for ripple without workers). CPU seconds move much less with the machine's load.
The models are loaded (and the workers started) before the first timing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from ripplemem.bench.baselines import HybridMethod
from ripplemem.bench.ripple import RippleMethod, ripple_settings
from ripplemem.errors import RippleMemError
from ripplemem.formats import Conversation, beam_chats, load_locomo, load_longmemeval


def _conversations(kind: str, path: Path, limit: int | None) -> list[Conversation]:
    if kind == "longmemeval":
        return load_longmemeval(path, limit=limit)
    if kind == "beam":
        return [chat.conversation(None) for chat in beam_chats(path)][:limit]
    return load_locomo([path])[:limit]


def time_ingests(conversations: Sequence[Conversation], workers: Sequence[int]) -> dict[str, Any]:
    """Seconds of each method on each conversation, the methods taking turns."""
    settings = ripple_settings()
    methods: dict[str, Any] = {"hybrid": HybridMethod(settings)}
    for n in workers:
        methods[f"ripple_w{n}"] = RippleMethod(settings, workers=n)
    for method in methods.values():
        method.warm()
    rows = []
    for conv in conversations:
        row: dict[str, Any] = {"id": conv.id, "turns": sum(len(s.turns) for s in conv.sessions),
                               "characters": sum(len(t.text) for s in conv.sessions for t in s.turns)}
        for name, method in methods.items():
            started, cpu_started = time.perf_counter(), time.process_time()
            method.ingest(conv)
            row[name] = round(time.perf_counter() - started, 2)
            row[f"{name}_cpu"] = round(time.process_time() - cpu_started, 2)  # this process's threads, not the workers'
            method.close()
        rows.append(row)
        click.echo(json.dumps(row), err=True)
    totals = {name: round(sum(r[name] for r in rows), 2) for name in methods}
    cpu = {name: round(sum(r[f"{name}_cpu"] for r in rows), 2) for name in methods}
    ratios = {f"{name}/hybrid": round(totals[name] / totals["hybrid"], 2) for name in methods if name != "hybrid"}
    cpu_ratios = {f"{name}/hybrid": round(cpu[name] / cpu["hybrid"], 2) for name in methods if name == "ripple_w1"}
    return {"conversations": rows, "seconds": totals, "cpu_seconds": cpu, "ratios": ratios, "cpu_ratios": cpu_ratios}


@click.command("ingest-speed")
@click.argument("kind", type=click.Choice(("longmemeval", "beam", "locomo")))
@click.argument("path", type=click.Path(exists=True, path_type=Path))
@click.option("--limit", type=click.IntRange(min=1), default=None, help="The first N conversations (haystacks, chats).")
@click.option("--workers", "workers", type=click.IntRange(min=1), multiple=True, default=(1,), show_default=True,
              help="ripple with this many bulk-import workers (repeat the option for several).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Write the JSON here.")
def ingest_speed_command(kind: str, path: Path, limit: int | None, workers: tuple[int, ...], out: Path | None) -> None:
    """Time ripple's ingest against the raw hybrid's on the same conversations, taking turns."""
    try:
        result = time_ingests(_conversations(kind, path, limit), workers)
    except RippleMemError as exc:
        raise click.ClickException(str(exc)) from exc
    if out is not None:
        out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    names = list(result["seconds"])
    click.echo("| conversation | turns | " + " | ".join(f"{n} s" for n in names) + " |")
    click.echo("|---|---|" + "---|" * len(names))
    for row in result["conversations"]:
        click.echo(f"| {row['id']} | {row['turns']} | " + " | ".join(str(row[n]) for n in names) + " |")
    click.echo("| **total** | | " + " | ".join(str(result["seconds"][n]) for n in names) + " |")
    click.echo("\nwall: " + ", ".join(f"{k} = {v}" for k, v in result["ratios"].items()))
    click.echo("CPU of this process (the hybrid, ripple without workers): "
               + ", ".join(f"{k} = {v} ({result['cpu_seconds'][k.split('/')[0]]} s)" for k, v in result["cpu_ratios"].items()))
