"""The CLI's scoped commands on a real file: one message added with --agent/--run and metadata,
narrowing on list/search/recall, scopes, update of metadata, filters, stats against export."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ripplemem.interfaces.cli import cli


def run(db: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--db", str(db), *args])
    return result.exit_code, result.output


def listed(db: Path, *args: str) -> list[dict[str, object]]:
    code, out = run(db, "list", "--json", *args)
    assert code == 0, out
    return [json.loads(line) for line in out.splitlines()]


def test_add_one_message_in_an_agent_run_and_narrow(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    code, out = run(db, "add", "I moved to Lisbon last week.", "--user", "u1", "--speaker", "Ana",
                    "--time", "2024-03-10T09:00:00", "--metadata", '{"topic": "home"}')
    assert code == 0 and "1 turn(s) added" in out and "ADD" in out, out
    code, out = run(db, "add", "Book a table at Harbor Grill for Friday.", "--user", "u1", "--agent", "planner",
                    "--run", "r1", "--no-infer", "--metadata", '{"topic": "food"}')
    assert code == 0 and "Book a table at Harbor Grill for Friday." in out, out
    everything = listed(db, "--user", "u1")
    assert {m["metadata"]["topic"] for m in everything} == {"home", "food"}  # type: ignore[index]
    planner = listed(db, "--user", "u1", "--agent", "planner")
    assert [m["scope"] for m in planner] == [{"user_id": "u1", "agent_id": "planner", "run_id": "r1"}]
    assert listed(db, "--user", "u1", "--agent", "planner", "--run", "r2") == []
    assert [m["metadata"] for m in listed(db, "--user", "u1", "--filters", '{"metadata": {"topic": "home"}}')] == [
        {"topic": "home"}]  # fmt: skip
    code, out = run(db, "search", "Harbor Grill table", "--user", "u1", "--limit", "1")
    assert code == 0 and "Harbor Grill" in out
    code, out = run(db, "recall", "Where does Ana live?", "--user", "u1", "--filters", '{"metadata": {"topic": "home"}}')
    assert code == 0 and "Lisbon" in out and "Harbor" not in out
    code, out = run(db, "scopes")
    assert out.splitlines() == ["u1\t-\t-", "u1\tplanner\tr1"]

    mid = str(planner[0]["id"])
    code, out = run(db, "update", mid, "--user", "u1", "--metadata", '{"topic": "food", "done": true}')
    assert code == 0 and '"done": true' in out, out
    assert listed(db, "--user", "u1", "--run", "r1")[0]["metadata"] == {"topic": "food", "done": True}
    code, out = run(db, "history", mid, "--user", "u1")
    assert "manual update: metadata" in out


def test_bad_json_and_bad_filters_change_nothing(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    assert run(db, "add", "hello there, I like tea", "--user", "u1")[0] == 0
    before = listed(db, "--user", "u1")
    code, out = run(db, "add", "more", "--user", "u1", "--metadata", "{oops")
    assert code == 2 and "not JSON" in out
    code, out = run(db, "add", "more", "--user", "u1", "--metadata", "[1]")
    assert code == 2 and "JSON object" in out
    code, out = run(db, "list", "--user", "u1", "--filters", '{"colour": "red"}')
    assert code == 2 and "InputError" in out and "unknown key" in out
    code, out = run(db, "update", str(before[0]["id"]), "--user", "u1")
    assert code == 2 and "give text, metadata or both" in out
    assert listed(db, "--user", "u1") == before


def test_stats_counts_edges_as_export_writes_them(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    for n, text in enumerate(["Ana moved to Lisbon in March.", "Ana works at a bakery in Lisbon.",
                              "Ana's bakery in Lisbon opens at seven."]):
        assert run(db, "add", text, "--user", "u1", "--speaker", "Ana", "--time", f"2024-03-1{n}T09:00:00")[0] == 0
    edges = json.loads(run(db, "stats")[1])["edges"]
    code, out = run(db, "export")
    records = [json.loads(line) for line in out.splitlines()]
    written = sum(r["kind"] == "edge" for r in records)
    assert edges["total"] > 0 and edges["directed"] == written == 2 * edges["total"]
