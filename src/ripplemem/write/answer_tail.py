"""An assistant's long answer past what the rule extractor parses (:mod:`.extract_rule`,
``answer_parse_chars``): where the parsed opening ends (:func:`parse_cut`), and the rest kept
as said, in pieces of about a memory's size that cite the answer's turn (:func:`answer_tail`).
A sentence too long for one memory is cut at clause boundaries (:func:`cut`, as the extractor
cuts its own), and a lead-in that ends with a colon stays with what it leads to
(:func:`leads_in`). Pure.
"""

from __future__ import annotations

import re

from ..ground.chatter import is_pleasantry, offers_help
from ..ground.sentences import split_sentences
from .extract_fields import CHAT_ROLES


def leads_in(text: str) -> bool:
    """Whether ``text`` ends as a lead-in or a heading does: with a colon (bold or not)."""
    return text.rstrip("* ").endswith(":")


def parse_cut(text: str, limit: int) -> int | None:
    """Where an answer's parsed opening ends: after the last sentence that ends within
    ``limit`` characters and does not lead in to what follows (a colon), when the answer is
    longer than 1.25 times ``limit`` (``None``: parse it all; also when ``limit`` <= 0 or no
    sentence ends in time)."""
    if limit <= 0 or len(text) <= limit * 5 // 4:
        return None
    ends = [end for start, end in split_sentences(text) if end <= limit and not leads_in(text[start:end])]
    return ends[-1] if ends else None  # a lead-in goes with what it leads to


_TAIL_LEAD = f"{CHAT_ROLES['assistant'].capitalize()} said: "
_BULLET = re.compile(r"^[*\-\u2022]\s+")  # a list item's mark opening a piece: "* Incorporate these exercises ..."


def answer_tail(text: str, unit_chars: int, max_chars: int) -> list[str]:
    """A long answer past its parsed opening, kept as said: its sentences gathered into pieces
    of about ``unit_chars`` (a longer sentence cut at clause boundaries, :func:`cut`; a lead-in
    that ends with a colon takes what follows up to ``max_chars``), each "The assistant said: ...". Nothing is inferred: no pronoun, time or name is rewritten, and
    nothing in it is left out as small talk but the answer's closing: the pleasantries and
    offers of more help it ends with ("I hope this helps!", "Let me know if you need anything
    else.", "I'd be happy to help you with more tips."). The pieces are found
    by their words (an answer's later memories are out of the vector index, ``write.dense``),
    and they cite the answer's turn."""
    pieces: list[str] = []
    room = max_chars - len(_TAIL_LEAD)
    spans = split_sentences(text)
    while spans and (is_pleasantry(last := text[spans[-1][0] : spans[-1][1]]) or offers_help(last)):
        spans.pop()
    for a, b in spans:
        for part in cut(text[a:b], room):
            if pieces and len(pieces[-1]) + 1 + len(part) <= (room if leads_in(pieces[-1]) else unit_chars):
                pieces[-1] += " " + part
            else:
                pieces.append(part)
    return [_TAIL_LEAD + _BULLET.sub("", p, count=1) for p in pieces]


def cut(text: str, limit: int) -> list[str]:
    """Cut one overlong sentence at clause boundaries, else at spaces."""
    pieces: list[str] = []
    while len(text) > limit:
        head = text[:limit]
        at = max(head.rfind("; "), head.rfind(", "), head.rfind(": "))
        at = at + 1 if at > limit // 3 else head.rfind(" ")
        at = at if at > 0 else limit
        pieces.append(text[:at].strip())
        text = text[at:].strip()
    if text:
        pieces.append(text)
    return pieces
