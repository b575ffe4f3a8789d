"""The planner's stop test and the room left in the evidence (real store, real embedder)."""

from __future__ import annotations

from ripplemem import Memory
from sample_dialogue import SESSION_1, SESSION_2


def _stored(memory: Memory) -> Memory:
    memory.add(SESSION_1, user_id="u1", session_id="s1", session_time="2023-05-08T13:56:00")
    memory.add(SESSION_2, user_id="u1", session_id="s2", session_time="2023-06-09T10:00:00")
    return memory


def test_covered_question_with_room_left_still_looks_near_the_top_hits(memory: Memory) -> None:
    ev = _stored(memory).recall("What did Melanie paint?", user_id="u1", budget_tokens=1500)
    (plan,) = ev.trace.plans
    assert plan.proceed and plan.stop_reason.startswith("enough evidence") and "room left" in plan.stop_reason
    assert plan.target == "What did Melanie paint?"  # toward the question itself
    top = sorted(ev.trace.scores, key=lambda uid: -ev.trace.scores[uid])
    assert set(plan.anchors) <= set(top[: len(plan.anchors) + 1])


def test_covered_question_that_fills_the_budget_stops(memory: Memory) -> None:
    ev = _stored(memory).recall("What did Melanie paint?", user_id="u1", budget_tokens=60)
    (plan,) = ev.trace.plans
    assert not plan.proceed and not plan.anchors and "room left" not in plan.stop_reason
    assert ev.trace.stop_reason.startswith("enough evidence") and not ev.trace.diffusion
    assert len(ev.items) == 1


def test_uncovered_question_follows_the_planner(memory: Memory) -> None:
    ev = _stored(memory).recall("What is Caroline's identity?", user_id="u1", budget_tokens=60)
    (plan,) = ev.trace.plans
    assert plan.proceed and plan.stop_reason.startswith("missing: identity")
