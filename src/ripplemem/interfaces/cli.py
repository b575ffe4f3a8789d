"""The ``ripplemem`` command line: thin, it parses, calls the API and formats."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

from ..errors import RippleMemError
from ..formats import read_conversations
from ..memory import Memory
from .render import evidence_json, print_evidence, print_trace, scope_json


def _open(ctx: click.Context) -> Memory:
    obj = ctx.ensure_object(dict)
    if "memory" not in obj:
        overrides: dict[str, Any] = {}
        if obj.get("reembed"):
            overrides["reembed"] = True
        from ..config import load_settings

        settings = load_settings({"db": obj.get("db"), **overrides}, file=obj.get("config"))
        obj["memory"] = Memory.open(settings=settings)
        ctx.call_on_close(obj["memory"].close)
    memory: Memory = obj["memory"]
    return memory


class _Group(click.Group):
    """Turns ripplemem errors into one clear line and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except RippleMemError as exc:
            click.echo(f"error: {type(exc).__name__}: {exc}", err=True)
            ctx.exit(2)


@click.group(cls=_Group)
@click.option("--db", envvar="RIPPLEMEM_DB", default="./ripplemem.db", show_default=True,
              help="SQLite file (or store URL) to use.")
@click.option("--config", "config", envvar="RIPPLEMEM_CONFIG", default=None, help="TOML settings file.")
@click.option("--reembed", is_flag=True, help="Rebuild the store if it was built with another embedder.")
@click.pass_context
def cli(ctx: click.Context, db: str, config: str | None, reembed: bool) -> None:
    """ripplemem: long-term memory for LLM agents."""
    ctx.ensure_object(dict).update(db=db, config=config, reembed=reembed)


@cli.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--user", default=None, help="Put everything in this one scope (default: one per conversation).")
@click.option("--limit", type=int, default=None, help="LongMemEval: only the first N haystacks.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Extract and embed in this many worker processes (the same memories as one by one).")
@click.pass_context
def ingest(ctx: click.Context, file: Path, user: str | None, limit: int | None, workers: int) -> None:
    """Ingest a LoCoMo JSON (either layout), a LongMemEval JSON/.json.gz, or a JSONL of turns."""
    from rich.progress import Progress

    memory = _open(ctx)
    conversations = read_conversations(file, limit)
    total = sum(len(s.turns) for c in conversations for s in c.sessions)
    added = skipped = events = 0
    with Progress(transient=True, console=None) as progress:
        task = progress.add_task("ingesting", total=total)

        def sessions(conv: Any) -> Iterator[dict[str, Any]]:
            for session in conv.sessions:
                yield {"messages": session.messages, "session_id": session.session_id, "session_time": session.time}
                progress.advance(task, len(session.turns))

        for conv in conversations:
            result = memory.add_sessions(sessions(conv), user_id=user or conv.id, workers=workers)
            added += result.turns_added
            skipped += result.turns_skipped
            events += len(result)
    click.echo(f"{added} turns added, {skipped} already stored, {events} memory events "
               f"({len(conversations)} conversation(s))")


def _scope_options(required: bool = True) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--user`` / ``--agent`` / ``--run``, passed as ``user_id`` / ``agent_id`` / ``run_id``: a query
    with the user alone sees every agent and run of the user; with an agent, that agent's runs."""

    def wrap(command: Callable[..., Any]) -> Callable[..., Any]:
        command = click.option("--run", "run_id", default=None, help="The run (narrows to that run).")(command)
        command = click.option("--agent", "agent_id", default=None, help="The agent (narrows to that agent).")(command)
        return click.option("--user", "user_id", required=required, default=None, help="The user id.")(command)

    return wrap


def _json_option(name: str, help_text: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return click.option(f"--{name}", name, default=None, callback=_parse_json, help=help_text + " (JSON object).")


def _parse_json(ctx: click.Context, param: click.Parameter, value: str | None) -> dict[str, Any] | None:
    if value is None:
        return None
    try:
        parsed = json.loads(value)
    except ValueError as exc:
        raise click.BadParameter(f"not JSON: {exc}") from exc
    if not isinstance(parsed, dict):
        raise click.BadParameter("expected a JSON object")
    return parsed


_FILTERS_HELP = ("What to keep: {\"metadata\": {key: value or {\"in\": [...]}}, \"since\", \"until\", \"layer\", "
                 "\"current_only\"}")


@cli.command()
@click.argument("text")
@_scope_options()
@click.option("--speaker", default="user", show_default=True, help="Who said it (a name, or the chat role user).")
@click.option("--session", "session_id", default=None, help="The session it belongs to.")
@click.option("--time", "session_time", default=None, help="When it was said (ISO 8601); default now.")
@_json_option("metadata", "Kept on the memories it produces")
@click.option("--no-infer", is_flag=True, help="Store the message as written (no extraction).")
@click.pass_context
def add(ctx: click.Context, text: str, user_id: str, agent_id: str | None, run_id: str | None, speaker: str,
        session_id: str | None, session_time: str | None, metadata: dict[str, Any] | None, no_infer: bool) -> None:
    """Remember one message (TEXT said by --speaker)."""
    message = {"role": speaker, "content": text} if speaker in ("user", "assistant") else {"speaker": speaker,
                                                                                          "text": text}
    result = _open(ctx).add([message], user_id=user_id, agent_id=agent_id, run_id=run_id, session_id=session_id,
                            session_time=session_time, metadata=metadata, infer=not no_infer)
    for e in result.events:
        click.echo(f"{e.event:<9} {e.id}  {e.memory}")
    click.echo(f"{result.turns_added} turn(s) added, {result.turns_skipped} already stored, "
               f"{len(result)} memory event(s), {result.healed} earlier turn(s) healed")


@cli.command()
@click.argument("query")
@_scope_options()
@click.option("--as-of", default=None, help="The question's date (resolves 'last week'); default now.")
@click.option("--budget", "budget", type=int, default=None, help="Token budget of the evidence.")
@click.option("--k", type=int, default=None, help="At most this many memories.")
@_json_option("filters", _FILTERS_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--trace", is_flag=True, help="Also print the recall trace (views, plan, diffusion).")
@click.pass_context
def recall(ctx: click.Context, query: str, user_id: str, agent_id: str | None, run_id: str | None, as_of: str | None,
           budget: int | None, k: int | None, filters: dict[str, Any] | None, as_json: bool, trace: bool) -> None:
    """Recall the evidence for a query, with the source turns of each memory."""
    memory = _open(ctx)
    where: dict[str, Any] = {"user_id": user_id, "agent_id": agent_id, "run_id": run_id}
    ev = memory.recall(query, as_of=as_of, budget_tokens=budget, k=k, filters=filters, **where)
    turns = memory.source_turns(ev.sources, **where)
    if as_json:
        click.echo(json.dumps(evidence_json(ev, turns, trace), indent=2, ensure_ascii=False))
        return
    print_evidence(ev, turns)
    if trace:
        print_trace(ev)


@cli.command()
@click.argument("query")
@_scope_options()
@click.option("--limit", type=int, default=10, show_default=True, help="How many memories.")
@_json_option("filters", _FILTERS_HELP)
@click.pass_context
def search(ctx: click.Context, query: str, user_id: str, agent_id: str | None, run_id: str | None, limit: int,
           filters: dict[str, Any] | None) -> None:
    """Ranked memories for a query (no planner, no budget)."""
    found = _open(ctx).search(query, user_id=user_id, agent_id=agent_id, run_id=run_id, limit=limit, filters=filters)
    for item in found:
        click.echo(f"{item.score:.3f}  {item.render()}  [{', '.join(item.sources)}]  ({item.id})")


@cli.command("list")
@_scope_options()
@click.option("--limit", type=int, default=20, show_default=True, help="How many memories.")
@_json_option("filters", _FILTERS_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print JSON lines (with metadata and scope).")
@click.pass_context
def list_(ctx: click.Context, user_id: str, agent_id: str | None, run_id: str | None, limit: int,
          filters: dict[str, Any] | None, as_json: bool) -> None:
    """The newest memories of a scope (and of its agents and runs)."""
    for unit in _open(ctx).list(user_id=user_id, agent_id=agent_id, run_id=run_id, limit=limit, filters=filters):
        if as_json:
            click.echo(json.dumps({"id": unit.id, "text": unit.restatement, "layer": unit.layer,
                                   "sources": list(unit.sources), "metadata": dict(unit.metadata),
                                   "scope": scope_json(unit.scope)}, ensure_ascii=False))
        else:
            click.echo(f"{unit.id}  {unit.layer:<8} {unit.render()}  [{', '.join(unit.sources)}]")


@cli.command()
@click.option("--user", "user_id", default=None, help="Only this user's scopes.")
@click.pass_context
def scopes(ctx: click.Context, user_id: str | None) -> None:
    """The scopes the store holds (user, agent, run), one a line."""
    for scope in _open(ctx).list_scopes(user_id=user_id):
        click.echo(f"{scope.user_id}\t{scope.agent_id or '-'}\t{scope.run_id or '-'}")


@cli.command()
@click.argument("memory_id")
@_scope_options()
@click.pass_context
def history(ctx: click.Context, memory_id: str, user_id: str, agent_id: str | None, run_id: str | None) -> None:
    """What happened to one memory, oldest first."""
    for entry in _open(ctx).history(memory_id, user_id=user_id, agent_id=agent_id, run_id=run_id):
        click.echo(f"{entry.at.isoformat()}  {entry.event:<9} {entry.new_text or ''}  {entry.detail}")


@cli.command()
@click.argument("memory_id")
@click.argument("text", required=False)
@_scope_options()
@_json_option("metadata", "Replaces the memory's metadata")
@click.pass_context
def update(ctx: click.Context, memory_id: str, text: str | None, user_id: str, agent_id: str | None,
           run_id: str | None, metadata: dict[str, Any] | None) -> None:
    """Correct one memory by hand: its text becomes TEXT and/or its metadata --metadata (sources and history kept)."""
    unit = _open(ctx).update(memory_id, text, metadata=metadata, user_id=user_id, agent_id=agent_id, run_id=run_id)
    click.echo(f"updated {unit.id}  {unit.render()}" + (f"  {json.dumps(dict(unit.metadata))}" if unit.metadata else ""))


@cli.command()
@click.argument("memory_id")
@_scope_options()
@click.pass_context
def delete(ctx: click.Context, memory_id: str, user_id: str, agent_id: str | None, run_id: str | None) -> None:
    """Delete one memory (everywhere: row, vector, edges, history)."""
    _open(ctx).delete(memory_id, user_id=user_id, agent_id=agent_id, run_id=run_id)
    click.echo(f"deleted {memory_id}")


@cli.command("delete-user")
@click.argument("user")
@click.pass_context
def delete_user(ctx: click.Context, user: str) -> None:
    """Delete everything of a user: API keys, memories, vectors, edges, raw turns, history."""
    report = _open(ctx).delete_user(user)
    click.echo(f"deleted {report.units} memories, {report.turns} turns, {report.edges} edges, "
               f"{report.history} history rows of {user}")


@cli.command()
@click.option("--user", default=None, help="Only this scope.")
@click.pass_context
def stats(ctx: click.Context, user: str | None) -> None:
    """Counts of turns, memories and edges."""
    click.echo(json.dumps(_open(ctx).stats(user_id=user), indent=2, default=str))


@cli.command()
@click.option("--rebuild", is_flag=True, help="Rebuild every memory from the raw log.")
@click.pass_context
def reindex(ctx: click.Context, rebuild: bool) -> None:
    """Extract pending or failed turns again (or rebuild everything)."""
    done = _open(ctx).reindex(rebuild=rebuild)
    click.echo(f"reindexed {done['turns']} turns in {done['scopes']} scope(s)")


@cli.command()
@click.option("--user", required=True, help="The scope (user id) to maintain.")
@click.option("--as-of", default=None, help="The time ages are counted to (default now).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_context
def maintain(ctx: click.Context, user: str, as_of: str | None, as_json: bool) -> None:
    """Consolidate, re-score and forget (cold memories leave the hot indexes; nothing is deleted)."""
    report = _open(ctx).maintain(user_id=user, as_of=as_of)
    if as_json:
        click.echo(json.dumps(report.as_dict(), indent=2))
        return
    click.echo(f"read {report.units_read} memories in {report.seconds:.2f} s: {report.promoted} promoted, "
               f"{report.cooled} cooled, {report.warmed} warmed; consolidated {report.consolidated_added} new, "
               f"{report.consolidated_refreshed} refreshed; hot index {report.hot_before} -> {report.hot_after}")


@cli.command()
@click.argument("memory_id")
@click.option("--user", required=True, help="The scope (user id).")
@click.pass_context
def pin(ctx: click.Context, memory_id: str, user: str) -> None:
    """Pin one memory: it never decays (and is back in the hot indexes if it was cold)."""
    unit = _open(ctx).pin(memory_id, user_id=user)
    click.echo(f"pinned {unit.id}  {unit.render()}")


@cli.command()
@click.argument("memory_id")
@click.option("--user", required=True, help="The scope (user id).")
@click.pass_context
def unpin(ctx: click.Context, memory_id: str, user: str) -> None:
    """Unpin one memory: it decays again like any other."""
    unit = _open(ctx).unpin(memory_id, user_id=user)
    click.echo(f"unpinned {unit.id}  {unit.render()}")


@cli.command("export")
@click.option("--user", default=None, help="Only this user's scopes.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None, help="File (default stdout).")
@click.pass_context
def export_(ctx: click.Context, user: str | None, out: Path | None) -> None:
    """Export everything as JSONL (lossless: import restores it)."""
    stream = out.open("w", encoding="utf-8") if out else sys.stdout
    try:
        for record in _open(ctx).export(user_id=user):
            stream.write(json.dumps(record, ensure_ascii=False) + "\n")
    finally:
        if out:
            stream.close()


@cli.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.pass_context
def import_(ctx: click.Context, file: Path) -> None:
    """Import a JSONL export (in one transaction)."""
    from ..formats import read_jsonl_records

    counts = _open(ctx).import_records(read_jsonl_records(file))
    click.echo(", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())))


@cli.command()
@click.option("--from", "source", required=True, help="The store to copy: a SQLite path or URL, or postgresql://...")
@click.option("--to", "destination", required=True, help="The store to fill (must hold no scope unless --append).")
@click.option("--append", is_flag=True, help="Allow other scopes in the destination; skip scopes it holds "
              "identically (resumes a failed run); refuse scopes it holds differently.")
def migrate(source: str, destination: str, append: bool) -> None:
    """Copy a store to another, either backend, one transaction per scope; verified by counts and checksums."""
    from ..errors import StoreError
    from ..store import open_store, sqlite_path
    from ..store.migrate import migrate as copy_store

    path = sqlite_path(source)
    if path is not None and path != ":memory:" and not Path(path).is_file():
        raise StoreError(f"no store to migrate at {source}")
    src = open_store(source)
    try:
        dst = open_store(destination)
        try:
            report = copy_store(src, dst, append=append, progress=lambda line: click.echo(line, err=True))
        finally:
            dst.close()
    finally:
        src.close()
    click.echo(f"{src.url} -> {dst.url}: {report.summary()}")


def _mount_bench() -> None:
    from ..bench.cli import bench

    cli.add_command(bench)


_mount_bench()


def main() -> None:
    cli(prog_name="ripplemem")


# -- serving: REST, MCP, API keys ---------------------------------------------------------

_ADMIN_KEY_HELP = "The admin key (acts on every scope, mints keys); prefer the environment variable."


def _use_db(ctx: click.Context, db: str | None) -> None:
    if db:
        ctx.ensure_object(dict)["db"] = db


def _keys(ctx: click.Context, admin_key: str | None = None) -> Any:
    from ..config import load_settings
    from .keys import KeyStore

    obj = ctx.ensure_object(dict)
    db = load_settings({"db": obj.get("db")}, file=obj.get("config")).db
    keys = KeyStore(db, admin_key=admin_key)
    ctx.call_on_close(keys.close)
    return keys


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", type=int, default=8765, show_default=True, help="TCP port.")
@click.option("--db", "db", default=None, help="SQLite file (or store URL); overrides the global --db.")
@click.option("--admin-key", envvar="RIPPLEMEM_ADMIN_KEY", default=None, show_envvar=True, help=_ADMIN_KEY_HELP)
@click.option("--max-body", type=int, default=2 * 1024 * 1024, show_default=True, help="Largest request body (bytes).")
@click.option("--log-format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: one JSON line per request on stderr (method, path, status, ms, scope hash, LLM tokens).")
@click.pass_context
def serve(ctx: click.Context, host: str, port: int, db: str | None, admin_key: str | None, max_body: int,
          log_format: str) -> None:
    """Serve the REST API (every call but /health needs an API key)."""
    import uvicorn

    from .request_log import install_json_handler
    from .server import create_app, uvicorn_config

    _use_db(ctx, db)
    memory = _open(ctx)
    keys = _keys(ctx, admin_key)
    if not admin_key and not keys.list():
        click.echo("no API keys yet: create one with `ripplemem keys create --user U`", err=True)
    as_json = log_format == "json"
    if as_json:
        install_json_handler()
    app = create_app(memory, keys, max_body_bytes=max_body, request_log=as_json)
    uvicorn.Server(uvicorn_config(app, host, port, access_log=not as_json)).run()


@cli.command()
@click.option("--user", required=True, help="The user whose memory this server serves.")
@click.option("--db", "db", default=None, help="SQLite file (or store URL); overrides the global --db.")
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True,
              help="stdio (spawned by the agent) or streamable HTTP at /mcp (needs a key).")
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP: interface to listen on.")
@click.option("--port", type=int, default=8766, show_default=True, help="HTTP: TCP port.")
@click.option("--admin-key", envvar="RIPPLEMEM_ADMIN_KEY", default=None, show_envvar=True, help=_ADMIN_KEY_HELP)
@click.pass_context
def mcp(ctx: click.Context, user: str, db: str | None, transport: str, host: str, port: int,
        admin_key: str | None) -> None:
    """Serve one user's memory over MCP: tools remember, recall, forget; resource memory://recent."""
    from .mcp_server import run_mcp

    _use_db(ctx, db)
    memory = _open(ctx)
    keys = _keys(ctx, admin_key) if transport == "http" else None
    run_mcp(memory, user, transport=transport, keys=keys, host=host, port=port)


@cli.group()
@click.option("--db", "db", default=None, help="SQLite file (or store URL); overrides the global --db.")
@click.pass_context
def keys(ctx: click.Context, db: str | None) -> None:
    """Create, list and revoke API keys (stored hashed in the store's file)."""
    _use_db(ctx, db)


@keys.command("create")
@click.option("--user", required=True, help="The user the key is bound to.")
@click.option("--label", default="", help="A note to recognise the key by.")
@click.pass_context
def keys_create(ctx: click.Context, user: str, label: str) -> None:
    """Create a key bound to a user; the key is printed once, only its hash is kept."""
    info, secret = _keys(ctx).create(user, label)
    click.echo(secret)
    click.echo(f"key id {info.id} for user {info.user_id}: store it now, it is not shown again", err=True)


@keys.command("list")
@click.option("--user", default=None, help="Only this user's keys.")
@click.pass_context
def keys_list(ctx: click.Context, user: str | None) -> None:
    """List keys (ids, users, dates; never the secrets)."""
    for info in _keys(ctx).list(user):
        state = f"revoked {info.revoked_at}" if info.revoked_at else "active"
        click.echo(f"{info.id}  {info.user_id}  {info.created_at}  {state}  {info.label}")


@keys.command("revoke")
@click.argument("key_id")
@click.pass_context
def keys_revoke(ctx: click.Context, key_id: str) -> None:
    """Revoke a key by its id."""
    if not _keys(ctx).revoke(key_id):
        raise click.ClickException(f"no active key {key_id}")
    click.echo(f"revoked {key_id}")


if __name__ == "__main__":
    main()
