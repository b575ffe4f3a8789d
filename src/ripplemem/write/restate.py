"""A sentence the rule extractor keeps (:mod:`.extract_rule`), restated: its relative times
made absolute against the session time (``ground.timeparse``), written as a noun where the
phrase stands as one (``ground.timeslot``), and "I", "you", "we" said as the people
(``ground.person``). Both rewritings read the original sentence, in the turn's parse, and are
applied together. An assistant's instructions, a quotation and a character's line in a
script keep their words as said. What a turn's parse holds (its quotations, its script lines,
whether it instructs) is read once per ``Doc``.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from ..ground.chatter import statement_tag
from ..ground.layout import script_lines
from ..ground.person import Edit, Pronoun, apply_edits, instructs, person_edits, quoted_spans
from ..ground.pipeline import doc_text
from ..ground.text import CHAT_ASSISTANT
from ..ground.timeparse import TimeMention, restate_times
from ..ground.timeslot import as_noun, stands_as_noun
from . import nlp as _nlp
from .extract_fields import Roles

if TYPE_CHECKING:
    from spacy.tokens import Doc


def restate(
    text: str, roles: Roles, anchor: datetime | None, doc: Doc | None = None, start: int = 0
) -> tuple[str, list[TimeMention]]:
    """``text`` with relative times made absolute and "I"/"you"/"we" restated as the people.

    Both rewritings read the original sentence: time phrases are found in ``text``, person
    edits in the turn's parse ``doc`` (``text`` starts at ``start`` in it; parsed here when
    there is none), and both sets of edits are applied at once (a time phrase wins where
    they overlap), so no other word of the sentence changes. A time inside a quotation is
    left as quoted, as its pronouns are: "Tomorrow, I'll present a solution" in an example
    the assistant wrote is no date of the conversation.
    """
    times = restate_times(text, anchor)[1] if anchor is not None else []
    if doc is None:
        doc, start = _nlp.load_nlp()(text), 0
    quotes = _doc_quotes(doc)
    times = [m for m in times if not any(a < start + m.start and start + m.end <= b for a, b in quotes)]
    where, _ = _aligned(text, doc, start)
    at = {v: k for k, v in where.items()}  # offset in text -> in doc.text
    edits = []
    for m in times:
        phrase = doc.char_span(at[m.start], at[m.end]) if m.start in at and m.end in at else None
        edits.append(Edit(m.start, m.end, as_noun(m.restated) if phrase is not None and stands_as_noun(phrase) else m.restated))
    tag = statement_tag(text)
    if tag is not None:  # "..., shouldn't I?": the statement says it, its tag restated is broken English
        edits = [e for e in edits if e.end <= tag] + [Edit(tag, len(text), "!" if text.rstrip().endswith("!") else ".")]
    for e in _person_edits(text, doc, start, roles):
        if not any(e.start < m.end and m.start < e.end for m in times) and (tag is None or e.end <= tag):
            edits.append(e)
    return apply_edits(text, edits), times


def _person_edits(text: str, doc: Doc, start: int, roles: Roles) -> list[Edit]:
    """Person edits of the sentence ``text``, read from the turn's ``doc`` and moved to
    offsets in ``text`` (which may have lost a filler or a form of address). None in a turn
    quoted as said (:func:`quoted`)."""
    if quoted(doc, roles):
        return []
    where, kept = _aligned(text, doc, start)
    if not kept:
        return []
    pronoun: Pronoun | None = "they" if roles.chat else None  # "the user", "the assistant": "they"
    span = doc[kept[0] : kept[-1] + 1]
    found = person_edits(span, roles.name, roles.other_name, speaker_pronoun=pronoun, addressee_pronoun=pronoun,
                         speaker_group=roles.name != CHAT_ASSISTANT)  # an assistant's "we" is anyone, or the pair
    quotes = [q for q in _doc_quotes(doc) if q[0] < span.end_char and span.start_char < q[1]]
    found = [e for e in found if not any(a < e.start < b for a, b in quotes)]  # a quotation of several sentences stays as said
    found = [e for e in found if not any(a <= e.start < b for a, b in doc_script(doc))]  # a character's line too
    source, base = span.text, span.start_char
    return [
        Edit(where[e.start], where[e.end], e.text)
        for e in found
        if e.start in where and e.end in where and text[where[e.start] : where[e.end]] == source[e.start - base : e.end - base]
    ]


def _aligned(text: str, doc: Doc, start: int) -> tuple[dict[int, int], list[int]]:
    """Where the sentence ``text`` (from ``start`` in the turn's ``doc``, perhaps without a
    filler or a form of address) has each token of the parse: the offset of a token's start
    or end in ``doc.text`` -> in ``text``, and the indexes of the tokens it kept."""
    where: dict[int, int] = {}
    kept = []
    pos = 0
    end = doc[-1].idx + len(doc[-1]) if len(doc) else 0  # not len(doc.text): that joins every token
    for tok in doc.char_span(start, end, alignment_mode="expand") or ():
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            break
        if text.startswith(tok.text, pos):  # else the token was cut out of the sentence
            where[tok.idx], where[tok.idx + len(tok)] = pos, pos + len(tok)
            kept.append(tok.i)
            pos += len(tok)
    return where, kept


def quoted(doc: Doc | None, roles: Roles) -> bool:
    """Whether the turn is an assistant's instructions (:func:`ground.person.instructs`), quoted
    as said with its "I" and "you" ("The assistant said: Lie on your back with your knees bent
    ... I'd start with five reps"): restated, "your back" had to stay while "your glutes"
    became "the user's glutes" in the same sentence."""
    return doc is not None and roles.name == CHAT_ASSISTANT and _instructs(doc)


def _instructs(doc: Doc) -> bool:
    """:func:`ground.person.instructs` of the turn, read once per Doc."""
    found = doc.user_data.get("ripplemem_instructs")
    if found is None:
        found = doc.user_data["ripplemem_instructs"] = instructs(doc)
    return bool(found)


def _doc_quotes(doc: Doc) -> list[tuple[int, int]]:
    """The quoted passages of the turn, found once per Doc (not once per sentence: a long turn
    was scanned whole for each of its sentences)."""
    spans = doc.user_data.get("ripplemem_quotes")
    if spans is None:
        spans = doc.user_data["ripplemem_quotes"] = quoted_spans(doc_text(doc))
    return list(spans)


def doc_script(doc: Doc) -> list[tuple[int, int]]:
    """The lines characters speak in a script inside the turn (``ground.layout.script_lines``), found once per Doc."""
    spans = doc.user_data.get("ripplemem_script")
    if spans is None:
        spans = doc.user_data["ripplemem_script"] = script_lines(doc_text(doc))
    return list(spans)
