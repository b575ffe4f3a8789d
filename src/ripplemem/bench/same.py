"""``ripplemem bench same-memories``: one ``add`` per session against the bulk import.

Ingests one LoCoMo conversation twice into fresh SQLite files, once with an ``add`` per
session and once with ``add_sessions`` over ``--workers`` processes (ids read from content;
any random one numbered: ``fingerprint.counted_ids``), and compares what they stored: every memory's text,
layer, sources and fields, and every edge. ``--save`` keeps the fingerprint of the first
ingest and ``--against`` compares it with one saved earlier (by another version of the
library, say), so a change of speed can be shown to store the same memories.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

import click

from ripplemem.bench.fingerprint import counted_ids, differences, fingerprint
from ripplemem.config import Settings, load_settings
from ripplemem.errors import RippleMemError
from ripplemem.formats import Conversation, load_locomo, session_messages

SCOPE = "same"


def _sessions(conversation: Conversation) -> list[dict[str, Any]]:
    return [
        {"messages": session_messages(s), "session_id": s.session_id, "session_time": s.time}
        for s in conversation.sessions
    ]


def ingest_twice(conversation: Conversation, workers: int, settings: Settings | None = None) -> dict[str, Any]:
    """Both ingests of ``conversation``: their fingerprints and seconds."""
    import ripplemem

    settings = settings or load_settings()
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="ripplemem-same-") as folder:
        for mode in ("add", "bulk"):
            url = str(Path(folder) / f"{mode}.db")
            with ripplemem.Memory.open(url, settings=settings.replace(db=url)) as memory, counted_ids():
                if mode == "bulk":  # the workers start (and load their models) outside the timing
                    memory.add_sessions([{"messages": [{"speaker": "A", "text": "Warming up.", "id": "w:1"}]}],
                                        user_id="warm", workers=workers)
                started = time.perf_counter()
                if mode == "add":
                    for s in _sessions(conversation):
                        memory.add(s["messages"], user_id=SCOPE, session_id=s["session_id"],
                                   session_time=s["session_time"])
                else:
                    memory.add_sessions(_sessions(conversation), user_id=SCOPE, workers=workers)
                out[f"{mode}_seconds"] = round(time.perf_counter() - started, 2)
                out[mode] = fingerprint(memory, SCOPE)
    return out


@click.command("same-memories")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--workers", type=click.IntRange(min=1), default=2, show_default=True,
              help="Worker processes of the bulk import.")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the fingerprint of the one-add-per-session ingest here.")
@click.option("--against", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Compare the one-add-per-session ingest with a fingerprint saved earlier.")
def same_memories_command(path: Path, workers: int, save: Path | None, against: Path | None) -> None:
    """Ingest a LoCoMo conversation by add() per session and by the bulk import; compare what they stored."""
    try:
        conversation = load_locomo([path])[0]
        result = ingest_twice(conversation, workers)
    except RippleMemError as exc:
        raise click.ClickException(str(exc)) from exc
    added = result["add"]
    if save is not None:
        save.write_text(json.dumps(added) + "\n", encoding="utf-8")
    checks = [("bulk import", differences(added, result["bulk"]))]
    if against is not None:
        checks.append((f"saved {against.name}", differences(json.loads(against.read_text(encoding="utf-8")), added)))
    click.echo(f"{conversation.id}: {len(added['memories'])} memories, {len(added['edges'])} edges; "
               f"add per session {result['add_seconds']} s, bulk import ({workers} workers) {result['bulk_seconds']} s")
    failed = False
    for name, found in checks:
        click.echo(f"{name}: " + ("same memories, same edges" if not found else "DIFFERENT"))
        for line in found:
            click.echo(f"  {line}")
        failed = failed or bool(found)
    if failed:
        raise SystemExit(1)
