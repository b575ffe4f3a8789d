"""The check of every table of small-talk cases (``tests/unit/test_chatter_*.py``): a sentence
said between two people, Ann and Ben, after what was heard just before it, is small talk or
content; a failure shows the act and the reason of each of its sentences."""

from __future__ import annotations

from collections.abc import Sequence

from ripplemem.ground.chatter import explain, is_pleasantry

NAMES = ("Ann", "Ben")


def cases(small_talk: Sequence[tuple[str, str | None]], content: Sequence[tuple[str, str | None]]) -> list[tuple[str, str | None, bool]]:
    """The two tables as one list of ``(text, previous, small talk?)``."""
    return [(t, p, True) for t, p in small_talk] + [(t, p, False) for t, p in content]


def check(text: str, previous: str | None, small_talk: bool) -> None:
    assert is_pleasantry(text, names=NAMES, previous=previous) is small_talk, explain(text, names=NAMES, previous=previous)
