"""The CLI: every command has help text; keys create / list / revoke."""

from __future__ import annotations

from pathlib import Path

import click
from click.testing import CliRunner

from ripplemem.interfaces.cli import cli
from ripplemem.interfaces.keys import KeyStore


def walk(command: click.Command, path: str = "ripplemem") -> list[tuple[str, click.Command]]:
    found = [(path, command)]
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            found += walk(sub, f"{path} {name}")
    return found


def test_every_command_and_option_has_help() -> None:
    commands = walk(cli)
    names = {path for path, _ in commands}
    assert {"ripplemem serve", "ripplemem mcp", "ripplemem keys create", "ripplemem keys list",
            "ripplemem keys revoke"} <= names
    for path, command in commands:
        assert (command.help or "").strip(), f"{path} has no help text"
        for param in command.params:
            if isinstance(param, click.Option):
                assert (param.help or "").strip(), f"{path} {param.opts} has no help text"
    runner = CliRunner()
    for path, _ in commands:
        result = runner.invoke(cli, [*path.split()[1:], "--help"])
        assert result.exit_code == 0 and "Usage:" in result.output, path


def test_keys_create_list_revoke(tmp_path: Path) -> None:
    db = str(tmp_path / "k.db")
    runner = CliRunner()
    created = runner.invoke(cli, ["--db", db, "keys", "create", "--user", "alice", "--label", "laptop"])
    assert created.exit_code == 0, created.output
    secret = created.stdout.strip()
    assert secret.startswith("rm_") and "not shown again" in created.stderr
    keys = KeyStore(db)
    try:
        who = keys.verify(secret)
        assert who is not None and who.user_id == "alice" and not who.admin
        key_id = keys.list()[0].id
    finally:
        keys.close()
    listed = runner.invoke(cli, ["keys", "--db", db, "list"])
    assert key_id in listed.output and "alice" in listed.output and secret not in listed.output
    assert runner.invoke(cli, ["keys", "--db", db, "revoke", key_id]).exit_code == 0
    assert runner.invoke(cli, ["keys", "--db", db, "revoke", key_id]).exit_code != 0
    keys = KeyStore(db)
    try:
        assert keys.verify(secret) is None
    finally:
        keys.close()
    empty = runner.invoke(cli, ["--db", db, "keys", "create", "--user", " "])
    assert empty.exit_code == 2 and "user_id" in empty.output
