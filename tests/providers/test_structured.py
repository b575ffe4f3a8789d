"""Structured output that cannot break: modes tried in order against a real scripted server,
the endpoint's mode remembered, refusals and failures counted, schemas bounded."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field

from ripplemem.config import Settings
from ripplemem.errors import ConfigError, LLMOutputError, ProviderError
from ripplemem.prompts import answer, extract, judge, plan, reconstruct, update
from ripplemem.prompts.base import Prompt
from ripplemem.providers.llm import make_llm, structured, usage
from ripplemem.providers.llm.openai import OpenAILLM
from scripted_llm import ScriptedLLM, format_mode

SCHEMAS = [extract.ExtractOutput, extract.output_schema(6), plan.PlanOutput, answer.AnswerOutput,
           reconstruct.ReconstructOutput, judge.JudgeOutput, update.UpdateOutput, update.output_schema(5)]


class Pick(BaseModel):
    choice: str = Field(max_length=20)
    score: float = 0.0


def client(server: ScriptedLLM, **kw: object) -> OpenAILLM:
    options: dict[str, object] = {"base_url": server.url, "model": "m", "timeout": 5.0, "retries": 0}
    options.update(kw)
    return OpenAILLM(**options)  # type: ignore[arg-type]


def modes(server: ScriptedLLM) -> list[str]:
    return [format_mode(r.get("response_format")) for r in server.chat_requests]


def test_llama_cpp_python_refusal_moves_to_its_own_form_and_is_remembered(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.like_llama_cpp_python()
    scripted_llm.reply_json({"choice": "a"}).reply_json({"choice": "b"}).reply_json({"choice": "c"})
    first = client(scripted_llm, retries=1)
    assert first.complete("s", "u", Pick).choice == "a"
    # the SDK retried the 500 once, then the refusal was read as "try the next mode"
    assert modes(scripted_llm) == ["json_schema", "json_schema", "json_object_schema"]
    sent = scripted_llm.chat_requests[-1]["response_format"]
    assert sent["schema"]["properties"]["choice"] == {"maxLength": 20, "type": "string"}
    assert first.complete("s", "u", Pick).choice == "b"
    second = client(scripted_llm)  # another client of the same endpoint: detection is not repeated
    assert second.structured_mode == "json_object_schema"
    assert second.complete("s", "u", Pick).choice == "c"
    assert modes(scripted_llm)[3:] == ["json_object_schema", "json_object_schema"]


def test_an_error_that_does_not_name_the_format_is_a_provider_error_not_a_mode_change(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.fail(400, message="This model's maximum context length is 2048 tokens. However, you requested 3000 tokens")
    llm = client(scripted_llm)
    with pytest.raises(ProviderError, match="maximum context length"):
        llm.complete("s", "u", Pick)
    assert llm.structured_mode == "json_schema" and llm.refusals == 0


def test_a_configured_first_mode_is_where_detection_starts(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply_json({"choice": "x"})
    llm = make_llm(Settings(llm_base_url=scripted_llm.url, llm_model="m", llm_structured="json_object"))
    assert llm is not None and llm.complete("s", "u", Pick).choice == "x"
    assert modes(scripted_llm) == ["json_object"]
    with pytest.raises(ConfigError, match="llm_structured"):
        make_llm(Settings(llm_base_url=scripted_llm.url, llm_model="m", llm_structured="grammar"))


def test_tokens_requests_repairs_and_failures_are_metered_per_role(scripted_llm: ScriptedLLM) -> None:
    llm = client(scripted_llm)
    scripted_llm.reply('{"choice": ').reply_json({"choice": "ok"})  # one repair
    scripted_llm.reply("prose").reply("more prose")  # a failure after the repair
    with usage.metering() as outer, usage.metering() as inner:
        assert Prompt("pick", "v1", "s", "u", Pick).ask(llm).choice == "ok"
        with pytest.raises(LLMOutputError):
            Prompt("pick", "v1", "s", "u", Pick).ask(llm)
    spent = inner.snapshot()["pick"]
    assert outer.snapshot() == inner.snapshot()
    assert (spent.calls, spent.requests, spent.repairs, spent.failures) == (2, 4, 2, 1)
    bodies = scripted_llm.chat_requests
    expected = sum(-(-sum(len(m["content"]) for m in b["messages"]) // 4) for b in bodies)
    assert spent.prompt_tokens == expected > 0
    assert spent.completion_tokens == sum(max(1, -(-len(c) // 4)) for c in ['{"choice": ', '{"choice": "ok"}', "prose",
                                                                            "more prose"])
    assert spent.wall_ms > 0


def test_nothing_is_metered_outside_a_meter(scripted_llm: ScriptedLLM) -> None:
    scripted_llm.reply_json({"choice": "ok"})
    assert Prompt("pick", "v1", "s", "u", Pick).ask(client(scripted_llm)).choice == "ok"
    with usage.metering() as meter:
        pass
    assert meter.snapshot() == {}


@pytest.mark.parametrize("schema", SCHEMAS, ids=lambda s: f"{s.__name__}-{SCHEMAS.index(s)}")
def test_every_prompt_schema_is_closed_and_its_longest_reply_fits_the_completion_budget(schema: type[BaseModel]) -> None:
    closed = structured.strict_schema(schema)
    text = str(closed)
    assert "$ref" not in text and "default" not in text

    def objects(node: object) -> list[dict]:
        if isinstance(node, dict):
            own = [node] if isinstance(node.get("properties"), dict) else []
            return own + [o for v in node.values() for o in objects(v)]
        if isinstance(node, list):
            return [o for v in node for o in objects(v)]
        return []

    for obj in objects(closed):
        assert obj["additionalProperties"] is False and obj["required"] == list(obj["properties"])
    longest = structured.longest_reply(closed)
    assert longest is not None, "a string or list of the schema is unbounded"
    assert longest <= 3 * Settings().llm_max_tokens  # at 3 characters a token, even the longest reply fits


def test_longest_reply_sees_an_unbounded_field() -> None:
    class Loose(BaseModel):
        items: list[str]

    assert structured.longest_reply(structured.strict_schema(Loose)) is None
    assert structured.longest_reply(structured.strict_schema(Pick)) == len('{"choice":"","score":,}') + 20 + 24  # a comma counted after each property


def test_the_strict_schema_keeps_a_field_named_like_a_keyword() -> None:
    closed = structured.strict_schema(reconstruct.ReconstructOutput)
    assert closed["required"] == ["description", "cited", "uncertain"]


@pytest.mark.parametrize(("name", "value"), [("llm_concurrency", "0"), ("llm_concurrency", "33"),
                                             ("llm_max_tokens", "-1")])
def test_llm_budgets_out_of_range_are_config_errors(name: str, value: str) -> None:
    from ripplemem.config import load_settings

    with pytest.raises(ConfigError, match=name):
        load_settings(env={f"RIPPLEMEM_{name.upper()}": value})
    assert load_settings(env={"RIPPLEMEM_LLM_CONCURRENCY": "32"}).llm_concurrency == 32
