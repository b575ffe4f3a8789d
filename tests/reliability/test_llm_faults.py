"""Every kind of LLM failure falls back and is counted: a real OpenAI-compatible server on
127.0.0.1 (``fault_llm.py``) mixes good answers with timeouts, 429/5xx, dropped connections,
bodies that are not JSON or are cut short, cut or wrong-shaped JSON, refusals and empty
choices. Nothing from the SDK, ``json`` or ``httpx`` reaches the caller; no turn is lost."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fault_llm import FAULTS, GOOD, SAID, SCHEDULE, FaultyLLM

from ripplemem import Memory, ProviderError, load_settings
from ripplemem.prompts.answer import AnswerOutput
from ripplemem.providers.embed.base import Embedder
from ripplemem.providers.llm import structured
from ripplemem.providers.llm.openai import OpenAILLM
from sample_dialogue import CHAIN, SESSION_1, SESSION_2

TIMEOUT = 0.5  # the client's; a "timeout" answer sleeps twice as long


@pytest.fixture(autouse=True)
def _fresh_modes() -> Iterator[None]:
    structured.forget()  # a reused port must not inherit an earlier server's refusals
    yield
    structured.forget()


@pytest.mark.parametrize("kind", FAULTS)
def test_each_fault_kind_is_a_provider_error(kind: str) -> None:
    with FaultyLLM([kind], timeout_delay=2 * TIMEOUT) as server:
        llm = OpenAILLM(base_url=server.url, model="m", timeout=TIMEOUT, retries=1)
        with pytest.raises(ProviderError):
            llm.complete("Answer the question.", "What now?", AnswerOutput)
        if kind not in ("cut_json", "wrong_schema"):  # free text has no schema to miss
            with pytest.raises(ProviderError):
                llm.text("Answer the question.", "What now?")
        llm.close()


def test_a_good_answer_after_faults_is_used() -> None:
    with FaultyLLM(["500", GOOD]) as server:
        llm = OpenAILLM(base_url=server.url, model="m", timeout=TIMEOUT, retries=1)
        assert llm.complete("Answer the question.", "What now?", AnswerOutput).answer == "From the memories."
        assert server.served == {"500": 1, GOOD: 1}  # the SDK's retry took the good answer


DIALOGUE: list[tuple[str, list[dict[str, Any]]]] = [
    ("s1", SESSION_1), ("s2", SESSION_2), *((f"c{i}", session) for i, session in enumerate(CHAIN))
]


def test_ingest_and_recall_survive_every_fault_kind(store_url: str, embedder: Embedder) -> None:
    with FaultyLLM(SCHEDULE, timeout_delay=2 * TIMEOUT) as server:
        settings = load_settings({"db": store_url, "llm_base_url": server.url, "llm_model": "m",
                                  "llm_timeout": TIMEOUT, "llm_retries": 1, "llm_concurrency": 1}, env={})
        mem = Memory.open(settings=settings, embedder=embedder)
        try:
            failures = counted = 0
            sent = 0
            for rounds in range(2):  # twice through the dialogue: enough requests for every kind
                for session_id, session in DIALOGUE:
                    messages = [{**m, "id": f"{m['id']}.{rounds}"} for m in session]
                    result = mem.add(messages, user_id="u1", session_id=f"{session_id}.{rounds}",
                                     session_time="2023-05-08T13:56:00")
                    sent += len(messages)
                    assert result.turns_added == len(messages)
                    failures += result.extraction_failures
                    counted += result.llm_usage.get("extract", _NONE).failures
            answers = [mem.answer(q, user_id="u1") for q in ("Where is Caroline going next month?",
                                                              "Should Maya take Sam's recommendation?")]
            evidence = mem.recall("What did Melanie paint?", user_id="u1")
            rec = mem.reconstruct("What did Melanie paint?", evidence)
            stats = mem.stats(user_id="u1")["turns"]
            units = mem.list(user_id="u1", limit=1000)
        finally:
            mem.close()
    faults = sum(n for kind, n in server.served.items() if kind != GOOD)
    print(f"\n{sum(server.served.values())} requests, {faults} faults injected ({dict(server.served)}); "
          f"{sent} turns sent, {stats.get('done')} done; {failures} windows fell back to the rules")
    assert set(server.served) == set(SCHEDULE), f"not every kind was served: {server.served}"
    assert stats.get("done") == sent and not stats.get("pending") and not stats.get("failed")  # nothing lost
    assert 0 < failures == counted  # windows that fell back to the rules, each counted
    from_llm = [u for u in units if SAID in u.restatement]
    from_rules = [u for u in units if SAID not in u.restatement]
    assert from_llm and from_rules
    assert evidence.items and rec.description
    assert all(a.text for a in answers)


class _NoUsage:
    failures = 0


_NONE: Any = _NoUsage()
