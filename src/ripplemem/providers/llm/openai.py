"""An LLM client for any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM, llama.cpp).

:meth:`OpenAILLM.complete` asks for the schema in the strongest structured-output mode the
server accepts (``structured.py``: ``json_schema``, then llama.cpp's ``json_object`` with a
schema, then ``json_object``, then the prompt alone; a refusal moves to the next mode, and
the endpoint's mode is remembered), tolerates code fences, validates into the pydantic
schema, and makes one repair attempt (the validation error and the raw reply are sent back)
before raising :class:`LLMOutputError` with the raw text. Each request's token counts go to
the open usage meters (``usage.py``). Transport failures (timeouts, connection
errors, 408/409/429 and 5xx) are retried ``retries`` times by the SDK's own retry (exponential
backoff with jitter, honouring ``Retry-After``), then raised as :class:`ProviderError`; so is a
body that is not a chat-completions reply (not JSON, cut short, no choices, content that is not
text). A refusal (``content`` null, ``refusal`` set) is an :class:`LLMOutputError` carrying it,
not repaired. Nothing from the SDK,
``json`` or ``httpx`` reaches the caller untranslated.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ...config import Settings
from ...errors import ConfigError, LLMOutputError, ProviderError
from . import structured, usage

log = logging.getLogger(__name__)

T = TypeVar("T", bound=BaseModel)

_FENCE = re.compile(r"^\s*```[a-zA-Z0-9_-]*\s*\n?(.*?)\n?\s*```\s*$", re.DOTALL)

REPAIR_PROMPT = (
    "Your previous reply could not be used: {error}\n"
    "Reply again with only the corrected JSON object that matches the schema. No prose, no code fences."
)


def schema_instructions(schema: dict[str, Any]) -> str:
    """The text appended to a system prompt to ask for JSON that validates against ``schema``."""
    spec = json.dumps(schema, separators=(",", ":"))
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
    """Validate a reply into ``schema``; raises :class:`ValidationError` or :class:`ValueError`.

    A raw newline or tab inside a string (which a grammar may let a model write) is read as
    the character it is, not refused."""
    return schema.model_validate(json.loads(extract_json(raw), strict=False))


def _short_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        parts = [f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()[:8]]
        return "the JSON does not match the schema (" + "; ".join(parts) + ")"
    return f"it is not valid JSON ({exc})"


class _FormatRefused(Exception):
    """The server refused the requested ``response_format``: try the next mode."""


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
        structured_mode: str = structured.AUTO,
    ) -> None:
        if not model:
            raise ConfigError("the LLM client needs llm_model (RIPPLEMEM_LLM_MODEL)")
        import openai

        self.model = model
        self.endpoint = base_url or "https://api.openai.com/v1"
        self.retries = max(0, retries)
        self.temperature = temperature
        self.max_tokens = max_tokens or None
        self.first_mode = structured.MODES[0] if structured.check_mode(structured_mode) == structured.AUTO else structured_mode
        self.refusals = 0  # structured-output modes this client saw refused
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
            max_tokens=settings.llm_max_tokens,
            structured_mode=settings.llm_structured,
        )

    @property
    def structured_mode(self) -> str:
        """The mode the next request uses: the configured first one, or a later one the endpoint needed."""
        known = structured.remembered(self.endpoint)
        return max(self.first_mode, known or self.first_mode, key=structured.MODES.index)

    def close(self) -> None:
        self._client.close()

    def complete(self, system: str, user: str, schema: type[T]) -> T:
        spec = structured.strict_schema(schema)
        messages = [
            {"role": "system", "content": f"{system}\n\n{schema_instructions(spec)}"},
            {"role": "user", "content": user},
        ]
        raw = self._structured(messages, schema.__name__, spec)
        try:
            return parse_reply(raw, schema)
        except ValueError as exc:  # pydantic's ValidationError is a ValueError
            error = _short_error(exc)
        usage.record(repairs=1)
        messages += [
            {"role": "assistant", "content": raw},
            {"role": "user", "content": REPAIR_PROMPT.format(error=error)},
        ]
        repaired = self._structured(messages, schema.__name__, spec)
        try:
            return parse_reply(repaired, schema)
        except ValueError as exc:
            raise LLMOutputError(
                f"{self.model} gave no valid {schema.__name__} after one repair: {_short_error(exc)}", raw=repaired
            ) from exc

    def text(self, system: str, user: str) -> str:
        reply = self._chat([{"role": "system", "content": system}, {"role": "user", "content": user}], None)
        if not reply.strip():
            raise LLMOutputError(f"{self.model} returned an empty reply", raw=reply)
        return reply

    def _structured(self, messages: list[dict[str, str]], name: str, spec: dict[str, Any]) -> str:
        """One reply in the strongest mode the endpoint accepts (learning it on a refusal)."""
        mode: str | None = self.structured_mode
        while mode is not None:
            try:
                raw = self._chat(messages, structured.response_format(mode, name, spec))
            except _FormatRefused as exc:
                following = structured.next_mode(mode)
                log.info("%s refused response_format mode %s (%s); trying %s", self.endpoint, mode, exc, following)
                self.refusals += 1
                structured.remember(self.endpoint, following or mode)
                mode = following
                continue
            structured.remember(self.endpoint, mode)
            return raw
        raise AssertionError("the prompt mode sends no response_format and cannot be refused")  # pragma: no cover

    def _chat(self, messages: list[dict[str, str]], response_format: dict[str, Any] | None) -> str:
        """One chat completion's text (the SDK retries transient failures)."""
        import httpx
        import openai

        usage.record(requests=1)
        try:
            return self._create(messages, response_format)
        except openai.APIStatusError as exc:
            if response_format is not None and structured.names_response_format(str(exc)):
                raise _FormatRefused(f"HTTP {exc.status_code}") from exc
            if isinstance(exc, openai.RateLimitError | openai.InternalServerError):
                raise ProviderError(f"{self.model}: {exc} (after {self.retries + 1} attempts)") from exc
            raise ProviderError(f"{self.model}: request refused: {exc}") from exc
        except openai.APIConnectionError as exc:  # timeouts included
            raise ProviderError(f"{self.model}: {exc} (after {self.retries + 1} attempts)") from exc
        except openai.OpenAIError as exc:
            raise ProviderError(f"{self.model}: {exc}") from exc
        except (ValueError, httpx.HTTPError) as exc:  # a body that is not JSON, a broken stream
            raise ProviderError(f"{self.model}: unreadable reply ({type(exc).__name__}: {exc})") from exc

    def _create(self, messages: list[dict[str, str]], response_format: dict[str, Any] | None) -> str:
        options: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": self.temperature}
        if self.max_tokens is not None:
            options["max_tokens"] = self.max_tokens
        if response_format is not None:
            options["response_format"] = response_format
        reply: Any = self._client.chat.completions.create(**options)
        spent = getattr(reply, "usage", None)
        usage.record(prompt_tokens=_count(spent, "prompt_tokens"), completion_tokens=_count(spent, "completion_tokens"))
        try:
            message = reply.choices[0].message
            content, refusal = message.content, getattr(message, "refusal", None)
        except (AttributeError, IndexError, KeyError, TypeError) as exc:
            raise ProviderError(f"{self.model}: malformed chat-completions reply (no choices or no message)") from exc
        if content is None and isinstance(refusal, str) and refusal.strip():
            raise LLMOutputError(f"{self.model} refused to answer: {refusal.strip()[:200]}", raw=refusal)
        if content is not None and not isinstance(content, str):
            raise ProviderError(f"{self.model}: malformed chat-completions reply (content is a {type(content).__name__})")
        return content or ""


def _count(spent: Any, name: str) -> int:
    value = getattr(spent, name, None)
    return value if isinstance(value, int) and value >= 0 else 0
