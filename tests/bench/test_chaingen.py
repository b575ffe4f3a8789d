"""The chain generator: deterministic, big enough, every family, and the one-entry rule held."""

from __future__ import annotations

import json
import re
import sqlite3
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from ripplemem.bench import chaingen
from ripplemem.formats import load_locomo

MULTI = {"constraint", "bridge", "list", "relative_time", "preference_update"}
_WORD = re.compile(r"[A-Za-z0-9]+")


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return chaingen.build()


def turns(record: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["dia_id"]: t for key, value in record.items()
            if key.startswith("session_") and isinstance(value, list) for t in value}


def matching_turns(record: dict[str, Any], question: str) -> set[str]:
    """The turns that share a content word with ``question`` under SQLite's Porter stemmer (BM25's)."""
    speakers = {record["speaker_a"].lower(), record["speaker_b"].lower()}
    words = {w.lower() for w in _WORD.findall(question)} - chaingen.STOPWORDS - speakers
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(id UNINDEXED, body, tokenize='porter unicode61')")
    bodies = [(i, " ".join(w for w in _WORD.findall(t["text"]) if w.lower() not in chaingen.STOPWORDS))
              for i, t in turns(record).items()]
    db.executemany("INSERT INTO t(id, body) VALUES (?, ?)", bodies)
    query = " OR ".join(f'"{w}"' for w in sorted(words))
    found = {row[0] for row in db.execute("SELECT id FROM t WHERE t MATCH ?", (query,))}
    db.close()
    return found


def test_deterministic_by_seed(records: list[dict[str, Any]]) -> None:
    assert chaingen.build(3) == records[:3]
    assert chaingen.build(2, seed=8) != records[:2]


def test_default_size(records: list[dict[str, Any]]) -> None:
    assert len(records) >= 20
    assert sum(len(r["qa"]) for r in records) >= 200
    for record in records:
        sessions = [k for k in record if re.fullmatch(r"session_\d+", k)]
        assert 20 <= len(sessions) <= 40
        assert len(set(record["speaker_a"]) ^ set(record["speaker_b"])) > 0


def test_every_family_has_enough_questions(records: list[dict[str, Any]]) -> None:
    counts = Counter(q["category"] for r in records for q in r["qa"])
    assert set(counts) == set(chaingen.FAMILIES)
    assert min(counts.values()) >= 25


def test_evidence_exists_and_has_the_family_shape(records: list[dict[str, Any]]) -> None:
    for record in records:
        known = turns(record)
        for qa in record["qa"]:
            assert qa["evidence"] and set(qa["evidence"]) <= set(known), qa
            sessions = {e.split(":")[0] for e in qa["evidence"]}
            if qa["category"] in MULTI:
                assert len(qa["evidence"]) >= 2
                assert len(sessions) >= 2, qa  # a chain crosses sessions
            else:
                assert len(qa["evidence"]) == 1
            assert qa["question"].endswith("?") and qa["answer"]


def test_dia_ids_and_session_times(records: list[dict[str, Any]]) -> None:
    for record in records:
        times = []
        n = 1
        while f"session_{n}" in record:
            times.append(datetime.strptime(record[f"session_{n}_date_time"], "%I:%M %p on %d %B, %Y"))
            assert [t["dia_id"] for t in record[f"session_{n}"]] == [
                f"D{n}:{i}" for i in range(1, len(record[f"session_{n}"]) + 1)]
            assert {t["speaker"] for t in record[f"session_{n}"]} <= {record["speaker_a"], record["speaker_b"]}
            n += 1
        assert times == sorted(times)


def test_question_words_reach_exactly_one_evidence_turn(records: list[dict[str, Any]]) -> None:
    """The structural claim of the set: the words find the entry, the chain has to find the rest,
    and other turns that share the words (the distractors) are there to be found instead."""
    crowded = 0
    total = 0
    for record in records:
        for qa in record["qa"]:
            found = matching_turns(record, qa["question"])
            entries = found & set(qa["evidence"])
            assert len(entries) == 1, (qa["question"], sorted(entries))
            crowded += len(found - set(qa["evidence"])) >= 2
            total += 1
    assert crowded / total >= 0.8


def test_evidence_turns_are_often_longer_than_the_statement(records: list[dict[str, Any]]) -> None:
    evidence = [turns(r)[e]["text"] for r in records for qa in r["qa"] for e in qa["evidence"]]
    with_more = sum(1 for text in evidence if len(re.findall(r"[.!?](?:\s|$)", text)) >= 2)
    assert with_more / len(evidence) >= 0.3


def test_files_load_with_the_locomo_loader(records: list[dict[str, Any]], tmp_path: Path) -> None:
    paths = []
    for record in records[:3]:
        path = tmp_path / f"{record['sample_id']}.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        paths.append(path)
    conversations = load_locomo(paths)
    assert [c.id for c in conversations] == ["chains-01", "chains-02", "chains-03"]
    for conversation, record in zip(conversations, records, strict=False):
        assert conversation.speakers == (record["speaker_a"], record["speaker_b"])
        assert [q.category for q in conversation.questions] == [qa["category"] for qa in record["qa"]]
        assert [list(q.gold) for q in conversation.questions] == [qa["evidence"] for qa in record["qa"]]
        assert all(q.scored and not q.abstention for q in conversation.questions)
        assert all(s.time is not None for s in conversation.sessions)


def test_relative_time_answer_is_the_anchor_plus_the_offset(records: list[dict[str, Any]]) -> None:
    for qa in (q for r in records for q in r["qa"] if q["category"] == "relative_time"):
        match = re.fullmatch(r"(\d+ \w+ \d{4}) \((.+), on (\d+ \w+ \d{4})\)", qa["answer"])
        assert match, qa["answer"]
        offset = next(n for n, text in chaingen.vocab.OFFSETS if match.group(2).startswith(text + " "))
        target, anchor = (datetime.strptime(match.group(i), "%d %B %Y") for i in (1, 3))
        assert (target - anchor).days == offset


def test_near_numbers_are_near_and_distinct() -> None:
    import random

    rng = random.Random(1)
    for n in (12, 95, 340, 2662):
        near = chaingen.near_numbers(n, rng)
        assert len(set(near)) == 3 and n not in near
        assert all(abs(m - n) <= max(0.5 * n, 90) for m in near)
