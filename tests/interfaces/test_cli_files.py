"""The CLI on real files: ingest and import refuse bad input with a clear error and change
nothing; export/import round-trips; recall prints evidence with its source turns."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ripplemem.interfaces.cli import cli
from sample_dialogue import SESSION_1, SESSION_2


def counts(db: Path) -> dict[str, object]:
    """The store's counts (file sizes left out: deleting pages does not shrink a file at once)."""
    return {k: v for k, v in json.loads(run(db, "stats")[1]).items() if k not in ("db_bytes", "file_bytes")}


def refused(db: Path, command: str, bad: Path) -> str:
    before = counts(db)
    result = CliRunner().invoke(cli, ["--db", str(db), command, str(bad)])
    assert result.exit_code == 2, result.output
    assert counts(db) == before
    return result.output


def run(db: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--db", str(db), *args], catch_exceptions=False)
    return result.exit_code, result.output


@pytest.fixture
def turns_file(tmp_path: Path) -> Path:
    path = tmp_path / "turns.jsonl"
    rows = [{"user_id": "u1", "session_id": "s1", "session_time": "2023-05-08T13:56:00", **t} for t in SESSION_1]
    rows += [{"user_id": "u1", "session_id": "s2", "session_time": "2023-06-09T10:00:00", **t} for t in SESSION_2]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def test_ingest_recall_export_import_round_trip(tmp_path: Path, turns_file: Path) -> None:
    db = tmp_path / "m.db"
    code, out = run(db, "ingest", str(turns_file))
    assert code == 0 and "6 turns added" in out
    code, out = run(db, "ingest", str(turns_file))
    assert code == 0 and "0 turns added, 6 already stored" in out
    code, out = run(db, "recall", "When did Caroline go to the LGBTQ support group?", "--user", "u1", "--trace")
    assert code == 0 and "D1:3 | Caroline: I went to a LGBTQ support group" in out and "--- trace" in out
    code, out = run(db, "recall", "support group", "--user", "u1", "--json")
    assert code == 0 and json.loads(out)["items"][0]["source_turns"]
    dump = tmp_path / "dump.jsonl"
    assert run(db, "export", "--out", str(dump))[0] == 0
    other = tmp_path / "other.db"
    code, out = run(other, "import", str(dump))
    assert code == 0 and "unit" in out
    again = tmp_path / "dump2.jsonl"
    run(other, "export", "--out", str(again))
    strip = [json.loads(line) for line in dump.read_text().splitlines()]
    strip2 = [json.loads(line) for line in again.read_text().splitlines()]
    assert [r for r in strip if r.get("kind") != "meta"] == [r for r in strip2 if r.get("kind") != "meta"]


@pytest.mark.parametrize(
    "name, content, fragment",
    [
        ("bad.jsonl", b'{"speaker": "A", "text": "ok"}\n{not json\n', "malformed JSON"),
        ("bad.jsonl", b"\xff\xfe\x00garbage", "UTF-8"),
        ("empty.jsonl", b"", "no turns"),
        ("wrong.jsonl", b'{"speaker": "A", "text": 5}\n', "expected a string"),
        ("missing.jsonl", b'{"speaker": "A"}\n', "text"),
        ("huge.jsonl", json.dumps({"speaker": "A", "text": "x" * 1_000_001}).encode(), "limit"),
        ("locomo.json", b'{"speaker_a": "A", "speaker_b": "B", "session_1": "nope"}', "LoCoMo"),
        ("broken.json", b"{", "JSON"),
        ("lme.json.gz", gzip.compress(b'[{"question_id": 1}]'), ""),
    ],
)
def test_ingest_refuses_bad_files_and_changes_nothing(tmp_path: Path, turns_file: Path, name: str,
                                                        content: bytes, fragment: str) -> None:
    db = tmp_path / "m.db"
    run(db, "ingest", str(turns_file))
    bad = tmp_path / name
    bad.write_bytes(content)
    out = refused(db, "ingest", bad)
    assert "error: InputError" in out and fragment in out


@pytest.mark.parametrize(
    "content, fragment",
    [
        (b"{oops\n", "malformed JSON"),
        (b"[1, 2]\n", "expected a JSON object"),
        (b"\xff\xfe", "UTF-8"),
        (b'{"kind": "unit", "id": 3}\n', ""),
    ],
)
def test_import_refuses_bad_files_and_changes_nothing(tmp_path: Path, turns_file: Path, content: bytes,
                                                       fragment: str) -> None:
    db = tmp_path / "m.db"
    run(db, "ingest", str(turns_file))
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    out = refused(db, "import", bad)
    assert "error:" in out and fragment in out


def test_maintain_pin_and_unpin(tmp_path: Path, turns_file: Path) -> None:
    db = tmp_path / "m.db"
    run(db, "ingest", str(turns_file))
    code, out = run(db, "maintain", "--user", "u1", "--as-of", "2023-07-01", "--json")
    report = json.loads(out)
    assert code == 0 and report["units_read"] >= 2 and report["hot_after"] >= report["hot_before"]
    code, out = run(db, "maintain", "--user", "u1")
    assert code == 0 and "hot index" in out
    from ripplemem import Memory

    with Memory.open(str(db)) as mem:
        uid = mem.list(user_id="u1")[0].id
    code, out = run(db, "pin", uid, "--user", "u1")
    assert code == 0 and f"pinned {uid}" in out
    with Memory.open(str(db)) as mem:
        assert mem.get(uid, user_id="u1").pinned
    assert run(db, "unpin", uid, "--user", "u1")[0] == 0
    before = counts(db)
    result = CliRunner().invoke(cli, ["--db", str(db), "pin", "no-such-id", "--user", "u1"])
    assert result.exit_code == 2 and "NotFoundError" in result.output and counts(db) == before
    result = CliRunner().invoke(cli, ["--db", str(db), "maintain", "--user", "u1", "--as-of", "yesterday-ish"])
    assert result.exit_code == 2 and "InputError" in result.output
