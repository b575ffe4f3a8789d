"""Adds that use an LLM, running at once: each add counts its own fallbacks.

The LLM is a real OpenAI-compatible server on 127.0.0.1 (``scripted_llm``) answering each
request from what it asks.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from fault_llm import good_content

from ripplemem import AddResult, Memory
from scripted_llm import ScriptedReply

SAID_ON = "2024-03-10T09:00:00"


def user_text(body: dict[str, Any]) -> str:
    return str(body["messages"][-1]["content"])


def say(mem: Memory, user: str, speaker: str, text: str, turn_id: str) -> AddResult:
    return mem.add([{"speaker": speaker, "text": text, "id": turn_id}], user_id=user, session_id=turn_id,
                   session_time=SAID_ON)


CATS = ["I live in Lisbon with my two cats."]


def test_each_add_counts_its_own_fallbacks(open_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    failing = threading.Event()

    def respond(body: dict[str, Any]) -> ScriptedReply:
        if "Ana" in user_text(body) and failing.is_set():  # alice's extraction and decision fail
            return ScriptedReply(status=500, content="injected", delay=0.3)
        slow = 2.0 if "Norway" in user_text(body) else 0.0  # bob's extraction spans alice's failures
        return ScriptedReply(content=json.dumps(good_content(body)), delay=slow)

    scripted_llm.answer_with(respond)
    mem = open_memory(llm_base_url=scripted_llm.url, llm_model="m", llm_timeout=30.0, llm_retries=0,
                      llm_concurrency=1)
    say(mem, "alice", "Ana", CATS[0], "a0")
    failing.set()
    start = threading.Barrier(2)
    results: dict[str, AddResult] = {}

    def add(user: str, speaker: str, text: str) -> None:
        start.wait()
        results[user] = say(mem, user, speaker, text, f"{user}1")

    threads = [threading.Thread(target=add, args=("alice", "Ana", "I live in Lisbon with my three cats.")),
               threading.Thread(target=add, args=("bob", "Ben", "I collect old maps of Norway."))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    alice, bob = results["alice"], results["bob"]
    print(f"\nalice: {alice.extraction_failures} extraction and {alice.decider_fallbacks} decision fallbacks; "
          f"bob, at the same time: {bob.extraction_failures} and {bob.decider_fallbacks}")
    assert (alice.extraction_failures, alice.decider_fallbacks) == (1, 1)
    assert (bob.extraction_failures, bob.decider_fallbacks) == (0, 0)
    assert alice.llm_usage["extract"].failures == 1 and alice.llm_usage["update"].failures == 1
    assert "extract" in bob.llm_usage and bob.llm_usage["extract"].failures == 0
