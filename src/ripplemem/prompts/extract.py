"""Extraction: a window of turns -> memory units ``(r, P, L, T)`` with facts and provenance."""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator

from ..types import Window
from .base import Id, Name, Prompt, bounded, names, when

VERSION = "extract-2"
MAX_UNITS = 5

SYSTEM = """You turn a window of a conversation into long-term memory units.

Write one unit (at most 5) per distinct event, fact, plan or preference stated in the turns marked NEW
(turns marked CONTEXT are there only to help you understand them). Split a turn that states
several things into several units. Skip greetings, thanks, small talk and anything with no
lasting content: an empty list is a valid answer.

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
- sources: the ids of the turns whose content the unit states (at least one NEW turn). Only
  use ids shown in the window.

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
    sources: list[Id] = bounded(3)

    @field_validator("importance", mode="before")
    @classmethod
    def _clamp(cls, value: object) -> object:
        if isinstance(value, int | float):
            return min(max(float(value), 0.0), 1.0)
        return value


class ExtractOutput(BaseModel):
    units: list[ExtractedUnit] = bounded(MAX_UNITS)


def render_window(window: Window) -> str:
    """The window as the extractor reads it: one line per turn with its id and role."""
    lines = []
    for turn in window.turns:
        mark = "NEW" if turn.turn_id in window.new else "CONTEXT"
        lines.append(f"[{turn.turn_id}] ({mark}) {turn.speaker}: {turn.content}")
    return "\n".join(lines)


def render(window: Window) -> Prompt[ExtractOutput]:
    user = (
        f"Session time: {when(window.session_time)}\n"
        f"Speakers: {names(window.speakers)}\n\n"
        f"Turns:\n{render_window(window)}"
    )
    return Prompt("extract", VERSION, SYSTEM, user, ExtractOutput)
