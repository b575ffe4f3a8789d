"""The verbatim extractor (``add(..., infer=False)``): each new turn of a window is one
candidate, stated as written and citing only that turn. Pure; nothing is inferred."""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Candidate, Window


class VerbatimExtractor:
    """Turns each new, non-blank turn into one :class:`Candidate` (restatement = its text)."""

    failures = 0

    def extract_many(self, windows: Sequence[Window]) -> list[list[Candidate]]:
        return [self.extract(w) for w in windows]

    def extract(self, window: Window) -> list[Candidate]:
        return [
            Candidate(
                restatement=t.text, sources=(t.turn_id,), session_id=t.session_id,
                participants=frozenset({t.speaker}) if t.speaker else frozenset(),
                mentioned_at=t.time or window.session_time, speaker=t.speaker,
                role=t.role if t.role in ("user", "assistant") else "",
            )
            for t in window.turns
            if t.turn_id in window.new and t.text.strip()
        ]
