"""``ripplemem migrate``: SQLite -> PostgreSQL -> SQLite, lossless and verified.

The stores are built through the real ``Memory`` API with the real default embedder (a few
sessions, a contradiction that supersedes, a second user with an agent scope, a pending
turn), so every record kind is present. PostgreSQL is the session's test server.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ripplemem import Memory, load_settings
from ripplemem.errors import StoreError
from ripplemem.interfaces.cli import cli
from ripplemem.providers.embed import make_embedder
from ripplemem.providers.embed.base import Embedder
from ripplemem.store import Store, open_store
from ripplemem.store.migrate import KINDS, digest, digest_records, migrate, scope_label
from ripplemem.types import Scope, Turn
from sample_dialogue import SESSION_1, SESSION_2

QUESTIONS = (
    "Where does Ava live?",
    "What did Melanie paint?",
    "When is Caroline going to the conference in Boston?",
    "Who went camping at the beach?",
)
AS_OF = "2024-06-01T12:00:00"


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    return make_embedder(load_settings(env={}))


def build(db: str, embedder: Embedder) -> None:
    """A store with every record kind: turns (done and pending), units with vectors, edges, history."""
    with Memory.open(settings=load_settings({"db": db}, env={}), embedder=embedder) as memory:
        memory.add(SESSION_1, user_id="alice", session_time="2023-05-08T13:56:00")
        memory.add(SESSION_2, user_id="alice", session_time="2023-06-09T10:00:00")
        memory.add([{"speaker": "Ava", "text": "I live in Boston now.", "id": "A1"}], user_id="alice",
                   session_time="2024-01-05T10:00:00")  # fmt: skip
        memory.add([{"speaker": "Ava", "text": "I moved to Denver in March.", "id": "A2"}], user_id="alice",
                   session_time="2024-04-02T10:00:00")  # fmt: skip
        memory.add(SESSION_2, user_id="bob", agent_id="coach", session_time="2023-07-01T09:00:00")
        memory.store.log_turns(Scope("carol"), [Turn("C1", "s1", "Carol", "Not extracted yet.")])


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[Callable[[str], Store]]:
    """``stores(url)`` opens a store, closed at the end of the test."""
    opened: list[Store] = []

    def open_(url: str) -> Store:
        store = open_store(url)
        opened.append(store)
        return store

    yield open_
    for store in opened:
        store.close()


def evidence_ids(db: str, embedder: Embedder) -> list[tuple[list[str], list[str]]]:
    """Per question: the evidence's memory ids and its source turn ids, in rank order."""
    answers = []
    with Memory.open(settings=load_settings({"db": db}, env={}), embedder=embedder) as memory:
        for question in QUESTIONS:
            evidence = memory.recall(question, user_id="alice", as_of=AS_OF)
            answers.append(([item.id for item in evidence.items], list(evidence.sources)))
    return answers


def test_sqlite_to_postgres_to_sqlite_is_lossless(
    tmp_path: Path, pg_urls: Callable[..., str], embedder: Embedder, stores: Callable[[str], Store]
) -> None:
    original, pg, back = str(tmp_path / "original.db"), pg_urls("copy"), str(tmp_path / "back.db")
    build(original, embedder)
    a, p, b = stores(original), stores(pg), stores(back)

    there = migrate(a, p)
    again = migrate(p, b)

    scopes = a.scopes()
    assert {s.key for s in scopes} == {s.key for s in p.scopes()} == {s.key for s in b.scopes()}
    assert len(scopes) == 3 and there.copied == scopes and again.copied == p.scopes()
    first, second, third = digest(a, scopes), digest(p, scopes), digest(b, scopes)
    assert first == second == third == there.digest == again.digest
    assert all(first.counts[kind] > 0 for kind in KINDS), first.counts
    assert there.loaded == again.loaded == first.counts  # every exported record was loaded once
    for store in (p, b):
        assert [u.status for u in store.turns(Scope("carol"))] == ["pending"]
        stats, want = store.stats(), a.stats()
        assert (stats["turns"], stats["units"], stats["edges"], stats["history"]) == (
            want["turns"], want["units"], want["edges"], want["history"])  # fmt: skip
    vectors = {u.id: u.vector for u in a.get_units(Scope("alice"), [u.id for u in a.list_units(Scope("alice"))])}
    copied = b.get_units(Scope("alice"), list(vectors))
    assert len(copied) == len(vectors) > 0
    assert all(u.vector is not None and u.vector.tobytes() == vectors[u.id].tobytes() for u in copied)
    for store in (a, p, b):
        store.close()

    on_original = evidence_ids(original, embedder)
    assert all(ids for ids, _ in on_original) and "A2" in on_original[0][1]  # sanity: evidence is found
    assert evidence_ids(back, embedder) == on_original
    assert evidence_ids(pg, embedder) == on_original


def test_cli_migrate_refuses_a_non_empty_destination_unless_append(
    tmp_path: Path, pg_urls: Callable[..., str], embedder: Embedder, stores: Callable[[str], Store]
) -> None:
    original, pg = str(tmp_path / "original.db"), pg_urls("cli")
    build(original, embedder)
    runner = CliRunner()

    done = runner.invoke(cli, ["migrate", "--from", original, "--to", pg])
    assert done.exit_code == 0, done.output
    assert "3 scope(s) copied; verified equal:" in done.output
    progress = [line for line in done.output.splitlines() if line.startswith("scope ")]
    assert len(progress) == 3 and not any("|" in line for line in progress), done.output  # no raw scope keys
    assert all(re.fullmatch(r"scope \d/3 \(user [^)]+\): \d+ turns, \d+ memories, \d+ edge records "
                            r"\(each link both ways\), \d+ history entries", line) for line in progress), progress
    stats = stores(original).stats()
    assert f"{stats['edges']['directed']} edge records" in done.output.splitlines()[-1]  # stats and migrate agree

    refused = runner.invoke(cli, ["migrate", "--from", original, "--to", pg])
    assert refused.exit_code == 2
    assert "not empty (3 scope(s)); use --append" in refused.output

    resumed = runner.invoke(cli, ["migrate", "--from", original, "--to", pg, "--append"])
    assert resumed.exit_code == 0, resumed.output
    assert "0 scope(s) copied, 3 already there and identical; verified equal" in resumed.output
    source, destination = stores(original), stores(pg)
    assert digest(source, source.scopes()) == digest(destination, source.scopes())


class FailingSource:
    """A real store whose export of one scope breaks after its first few records (a lost
    connection mid-copy); everything else is the store's own behaviour."""

    def __init__(self, store: Store, scope: Scope, after: int) -> None:
        self.store, self.scope, self.after = store, scope, after
        self.url = store.url

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def export(self, scope: Scope | None = None) -> Iterator[dict[str, Any]]:
        for n, record in enumerate(self.store.export(scope)):
            if scope == self.scope and n == self.after:
                raise StoreError("connection to the source lost")
            yield record


def test_a_failure_mid_way_leaves_no_half_copied_scope(
    tmp_path: Path, pg_urls: Callable[..., str], embedder: Embedder, stores: Callable[[str], Store]
) -> None:
    original = str(tmp_path / "original.db")
    build(original, embedder)
    source, destination = stores(original), stores(pg_urls("half"))
    first, second, third = source.scopes()
    broken = FailingSource(source, second, after=5)

    with pytest.raises(StoreError) as failed:
        migrate(broken, destination)  # type: ignore[arg-type]
    message = str(failed.value)
    assert "connection to the source lost" in message and f"scopes copied before it: {scope_label(first)}" in message
    assert "--append" in message
    assert destination.scopes() == [first]  # the broken scope was rolled back whole, the third never started
    assert destination.turns(second) == [] and destination.count_units(second) == 0
    assert digest(destination, [first]) == digest(source, [first])

    report = migrate(source, destination, append=True)
    assert report.skipped == [first] and report.copied == [second, third]
    assert digest(destination, source.scopes()) == digest(source, source.scopes())


def test_bad_destinations_fail_clearly(
    tmp_path: Path, pg_urls: Callable[..., str], embedder: Embedder, stores: Callable[[str], Store]
) -> None:
    original = str(tmp_path / "original.db")
    build(original, embedder)
    runner = CliRunner()

    unknown = runner.invoke(cli, ["migrate", "--from", original, "--to", "mysql://db.example/memory"])
    assert unknown.exit_code == 2 and "unknown store URL scheme 'mysql'" in unknown.output

    unreachable = runner.invoke(cli, ["migrate", "--from", original, "--to", "postgresql://nobody@127.0.0.1:1/none"])
    assert unreachable.exit_code == 2 and "cannot open the PostgreSQL store" in unreachable.output

    missing = runner.invoke(cli, ["migrate", "--from", str(tmp_path / "absent.db"), "--to", pg_urls("x")])
    assert missing.exit_code == 2 and "no store to migrate" in missing.output
    assert not (tmp_path / "absent.db").exists()

    same = runner.invoke(cli, ["migrate", "--from", original, "--to", original])
    assert same.exit_code == 2 and "the same store" in same.output

    # a destination holding other data for one of the scopes: refused before anything is written
    other = str(tmp_path / "other.db")
    with Memory.open(settings=load_settings({"db": other}, env={}), embedder=embedder) as memory:
        memory.add(SESSION_1, user_id="alice", session_time="2023-05-08T13:56:00")
    held = stores(other)
    before = digest(held, held.scopes())
    clash = runner.invoke(cli, ["migrate", "--from", original, "--to", other, "--append"])
    assert clash.exit_code == 2
    assert f"already holds different data for scope(s) {Scope('alice').key}; nothing was copied" in clash.output
    assert held.scopes() == [Scope("alice")] and digest(held, held.scopes()) == before


def test_the_digest_sees_one_flipped_vector_bit_and_ignores_record_order(
    tmp_path: Path, embedder: Embedder, stores: Callable[[str], Store]
) -> None:
    original = str(tmp_path / "original.db")
    build(original, embedder)
    records = list(stores(original).export())
    reference = digest_records(records)
    assert digest_records(reversed(records)) == reference

    unit = next(r for r in records if r["kind"] == "unit")
    raw = bytearray(base64.b64decode(unit["vector"]))
    raw[0] ^= 1  # the lowest mantissa bit of the first float32
    changed = [dict(r, vector=base64.b64encode(bytes(raw)).decode()) if r is unit else r for r in records]
    assert digest_records(changed).differences(reference) == [
        f"unit: the same count ({reference.counts['unit']}) but different contents"]  # fmt: skip
