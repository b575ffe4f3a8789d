"""The prompt modules: what they render, what their schemas accept, one round trip each over HTTP."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from ripplemem.prompts import answer, extract, judge, plan, reconstruct, update
from ripplemem.providers.llm.openai import OpenAILLM
from ripplemem.types import Candidate, Cues, MemoryUnit, Scope, TimeSpan, Turn, Window
from scripted_llm import ScriptedLLM

SCOPE = Scope("u1")
APRIL = datetime(2026, 4, 23, tzinfo=UTC)


def unit(uid: str, text: str) -> MemoryUnit:
    return MemoryUnit(uid, SCOPE, text, (f"D1:{uid}",), "s1", mentioned_at=APRIL)


EVIDENCE = [
    unit("m1", "Sam recommended Harbor Grill for dinner with Maya."),
    unit("m2", "Harbor Grill is a seafood restaurant."),
]


def llm(server: ScriptedLLM) -> OpenAILLM:
    return OpenAILLM(base_url=server.url, model="m", retries=0, timeout=5.0)


def test_every_module_has_schema_version_and_render() -> None:
    for module in (extract, plan, reconstruct, answer, judge, update):
        assert isinstance(module.VERSION, str) and module.VERSION
        assert callable(module.render)


def test_extract_numbers_the_new_turns_after_the_context() -> None:
    turns = (Turn("D1:1", "s1", "Ana", "Hi"), Turn("D1:2", "s1", "Ben", "I moved to Lisbon last month."),
             Turn("D1:3", "s1", "Ana", "Nice!"))
    window = Window("s1", APRIL, turns, frozenset({"D1:2", "D1:3"}), ("Ana", "Ben"))
    prompt = extract.render(window)
    assert issubclass(prompt.schema, extract.ExtractOutput) and prompt.version == extract.VERSION
    assert prompt.schema is extract.output_schema(2)  # one schema per count of new turns
    assert "23 April 2026" in prompt.user and "Speakers: Ana, Ben" in prompt.user
    assert "Earlier turns (context only):\n- Ana: Hi\n\nNew turns:\n1. Ben: I moved" in prompt.user
    assert "2. Ana: Nice!" in prompt.user and "D1:" not in prompt.user
    assert [t.turn_id for t in extract.numbered(window)] == ["D1:2", "D1:3"]
    first = extract.render(Window("s1", APRIL, turns[:1], frozenset({"D1:1"}), ("Ana",)))
    assert "Earlier turns" not in first.user and "New turns:\n1. Ana: Hi" in first.user
    with pytest.raises(ValidationError, match="sources"):
        prompt.schema.model_validate({"units": [{"restatement": "Ben moved to Lisbon.", "sources": [3]}]})


def test_plan_round_trip_and_conversion(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply_json(
        {
            "proceed": True,
            "anchors": ["m2", "m9", "m1"],
            "target": "Maya is allergic to seafood.",
            "target_participants": ["Maya"],
            "target_locations": [],
        }
    )
    cues = Cues(participants=frozenset({"Sam", "Maya"}), locations=frozenset({"Harbor Grill"}))
    prompt = plan.render("Should we take Maya to Harbor Grill?", cues, EVIDENCE)
    assert "[m1] [23 April 2026] Sam recommended" in prompt.user and "Harbor Grill" in prompt.user
    out = prompt.ask(llm(scripted_llm))
    decided = plan.to_plan(out, {"m1", "m2"})
    assert decided.proceed and decided.anchors == ("m2", "m1")
    assert decided.target_cues.participants == frozenset({"Maya"})


def test_plan_target_must_be_a_statement() -> None:
    with pytest.raises(ValidationError, match="statement"):
        plan.PlanOutput(proceed=True, anchors=["m1"], target="Is Maya allergic to seafood?")


def test_plan_stop_keeps_the_reason() -> None:
    decided = plan.to_plan(plan.PlanOutput(proceed=False, stop_reason="enough evidence"), {"m1"})
    assert not decided.proceed and decided.stop_reason == "enough evidence"
    no_anchor = plan.to_plan(plan.PlanOutput(proceed=True, anchors=["zz"], target="A fact."), {"m1"})
    assert not no_anchor.proceed and no_anchor.stop_reason == "no new support"


def test_answer_judge_reconstruct_round_trips(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply_json({"answer": answer.DECLINE, "supported": False, "cited": []})
    scripted_llm.reply_json({"reason": "Same date.", "label": "CORRECT"})
    scripted_llm.reply_json({"description": "Harbor Grill serves seafood.", "cited": ["m2"]})
    client = llm(scripted_llm)
    said = answer.render("Is Maya vegan?", EVIDENCE, today=APRIL).ask(client)
    assert not said.supported and said.answer == answer.DECLINE
    assert judge.render("When?", "7 May 2023", "May 7th, 2023").ask(client).label == "CORRECT"
    assert reconstruct.render("What food?", EVIDENCE).ask(client).cited == ["m2"]
    users = [r["messages"][1]["content"] for r in scripted_llm.chat_requests]
    assert "Today is 23 April 2026" in users[0]
    assert "Gold answer: 7 May 2023\nGenerated answer: May 7th, 2023" in users[1]


def test_judge_rejects_other_labels() -> None:
    with pytest.raises(ValidationError):
        judge.JudgeOutput(label="MAYBE")  # type: ignore[arg-type]


def test_update_numbers_the_stored_memories_and_validates() -> None:
    cand = Candidate("Maya is allergic to seafood.", ("D2:1",), "s2", mentioned_at=APRIL, time=TimeSpan.day(APRIL))
    prompt = update.render(cand, EVIDENCE)
    assert "said on 23 April 2026" in prompt.user and "1. [23 April 2026] Sam recommended" in prompt.user
    assert "2. [23 April 2026] Harbor Grill" in prompt.user and "m2" not in prompt.user
    schema = prompt.schema
    assert schema is update.output_schema(2)
    assert schema.model_validate({"action": "ADD", "target": 1}).target == 1
    with pytest.raises(ValidationError, match="target"):
        schema.model_validate({"action": "SUPERSEDE", "target": 3})  # only two memories were shown
    with pytest.raises(ValidationError, match="target"):
        schema.model_validate({"action": "SUPERSEDE"})
    with pytest.raises(ValidationError, match="merged"):
        schema.model_validate({"action": "UPDATE", "target": 2})
