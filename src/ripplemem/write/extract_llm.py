"""The LLM extractor: a window of turns -> candidates, through ``prompts/extract.py``.

The reply is validated into the prompt's schema (the LLM client repairs once): a unit cites
the window's new turns by their numbers in the prompt (1..k), at least one each; a number
outside them makes the reply invalid. The numbers are mapped back to turn ids and each unit
is checked against its turns: a unit that shares no content word with the turns it cites
("yes", a sentence about something else) is dropped, facts must occur in the restatement or
the turns, and a time that does not parse stays empty. A reply that repeats a unit word for
word counts it once. When the LLM fails (transport or invalid output), or every unit of a
reply is dropped that way (a reply that states nothing grounded in its turns), the fallback
extractor handles the window, counted in the call's tally (``fallbacks``) and in ``failures``
(the process's total): a window is never silently lost.

``extract_many`` asks for up to ``concurrency`` windows at once (threads; the LLM client is
thread-safe), each request metered under the caller's usage meters.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

from ..errors import ProviderError
from ..ground.concepts import shares_content_word
from ..prompts import extract as extract_prompt
from ..prompts.extract import ExtractedUnit, ExtractOutput
from ..providers.llm import usage
from ..providers.llm.base import LLM
from ..types import Candidate, TimeSpan, Turn, Window, utc
from . import fallbacks

log = logging.getLogger(__name__)

Fallback = Callable[[Window], list[Candidate]]

_YEAR = re.compile(r"^\d{4}$")
_MONTH = re.compile(r"^(\d{4})-(\d{2})$")


class LLMExtractor:
    """Extracts memory units with an LLM, falling back per window when the LLM fails."""

    def __init__(self, llm: LLM, fallback: Fallback, concurrency: int = 1) -> None:
        self.llm = llm
        self.fallback = fallback
        self.concurrency = max(1, concurrency)
        self.failures = 0
        self._lock = threading.Lock()

    def extract_many(self, windows: Sequence[Window]) -> list[list[Candidate]]:
        """Each window's candidates, in order; up to ``concurrency`` LLM calls in flight."""
        if self.concurrency == 1 or len(windows) < 2:
            return [self.extract(w) for w in windows]
        workers = min(self.concurrency, len(windows))
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ripplemem-extract") as pool:
            return list(pool.map(usage.carry(self.extract), windows))

    def extract(self, window: Window) -> list[Candidate]:
        prompt = extract_prompt.render(window)
        try:
            out = prompt.ask(self.llm)
        except ProviderError as exc:  # includes LLMOutputError
            return self._fall_back(window, str(exc))
        found = to_candidates(out, window)
        if out.units and not found:
            usage.record(prompt.name, failures=1)
            return self._fall_back(window, f"none of its {len(out.units)} units restates the turns it cites")
        return found

    def _fall_back(self, window: Window, why: str) -> list[Candidate]:
        with self._lock:
            self.failures += 1
        fallbacks.count("extraction")
        log.warning("LLM extraction failed for session %s (%s); using the fallback", window.session_id, why)
        return list(self.fallback(window))


def to_candidates(out: ExtractOutput, window: Window) -> list[Candidate]:
    """The validated reply as candidates, grounded in the window (see the module docstring)."""
    cited = extract_prompt.numbered(window)
    text = " ".join(t.content for t in window.turns).lower()
    found: dict[str, Candidate] = {}
    for unit in out.units:
        turns = [cited[n - 1] for n in sorted(set(unit.sources)) if 1 <= n <= len(cited)]
        restatement = unit.restatement.strip()
        if not turns or restatement in found or not restates(restatement, turns):
            continue
        found[restatement] = _candidate(unit, restatement, tuple(t.turn_id for t in turns), window, text)
    return list(found.values())


def restates(restatement: str, turns: Sequence[Turn]) -> bool:
    """Whether ``restatement`` shares a content word with what ``turns`` say (text and captions)."""
    return shares_content_word(restatement, (t.content for t in turns))


def _candidate(unit: ExtractedUnit, restatement: str, sources: tuple[str, ...], window: Window, text: str) -> Candidate:
    grounded = (restatement.lower(), text)
    facts = tuple(dict.fromkeys(f for f in (f.strip() for f in unit.facts) if f and _occurs(f, grounded)))
    return Candidate(
        restatement=restatement,
        sources=sources,
        session_id=window.session_id,
        participants=_names(unit.participants),
        locations=_names(unit.locations),
        time=time_span(unit.time_start, unit.time_end),
        facts=facts,
        layer="core" if unit.core else "episodic",
        emphasis=1.0 if unit.core else unit.importance,
        mentioned_at=window.session_time,
    )


def _occurs(fact: str, texts: tuple[str, ...]) -> bool:
    low = fact.lower()
    return any(low in t for t in texts)


def _names(values: Iterable[str]) -> frozenset[str]:
    return frozenset(v.strip() for v in values if v.strip())


def _bounds(value: str) -> tuple[datetime, datetime] | None:
    """``[start, end)`` of one ISO value: a year, a month, a day, or an instant."""
    value = value.strip()
    try:
        if _YEAR.match(value):
            year = int(value)
            return datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)
        month = _MONTH.match(value)
        if month:
            year, mon = int(month.group(1)), int(month.group(2))
            start = datetime(year, mon, 1, tzinfo=UTC)
            return start, datetime(year + mon // 12, mon % 12 + 1, 1, tzinfo=UTC)
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if len(value) == 10:  # a date: the whole day
        day = moment.replace(tzinfo=UTC)
        return day, day + timedelta(days=1)
    moment = utc(moment)
    return moment, moment + timedelta(seconds=1)


def time_span(start: str | None, end: str | None) -> TimeSpan | None:
    """The unit's grounded time from the reply's inclusive ISO bounds; ``None`` if they do not parse."""
    first = _bounds(start) if start else None
    last = _bounds(end) if end else None
    if first is None or last is None or last[1] <= first[0]:
        first = last = first or last  # one usable bound: its own span
    if first is None or last is None or not 1900 <= first[0].year <= 2200:
        return None
    return TimeSpan(first[0], last[1])
