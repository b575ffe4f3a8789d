"""Cues from the query: participants and places the scope knows, resolved times, keywords."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime

from ..ground.text import keywords, match_names
from ..ground.timeparse import TimeMention, find_times
from ..types import Cues, TimeSpan

__all__ = ["asks_assistant", "keywords", "match_names", "query_cues", "without_times"]

# A question about what the assistant itself said or did earlier in the chat: "you" as the
# subject of a past reporting or doing verb ("you told", "did you suggest"), "remind me",
# "our previous chat".
_ASKS_ASSISTANT = re.compile(
    r"\byou(?: \w+)? (?:told|said|mentioned|recommended|suggested|gave|made|wrote|listed|provided|explained|"
    r"shared|described|proposed|named|came up with|played)\b|\bremind me\b|\byou (?:had|were) (?:\w+ )?(?:saying|telling)\b|"
    r"\bdid you (?:\w+ )?(?:recommend|suggest|say|tell|mention|give|make|write|list|provide|explain|share|"
    r"describe|propose|name|play|come up with)\b|"
    r"\bour (?:previous|last|earlier|past) (?:chat|conversation|discussion|talk|session|game)\b",
    re.IGNORECASE,
)


def asks_assistant(query: str) -> bool:
    """Whether ``query`` asks about what the assistant said or did before."""
    return bool(_ASKS_ASSISTANT.search(query))


def query_cues(
    query: str,
    as_of: datetime,
    participants: Iterable[str],
    locations: Iterable[str],
    spans: Sequence[TimeMention] | None = None,
) -> Cues:
    """Cues of a query against the scope's known participant and location names (``spans``:
    its time expressions, when the caller has them already)."""
    spans = find_times(query, as_of) if spans is None else spans
    time: TimeSpan | None = spans[0][1] if spans else None
    return Cues(
        participants=match_names(query, participants),
        locations=match_names(query, locations),
        time=time,
        keywords=keywords(query),
    )


def without_times(query: str, as_of: datetime, spans: Sequence[TimeMention] | None = None) -> str:
    """``query`` without its time expressions ("on October 13, 2023", "last week"), the query
    itself when nothing else would be left. The time is a cue of its own (the structural view
    and the time match); as words it would match every memory whose restatement names another
    day of the same month or year ("on 21 October 2023"). ``spans``: as in :func:`query_cues`."""
    spans = find_times(query, as_of) if spans is None else spans
    if not spans:
        return query
    kept, at = [], 0
    for m in spans:
        kept.append(query[at : m.start])
        at = m.end
    kept.append(query[at:])
    text = re.sub(r"\s+", " ", " ".join(kept)).strip()
    return text if keywords(text) else query
