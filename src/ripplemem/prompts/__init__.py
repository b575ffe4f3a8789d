"""Prompts: one module per LLM task, each with an output schema, a ``VERSION`` and ``render()``.

``extract`` (window -> memory units), ``plan`` (recall planner), ``reconstruct`` (evidence ->
description), ``answer``, ``judge`` (LoCoMo J) and ``update`` (ADD / UPDATE / SUPERSEDE /
NOOP). ``render()`` returns a :class:`~ripplemem.prompts.base.Prompt`; ``prompt.ask(llm)``
returns the validated reply.
"""

from .base import Prompt

__all__ = ["Prompt"]
