"""The --llm openai path end to end: the bench CLI against the scripted chat-completions server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ripplemem.bench.cli import bench
from ripplemem.bench.qa import DECLINE, declines
from scripted_llm import ScriptedLLM


def test_declines() -> None:
    assert declines(DECLINE)
    assert declines("I don't remember that.")
    assert declines("The conversation does not mention an instrument.")
    assert not declines("Violin")


@pytest.fixture
def qa_server(scripted_llm: ScriptedLLM, monkeypatch: pytest.MonkeyPatch) -> ScriptedLLM:
    """The scripted server as the bench's configured LLM (no retries)."""
    monkeypatch.setenv("RIPPLEMEM_LLM_BASE_URL", scripted_llm.url)
    monkeypatch.setenv("RIPPLEMEM_LLM_MODEL", "judge-model")
    monkeypatch.setenv("RIPPLEMEM_LLM_RETRIES", "0")
    return scripted_llm


def test_locomo_answer_and_judge(qa_server: ScriptedLLM, locomo_file: Path, tmp_path: Path) -> None:
    scripted_llm = qa_server
    # question order: cat 4, cat 1, cat 2, cat 5 (declines: no judge call), cat 3, cat 4
    def answer(text: str, supported: bool = True) -> None:
        scripted_llm.reply_json({"answer": text, "supported": supported, "cited": ["1"]})

    def judge(label: str) -> None:
        scripted_llm.reply_json({"reason": "compared", "label": label})

    answer("Biscuit"), judge("CORRECT")
    answer("sit and fetch"), judge("CORRECT")
    answer("6 May 2023"), judge("WRONG")
    answer(DECLINE, supported=False)
    answer("Yes, he likes music"), judge("CORRECT")
    answer("Mount Tamalpais"), judge("CORRECT")
    out = tmp_path / "qa.json"
    result = CliRunner().invoke(bench, ["locomo", str(locomo_file), "--method", "bm25", "--llm", "openai", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert scripted_llm.pending == 0
    report = json.loads(out.read_text())
    qa = report["qa"]
    assert qa["j"]["overall"] == pytest.approx(0.8)  # categories 1-4: four of five judged CORRECT
    assert qa["j"]["5"] == 1.0  # declined
    assert "5" not in qa["f1"] and qa["f1"]["4"] == 1.0
    assert qa["bleu1"]["1"] == 1.0
    assert report["per_question"][0]["qa"]["answer"] == "Biscuit"
    assert "| qa j |" in result.output

    chats = scripted_llm.chat_requests
    answer_user = chats[0]["messages"][1]["content"]
    assert "Biscuit" in answer_user and "What is the name of Alice's dog?" in answer_user
    assert "Today is 20 June 2023" in answer_user and "[1] [8 May 2023] Alice: I adopted" in answer_user
    judge_user = chats[1]["messages"][1]["content"]
    assert "Gold answer: Biscuit" in judge_user and "Generated answer: Biscuit" in judge_user
    assert all(c["model"] == "judge-model" for c in chats)
    roles = report["llm_usage"]["roles"]
    assert (roles["answer"]["calls"], roles["judge"]["calls"]) == (6, 5)
    assert roles["answer"]["prompt_tokens"] + roles["judge"]["prompt_tokens"] == sum(
        -(-sum(len(m["content"]) for m in c["messages"]) // 4) for c in chats)
    assert report["llm_usage"]["ingest_per_conversation"]["tokens"] == 0  # bm25 ingests without an LLM
    assert "| answer | 6 | 6 | 0 |" in result.output


def test_a_failing_answerer_scores_the_question_wrong_and_the_run_goes_on(
    qa_server: ScriptedLLM, locomo_file: Path, tmp_path: Path
) -> None:
    qa_server.fail(503, times=6)  # every answer fails; no judge is asked
    out = tmp_path / "qa.json"
    result = CliRunner().invoke(bench, ["locomo", str(locomo_file), "--method", "bm25", "--llm", "openai", "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["qa"]["j"]["overall"] == 0.0
    assert all("503" in row["qa"]["error"] for row in report["per_question"])
    assert report["llm_usage"]["roles"]["answer"]["failures"] == 6


def test_llm_openai_needs_configuration(locomo_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RIPPLEMEM_LLM_BASE_URL", raising=False)
    monkeypatch.delenv("RIPPLEMEM_LLM_MODEL", raising=False)
    monkeypatch.delenv("RIPPLEMEM_CONFIG", raising=False)
    result = CliRunner().invoke(bench, ["locomo", str(locomo_file), "--method", "bm25", "--llm", "openai"])
    assert result.exit_code != 0
    assert "RIPPLEMEM_LLM_BASE_URL" in result.output
