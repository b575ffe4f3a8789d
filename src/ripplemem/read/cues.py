"""Cues from the query: participants and places the scope knows, resolved times, keywords."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from ..ground.text import keywords, match_names
from ..ground.timeparse import find_times
from ..types import Cues, TimeSpan

__all__ = ["keywords", "match_names", "query_cues"]


def query_cues(
    query: str,
    as_of: datetime,
    participants: Iterable[str],
    locations: Iterable[str],
) -> Cues:
    """Cues of a query against the scope's known participant and location names."""
    spans = find_times(query, as_of)
    time: TimeSpan | None = spans[0][1] if spans else None
    return Cues(
        participants=match_names(query, participants),
        locations=match_names(query, locations),
        time=time,
        keywords=keywords(query),
    )
