"""Every LLM role through ripplemem's own client, against a real llama.cpp server and model.

SmolLM2-135M is far too small to judge quality: these tests assert what such a model can
honestly show. Every reply parses into its schema or its fallback is counted; some of the
model's own units and update decisions are used, not only the rules'; nothing is lost;
tokens and time are recorded; a memory's sources are real turn ids; the server's own errors
(context overflow, being killed mid-ingest) are survived.
"""

from __future__ import annotations

import threading
import time
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from ripplemem import Memory
from ripplemem.bench.metrics import RankedItem
from ripplemem.bench.qa import assess_answer
from ripplemem.errors import ProviderError
from ripplemem.formats import Conversation, load_locomo, session_messages
from ripplemem.prompts import judge
from ripplemem.providers.llm.openai import OpenAILLM
from ripplemem.types import RoleUsage, Scope
from ripplemem.verify.answer import LLM_FAILED
from ripplemem.verify.reconstruct import OFF_TOPIC

USER = "lane"


def conversation() -> Conversation:
    path = Path(str(resources.files("ripplemem") / "data" / "sample_conversation.json"))
    return load_locomo([path])[0]


def ingest(mem: Memory, conv: Conversation) -> list[Any]:
    return [mem.add(session_messages(s), user_id=USER, session_id=s.session_id, session_time=s.time)
            for s in conv.sessions]


def total(results: list[Any], role: str) -> RoleUsage:
    return sum((r.llm_usage.get(role, RoleUsage()) for r in results), RoleUsage())


def assert_nothing_lost(mem: Memory, conv: Conversation) -> None:
    ids = {t.turn_id for s in conv.sessions for t in s.turns}
    assert set(mem.source_turns(ids, user_id=USER)) == ids  # every turn is in the log
    assert mem.store.open_turns(Scope(USER)) == []  # none left pending or failed
    units = mem.list(user_id=USER, limit=1000)
    assert units, "the turns produced no memory at all"
    for unit in units:
        assert unit.sources and set(unit.sources) <= ids  # sources are real turn ids


def assert_accounted(spent: RoleUsage, failures: int) -> None:
    assert spent.calls >= 1 and spent.failures == failures
    assert spent.requests >= spent.calls  # repairs and refused modes add requests
    assert spent.prompt_tokens > 0 and spent.completion_tokens > 0 and spent.wall_ms > 0


def test_the_server_refuses_json_schema_and_its_own_form_constrains(llm: OpenAILLM) -> None:
    out = judge.render("Where did Ana move?", "Lisbon", "She moved to Lisbon in March.").ask(llm)
    assert out.label in ("CORRECT", "WRONG")
    assert llm.structured_mode == "json_object_schema"  # json_schema -> HTTP 500 naming response_format


def test_ingest_with_the_llm_extractor_and_update_decider(open_lane_memory: Any) -> None:
    conv = conversation()
    mem = open_lane_memory(extractor="llm", write={"llm_decide_above": 0.0})
    results = ingest(mem, conv)
    assert sum(r.turns_added for r in results) == sum(len(s.turns) for s in conv.sessions)
    extracted = total(results, "extract")
    assert_accounted(extracted, sum(r.extraction_failures for r in results))
    assert extracted.failures < extracted.calls  # some window kept the model's own units, citing its new turns
    decided = total(results, "update")
    assert decided.calls >= 1 and decided.failures == sum(r.decider_fallbacks for r in results)
    assert decided.failures < decided.calls  # some decision was the model's, naming a stored memory by number
    assert_nothing_lost(mem, conv)


def test_recall_reconstruct_answer_and_judge_on_locomo_questions(open_lane_memory: Any, llm: OpenAILLM) -> None:
    conv = conversation()
    mem = open_lane_memory(extractor="rule")
    ingest(mem, conv)
    for question in conv.questions:
        ev = mem.recall(question.question, user_id=USER, as_of=question.as_of)
        plan = ev.trace.llm_usage["plan"]
        assert_accounted(plan, ev.trace.fallbacks)
        assert ev.items
        rec = mem.reconstruct(question.question, ev)
        spent = rec.llm_usage["reconstruct"]
        assert spent.calls == (2 if rec.mismatches else 1)
        assert rec.regenerated == (bool(rec.mismatches) and not rec.error)
        # the evidence itself when every request failed, or when the description came back off topic
        assert (rec.source == "evidence") == (spent.failures == spent.calls or rec.error == OFF_TOPIC)
        ans = mem.answer(question.question, user_id=USER, as_of=question.as_of)
        answered = ans.llm_usage["answer"]
        assert answered.calls == 1 and ans.degraded == (answered.failures == 1)
        assert set(ans.cited) <= {i.id for i in ans.evidence.items}
        items = [RankedItem(i.text, i.unit.sources, i.unit.time.start if i.unit.time else None) for i in ev.items]
        row = assess_answer(llm, llm, question, items)
        assert row["j"] in (0.0, 1.0) and ("error" in row) == (row["answer"] == "")


def test_context_overflow_is_a_clean_failure_that_falls_back(open_lane_memory: Any, llm: OpenAILLM) -> None:
    conv = conversation()
    mem = open_lane_memory(extractor="rule")
    ingest(mem, conv)
    huge = "Tell me everything about Maya's allergies and restaurants. " * 1500  # far over n_ctx
    with pytest.raises(ProviderError, match="context length"):
        judge.render(huge, "x", "y").ask(llm)
    assert llm.refusals == 0 or llm.structured_mode == "json_object_schema"  # an overflow is no mode change
    ans = mem.answer(huge, user_id=USER)
    assert ans.degraded and ans.text == LLM_FAILED and "context length" in ans.error
    assert ans.evidence.items and ans.llm_usage["answer"].failures == 1


def test_a_server_killed_mid_ingest_loses_nothing(open_lane_memory: Any, tmp_path: Path) -> None:
    from llama_server import LlamaServer

    conv = conversation()
    turns = [m for s in conv.sessions for m in session_messages(s)]
    log = tmp_path / "killed.log"
    with LlamaServer(log=log) as doomed:
        mem = open_lane_memory("killed.db", on=doomed, extractor="llm", llm_concurrency=1, llm_retries=0)
        results: list[Any] = []
        adding = threading.Thread(target=lambda: results.append(mem.add(turns, user_id=USER, session_id="all",
                                                                          session_time=conv.sessions[0].time)))
        adding.start()
        deadline = time.monotonic() + 600
        while "POST /v1/chat/completions" not in log.read_text(errors="replace") and time.monotonic() < deadline:
            time.sleep(0.2)
        doomed.kill()  # the first window was answered (or is being); the rest meet a dead server
        adding.join(timeout=600)
    (added,) = results
    spent = added.llm_usage["extract"]
    assert added.turns_added == len(turns) and added.extraction_failures >= 1
    assert spent.failures == added.extraction_failures
    ids = {t.turn_id for s in conv.sessions for t in s.turns}
    assert set(mem.source_turns(ids, user_id=USER)) == ids and mem.store.open_turns(Scope(USER)) == []
    assert all(set(u.sources) <= ids for u in mem.list(user_id=USER, limit=1000))
