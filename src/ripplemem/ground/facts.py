"""Checkable facts: the numbers, names and dates a text asserts, and whether evidence has them.

Pure. A description's fact is supported when the same fact, normalised, appears in the
evidence ("1,850" and "1850" are one number; "18,500" is another).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_NUMBER = re.compile(r"(?<![\w.])[$€£]?\d[\d,]*(?:\.\d+)?%?(?![\w])")
_NAME = re.compile(r"(?<![.!?:]\s)(?<!^)\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*")
_MONTHS = (
    "january february march april may june july august september october november december "
    "monday tuesday wednesday thursday friday saturday sunday i"
).split()


def _norm_number(token: str) -> str:
    return token.strip("$€£%").replace(",", "").rstrip("0").rstrip(".") if "." in token else token.strip("$€£%").replace(",", "")


def numbers(text: str) -> set[str]:
    return {_norm_number(m.group()) for m in _NUMBER.finditer(text)}


def names(text: str) -> set[str]:
    """Capitalised words not at a sentence start (names, places), minus months and weekdays."""
    out = set()
    for m in _NAME.finditer(text):
        words = [w for w in m.group().split() if w.lower() not in _MONTHS]
        if words:
            out.add(" ".join(words).lower())
    return out


def unsupported(description: str, evidence_texts: Iterable[str]) -> list[str]:
    """Facts (numbers, names) of ``description`` that no evidence text states. A run of
    capitalised words is stated when the evidence has it whole or has each of its words
    ("Is Spider-Man Joanna's favourite?" from "Is Spider-Man your favourite?", Joanna being
    the one addressed): two known names side by side invent nothing."""
    texts = list(evidence_texts)
    low = " ".join(texts).lower()
    # a number or a word never spans the space that joins two texts: each text's own are read
    # once (a long turn is the evidence of each of its many memories)
    known_numbers = frozenset().union(*(_known(t)[0] for t in texts))
    words = frozenset().union(*(_known(t)[1] for t in texts))
    missing = [n for n in sorted(numbers(description)) if n not in known_numbers]
    missing += [n for n in sorted(names(description)) if n not in low and not set(n.split()) <= words]
    return missing


_WORD = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=512)
def _known(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The numbers of one evidence text and its words, lower-cased."""
    return frozenset(numbers(text)), frozenset(_WORD.findall(text.lower()))
