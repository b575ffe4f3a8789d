"""Extraction: a window of turns -> memory units ``(r, P, L, T)`` with facts and provenance.

The turns the window is responsible for (``Window.new``) are numbered 1..k in the prompt,
after the earlier turns it repeats as context (shown unnumbered), and a unit cites them by
number: a small model copies "3" where it cannot copy "D1:3" (or a turn id of any shape a
caller gives). The schema of a window with k new turns (:func:`output_schema`) allows only
the numbers 1..k, at least one per unit, so a grammar-constrained reply always cites a new
turn of the window. :func:`numbered` maps the numbers back to turn ids.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, Field, create_model, field_validator

from ..types import Turn, Window
from .base import Name, Prompt, bounded, names, when

VERSION = "extract-3"
MAX_UNITS = 5
MAX_SOURCES = 3

SYSTEM = """You turn new turns of a conversation into long-term memory units.

Write one unit (at most 5) per distinct event, fact, plan or preference stated in the
numbered new turns (the earlier turns, if any, are there only to help you understand them).
Split a turn that states several things into several units. Skip greetings, thanks, small
talk and anything with no lasting content: an empty list is a valid answer.

For each unit:
- restatement: one complete sentence that makes sense on its own, months later, without the
  conversation. Resolve speakers and pronouns to names ("I" -> the speaker's name, "you" ->
  the person addressed, "she"/"that place" -> who or what it refers to). Anchor relative times
  to absolute dates using the session time ("yesterday" in a session of 8 May 2023 -> "on 7 May
  2023", "last year" -> "in 2022"). Describe a shared photo through its caption.
- participants: the people the unit is about (not people merely addressed by name).
- locations: named places (cities, countries, venues, restaurants) the unit is about.
- time_start, time_end: when the event happens or happened, as ISO dates (YYYY-MM-DD) or
  datetimes, end inclusive ("yesterday" -> both the same day; "last week" -> that week's
  Monday and Sunday; "in 2022" -> 2022-01-01 and 2022-12-31). Use null when the turns and the
  session time do not ground it. Never guess a date.
- facts: the exact names, numbers, dates and amounts the unit asserts, copied verbatim.
- importance: 0..1, how likely this is to matter later (plans, life events, relationships,
  preferences and decisions high; passing remarks low).
- core: true only for things to keep verbatim: an explicit "remember"/"don't forget",
  a stated preference or dislike, an allergy or health constraint, a commitment or promise.
- sources: the numbers of the new turns whose content the unit states (1 to 3 numbers).

Leave a field empty (or null) rather than invent anything the turns do not say."""


class ExtractedUnit(BaseModel):
    restatement: str = Field(min_length=1, max_length=220)
    participants: list[Name] = bounded(3)
    locations: list[Name] = bounded(2)
    time_start: str | None = Field(default=None, max_length=32)
    time_end: str | None = Field(default=None, max_length=32)
    facts: list[Name] = bounded(3)
    importance: float = 0.5
    core: bool = False
    sources: list[int] = Field(min_length=1, max_length=MAX_SOURCES)  # the new turns' numbers, 1..k

    @field_validator("importance", mode="before")
    @classmethod
    def _clamp(cls, value: object) -> object:
        if isinstance(value, int | float):
            return min(max(float(value), 0.0), 1.0)
        return value


class ExtractOutput(BaseModel):
    units: list[ExtractedUnit] = bounded(MAX_UNITS)


@cache
def output_schema(new_turns: int) -> type[ExtractOutput]:
    """The reply schema for a window of ``new_turns`` new turns: each source one of 1..new_turns."""
    number: Any = Literal.__getitem__(tuple(range(1, max(new_turns, 1) + 1)))
    unit: Any = create_model("ExtractedUnit", __base__=ExtractedUnit,
                        sources=(list[number], Field(min_length=1, max_length=MAX_SOURCES)))
    return create_model("ExtractOutput", __base__=ExtractOutput, units=(list[unit], bounded(MAX_UNITS)))


def numbered(window: Window) -> tuple[Turn, ...]:
    """The window's new turns in order: the turn a unit cites as ``n`` is ``numbered(window)[n - 1]``."""
    return tuple(t for t in window.turns if t.turn_id in window.new)


def render_window(window: Window) -> str:
    """The window as the extractor reads it: its context turns, then its new turns numbered from 1."""
    context = [f"- {t.speaker}: {t.content}" for t in window.turns if t.turn_id not in window.new]
    fresh = [f"{n}. {t.speaker}: {t.content}" for n, t in enumerate(numbered(window), start=1)]
    earlier = "Earlier turns (context only):\n" + "\n".join(context) + "\n\n" if context else ""
    return earlier + "New turns:\n" + "\n".join(fresh)


def render(window: Window) -> Prompt[ExtractOutput]:
    user = (
        f"Session time: {when(window.session_time)}\n"
        f"Speakers: {names(window.speakers)}\n\n"
        f"{render_window(window)}"
    )
    return Prompt("extract", VERSION, SYSTEM, user, output_schema(len(numbered(window))))
