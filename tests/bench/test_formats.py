"""Loading LoCoMo (both layouts) and LongMemEval (gzip) into plain records."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from ripplemem.errors import InputError
from ripplemem.formats import (
    DialogueTurn,
    Session,
    load_locomo,
    load_longmemeval,
    normalise_evidence,
    session_messages,
)
from ripplemem.ground.timeparse import parse_session_time


def test_evidence_is_split_normalised_and_filtered() -> None:
    known = {"D8:6", "D9:17", "D11:26", "D1:18", "D1:20"}
    assert normalise_evidence(["D8:6; D9:17"], known) == ("D8:6", "D9:17")
    assert normalise_evidence(["D:11:26"], known) == ("D11:26",)
    assert normalise_evidence(["D1:18", "D", "D1:20"], known) == ("D1:18", "D1:20")
    assert normalise_evidence(["D10:19"], known) == ()  # does not exist
    assert normalise_evidence(["D8:6,D8:6 D9:17"], known) == ("D8:6", "D9:17")
    assert normalise_evidence([], known) == ()


def test_times() -> None:
    assert parse_session_time("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert parse_session_time("2023/05/27 (Sat) 22:10") == datetime(2023, 5, 27, 22, 10, tzinfo=UTC)
    with pytest.raises(InputError):
        parse_session_time("sometime in May")


def test_one_conversation_layout(locomo_file: Path) -> None:
    (conv,) = load_locomo([locomo_file])
    assert conv.id == "conv-a"
    assert conv.speakers == ("Alice", "Bob")
    assert [s.session_id for s in conv.sessions] == ["session_1", "session_2"]  # session_3 has no turns
    hike = conv.sessions[0].turns[2]
    assert hike.turn_id == "D1:3" and hike.image_caption == "a photo of a trail with redwood trees"
    text = json.dumps([[t.text, t.image_caption] for s in conv.sessions for t in s.turns])
    assert "ONLY" not in text and "example.invalid" not in text and "hiking trail" not in text
    ids = [q.id for q in conv.questions]
    assert ids == [f"conv-a:{i}" for i in range(6)]
    by_id = {q.id: q for q in conv.questions}
    assert by_id["conv-a:1"].gold == ("D1:1", "D2:1")
    assert by_id["conv-a:2"].gold == ("D1:3",)
    assert by_id["conv-a:3"].abstention and by_id["conv-a:3"].answer == "violin"
    assert not by_id["conv-a:4"].scored and conv.skipped_no_evidence == 1
    assert by_id["conv-a:5"].gold == ("D1:3",)
    assert all(q.as_of == datetime(2023, 6, 20, 10, 0, tzinfo=UTC) for q in conv.questions)


def test_list_layout_and_folders(locomo10_file: Path, locomo_file: Path) -> None:
    convs = load_locomo([locomo10_file], limit=2)
    assert [c.id for c in convs] == ["conv-1", "conv-2"]
    assert [q.id for q in convs[1].questions] == ["conv-2:0", "conv-2:1"]
    both = load_locomo([locomo_file.parent])  # a folder: every .json in it
    assert sorted(c.id for c in both) == ["conv-1", "conv-2", "conv-a"]


def test_not_locomo(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text('{"hello": 1}', encoding="utf-8")
    with pytest.raises(InputError):
        load_locomo([bad])
    with pytest.raises(InputError):
        load_locomo([tmp_path / "missing.json"])


def test_longmemeval_gzip(longmemeval_gz: Path) -> None:
    convs = load_longmemeval(longmemeval_gz)
    assert [c.id for c in convs] == ["q1", "q2_abs"]
    first = convs[0]
    assert [t.turn_id for s in first.sessions for t in s.turns] == ["0:0", "0:1", "1:0", "1:1", "2:0"]
    assert first.sessions[0].turns[1].role == "assistant" and first.sessions[0].turns[1].speaker == "Assistant"
    (q,) = first.questions
    assert q.gold == ("0:0",) and q.gold_sessions == ("answer_s1",) and q.scored
    assert q.as_of == datetime(2023, 5, 30, 10, 18, tzinfo=UTC)
    assert first.session_of()["2:0"] == "s2"
    (abs_q,) = convs[1].questions
    assert abs_q.abstention and not abs_q.scored
    assert len(load_longmemeval(longmemeval_gz, limit=1)) == 1


def test_a_turn_with_nothing_said_is_left_out_of_the_messages(tmp_path: Path) -> None:
    from ripplemem import Memory
    from ripplemem.types import Scope

    turns = (
        DialogueTurn("0:0", "User", "", role="user"),
        DialogueTurn("0:1", "Assistant", "Sure, here it is.", role="assistant"),
        DialogueTurn("0:2", "Ann", "  ", image_caption="a photo of a red kettle"),
        DialogueTurn("0:3", "Ann", " \n"),
    )
    messages = session_messages(Session("s1", None, turns))
    assert [m["id"] for m in messages] == ["0:1", "0:2"]
    with Memory.open(tmp_path / "m.db") as mem:  # add() takes what is left (it refuses an empty message)
        mem.add(messages[:1], user_id="u", session_id="s1")
        with pytest.raises(InputError):
            mem.add([{"role": "user", "content": ""}], user_id="u", session_id="s2")
        assert [t.turn_id for t in mem.store.turns(Scope("u"))] == ["0:1"]
