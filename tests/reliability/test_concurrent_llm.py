"""Adds that use an LLM, running at once: the update decider is asked with no lock held, so a
slow decision in one add does not hold up another add to the same scope; two adds of one fact
to one scope still store it once (a decision is checked, under the scope's lock, against the
memories stored then, and made again when they changed); each add counts its own fallbacks.

The LLM is a real OpenAI-compatible server on 127.0.0.1 (``scripted_llm``) whose update
decisions are those of a careful judge: UPDATE the stored memory that says exactly the new
one, ADD otherwise.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fault_llm import good_content

from ripplemem import AddResult, Memory
from scripted_llm import ScriptedLLM, ScriptedReply

SAID_ON = "2024-03-10T09:00:00"
NEW = re.compile(r"^New memory \(said on [^)]*\)(?: \(happens: [^)]*\))?: (?P<text>.*)$", re.MULTILINE)
STORED = re.compile(r"^\[(?P<id>[0-9a-f]{32})\] \[[^\]]*\] (?P<text>.*?)(?: \(no longer current\))?$", re.MULTILINE)
SLOW = 2.0  # seconds the slow update decision takes


def schema_of(body: dict[str, Any]) -> str:
    return str(((body.get("response_format") or {}).get("json_schema") or {}).get("name", ""))


def user_text(body: dict[str, Any]) -> str:
    return str(body["messages"][-1]["content"])


def judge(body: dict[str, Any]) -> dict[str, Any]:
    """UPDATE the stored memory whose text is the new memory's, else ADD."""
    prompt = user_text(body)
    new = NEW.search(prompt)
    assert new is not None, prompt
    same = [m["id"] for m in STORED.finditer(prompt) if m["text"] == new["text"]]
    if same:
        return {"action": "UPDATE", "target_id": same[0], "merged": new["text"], "slot": None, "new_value": None,
                "reason": "the same fact"}
    return {"action": "ADD", "target_id": None, "merged": None, "slot": None, "new_value": None, "reason": "new"}


def decisions(delay: Callable[[str], float], asked: list[tuple[float, str]]) -> Callable[[dict[str, Any]], ScriptedReply]:
    """Answers update decisions as :func:`judge` after ``delay(new memory)`` seconds; notes each."""
    def respond(body: dict[str, Any]) -> ScriptedReply:
        assert schema_of(body) == "UpdateOutput", body
        text = NEW.search(user_text(body))
        asked.append((time.perf_counter(), text["text"] if text else ""))
        return ScriptedReply(content=json.dumps(judge(body)), delay=delay(text["text"] if text else ""))
    return respond


@pytest.fixture
def llm_memory(open_memory: Callable[..., Memory], scripted_llm: ScriptedLLM) -> Iterator[Callable[..., Memory]]:
    """``llm_memory(**settings)``: a memory over this test's store asking the scripted server;
    its LLM client (and the connections it keeps) closed at the end."""
    opened: list[Memory] = []

    def factory(**settings: Any) -> Memory:
        mem = open_memory(llm_base_url=scripted_llm.url, llm_model="m", llm_timeout=30.0, llm_retries=0, **settings)
        opened.append(mem)
        return mem

    yield factory
    for mem in opened:
        close = getattr(mem.llm, "close", None)
        if callable(close):
            close()


def say(mem: Memory, user: str, speaker: str, text: str, turn_id: str) -> AddResult:
    return mem.add([{"speaker": speaker, "text": text, "id": turn_id}], user_id=user, session_id=turn_id,
                   session_time=SAID_ON)


CATS = ["I live in Lisbon with my two cats.", "My cats Miso and Tofu love the balcony in Lisbon.",
        "I feed my cats twice a day in Lisbon.", "The cats sleep on my bed in Lisbon.",
        "I bought a scratching post for my cats in Lisbon."]


def test_a_slow_update_decision_does_not_hold_up_another_add_to_the_scope(llm_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    asked: list[tuple[float, str]] = []
    scripted_llm.answer_with(decisions(lambda text: SLOW if "three cats" in text else 0.0, asked))
    mem = llm_memory(extractor="rule")  # rule extraction, LLM update decisions
    for n, text in enumerate(CATS):  # five memories nearer to the slow one than the other add's
        say(mem, "u1", "Ana", text, f"cat{n}")
    started = time.perf_counter()
    say(mem, "u1", "Ben", "I collect old maps of Scotland.", "warm")
    alone = time.perf_counter() - started

    slow: list[AddResult] = []
    worker = threading.Thread(target=lambda: slow.append(say(mem, "u1", "Ana", "I live in Lisbon with my three cats now.", "a1")))
    worker.start()
    while not any("three cats" in text for _, text in asked):  # the slow decision is being made
        assert worker.is_alive()
        time.sleep(0.01)
    asked_at = next(at for at, text in asked if "three cats" in text)
    started = time.perf_counter()
    other = say(mem, "u1", "Ben", "I collect old maps of Norway.", "b1")
    finished = time.perf_counter()
    worker.join(60)
    slow_took = time.perf_counter() - asked_at
    print(f"\nanother add to the scope: {(finished - started) * 1000:.0f} ms ({alone * 1000:.0f} ms alone), done "
          f"{finished - asked_at:.2f} s after the slow decision ({SLOW:.0f} s) was asked; the slow add ended "
          f"{slow_took:.2f} s after it, asked {sum('three cats' in t for _, t in asked)} time(s)")
    assert [e.event for e in other.events] == ["ADD"]
    assert finished - asked_at < SLOW, "the other add waited for the slow decision"
    assert slow and [e.event for e in slow[0].events] == ["ADD"] and slow_took >= SLOW
    # its decision was made against the five Ana memories; the Norway one is not among them, so it held
    assert sum("three cats" in text for _, text in asked) == 1
    assert len(mem.list(user_id="u1")) == len(CATS) + 3


@pytest.mark.parametrize("retries", [2, 0])  # 0: a decision found stale is made again holding the lock
def test_concurrent_adds_of_one_fact_to_one_scope_store_it_once(llm_memory, scripted_llm, retries: int) -> None:  # type: ignore[no-untyped-def]
    asked: list[tuple[float, str]] = []
    scripted_llm.answer_with(decisions(lambda text: 1.0 if "Miso" in text else 0.0, asked))
    mem = llm_memory(extractor="rule", write={"decide_retries": retries})
    say(mem, "u1", "Ana", CATS[0], "cat0")  # near enough that every add asks the decider
    adds = 3
    start = threading.Barrier(adds)
    results: dict[int, AddResult] = {}

    def add(n: int) -> None:
        start.wait()
        results[n] = say(mem, "u1", "Ana", "I live in Lisbon with my cat Miso.", f"m{n}")

    threads = [threading.Thread(target=add, args=(n,)) for n in range(adds)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    events = sorted(e.event for r in results.values() for e in r.events)
    units = [u for u in mem.list(user_id="u1") if "Miso" in u.restatement]
    miso = [text for _, text in asked if "Miso" in text]
    print(f"\n{adds} adds of one fact at once (decide_retries {retries}): events {events}, {len(units)} memory citing "
          f"{sorted(units[0].sources) if units else []}; the decider was asked {len(miso)} times")
    assert len(results) == adds and events == ["ADD"] + ["UPDATE"] * (adds - 1)
    assert len(units) == 1 and sorted(units[0].sources) == [f"m{n}" for n in range(adds)]
    # an add that lost the race was asked again, against the stored memory (each at most once per
    # write that changed it: 2 * adds - 1 when all three decided at once, as they do here)
    assert adds < len(miso) <= adds * (adds + 1) // 2


def test_each_add_counts_its_own_fallbacks(llm_memory, scripted_llm) -> None:  # type: ignore[no-untyped-def]
    failing = threading.Event()

    def respond(body: dict[str, Any]) -> ScriptedReply:
        if "Ana" in user_text(body) and failing.is_set():  # alice's extraction and decision fail
            return ScriptedReply(status=500, content="injected", delay=0.3)
        slow = 2.0 if "Norway" in user_text(body) else 0.0  # bob's extraction spans alice's failures
        return ScriptedReply(content=json.dumps(good_content(body)), delay=slow)

    scripted_llm.answer_with(respond)
    mem = llm_memory(llm_concurrency=1)
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
