"""Fidelity at write time: a memory states no number, amount, name or date its turns do not. Pure.

Each candidate (from any extractor, after composition) is checked against what its source
turns say: their text and photo captions, the session's speakers (the restatement names the
people "I" and "you" meant), and the dates its turns imply: every time expression of the
turns resolved against the session time ("three years ago" said in May 2023 is 2020), and
the day the turns were said. A number or a capitalised name found nowhere in that evidence
(``ground.facts.unsupported``) is not trusted: the candidate is stated as said instead, each
source turn verbatim after its speaker ("Caroline said: ..."), keeping its sources, cues and
time. A confident wrong memory is worse than a plain one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from ..ground.facts import names, numbers, unsupported
from ..ground.timeparse import find_times, span_label
from ..types import Candidate, TimeSpan, Turn, Window
from .extract_fields import speaker_name

DatesOf = Callable[[str, datetime], list[str]]


def dates_in(text: str, anchor: datetime) -> list[str]:
    """The dates one text implies, each time expression resolved against ``anchor``."""
    return [f"{span_label(m.span)} {m.restated}" for m in find_times(text, anchor)]


def implied_dates(texts: Sequence[str], anchor: datetime, dates_of: DatesOf = dates_in) -> list[str]:
    """The dates ``texts`` imply, each time expression resolved against ``anchor`` ("three
    years ago" said in May 2023 is 2020), and the day itself: what a memory of them may state."""
    return [d for text in texts for d in dates_of(text, anchor)] + [span_label(TimeSpan.day(anchor))]


def evidence(
    candidate: Candidate, turns: Mapping[str, Turn], speakers: Sequence[str], anchor: datetime | None,
    dates_of: DatesOf = dates_in,
) -> list[str]:
    """What ``candidate`` may state: its turns, their speakers, and the dates they imply."""
    texts = [f"{t.text} {t.image_caption or ''}" for t in (turns.get(s) for s in candidate.sources) if t is not None]
    out = [*texts, " ".join(speakers)]
    if anchor is not None:
        out += implied_dates(texts, anchor, dates_of)
    if candidate.time is not None:
        out.append(span_label(candidate.time))
    if candidate.mentioned_at is not None:
        out.append(span_label(TimeSpan.day(candidate.mentioned_at)))
    return out


def as_said(candidate: Candidate, turns: Mapping[str, Turn]) -> Candidate:
    """``candidate`` stated as its turns said it, each after its speaker."""
    parts = []
    for sid in candidate.sources:
        turn = turns.get(sid)
        if turn is None:
            continue
        name = speaker_name(turn.speaker, turn.role)
        who = name[:1].upper() + name[1:]
        caption = f" [photo: {turn.image_caption}]" if turn.image_caption else ""
        parts.append(f"{who} said: {turn.text.strip()}{caption}")
    return replace(candidate, restatement=" ".join(parts)) if parts else candidate


def checked(candidates: Sequence[Candidate], windows: Sequence[Window]) -> tuple[list[Candidate], int]:
    """The candidates with every unfaithful one stated as said, and how many were."""
    turns: dict[str, Turn] = {}
    speakers: dict[str, tuple[str, ...]] = {}
    anchors: dict[str, datetime | None] = {}
    for w in windows:
        for t in w.turns:
            turns.setdefault(t.turn_id, t)
        speakers.setdefault(w.session_id, w.speakers)
        anchors.setdefault(w.session_id, w.session_time)
    out: list[Candidate] = []
    fixed = 0
    known: dict[tuple[str, datetime], list[str]] = {}

    def dates_of(text: str, anchor: datetime) -> list[str]:  # a long turn's many units read its dates once
        if (text, anchor) not in known:
            known[(text, anchor)] = dates_in(text, anchor)
        return known[(text, anchor)]

    for c in candidates:
        if not numbers(c.restatement) and not names(c.restatement):  # nothing to check
            out.append(c)
            continue
        anchor = anchors.get(c.session_id) or c.mentioned_at
        if unsupported(c.restatement, evidence(c, turns, speakers.get(c.session_id, ()), anchor, dates_of)):
            out.append(as_said(c, turns))
            fixed += 1
        else:
            out.append(c)
    return out, fixed
