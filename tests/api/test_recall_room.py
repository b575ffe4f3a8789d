"""The planner's stop test and the room left in the evidence (real store, real embedder; the
LLM planner against a real chat-completions server on 127.0.0.1)."""

from __future__ import annotations

from collections.abc import Callable

from ripplemem import Memory
from ripplemem.providers.llm.openai import OpenAILLM
from sample_dialogue import SESSION_1, SESSION_2
from scripted_llm import ScriptedLLM


def _stored(memory: Memory) -> Memory:
    memory.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00")
    memory.add(SESSION_2, user_id="u1", session_id="s2", session_time="2023-06-09T10:00:00")
    return memory


def test_a_question_whose_words_are_covered_is_still_followed(memory: Memory) -> None:
    """The rule planner does not stop because the top memories hold the question's words:
    it anchors on the best of them and follows what they carry."""
    ev = _stored(memory).recall("What did Melanie paint?", user_id="u1", budget_tokens=1500)
    plan = ev.trace.plans[0]
    assert plan.proceed and plan.planner == "rule" and plan.stop_reason.startswith("words covered")
    assert plan.anchors and "room left" not in plan.stop_reason
    assert "Melanie" in plan.target and plan.target != "What did Melanie paint?"  # a statement, with what the anchors carry


def test_uncovered_question_follows_the_planner(memory: Memory) -> None:
    ev = _stored(memory).recall("What is Caroline's identity?", user_id="u1", budget_tokens=60)
    plan = ev.trace.plans[0]
    assert plan.proceed and plan.stop_reason.startswith("missing: identity")


def _llm(open_memory: Callable[..., Memory], server: ScriptedLLM) -> Memory:
    mem = open_memory(extractor="rule")
    mem.llm = OpenAILLM(base_url=server.url, model="m", timeout=5.0, retries=0)
    return _stored(mem)


def test_an_llm_planner_that_stops_with_room_left_still_looks_near_the_top_hits(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = _llm(open_memory, scripted_llm)
    scripted_llm.reply_json({"proceed": False, "stop_reason": "enough evidence"})
    ev = mem.recall("What did Melanie paint?", user_id="u1", budget_tokens=1500)
    (plan,) = ev.trace.plans
    assert plan.proceed and plan.stop_reason.startswith("enough evidence") and "room left" in plan.stop_reason
    assert plan.target == "What did Melanie paint?"  # toward the question itself
    top = sorted(ev.trace.scores, key=lambda uid: -ev.trace.scores[uid])
    assert set(plan.anchors) <= set(top[: len(plan.anchors) + 1])


def test_an_llm_planner_that_stops_with_the_budget_full_stops(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = _llm(open_memory, scripted_llm)
    scripted_llm.reply_json({"proceed": False, "stop_reason": "enough evidence"})
    ev = mem.recall("What did Melanie paint?", user_id="u1", budget_tokens=60)
    (plan,) = ev.trace.plans
    assert not plan.proceed and not plan.anchors and "room left" not in plan.stop_reason
    assert ev.trace.stop_reason.startswith("enough evidence") and not ev.trace.diffusion
    assert len(ev.items) == 1


def test_without_the_room_fill_an_llm_planner_that_stops_stops(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    mem = _llm(open_memory, scripted_llm)
    scripted_llm.reply_json({"proceed": False, "stop_reason": "enough evidence"})
    ev = mem.recall("What did Melanie paint?", user_id="u1", budget_tokens=1500,
                    settings=mem.settings.recall.replace(room_fill=False))
    (plan,) = ev.trace.plans
    assert not plan.proceed and "room left" not in plan.stop_reason and not ev.trace.diffusion
