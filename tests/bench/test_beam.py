"""BEAM: the loader on small hand-made chats (both layouts), the shared 100K chats if
present, and a small ``bench beam`` run."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ripplemem.bench.cli import bench
from ripplemem.errors import InputError
from ripplemem.formats import beam_chats, load_beam, read_conversations
from ripplemem.formats.beam import beam_time

SHARED = Path("/work/shared/data/beam")


def message(mid: int, role: str, content: str, **extra: Any) -> dict[str, Any]:
    return {"role": role, "id": mid, "content": content, **extra}


def batches(first_id: int = 0) -> list[dict[str, Any]]:
    """Two sessions of a small chat; ids run on from ``first_id``."""
    i = first_id
    return [
        {"batch_number": 1, "time_anchor": None, "turns": [
            [message(i, "user", "I am building a budget tracker with Flask and SQLite. ->-> 1,1",
                     time_anchor="March-15-2024", index="1,1", question_type="main_question"),
             message(i + 1, "assistant", "Great choice. Flask keeps the app small."),
             message(i + 2, "user", "My first sprint ends on March 29.", question_type="answer_ai_question"),
             message(i + 3, "assistant", "Noted: the sprint deadline is March 29.")],
            [message(i + 4, "user", "The dashboard API responds in about 400ms.", index="1,2",
                     question_type="main_question"),
             message(i + 5, "assistant", "We can add caching to speed it up.")],
        ]},
        {"batch_number": 2, "time_anchor": None, "turns": [
            [message(i + 6, "user", "After caching, the dashboard API responds in 250ms.",
                     time_anchor="April-05-2024", index="2,1", question_type="main_question"),
             message(i + 7, "assistant", "That is a solid improvement for the dashboard.")],
        ]},
    ]


def probing_questions(offset: int = 0) -> dict[str, list[dict[str, Any]]]:
    return {
        "information_extraction": [
            {"question": "When does my first sprint end?", "answer": "March 29", "difficulty": "easy",
             "source_chat_ids": [2 + offset], "rubric": ["LLM response should state: March 29"]},
        ],
        "knowledge_update": [
            {"question": "How fast does the dashboard API respond?", "answer": "250ms",
             "source_chat_ids": {"original_info": [4 + offset], "updated_info": [6 + offset]},
             "rubric": ["LLM response should state: 250ms"]},
        ],
        "event_ordering": [
            {"question": "In what order did I bring up the sprint and the API speed?", "answer": "sprint, then API",
             "source_chat_ids": [2 + offset, [4 + offset, 6 + offset], 999], "rubric": ["sprint", "API"]},
        ],
        "summarization": [
            {"question": "Summarise the project.", "ideal_summary": "A Flask budget tracker, made faster.",
             "rubric": ["LLM response should contain: Flask"]},  # no source_chat_ids
        ],
        "abstention": [
            {"question": "What is my background?", "ideal_response": "There is no information about it.",
             "abstention_type": "unavailable_information", "rubric": ["Based on the chat, there is no information"]},
        ],
    }


def write_chat(folder: Path, chat: list[dict[str, Any]], questions: dict[str, Any]) -> Path:
    (folder / "probing_questions").mkdir(parents=True)
    (folder / "chat.json").write_text(json.dumps(chat, indent=1), encoding="utf-8")
    (folder / "probing_questions" / "probing_questions.json").write_text(json.dumps(questions), encoding="utf-8")
    return folder


@pytest.fixture
def size_folder(tmp_path: Path) -> Path:
    """``100K/`` with chats ``2`` and ``10`` (natural order puts 2 first)."""
    for name in ("10", "2"):
        write_chat(tmp_path / "100K" / name, batches(), probing_questions())
    return tmp_path / "100K"


def test_normal_layout(size_folder: Path) -> None:
    conv = load_beam(size_folder)[0]
    assert conv.id == "100K/2"
    assert [s.session_id for s in conv.sessions] == ["batch-1", "batch-2"]
    assert [s.time for s in conv.sessions] == [datetime(2024, 3, 15, tzinfo=UTC), datetime(2024, 4, 5, tzinfo=UTC)]
    turns = [t for s in conv.sessions for t in s.turns]
    assert [t.turn_id for t in turns] == [str(i) for i in range(8)]
    assert [t.role for t in turns[:2]] == ["user", "assistant"] and turns[1].speaker == "Assistant"
    assert turns[0].text.endswith("->-> 1,1")  # the marker is part of the text as distributed
    by_kind = {q.category: q for q in conv.questions}
    assert by_kind["information_extraction"].gold == ("2",)
    assert by_kind["information_extraction"].answer == "March 29"
    assert by_kind["knowledge_update"].gold == ("4", "6")
    assert by_kind["event_ordering"].gold == ("2", "4", "6")  # nested list flattened, unknown 999 dropped
    assert by_kind["summarization"].answer == "A Flask budget tracker, made faster."
    assert not by_kind["summarization"].scored and not by_kind["abstention"].scored
    assert by_kind["abstention"].abstention
    assert conv.skipped_no_evidence == 2
    assert all(q.as_of == datetime(2024, 4, 5, tzinfo=UTC) for q in conv.questions)
    assert [q.id for q in conv.questions][:2] == ["100K/2:information_extraction:0", "100K/2:knowledge_update:0"]
    chat = beam_chats(size_folder)[0]
    chat.conversation()
    assert chat.unknown_source_ids == ["999"] and chat.repeated_ids == []
    assert chat.rubrics()["100K/2:knowledge_update:0"] == "LLM response should state: 250ms"
    assert [q.id for q in load_beam(size_folder, limit=2)[1].questions] == [
        "100K/10:information_extraction:0", "100K/10:knowledge_update:0"]


def test_ten_million_layout(tmp_path: Path) -> None:
    """Plans in list order (not by key), batch numbers restarting, ids running on."""
    chat = [{"plan-1": batches(0)}, {"plan-3": batches(8)}]
    folder = write_chat(tmp_path / "10M" / "1", chat, probing_questions(offset=8))
    (folder / "plan-0").mkdir()  # a plan's own folder (local ids) is not a chat
    (folder / "plan-0" / "chat.json").write_text(json.dumps(batches(0)), encoding="utf-8")
    (conv,) = load_beam(tmp_path / "10M")
    assert [s.session_id for s in conv.sessions] == ["plan-1/batch-1", "plan-1/batch-2", "plan-2/batch-1", "plan-2/batch-2"]
    assert [t.turn_id for s in conv.sessions for t in s.turns] == [str(i) for i in range(16)]
    by_kind = {q.category: q for q in conv.questions}
    assert by_kind["knowledge_update"].gold == ("12", "14")


def test_truncated_file_and_repeated_ids(tmp_path: Path) -> None:
    folder = write_chat(tmp_path / "1M" / "7", batches(), probing_questions())
    cut = batches()[:1]
    repeated = {"batch_number": 2, "time_anchor": None, "turns": [[message(0, "user", "Again from zero.",
                                                                            time_anchor="April-01-2024")]]}
    (folder / "chat_trunecated.json").write_text(json.dumps([*cut, repeated]), encoding="utf-8")
    chat = beam_chats(folder)[0]
    assert chat.chat_file.name == "chat_trunecated.json"
    conv = chat.conversation()
    assert [t.turn_id for t in conv.sessions[1].turns] == ["0#2"]
    assert chat.repeated_ids == ["0"]
    assert {q.category: q.gold for q in conv.questions}["knowledge_update"] == ("4",)  # 6 is cut off
    assert beam_chats(folder, truncated=False)[0].chat_file.name == "chat.json"


def test_times_and_bad_input(tmp_path: Path) -> None:
    assert beam_time("March-05-2024") == datetime(2024, 3, 5, tzinfo=UTC)
    assert beam_time("2024-03-05") == datetime(2024, 3, 5, tzinfo=UTC)
    with pytest.raises(InputError):
        beam_time("Smarch-05-2024")
    bad = tmp_path / "bad" / "chat.json"
    bad.parent.mkdir()
    bad.write_text('[{"batch_number": 1, "turns": [[{"role": "user", "id": 0, "content": "hi"}]]}, {"batch', encoding="utf-8")
    with pytest.raises(InputError, match="malformed JSON"):
        load_beam(bad)
    with pytest.raises(InputError):
        beam_chats(tmp_path / "missing")


def test_read_conversations_recognises_beam(size_folder: Path, tmp_path: Path) -> None:
    (conv,) = read_conversations(size_folder / "2" / "chat.json")
    assert conv.id == "100K/2" and [s.session_id for s in conv.sessions] == ["batch-1", "batch-2"]
    assert conv.sessions[0].messages[0] == {"role": "user", "content": batches()[0]["turns"][0][0]["content"], "id": "0"}
    renamed = tmp_path / "beam-chat.json"  # recognised by content, not by name
    renamed.write_text((size_folder / "2" / "chat.json").read_text(encoding="utf-8"), encoding="utf-8")
    assert len(read_conversations(renamed)[0].sessions) == 2
    assert [c.id for c in read_conversations(size_folder)] == ["100K/2", "100K/10"]


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared BEAM chats are not here")
def test_shared_100k_chats() -> None:
    convs = load_beam(SHARED / "100K")
    assert [c.id for c in convs] == ["100K/1", "100K/2"]
    assert [len(c.sessions) for c in convs] == [3, 3]
    assert [sum(len(s.turns) for s in c.sessions) for c in convs] == [188, 200]
    assert [len(c.questions) for c in convs] == [20, 20]
    assert [c.skipped_no_evidence for c in convs] == [2, 2]  # the abstention questions
    assert [sum(len(q.gold) for q in c.questions) for c in convs] == [53, 55]  # 55 ids each, 2 repeated in 100K/1
    assert [s.time for s in convs[0].sessions] == [datetime(2024, m, d, tzinfo=UTC) for m, d in ((3, 15), (4, 5), (4, 25))]
    for chat in beam_chats(SHARED / "100K"):
        chat.conversation()
        assert chat.unknown_source_ids == [] and chat.repeated_ids == []


def test_bench_beam_bm25(size_folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "beam.json"
    result = CliRunner().invoke(bench, ["beam", str(size_folder / "2"), "--method", "bm25", "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["dataset"] == "beam" and report["method"] == "bm25"
    assert report["questions"] == 5 and report["skipped_no_evidence"] == 2 and report["scored_questions"] == 3
    # the whole chat fits in 1500 tokens, and ten turns hold all eight
    assert report["recall_at_budget"]["overall"] == 1.0 and report["complete_evidence_rate"]["overall"] == 1.0
    assert report["turn_recall_all"]["10"] == {"overall": 1.0, "event_ordering": 1.0, "information_extraction": 1.0,
                                               "knowledge_update": 1.0}
    assert report["ingest"]["turns"] == 8 and report["ingest"]["turns_per_second"] > 0
    assert report["store"]["bytes_total"] is None
    assert report["chats"][0]["chat"] == "100K/2"
    assert list(report)[-1] == "per_question"
    assert "recall_all@10" in result.output and "turns/s" in result.output


def test_ripple_stores_are_measured_after_close(tmp_path: Path) -> None:
    from ripplemem.bench.beam import MeasuredStores
    from ripplemem.config import Settings
    from ripplemem.store import open_store

    stores = MeasuredStores()
    with stores.target("bench1") as url:
        store = open_store(url, Settings(db=url))
        store.set_meta("embedder", "none")
        store.close()
        assert Path(url).is_file()
    assert len(stores.sizes) == 1 and stores.sizes[0] > 0
    assert not Path(url).exists()  # the temporary folder is gone


def test_judge_reads_the_rubric(size_folder: Path) -> None:
    from ripplemem.bench.beam import judged_by_rubric

    chat = beam_chats(size_folder)[0]
    question = chat.conversation().questions[0]
    seen: list[str] = []
    judged = judged_by_rubric(lambda q, items: {"reference": seen.append(q.answer)}, chat.rubrics())
    judged(question, [])
    assert seen == ["LLM response should state: March 29"] and question.answer == "March 29"
