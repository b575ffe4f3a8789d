"""Sentence splitting: the one splitter both paths use. Pure."""

from __future__ import annotations

import re
from functools import lru_cache

_ABBREVIATIONS = frozenset("mr mrs ms dr st jr sr vs etc e.g i.e a.m p.m no approx dept prof fig".split())
# a single initial or a chain of them ("J.K. Rowling", "the U.S. team", "Washington D.C. is")
_INITIALS = re.compile(r"(?:[a-z]\.)*[a-z]")
_BOUNDARY = re.compile(r"[.!?]+[\"')\]]*\s+|\n+|(?<=[!?])[\"')\]]*(?=[A-Z])")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans ``(start, end)`` of ``text``: split at . ! ? and at line breaks.

    A full stop after a known abbreviation or initials ("J.K."; not the pronoun "I" after a
    lowercase word: "..., shouldn't I. That ..."), or before a lowercase word, does not end a
    sentence; nor does one after a list item's number ("1. Preheat"). Spans are trimmed of surrounding whitespace.
    """
    return list(_spans(text))


@lru_cache(maxsize=64)
def _spans(text: str) -> tuple[tuple[int, int], ...]:
    """:func:`split_sentences`, kept for the last texts: a turn is split for its acts, for its
    units and again as the next turn's context (BEAM chat 1: 968 splits of 433 texts)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        piece = m.group()
        if "\n" not in piece and piece[:1] in "?!" and piece.rstrip()[-1:] in "\"')]" and text[m.end() : m.end() + 1].islower():
            continue  # a quoted question inside a sentence: 'tweets with questions ("Any tips?") tend to ...'
        if "\n" not in piece and piece.startswith(".") and not piece.startswith(".."):
            word = text[start : m.start()].split()[-1:] or [""]
            tail = word[0].lower().rstrip(".")
            following = text[m.end() : m.end() + 1]
            if tail in _ABBREVIATIONS or (_INITIALS.fullmatch(tail) and not _pronoun_i(text[start : m.start()])) or following.islower():
                continue
            if _enumerator(text[start : m.start()]):
                continue  # "Steps: 1. Preheat the oven.": the number opens a list item
        _add_span(text, start, m.start() + len(piece.rstrip()), spans)
        start = m.end()
    _add_span(text, start, len(text), spans)
    return tuple(spans)


def _pronoun_i(before: str) -> bool:
    """Whether ``before`` ends in the pronoun "I" after a lowercase word ("I should start one,
    shouldn't I. That seems ...", "So do I."), not an initial ("George W.", "J. Smith")."""
    words = before.split()
    return len(words) >= 2 and words[-1] == "I" and words[-2][:1].islower()


def _enumerator(before: str) -> bool:
    """Whether the full stop after ``before`` closes a list item's number: a number of at most
    three digits (bold or not) that opens the text so far or follows a colon, a bold header's "**" or a
    line break ("Tips:\n1. ...", "**Tools:** 2. ..."); not "I scored 2. Then ..."."""
    words = before.rstrip().split()
    if not words or not words[-1].lstrip("*").isdigit() or len(words[-1].lstrip("*")) > 3:
        return False  # "**2. Asana**": a bold item opens with its number
    if len(words) == 1:
        return True
    previous = before.rstrip()[: -len(words[-1])].rstrip()
    return previous.endswith((":", "**")) or "\n" in before[len(previous) :]


def _add_span(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    raw = text[start:end]
    left = len(raw) - len(raw.lstrip())
    right = len(raw.rstrip())
    if right > left:
        spans.append((start + left, start + right))


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` as strings (see :func:`split_sentences`)."""
    return [text[a:b] for a, b in split_sentences(text)]
