"""The OpenAI-compatible LLM client against a real scripted server."""

from __future__ import annotations

import time

import pytest
from pydantic import BaseModel

from ripplemem.config import Settings
from ripplemem.errors import LLMOutputError, ProviderError
from ripplemem.providers.llm import LLM, make_llm
from ripplemem.providers.llm.openai import OpenAILLM, extract_json
from scripted_llm import ScriptedLLM, format_mode


class Verdict(BaseModel):
    answer: str
    confidence: float


def client(server: ScriptedLLM, **kw: object) -> OpenAILLM:
    options: dict[str, object] = {"base_url": server.url, "model": "test-model", "timeout": 2.0}
    options.update(kw)
    return OpenAILLM(**options)  # type: ignore[arg-type]


def test_good_json_is_validated(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply_json({"answer": "Harbor Grill", "confidence": 0.9})
    out = client(scripted_llm).complete("You answer.", "Where?", Verdict)
    assert out == Verdict(answer="Harbor Grill", confidence=0.9)
    (body,) = scripted_llm.chat_requests
    assert body["model"] == "test-model"
    fmt = body["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
    assert fmt["json_schema"]["schema"]["required"] == ["answer", "confidence"]
    system, user = body["messages"]
    assert system["role"] == "system" and system["content"].startswith("You answer.")
    assert '"confidence"' in system["content"]  # the JSON schema travels in the system prompt
    assert user == {"role": "user", "content": "Where?"}


def test_code_fences_are_tolerated(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply_json({"answer": "yes", "confidence": 1}, fence=True)
    assert client(scripted_llm).complete("s", "u", Verdict).answer == "yes"
    assert len(scripted_llm.chat_requests) == 1


def test_bad_json_is_repaired_once(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply('{"answer": "yes", "confidence": ').reply_json({"answer": "yes", "confidence": 0.5})
    assert client(scripted_llm).complete("s", "u", Verdict).confidence == 0.5
    first, repair = scripted_llm.chat_requests
    assert [m["role"] for m in repair["messages"]] == ["system", "user", "assistant", "user"]
    assert repair["messages"][2]["content"] == '{"answer": "yes", "confidence": '
    assert "not valid JSON" in repair["messages"][3]["content"]


def test_a_raw_newline_inside_a_string_is_read_not_refused(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply('{"answer": "line one\nline two", "confidence": 1}')
    assert client(scripted_llm).complete("s", "u", Verdict).answer == "line one\nline two"
    assert len(scripted_llm.chat_requests) == 1  # no repair needed


def test_schema_mismatch_is_repaired_with_the_error(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply_json({"answer": "yes"}).reply_json({"answer": "yes", "confidence": 0.2})
    assert client(scripted_llm).complete("s", "u", Verdict).confidence == 0.2
    assert "confidence" in scripted_llm.chat_requests[1]["messages"][3]["content"]


def test_bad_json_twice_raises_with_raw_text(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply("I think the answer is yes.").reply("Still prose, sorry.")
    with pytest.raises(LLMOutputError) as info:
        client(scripted_llm).complete("s", "u", Verdict)
    assert info.value.raw == "Still prose, sorry."
    assert isinstance(info.value, ProviderError)
    assert len(scripted_llm.chat_requests) == 2


def test_server_error_then_ok_is_retried(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.fail(500).reply_json({"answer": "ok", "confidence": 1})
    assert client(scripted_llm, retries=2).complete("s", "u", Verdict).answer == "ok"
    assert len(scripted_llm.chat_requests) == 2


def test_server_error_forever_is_a_provider_error(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.fail(503, times=5)
    with pytest.raises(ProviderError) as info:
        client(scripted_llm, retries=2).complete("s", "u", Verdict)
    assert not isinstance(info.value, LLMOutputError)
    assert info.value.__cause__ is not None
    assert len(scripted_llm.chat_requests) == 3  # 1 try + 2 retries (the SDK's)


def test_client_error_is_not_retried(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.fail(401, times=3)
    with pytest.raises(ProviderError):
        client(scripted_llm, retries=2).text("s", "u")
    assert len(scripted_llm.chat_requests) == 1


def test_server_without_json_mode_is_asked_again_without_it(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.refuse("json_schema", "json_object_schema", "json_object")
    scripted_llm.reply_json({"answer": "ok", "confidence": 1}).reply_json({"answer": "again", "confidence": 1})
    llm = client(scripted_llm, retries=0)
    assert llm.complete("s", "u", Verdict).answer == "ok"
    assert llm.complete("s", "u", Verdict).answer == "again"
    modes = [format_mode(r.get("response_format")) for r in scripted_llm.chat_requests]
    assert modes == ["json_schema", "json_object_schema", "json_object", "none", "none"]
    assert llm.structured_mode == "prompt" and llm.refusals == 3


def test_slow_reply_times_out(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply_json({"answer": "late", "confidence": 1}, delay=3.0)
    started = time.monotonic()
    with pytest.raises(ProviderError, match="test-model"):
        client(scripted_llm, timeout=0.3, retries=0).complete("s", "u", Verdict)
    assert time.monotonic() - started < 2.5


def test_slow_reply_then_fast_retry(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply("late", delay=3.0).reply("on time")
    assert client(scripted_llm, timeout=0.3, retries=1).text("s", "u") == "on time"


def test_text_returns_plain_text_without_json_mode(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply("Maya is allergic to seafood.")
    assert client(scripted_llm).text("sys", "usr") == "Maya is allergic to seafood."
    (body,) = scripted_llm.chat_requests
    assert "response_format" not in body
    assert body["messages"] == [{"role": "system", "content": "sys"}, {"role": "user", "content": "usr"}]


def test_empty_text_reply_is_an_output_error(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply("")
    with pytest.raises(LLMOutputError):
        client(scripted_llm).text("s", "u")


def test_make_llm_from_settings(scripted_llm: ScriptedLLM) -> None:
    assert make_llm(Settings()) is None
    llm = make_llm(Settings(llm_base_url=scripted_llm.url, llm_model="m", llm_api_key="sk-test", llm_retries=0))
    assert isinstance(llm, LLM) and llm.model == "m"
    scripted_llm.reply("hi")
    assert llm.text("s", "u") == "hi"
    assert scripted_llm.requests[0].headers.get("authorization") == "Bearer sk-test"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('{"a": 1}', '{"a": 1}'),
        ('```json\n{"a": 1}\n```', '{"a": 1}'),
        ('```\n{"a": 1}\n```', '{"a": 1}'),
        ('Here it is: {"a": {"b": 2}} hope it helps', '{"a": {"b": 2}}'),
    ],
)
def test_extract_json(raw: str, expected: str) -> None:
    assert extract_json(raw) == expected
