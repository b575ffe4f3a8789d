"""Cut one session's turns into overlapping windows for extraction.

A window holds ``size`` consecutive turns. After the first, each window starts with the
last ``overlap`` turns of the previous one (context only) followed by ``size - overlap``
turns it is responsible for (``Window.new``): every turn is new in exactly one window.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ..errors import InputError
from ..types import Turn, Window


def make_windows(
    turns: Sequence[Turn],
    session_time: datetime | None,
    size: int,
    overlap: int,
    speakers: Sequence[str] | None = None,
) -> list[Window]:
    """Windows over the turns of ONE session, in order.

    ``speakers`` defaults to the distinct speakers of ``turns`` in order of first turn.
    Raises :class:`InputError` for a bad size/overlap or turns from several sessions.
    """
    if size < 1:
        raise InputError(f"window size must be at least 1, got {size}")
    if not 0 <= overlap < size:
        raise InputError(f"window overlap must be in [0, {size - 1}], got {overlap}")
    if not turns:
        return []
    session_id = turns[0].session_id
    if any(t.session_id != session_id for t in turns):
        raise InputError("make_windows takes the turns of one session only")
    who = tuple(dict.fromkeys(speakers if speakers is not None else (t.speaker for t in turns)))
    step = size - overlap
    windows: list[Window] = []
    start = 0  # first new turn of the next window
    while start < len(turns):
        take = size if start == 0 else step
        context = 0 if start == 0 else overlap
        chunk = turns[start - context : start + take]
        fresh = frozenset(t.turn_id for t in turns[start : start + take])
        windows.append(Window(session_id, session_time, tuple(chunk), fresh, who))
        start += take
    return windows
