"""``ripplemem bench audit``: what the write path kept, checked against the questions and the turns.

For each conversation (a fresh store, the default settings, the public API only):

- **coverage**: the share of the questions' gold evidence turns that a *current* memory
  cites (a turn dropped as small talk, or cited only by a memory later closed as outdated,
  counts as a miss); the misses are listed;
- **fidelity**: memories stating a number or a name that neither their source turns nor the
  conversation's speakers nor the dates those turns imply account for (``ground.facts``,
  the dates read as the write path's own check reads them: ``write.fidelity.implied_dates``);
- **size**: memories per turn, and how many were superseded.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import click

from ripplemem.formats import Conversation, load_locomo, load_longmemeval, session_messages
from ripplemem.ground.facts import unsupported
from ripplemem.ground.timeparse import span_label


def _time_words(record: dict[str, Any]) -> list[str]:
    """The dates a memory may state without its turns saying them: its grounded time and
    the session it was said in (both from the session timestamp)."""
    from datetime import datetime

    from ripplemem.types import TimeSpan

    out = []
    if record.get("time"):
        start, end = (datetime.fromisoformat(t) for t in record["time"])
        out.append(span_label(TimeSpan(start, end)))
    if record.get("mentioned_at"):
        day = datetime.fromisoformat(record["mentioned_at"])
        out.append(span_label(TimeSpan.day(day)))
    return out


def _implied_dates(sources: list[str], record: dict[str, Any]) -> list[str]:
    """The dates the source turns imply, resolved against the day they were said (the write
    path's own check, ``write.fidelity.implied_dates``)."""
    from datetime import datetime

    from ripplemem.write.fidelity import implied_dates

    if not record.get("mentioned_at"):
        return []
    return implied_dates(sources, datetime.fromisoformat(record["mentioned_at"]))


def audit_conversation(conv: Conversation, folder: Path) -> dict[str, Any]:
    import ripplemem

    gold = sorted({g for q in conv.questions if q.scored for g in q.gold})
    with ripplemem.Memory.open(str(folder / f"{abs(hash(conv.id))}.db")) as memory:
        for session in conv.sessions:
            memory.add(session_messages(session), user_id=conv.id, session_id=session.session_id, session_time=session.time)
        records = list(memory.export(user_id=conv.id))
    turns = {r["turn_id"]: r for r in records if r["kind"] == "turn"}
    units = [r for r in records if r["kind"] == "unit"]
    current = {s for u in units if u["valid_to"] is None for s in u["sources"]}
    speakers = sorted({t["speaker"] for t in turns.values()} | set(conv.speakers))
    unfaithful = []
    for u in units:
        sources = [turns[s]["text"] + " " + (turns[s]["image_caption"] or "") for s in u["sources"] if s in turns]
        implied = _implied_dates(sources, u)
        missing = unsupported(u["restatement"], [*sources, " ".join(speakers), *_time_words(u), *implied])
        if missing:
            unfaithful.append({"id": u["id"], "memory": u["restatement"], "missing": missing, "sources": u["sources"]})
    return {
        "id": conv.id,
        "turns": len(turns),
        "memories": len(units),
        "superseded": sum(1 for u in units if u["valid_to"] is not None),
        "gold": len(gold),
        "gold_cited": sum(1 for g in gold if g in current),
        "missed": [g for g in gold if g not in current],
        "unfaithful": unfaithful,
    }


@click.command("audit")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--limit", type=click.IntRange(min=1), default=None, help="LongMemEval: the first N haystacks.")
@click.option("--show", type=click.IntRange(min=0), default=10, show_default=True, help="Misses and unfaithful memories listed.")
def audit_command(paths: tuple[Path, ...], limit: int | None, show: int) -> None:
    """Coverage of the gold evidence by current memories, and facts not in their sources."""
    conversations: list[Conversation] = []
    for path in paths:
        if path.name.endswith((".json.gz",)) or "longmemeval" in path.name:
            conversations += load_longmemeval(path, limit)
        else:
            conversations += load_locomo([path])
    rows = []
    with tempfile.TemporaryDirectory(prefix="ripplemem-audit-") as folder:
        for conv in conversations:
            rows.append(audit_conversation(conv, Path(folder)))
    gold = sum(r["gold"] for r in rows)
    cited = sum(r["gold_cited"] for r in rows)
    turns = sum(r["turns"] for r in rows)
    memories = sum(r["memories"] for r in rows)
    unfaithful = [u for r in rows for u in r["unfaithful"]]
    click.echo(f"conversations {len(rows)} · turns {turns} · memories {memories} ({memories / max(turns, 1):.2f} per turn)"
               f" · superseded {sum(r['superseded'] for r in rows)}")
    click.echo(f"gold evidence turns cited by a current memory: {cited} / {gold} = {cited / max(gold, 1):.4f}")
    misses = [f"{r['id']}:{g}" for r in rows for g in r["missed"]]
    click.echo(f"missed: {', '.join(misses[:show])}{' ...' if len(misses) > show else ''}")
    click.echo(f"memories with a number or name not in their sources: {len(unfaithful)} of {memories}")
    for u in unfaithful[:show]:
        click.echo(f"  {u['sources']} {u['missing']}: {u['memory'][:160]}")
