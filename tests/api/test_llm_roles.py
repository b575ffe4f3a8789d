"""The LLM roles of the read path against a real chat-completions server on 127.0.0.1:
the planner, reconstruction with fact verification, and answering."""

from __future__ import annotations

import time
from collections.abc import Callable

from ripplemem import Memory
from ripplemem.providers.llm.openai import OpenAILLM
from ripplemem.types import Evidence, EvidenceItem
from ripplemem.verify.answer import LLM_FAILED, NO_ANSWERER
from ripplemem.verify.reconstruct import UNCERTAIN
from sample_dialogue import SESSION_1, SESSION_2
from scripted_llm import ScriptedLLM

RENT = [
    {"speaker": "Ana", "text": "My new flat in Lisbon costs 1,850 euros a month.", "id": "R1"},
    {"speaker": "Ben", "text": "That's steep! Is it near the river?", "id": "R2"},
]


def with_llm(open_memory: Callable[..., Memory], server: ScriptedLLM) -> Memory:
    mem = open_memory(extractor="rule")
    mem.llm = OpenAILLM(base_url=server.url, model="m", timeout=5.0, retries=0)
    return mem


def evidence_of(mem: Memory, question: str) -> Evidence:
    return mem.recall(question, user_id="u1", as_of="2024-03-20")


def test_reconstruction_catches_a_changed_number_and_marks_it_uncertain(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = with_llm(open_memory, scripted_llm)
    mem.add(RENT, user_id="u1", session_time="2024-03-10T09:00:00")
    ev = evidence_of(mem, "How much is Ana's rent?")
    ev = Evidence(ev.query, [i for i in ev.items if "1,850" in i.text], ev.budget_tokens)
    assert ev.items
    # plan, then the draft with a tampered number, then a regeneration that still tampers
    scripted_llm.reply_json({"description": "Ana pays 18,500 euros a month for her flat in Lisbon.", "cited": []})
    scripted_llm.reply_json({"description": "Ana's flat is in Lisbon. She pays 18,500 euros a month.", "cited": []})
    rec = mem.reconstruct("How much is Ana's rent?", ev)
    assert rec.regenerated and not rec.verified
    assert "18500" in rec.mismatches
    assert rec.description.startswith("Ana's flat is in Lisbon.")
    assert UNCERTAIN + "She pays 18,500 euros a month." in rec.description
    assert "Write it again" in scripted_llm.chat_requests[-1]["messages"][-1]["content"]


def test_reconstruction_accepts_a_faithful_description_and_regenerates_once(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = with_llm(open_memory, scripted_llm)
    mem.add(RENT, user_id="u1", session_time="2024-03-10T09:00:00")
    ev = evidence_of(mem, "How much is Ana's rent?")
    ev = Evidence(ev.query, [i for i in ev.items if "1,850" in i.text], ev.budget_tokens)
    scripted_llm.reply_json({"description": "Ana pays 1850 euros a month in Lisbon.", "cited": [ev.items[0].id]})
    rec = mem.reconstruct("How much is Ana's rent?", ev)
    assert rec.verified and not rec.regenerated and rec.source == "llm"
    scripted_llm.reply_json({"description": "Ana pays 18,500 euros.", "cited": []})
    scripted_llm.reply_json({"description": "Ana pays 1,850 euros a month.", "cited": []})
    fixed = mem.reconstruct("How much is Ana's rent?", ev)
    assert fixed.verified and fixed.regenerated and UNCERTAIN not in fixed.description


def test_without_llm_reconstruction_is_the_evidence_and_answer_says_so(memory: Memory) -> None:
    memory.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00")
    ev = memory.recall("What did Melanie paint?", user_id="u1")
    rec = memory.reconstruct("What did Melanie paint?", ev)
    assert rec.description == ev.render() and rec.source == "evidence"
    ans = memory.answer("What did Melanie paint?", user_id="u1")
    assert ans.text == NO_ANSWERER and ans.answered_by == "none" and ans.evidence.items


def test_answer_with_llm_and_decline(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = with_llm(open_memory, scripted_llm)
    mem.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00")
    scripted_llm.reply_json({"proceed": False, "stop_reason": "enough evidence"})
    scripted_llm.reply_json({"answer": "a sunrise over a lake", "supported": True, "cited": []})
    ans = mem.answer("What did Melanie paint?", user_id="u1", as_of="2023-05-09")
    assert ans.supported and ans.text == "a sunrise over a lake" and ans.answered_by == "llm"
    assert "Melanie" in scripted_llm.chat_requests[-1]["messages"][-1]["content"]
    scripted_llm.reply_json({"proceed": False, "stop_reason": "no new support"})
    scripted_llm.reply_json({"answer": "Not mentioned in the memories.", "supported": False})
    no = mem.answer("What is Melanie's blood type?", user_id="u1")
    assert not no.supported


def test_llm_planner_drives_diffusion_and_falls_back_on_bad_output(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = with_llm(open_memory, scripted_llm)
    mem.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00")
    mem.add(SESSION_2, user_id="u1", session_id="s2", session_time="2023-06-09T10:00:00")
    first = mem.recall("What does Caroline care about?", user_id="u1", settings=mem.settings.recall.replace(rounds=0))
    anchor = first.items[0].id
    scripted_llm.reply_json({"proceed": True, "anchors": [anchor, "not-an-id"], "target": "Caroline is going to a conference.",
                             "target_participants": ["Caroline"]})
    ev = mem.recall("What does Caroline care about?", user_id="u1")
    (plan,) = ev.trace.plans
    assert plan.proceed and plan.anchors == (anchor,) and plan.target == "Caroline is going to a conference."
    assert "Retrieved memories" in scripted_llm.chat_requests[-1]["messages"][-1]["content"]
    scripted_llm.reply("not json").reply("still not json")
    ev2 = mem.recall("What does Caroline care about?", user_id="u1")
    assert ev2.trace.plans and mem._planner.failures == 1  # the rule planner took over


def test_items_carry_routes(memory: Memory) -> None:
    memory.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00")
    ev = memory.recall("support group", user_id="u1")
    assert all(isinstance(i, EvidenceItem) and i.routes for i in ev.items)


def test_llm_update_decider_supersedes_and_merges(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    from ripplemem.write.update_llm import LLMDecider

    mem = with_llm(open_memory, scripted_llm)
    mem._decider = LLMDecider(mem.llm, mem.settings.write, ask_above=0.0)
    first = mem.add([{"speaker": "Ana", "text": "My sister Ava is vegetarian.", "id": "A1"}], user_id="u1",
                    session_time="2024-01-05T10:00:00")
    (old,) = [e for e in first.events if e.event == "ADD"]
    scripted_llm.reply_json({"action": "SUPERSEDE", "target": 1, "slot": "diet", "new_value": "eats fish again",
                             "reason": "diet changed"})
    second = mem.add([{"speaker": "Ana", "text": "Ava eats fish again since March.", "id": "A2"}], user_id="u1",
                     session_time="2024-04-02T10:00:00")
    assert [e.event for e in second.events] == ["SUPERSEDE"]
    assert not mem.get(old.id, user_id="u1").current
    assert [h.event for h in mem.history(old.id, user_id="u1")] == ["ADD", "SUPERSEDE"]
    shown = scripted_llm.chat_requests[-1]["messages"][-1]["content"]
    assert "Stored memories:\n1. [5 January 2024] " in shown and old.id not in shown  # numbered, no ids
    new_id = second.events[0].id
    scripted_llm.reply_json({"action": "UPDATE", "target": 1, "merged": "Ava eats fish again, since March 2024."})
    third = mem.add([{"speaker": "Ana", "text": "Ava has been eating fish since March.", "id": "A3"}], user_id="u1",
                    session_time="2024-04-03T10:00:00")
    assert [e.event for e in third.events] == ["UPDATE"]
    unit = mem.get(new_id, user_id="u1")
    assert unit.restatement == "Ava eats fish again, since March 2024." and unit.sources == ("A2", "A3")
    for _ in range(2):  # a number no stored memory has, in the reply and its repair: the rule decides
        scripted_llm.reply_json({"action": "NOOP", "target": 9})
    mem.add([{"speaker": "Ana", "text": "Ben bought a red bicycle.", "id": "A4"}], user_id="u1",
            session_time="2024-04-03T10:00:00")
    assert mem._decider.failures == 1 and scripted_llm.pending == 0


def test_answer_degrades_to_the_evidence_when_the_llm_is_down(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = with_llm(open_memory, scripted_llm)
    mem.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00")
    scripted_llm.fail(503, times=2)  # the planner's request, then the answer's
    ans = mem.answer("What did Melanie paint?", user_id="u1", as_of="2023-05-09")
    assert ans.degraded and ans.answered_by == "none" and not ans.supported
    assert ans.text == LLM_FAILED and "503" in ans.error
    assert ans.evidence.items and ans.evidence.trace.llm_usage["plan"].failures == 1 == ans.evidence.trace.fallbacks
    assert ans.llm_usage["answer"].failures == 1 and ans.llm_usage["plan"].failures == 1


def test_reconstruction_says_regenerated_only_when_the_retry_came_back(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = with_llm(open_memory, scripted_llm)
    mem.add(RENT, user_id="u1", session_time="2024-03-10T09:00:00")
    ev = evidence_of(mem, "How much is Ana's rent?")
    ev = Evidence(ev.query, [i for i in ev.items if "1,850" in i.text], ev.budget_tokens)
    scripted_llm.reply_json({"description": "Ana pays 18,500 euros a month.", "cited": []}).fail(503)
    rec = mem.reconstruct("How much is Ana's rent?", ev)
    assert not rec.regenerated and not rec.verified and rec.source == "llm" and "503" in rec.error
    assert rec.description == UNCERTAIN + "Ana pays 18,500 euros a month."
    assert rec.llm_usage["reconstruct"].calls == 2 and rec.llm_usage["reconstruct"].failures == 1
    scripted_llm.fail(503)
    down = mem.reconstruct("How much is Ana's rent?", ev)
    assert down.source == "evidence" and down.description == ev.render() and "503" in down.error


def test_a_description_that_says_nothing_of_the_evidence_is_not_used(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = with_llm(open_memory, scripted_llm)
    mem.add(RENT, user_id="u1", session_time="2024-03-10T09:00:00")
    ev = evidence_of(mem, "How much is Ana's rent?")
    ev = Evidence(ev.query, [i for i in ev.items if "1,850" in i.text], ev.budget_tokens)
    scripted_llm.reply_json({"description": "{{" + ev.items[0].id + "}}", "cited": []})
    rec = mem.reconstruct("How much is Ana's rent?", ev)
    assert rec.source == "evidence" and rec.description == ev.render() and not rec.regenerated
    assert "no word" in rec.error
    # a wrong first draft, then a retry that says nothing of the evidence: the mismatch is still reported
    scripted_llm.reply_json({"description": "Ana pays 9,999 a month.", "cited": []})
    scripted_llm.reply_json({"description": "{{" + ev.items[0].id + "}}", "cited": []})
    rec = mem.reconstruct("How much is Ana's rent?", ev)
    assert rec.source == "evidence" and not rec.regenerated and "no word" in rec.error
    assert rec.mismatches, rec


def test_add_and_recall_report_tokens_and_time_per_role(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory(extractor="llm", llm_concurrency=1)
    mem.llm = OpenAILLM(base_url=scripted_llm.url, model="m", timeout=5.0, retries=0)
    scripted_llm.reply_json({"units": [{"restatement": "Ana's flat in Lisbon costs 1,850 euros a month.",
                                        "sources": [1], "participants": ["Ana"]}]})
    added = mem.add(RENT, user_id="u1", session_time="2024-03-10T09:00:00")
    spent = added.llm_usage["extract"]
    (body,) = scripted_llm.chat_requests
    assert (spent.calls, spent.requests, spent.failures) == (1, 1, 0)
    assert spent.prompt_tokens == -(-sum(len(m["content"]) for m in body["messages"]) // 4) and spent.completion_tokens > 0
    assert spent.wall_ms > 0 and [e.event for e in added.events] == ["ADD"]
    scripted_llm.reply_json({"proceed": False, "stop_reason": "enough evidence"})
    ev = mem.recall("How much is Ana's rent?", user_id="u1")
    assert ev.trace.llm_usage["plan"].calls == 1 and ev.trace.llm_usage["plan"].tokens > 0
    assert set(ev.trace.llm_usage) == {"plan"}


def test_windows_are_extracted_in_parallel_up_to_the_concurrency_setting(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    turns = [{"speaker": "Ana" if i % 2 else "Ben", "text": f"Plan number {i} is to visit city {i}.", "id": f"T{i}"}
             for i in range(14)]  # windows of 6 turns overlapping by 2: three windows
    timings = {}
    for concurrency in (1, 3):
        mem = open_memory(f"c{concurrency}.db", extractor="llm", llm_concurrency=concurrency)
        mem.llm = OpenAILLM(base_url=scripted_llm.url, model="m", timeout=5.0, retries=0)
        for _ in range(3):
            scripted_llm.reply_json({"units": []}, delay=0.6)
        started = time.perf_counter()
        added = mem.add(turns, user_id="u1", session_time="2024-03-10T09:00:00")
        timings[concurrency] = time.perf_counter() - started
        assert added.llm_usage["extract"].calls == 3 and added.extraction_failures == 0
    assert timings[1] >= 1.8 and timings[3] < timings[1] - 0.6


def test_an_extracted_memory_with_a_number_its_turn_never_said_is_stored_as_said(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = open_memory(extractor="llm", llm_concurrency=1)
    mem.llm = OpenAILLM(base_url=scripted_llm.url, model="m", timeout=5.0, retries=0)
    scripted_llm.reply_json({"units": [
        {"restatement": "Ana's flat in Lisbon costs 18,500 euros a month.", "sources": [1], "participants": ["Ana"]},
        {"restatement": "Ben asked whether Ana's flat is near the river.", "sources": [2], "participants": ["Ben", "Ana"]},
    ]})
    mem.add(RENT, user_id="u1", session_time="2024-03-10T09:00:00")
    (stored,) = [u.restatement for u in mem.list(user_id="u1")]  # the two are composed into one exchange
    assert stored == "Ana said: My new flat in Lisbon costs 1,850 euros a month. Ben asked whether Ana's flat is near the river."
    assert "18,500" not in stored  # the invented amount; the faithful second part is kept as extracted
