"""The second chain-question generator (``scripts/chains_alt.py``): the data it writes is
well-formed, deterministic by seed, and every question obeys the one-entry rule."""

from __future__ import annotations

import json
import re
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import chains_alt  # noqa: E402

SEED = 5
N = 3  # conversations checked in detail
DATE = re.compile(r"(\d{1,2}):(\d{2}) (am|pm) on (\d{1,2}) ([A-Z][a-z]+), (\d{4})")
DIA = re.compile(r"D(\d+):(\d+)")
SESSION = re.compile(r"session_(\d+)")
EVIDENCE_COUNTS = {"constraint": {3}, "bridge": {2}, "list": {3, 4}, "relative_time": {2}, "preference_update": {2},
                   "number": {1}, "near_miss": {1}, "multi_hop_person": {2}, "deep_chain": {3}}


@pytest.fixture(scope="module")
def convs() -> list[dict[str, Any]]:
    return [chains_alt.build_conversation(SEED, i) for i in range(N)]


def sessions(conv: dict[str, Any]) -> list[list[dict[str, str]]]:
    numbers = sorted(int(m.group(1)) for k in conv if (m := SESSION.fullmatch(k)))
    assert numbers == list(range(1, len(numbers) + 1))
    return [conv[f"session_{n}"] for n in numbers]


def turn_texts(conv: dict[str, Any]) -> dict[str, str]:
    return {t["dia_id"]: t["text"] for session in sessions(conv) for t in session}


def parse_date(text: str) -> datetime:
    m = DATE.fullmatch(text)
    assert m, text
    hour, minute, half, day, month, year = m.groups()
    h = int(hour) % 12 + (12 if half == "pm" else 0)
    assert 1 <= int(hour) <= 12
    return datetime(int(year), chains_alt.MONTHS.index(month) + 1, int(day), h, int(minute))


def test_format(convs: list[dict[str, Any]]) -> None:
    for i, conv in enumerate(convs):
        assert conv["sample_id"] == f"alt-{i + 1:02d}"
        a, b = conv["speaker_a"], conv["speaker_b"]
        assert a != b
        all_sessions = sessions(conv)
        assert 20 <= len(all_sessions) <= 35
        dates = [parse_date(conv[f"session_{n}_date_time"]) for n in range(1, len(all_sessions) + 1)]
        assert all(later > earlier for earlier, later in zip(dates, dates[1:], strict=False))
        assert all(1 <= (later - earlier).days <= 40 for earlier, later in zip(dates, dates[1:], strict=False))
        for n, session in enumerate(all_sessions, start=1):
            assert 12 <= len(session) <= 30
            speakers = [t["speaker"] for t in session]
            assert set(speakers) <= {a, b}
            assert all(x != y for x, y in zip(speakers, speakers[1:], strict=False)), "turns must alternate"
            assert [t["dia_id"] for t in session] == [f"D{n}:{k}" for k in range(1, len(session) + 1)]
            assert all(t["text"].strip() and set(t) == {"speaker", "dia_id", "text"} for t in session)
        assert list(conv)[:3] == ["sample_id", "speaker_a", "speaker_b"] and list(conv)[-1] == "qa"


def test_evidence_exists_and_is_spread(convs: list[dict[str, Any]]) -> None:
    for conv in convs:
        texts = turn_texts(conv)
        for q in conv["qa"]:
            assert set(q) == {"question", "answer", "evidence", "category"}
            assert q["question"].strip() and q["answer"].strip() and len(q["answer"]) < 200
            ev = q["evidence"]
            assert len(ev) in EVIDENCE_COUNTS[q["category"]], q
            assert all(e in texts for e in ev), q
            spots = sorted(int(DIA.fullmatch(e).group(1)) for e in ev)  # type: ignore[union-attr]
            assert len(set(spots)) == len(spots), f"evidence shares a session: {q}"
            assert all(b - a >= 3 for a, b in zip(spots, spots[1:], strict=False)), f"evidence too close: {q}"


def test_one_entry_rule_holds_for_every_question(convs: list[dict[str, Any]]) -> None:
    checked = 0
    for conv in convs:
        names = [conv["speaker_a"], conv["speaker_b"]]
        texts = turn_texts(conv)
        for q in conv["qa"]:
            ev = [texts[e] for e in q["evidence"]]
            shared = [bool(w) for w in chains_alt.overlaps(q["question"], ev, names)]
            assert shared.count(True) == 1, (q, chains_alt.overlaps(q["question"], ev, names))
            assert chains_alt.one_entry_ok(q["question"], ev, names, entry=None)
            checked += 1
    assert checked == N * chains_alt.QUESTIONS_PER_CONVERSATION


def test_the_rule_itself_can_fail() -> None:
    names = ["Nadia", "Tomas"]
    q = "Where does the person who gave Nadia the fountain pen live now?"
    entry = "My godmother Ines gave me this fountain pen."
    assert chains_alt.one_entry_ok(q, [entry, "Ines moved to Oslo last spring."], names)
    assert not chains_alt.one_entry_ok(q, [entry, "Ines lives in Oslo now."], names)  # live/lives: two entries
    assert not chains_alt.one_entry_ok(q, ["Ines moved to Oslo.", "Tomas said hi."], names)  # no entry at all
    assert not chains_alt.one_entry_ok(q, ["Ines moved to Oslo.", entry], names)  # the entry is not first
    # the speakers' names and stopwords never count
    assert chains_alt.content_words("Did Nadia tell Tomas about it?", names) == set()
    assert chains_alt.stem("moving") == chains_alt.stem("moved") == chains_alt.stem("move")


def test_every_family_in_every_conversation(convs: list[dict[str, Any]]) -> None:
    for conv in convs:
        assert len(conv["qa"]) == chains_alt.QUESTIONS_PER_CONVERSATION
        assert {q["category"] for q in conv["qa"]} == set(EVIDENCE_COUNTS) == set(chains_alt.CATEGORIES)


def test_lexical_distractors_exist(convs: list[dict[str, Any]]) -> None:
    """Most questions share words with turns that are not evidence, so matching words alone fails."""
    with_distractor = total = 0
    for conv in convs:
        names = [conv["speaker_a"], conv["speaker_b"]]
        texts = turn_texts(conv)
        for q in conv["qa"]:
            words = chains_alt.content_words(q["question"], names)
            total += 1
            with_distractor += any(words & chains_alt.content_words(t, names)
                                   for d, t in texts.items() if d not in q["evidence"])
    assert with_distractor >= 0.9 * total


def test_answers_rest_on_the_evidence(convs: list[dict[str, Any]]) -> None:
    for conv in convs:
        texts = turn_texts(conv)
        for q in conv["qa"]:
            ev = " ".join(texts[e] for e in q["evidence"])
            if q["category"] == "number":
                digits = re.findall(r"\d[\d,:]*", q["answer"])
                assert digits and all(d in ev for d in digits), q
            if q["category"] == "list" and not any(w in q["question"] for w in ("injur",)):
                for item in q["answer"].split(", "):
                    assert item in ev, (item, q)
            if q["category"] in ("deep_chain", "multi_hop_person", "bridge"):
                # the chain's last hop holds the answer's key term
                key = q["answer"].split(" (")[0].split(", ")[0].removeprefix("At ")
                assert key.split()[-1].strip(".") in ev, q


def test_deterministic_by_seed() -> None:
    assert chains_alt.build_conversation(SEED, 1) == chains_alt.build_conversation(SEED, 1)


def test_different_seeds_differ() -> None:
    one, other = chains_alt.build_conversation(SEED, 0), chains_alt.build_conversation(SEED + 1, 0)
    assert one != other
    assert [q["question"] for q in one["qa"]] != [q["question"] for q in other["qa"]]
    assert chains_alt.build_conversation(SEED, 0)["qa"] != chains_alt.build_conversation(SEED, 1)["qa"]


def test_cli_writes_one_file_per_conversation(tmp_path: Path) -> None:
    assert chains_alt.main([str(tmp_path / "a"), "--seed", "7"]) == 0
    files = sorted((tmp_path / "a").glob("*.json"))
    assert [f.name for f in files] == [f"alt-{i:02d}.json" for i in range(1, 25)]
    data = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    assert sum(len(d["qa"]) for d in data) >= 240
    assert chains_alt.main([str(tmp_path / "b"), "--seed", "7", "--conversations", "2"]) == 0
    again = sorted((tmp_path / "b").glob("*.json"))
    assert [f.read_bytes() for f in again] == [f.read_bytes() for f in files[:2]]
