"""An LLM client for any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp).

:meth:`OpenAILLM.complete` asks for JSON (``response_format=json_object`` and the JSON
schema in the system prompt), tolerates code fences, validates into the pydantic schema,
and makes one repair attempt (the validation error and the raw reply are sent back) before
raising :class:`LLMOutputError` with the raw text. Transport failures (timeouts, connection
errors, 408/409/429 and 5xx) are retried ``retries`` times by the SDK's own retry (exponential
backoff with jitter, honouring ``Retry-After``), then raised as :class:`ProviderError`; so is a
body that is not a chat-completions reply (not JSON, no choices). Nothing from the SDK,
``json`` or ``httpx`` reaches the caller untranslated.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ...config import Settings
from ...errors import ConfigError, LLMOutputError, ProviderError

T = TypeVar("T", bound=BaseModel)

_FENCE = re.compile(r"^\s*```[a-zA-Z0-9_-]*\s*\n?(.*?)\n?\s*```\s*$", re.DOTALL)

REPAIR_PROMPT = (
    "Your previous reply could not be used: {error}\n"
    "Reply again with only the corrected JSON object that matches the schema. No prose, no code fences."
)


def schema_instructions(schema: type[BaseModel]) -> str:
    """The text appended to a system prompt to ask for JSON that validates into ``schema``."""
    spec = json.dumps(schema.model_json_schema(), separators=(",", ":"))
    return (
        "Reply with exactly one JSON object, without code fences or prose, that validates "
        f"against this JSON Schema:\n{spec}"
    )


def extract_json(raw: str) -> str:
    """The JSON object in a reply: code fences and text around the outermost braces removed."""
    text = raw.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1).strip()
    if not text.startswith("{"):
        first, last = text.find("{"), text.rfind("}")
        if first != -1 and last > first:
            text = text[first : last + 1]
    return text


def parse_reply(raw: str, schema: type[T]) -> T:
    """Validate a reply into ``schema``; raises :class:`ValidationError` or :class:`ValueError`."""
    return schema.model_validate(json.loads(extract_json(raw)))


def _short_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        parts = [f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()[:8]]
        return "the JSON does not match the schema (" + "; ".join(parts) + ")"
    return f"it is not valid JSON ({exc})"


class OpenAILLM:
    """The :class:`~ripplemem.providers.llm.base.LLM` protocol over the ``openai`` SDK."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str = "",
        timeout: float = 60.0,
        retries: int = 2,
        temperature: float = 0.0,
        max_tokens: int | None = None,
        json_mode: bool = True,
    ) -> None:
        if not model:
            raise ConfigError("the LLM client needs llm_model (RIPPLEMEM_LLM_MODEL)")
        import openai

        self.model = model
        self.retries = max(0, retries)
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.json_mode = json_mode
        self._client = openai.OpenAI(
            base_url=base_url or None,
            api_key=api_key or "unused",  # local servers need none; the SDK insists on one
            timeout=timeout,
            max_retries=self.retries,
        )

    @classmethod
    def from_settings(cls, settings: Settings) -> OpenAILLM:
        return cls(
            base_url=settings.llm_base_url,
            model=settings.llm_model,
            api_key=settings.llm_api_key,
            timeout=settings.llm_timeout,
            retries=settings.llm_retries,
        )

    def close(self) -> None:
        self._client.close()

    def complete(self, system: str, user: str, schema: type[T]) -> T:
        messages = [
            {"role": "system", "content": f"{system}\n\n{schema_instructions(schema)}"},
            {"role": "user", "content": user},
        ]
        raw = self._chat(messages, json_reply=True)
        try:
            return parse_reply(raw, schema)
        except ValueError as exc:  # pydantic's ValidationError is a ValueError
            error = _short_error(exc)
        messages += [
            {"role": "assistant", "content": raw},
            {"role": "user", "content": REPAIR_PROMPT.format(error=error)},
        ]
        repaired = self._chat(messages, json_reply=True)
        try:
            return parse_reply(repaired, schema)
        except ValueError as exc:
            raise LLMOutputError(
                f"{self.model} gave no valid {schema.__name__} after one repair: {_short_error(exc)}", raw=repaired
            ) from exc

    def text(self, system: str, user: str) -> str:
        reply = self._chat([{"role": "system", "content": system}, {"role": "user", "content": user}], json_reply=False)
        if not reply.strip():
            raise LLMOutputError(f"{self.model} returned an empty reply", raw=reply)
        return reply

    def _chat(self, messages: list[dict[str, str]], *, json_reply: bool) -> str:
        """One chat completion's text (the SDK retries transient failures)."""
        import httpx
        import openai

        while True:
            try:
                return self._create(messages, json_reply=json_reply and self.json_mode)
            except (openai.APIConnectionError, openai.RateLimitError, openai.InternalServerError) as exc:
                raise ProviderError(f"{self.model}: {exc} (after {self.retries + 1} attempts)") from exc
            except openai.BadRequestError as exc:
                if json_reply and self.json_mode and "response_format" in str(exc):
                    self.json_mode = False  # the server cannot do JSON mode; the prompt still asks for JSON
                    continue
                raise ProviderError(f"{self.model}: request refused: {exc}") from exc
            except openai.OpenAIError as exc:
                raise ProviderError(f"{self.model}: {exc}") from exc
            except (ValueError, httpx.HTTPError) as exc:  # a body that is not JSON, a broken stream
                raise ProviderError(f"{self.model}: unreadable reply ({type(exc).__name__}: {exc})") from exc

    def _create(self, messages: list[dict[str, str]], *, json_reply: bool) -> str:
        options: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": self.temperature}
        if self.max_tokens is not None:
            options["max_tokens"] = self.max_tokens
        if json_reply:
            options["response_format"] = {"type": "json_object"}
        reply: Any = self._client.chat.completions.create(**options)
        try:
            content = reply.choices[0].message.content
        except (AttributeError, IndexError, TypeError) as exc:
            raise ProviderError(f"{self.model}: malformed chat-completions reply") from exc
        return content or ""
